// The API reference's side menu: scroll-spy (the section whose top is nearest the
// viewport top within the active window, else the section the viewport top is in, and
// none at the very top of the page), page title and hash kept in step without new
// history entries, a toggle, and the example-language picker.
import { isNarrow, type RuntimeConfig } from './config.js';
import { throttle } from './timing.js';

const POSITION_KEY = 'bankdocs:api-position';
/** Scrolled less than this, the reader is at the page's own top: no section is active. */
const PAGE_TOP_PX = 2;

export function setupApiMenu(config: RuntimeConfig): void {
  const menu = document.getElementById('api-menu');
  if (!menu) return;
  const links = [...menu.querySelectorAll<HTMLAnchorElement>('a[data-section]')];
  const targets = links.map((link) => document.getElementById(link.dataset.section!)).filter((el): el is HTMLElement => el !== null);
  const toggle = document.querySelector<HTMLButtonElement>('.api-menu-toggle');
  const { top: windowTop, bottom: windowBottom } = config.runtime.activeSection;
  let active: string | null = null;
  // The page's own title, restored when the reader scrolls back above the first section.
  const pageTitle = document.title;

  // Narrow screens start with the menu closed (CSS, so nothing shifts); wide ones open.
  const setOpen = (open: boolean) => {
    toggle?.setAttribute('aria-expanded', String(open));
    const narrow = isNarrow(config);
    menu.classList.toggle('open', narrow && open);
    menu.classList.toggle('collapsed', !narrow && !open);
  };
  if (toggle) {
    setOpen(!isNarrow(config));
    toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  }
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') && isNarrow(config)) setOpen(false);
  });

  const activate = (id: string) => {
    if (id === active) return;
    active = id;
    for (const link of links) {
      const on = link.dataset.section === id;
      link.classList.toggle('active', on);
      if (on) {
        link.setAttribute('aria-current', 'location');
        document.title = config.titleTemplate.replace('%s', () => link.textContent ?? '');
        if (location.hash !== `#${id}`) history.replaceState(history.state, '', `#${id}`);
        // Keep the active item visible inside the menu, without moving the page.
        const box = menu.getBoundingClientRect();
        const item = link.getBoundingClientRect();
        if (item.top < box.top || item.bottom > box.bottom) menu.scrollTop += item.top - box.top - box.height / 3;
      } else {
        link.removeAttribute('aria-current');
      }
    }
  };

  // Back at the top after a section was active: the page's own hash and title again,
  // so no operation name is left behind. Not before, so a hash the page was opened with
  // survives until hash navigation has scrolled to it.
  // Only the reader's own way up counts: a scroll the page makes itself (restoring a
  // position, before hash navigation lands) must not drop the hash it was opened with.
  let readerScrolled = false;
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, () => void (readerScrolled = true), { passive: true, capture: true });
  const deactivate = () => {
    if (active === null || !readerScrolled) return;
    active = null;
    for (const link of links) {
      link.classList.remove('active');
      link.removeAttribute('aria-current');
    }
    document.title = pageTitle;
    if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  };

  const spy = () => {
    if (window.scrollY < PAGE_TOP_PX) {
      deactivate();
      return;
    }
    let best: HTMLElement | null = null;
    let bestDistance = Infinity;
    // When no top is in the window (a long section, a jump, a fast fling) the section the
    // viewport top is in: the last one whose top is above it (targets are in page order).
    let containing: HTMLElement | null = null;
    for (const el of targets) {
      const top = el.getBoundingClientRect().top;
      if (top <= 0) containing = el;
      if (top < windowTop || top > windowBottom) continue;
      if (Math.abs(top) < bestDistance) {
        bestDistance = Math.abs(top);
        best = el;
      }
    }
    const current = best ?? containing;
    if (current) activate(current.id);
    else deactivate();
  };
  window.addEventListener('scroll', throttle(spy, config.runtime.scrollThrottleMs), { passive: true });
  // Once more when scrolling has ended, so the last position of a fling always counts.
  window.addEventListener('scrollend', spy, { passive: true });
  spy();

  // Switching language keeps the hash and the position relative to the current section.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.language-picker a[data-language]')) {
    link.addEventListener('click', () => {
      const anchor = active ? document.getElementById(active) : null;
      if (anchor) sessionStorage.setItem(POSITION_KEY, JSON.stringify({ id: anchor.id, top: anchor.getBoundingClientRect().top }));
      link.hash = active ? `#${active}` : location.hash;
    });
  }
  const saved = sessionStorage.getItem(POSITION_KEY);
  if (saved) {
    sessionStorage.removeItem(POSITION_KEY);
    const { id, top } = JSON.parse(saved) as { id: string; top: number };
    const el = document.getElementById(id);
    if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - top });
  }
}
