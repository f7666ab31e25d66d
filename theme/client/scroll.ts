// Hash navigation (spec §2 "Scrolling and menu behaviour"): no hash -> top; a hash ->
// smooth scroll to its element, at once on navigation and after a delay when restoring
// a saved position (back/forward); on narrow screens an offset for the fixed header.
import { isNarrow, type RuntimeConfig } from './config.js';

/** The element a hash names, looked up by id only: no selector injection, no throw. */
export function targetOf(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape: use the raw text
  }
  return document.getElementById(id);
}

export function offsetFor(config: RuntimeConfig, el: Element): number {
  const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
  if (!isNarrow(config)) return header + 12;
  return el.tagName === 'H1' ? config.runtime.scrollOffset.h1 : config.runtime.scrollOffset.other;
}

export function scrollToElement(config: RuntimeConfig, el: HTMLElement, behavior: ScrollBehavior = 'smooth'): void {
  const top = el.getBoundingClientRect().top + window.scrollY - offsetFor(config, el);
  window.scrollTo({ top: Math.max(0, top), behavior });
}

export function setupHashNavigation(config: RuntimeConfig): void {
  history.scrollRestoration = 'manual';
  // Back/forward and reload return to the saved position, as browsers do by themselves
  // before scrollRestoration is made manual.
  const navigation = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  const restoring = navigation === 'back_forward' || navigation === 'reload';
  const saved = (history.state as { scrollY?: number } | null)?.scrollY;

  const go = (delay: number) => {
    const run = () => {
      const el = targetOf(location.hash);
      if (el) scrollToElement(config, el);
      else if (!location.hash) window.scrollTo({ top: 0 });
    };
    if (delay) window.setTimeout(run, delay);
    else run();
  };

  if (restoring && typeof saved === 'number') {
    window.setTimeout(() => window.scrollTo({ top: saved, behavior: 'smooth' }), config.runtime.restoreScrollDelayMs);
  } else if (location.hash) {
    // After load: the browser's own jump to the fragment must not undo ours.
    const run = () => go(restoring ? config.runtime.restoreScrollDelayMs : 0);
    if (document.readyState === 'complete') run();
    else window.addEventListener('load', run, { once: true });
  }

  // Remember the position for back/forward, without adding history entries.
  let pending: number | undefined;
  window.addEventListener('scroll', () => {
    window.clearTimeout(pending);
    pending = window.setTimeout(() => history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, ''), 150);
  }, { passive: true });

  // Same-page links: scroll ourselves so the offset applies, and record the hash.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#"]');
    if (!link) return;
    const el = targetOf(link.hash);
    if (!el) return;
    event.preventDefault();
    history.pushState({ scrollY: window.scrollY }, '', link.hash);
    scrollToElement(config, el);
  });
  window.addEventListener('popstate', (event) => {
    const y = (event.state as { scrollY?: number } | null)?.scrollY;
    if (typeof y === 'number') window.setTimeout(() => window.scrollTo({ top: y, behavior: 'smooth' }), config.runtime.restoreScrollDelayMs);
    else go(config.runtime.restoreScrollDelayMs);
  });
}
