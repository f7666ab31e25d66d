// The table of contents marks the section being read (issue #19), by the same rule as
// the API menu (section-spy.ts), with aria-current="location". It changes no hash or
// title: on articles those stay the reader's.
import type { RuntimeConfig } from './config.js';
import { currentSection, followedTarget, keepInView, onScrollSpy } from './section-spy.js';

export function setupToc(config: RuntimeConfig): void {
  const toc = document.querySelector<HTMLElement>('.toc');
  if (!toc) return;
  const links = [...toc.querySelectorAll<HTMLAnchorElement>('a[data-section]')];
  const targets = links.map((link) => document.getElementById(link.dataset.section!)).filter((el): el is HTMLElement => el !== null);
  let active: string | null = null;
  const followed = followedTarget(targets);
  onScrollSpy(config, () => {
    const id = (followed() ?? currentSection(config, targets))?.id ?? null;
    if (id === active) return;
    active = id;
    for (const link of links) {
      if (link.dataset.section === id) {
        link.setAttribute('aria-current', 'location');
        keepInView(toc, link);
      } else link.removeAttribute('aria-current');
    }
  });
}
