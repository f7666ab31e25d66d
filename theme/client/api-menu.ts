// The API reference's side menu: scroll-spy (section-spy.ts), page title and hash kept
// in step without new history entries, a toggle that folds the column away on wide
// screens and opens a drawer on narrow ones (issue #19: its own scroll, a close button,
// Escape, focus moved in and back), and the example-language picker.
import { isNarrow, type RuntimeConfig } from './config.js';
import { targetOf } from './scroll.js';
import { currentSection, followedTarget, keepInView, onScrollSpy } from './section-spy.js';

const POSITION_KEY = 'bankdocs:api-position';

export function setupApiMenu(config: RuntimeConfig): void {
  const menu = document.getElementById('api-menu');
  if (!menu) return;
  const links = [...menu.querySelectorAll<HTMLAnchorElement>('a[data-section]')];
  const targets = links.map((link) => document.getElementById(link.dataset.section!)).filter((el): el is HTMLElement => el !== null);
  const toggle = document.querySelector<HTMLButtonElement>('.api-menu-toggle');
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
  const drawerOpen = () => menu.classList.contains('open');
  const closeDrawer = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle?.focus();
  };
  if (toggle) {
    setOpen(!isNarrow(config));
    toggle.addEventListener('click', () => {
      setOpen(toggle.getAttribute('aria-expanded') !== 'true');
      // The drawer takes focus, at the current section's entry if there is one, scrolled
      // into its view: the drawer opens at its top, and the entry may be sixty lines down.
      if (!drawerOpen()) return;
      const current = menu.querySelector<HTMLAnchorElement>('a.active');
      if (current) keepInView(menu, current);
      (current ?? menu.querySelector<HTMLAnchorElement>('a'))?.focus({ preventScroll: true });
    });
  }
  menu.querySelector('.api-menu-close')?.addEventListener('click', () => closeDrawer(true));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') && isNarrow(config)) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && drawerOpen() && !event.defaultPrevented) closeDrawer(true);
  });
  // A tap beside the drawer closes it; so does tabbing out of it (what has focus then
  // lies under the drawer).
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    if (drawerOpen() && !menu.contains(target) && !toggle?.contains(target)) closeDrawer(false);
  });
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (drawerOpen() && next && !menu.contains(next) && next !== toggle) setOpen(false);
  });

  /**
   * Whether what `hash` names lies in the section of `id`, after its heading and before
   * the next one: a field of the operation (#create-payment-creditorname) or a schema's
   * list. Such a hash says more than the section's, and stays: the address a reader copies
   * after following a link to a field still leads to the field.
   */
  const holds = (id: string, hash: string): boolean => {
    const el = targetOf(hash);
    const at = targets.findIndex((target) => target.id === id);
    if (!el || at < 0 || targets.includes(el)) return false;
    const next = targets[at + 1];
    return Boolean(targets[at]!.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) && (!next || Boolean(next.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING));
  };

  const followed = followedTarget(() => targets);
  const activate = (id: string) => {
    if (id === active) return;
    active = id;
    for (const link of links) {
      const on = link.dataset.section === id;
      link.classList.toggle('active', on);
      if (on) {
        link.setAttribute('aria-current', 'location');
        document.title = config.titleTemplate.replace('%s', () => link.textContent ?? '');
        // Not while a link or the address has the page on its way: the sections it passes
        // would each take the hash, and the one it names (a field, a schema's list) be lost.
        if (!followed.sent() && location.hash !== `#${id}` && !holds(id, location.hash)) history.replaceState(history.state, '', `#${id}`);
        // Keep the active item visible in the menu's column, without moving the page.
        keepInView(menu.closest<HTMLElement>('.sidebar') ?? menu, link);
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
  onScrollSpy(config, () => {
    const current = followed.section() ?? currentSection(config, targets);
    if (current) activate(current.id);
    else deactivate();
  });

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
    const restore = () => {
      const el = document.getElementById(id);
      if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - top, behavior: 'instant' });
    };
    restore();
    // Again once the page has loaded: the jump to the hash (scroll.ts, on load) comes after this.
    if (document.readyState !== 'complete') window.addEventListener('load', () => window.setTimeout(restore), { once: true });
  }
}
