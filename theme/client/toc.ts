// The table of contents marks the section being read (issue #19), by the same rule as
// the API menu (section-spy.ts), with aria-current="location". It changes no hash or
// title: on articles those stay the reader's.
import type { RuntimeConfig } from './config.js';
import { currentSection, followedTarget, keepInView, onScrollSpy } from './section-spy.js';

export function setupToc(config: RuntimeConfig): void {
  if (!document.querySelector('.toc')) return;
  // Read again when the page's content was replaced in place (bankdocs dev puts an edit
  // into the open page): the spy would go on measuring the headings it replaced.
  const read = () => {
    const toc = document.querySelector<HTMLElement>('.toc');
    const links = toc ? [...toc.querySelectorAll<HTMLAnchorElement>('a[data-section]')] : [];
    const targets = links.map((link) => document.getElementById(link.dataset.section!)).filter((el): el is HTMLElement => el !== null);
    // A live list: its length is read on every scroll without searching the menu again.
    const anchors = toc?.getElementsByTagName('a') ?? null;
    return { toc, links, targets, anchors, count: anchors?.length ?? 0 };
  };
  let seen = read();
  const followed = followedTarget(() => seen.targets);
  let active: string | null = null;
  onScrollSpy(config, () => {
    const stale = !seen.toc?.isConnected || seen.anchors!.length !== seen.count || seen.targets.some((target) => !target.isConnected);
    if (stale) {
      seen = read();
      active = null;
    }
    const { toc, links, targets } = seen;
    if (!toc) return;
    const id = (followed.section() ?? currentSection(config, targets))?.id ?? null;
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
