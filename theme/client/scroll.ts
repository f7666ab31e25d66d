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
  // The room the stylesheet keeps above it (scroll-margin-top): a schema's list and its rows
  // land below the API reference's sticky toolbar. (The narrow H1's is the spec's offset below.)
  if (!isNarrow(config)) return header + 12 + (parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
  const offset = el.tagName === 'H1' ? config.runtime.scrollOffset.h1 : config.runtime.scrollOffset.other;
  // Below about 360 px (a small phone, or 400 % zoom) the header wraps and grows past the
  // narrow offset: the target must not land under it.
  return Math.max(offset, Math.ceil(header));
}

/** Smooth scrolling, unless the reader asked for less motion (prefers-reduced-motion). */
export function smoothly(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

export function scrollToElement(config: RuntimeConfig, el: HTMLElement, behavior: ScrollBehavior = smoothly()): void {
  const destination = () => Math.max(0, el.getBoundingClientRect().top + window.scrollY - offsetFor(config, el));
  const top = destination();
  if (behavior === 'smooth' && Math.abs(top - window.scrollY) > 1) correctOnArrival(() => destination());
  window.scrollTo({ top, behavior });
}

/**
 * Lazy images above the target that load on the way push it down (and scroll anchoring
 * moves the scroll with them): once the smooth scroll has ended, land on the target once
 * more, unless the reader took over meanwhile (wheel, touch, key, pointer).
 */
function correctOnArrival(destination: () => number): void {
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  let interrupted = false;
  const stop = () => {
    interrupted = true;
  };
  const done = () => {
    for (const type of inputs) window.removeEventListener(type, stop, { capture: true });
    window.removeEventListener('scrollend', arrive);
  };
  const arrive = () => {
    done();
    const again = destination();
    if (!interrupted && Math.abs(again - window.scrollY) > 2) window.scrollTo({ top: again, behavior: 'instant' });
  };
  for (const type of inputs) window.addEventListener(type, stop, { passive: true, capture: true });
  window.addEventListener('scrollend', arrive, { once: true });
  // Browsers without the scrollend event (Safari) only skip the correction.
  window.setTimeout(done, 3000);
}

/**
 * Moves keyboard focus to an in-page link's target, as the browser would without our
 * scrolling: a heading or section gets tabindex="-1" so it can hold focus, and the next
 * Tab goes on from there. preventScroll keeps the offset scroll already under way.
 */
export function focusTarget(el: HTMLElement): void {
  // tabIndex is 0 for what is focusable by nature (links, buttons, fields), -1 otherwise.
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
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
    window.setTimeout(() => window.scrollTo({ top: saved, behavior: smoothly() }), config.runtime.restoreScrollDelayMs);
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

  // Same-page links (the skip link, tables of contents, the API menu): scroll ourselves so
  // the offset applies, record the hash, and move focus there, which preventDefault
  // would otherwise leave on the link.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#"]');
    if (!link) return;
    const el = targetOf(link.hash);
    if (!el) return;
    event.preventDefault();
    history.pushState({ scrollY: window.scrollY }, '', link.hash);
    scrollToElement(config, el);
    focusTarget(el);
  });
  window.addEventListener('popstate', (event) => {
    const y = (event.state as { scrollY?: number } | null)?.scrollY;
    if (typeof y === 'number') window.setTimeout(() => window.scrollTo({ top: y, behavior: smoothly() }), config.runtime.restoreScrollDelayMs);
    else go(config.runtime.restoreScrollDelayMs);
  });
}
