// Which section the reader is in, for the API menu and the tables of contents (spec §2:
// the section whose top is nearest the viewport top within runtime.activeSection; issue
// #19: when no top is in that window, the section the viewport top is in).
import type { RuntimeConfig } from './config.js';
import { targetOf } from './scroll.js';
import { throttle } from './timing.js';

/** Scrolled less than this, the reader is at the page's own top: no section is active. */
const PAGE_TOP_PX = 2;

/** `targets` in page order; null at the top of the page and above the first section. */
export function currentSection(config: RuntimeConfig, targets: readonly HTMLElement[]): HTMLElement | null {
  if (window.scrollY < PAGE_TOP_PX) return null;
  const { top: windowTop, bottom: windowBottom } = config.runtime.activeSection;
  let best: HTMLElement | null = null;
  let bestDistance = Infinity;
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
  return best ?? containing;
}

export interface Followed {
  /**
   * The section the reader went to (the page's hash when it opened, an in-page link they
   * followed) stays the one being read while it is in view and the reader has not scrolled
   * by themselves: a page scrolled to it lands it below the header, where a heading just
   * above can be nearer the top, and a short page cannot scroll it to the top at all.
   * Returns the target to prefer, or null.
   */
  section(): HTMLElement | null;
  /**
   * Whether the page is still where a link or the address sent it (on its way there, or
   * arrived): the reader has not scrolled, tapped or pressed a key since. Only then is the
   * address kept as it is: a smooth jump passes other sections on its way.
   */
  sent(): boolean;
}

/**
 * `targets`: the sections, read when needed: bankdocs dev replaces the page's content in
 * place, and one set of listeners serves the old sections and the new (none added per edit).
 */
export function followedTarget(targets: () => readonly HTMLElement[]): Followed {
  const find = (id: string | undefined) => (id ? (targets().find((el) => el.id === id) ?? null) : null);
  const fromHash = () => find(targetOf(location.hash)?.id);
  let followed = fromHash();
  let sent = targetOf(location.hash) !== null;
  // Back, forward and a hash typed in: the page scrolls there itself (scroll.ts).
  for (const type of ['hashchange', 'popstate'] as const) {
    window.addEventListener(type, () => {
      followed = fromHash();
      sent = targetOf(location.hash) !== null;
    });
  }
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="#"]') as HTMLAnchorElement | null;
      const el = link ? targetOf(link.hash) : null;
      if (!el) return;
      sent = true;
      followed = find(el.id) ?? followed;
    },
    { capture: true },
  );
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, () => {
      followed = null;
      sent = false;
    }, { passive: true, capture: true });
  }
  // A pointer on the page (the scrollbar, a selection) is the reader's too; a link's own
  // pointerdown comes before its click, which sends the page again.
  window.addEventListener('pointerdown', () => void (sent = false), { passive: true, capture: true });
  return {
    section() {
      // A section replaced since (bankdocs dev): the one now in its place.
      if (followed && !followed.isConnected) followed = find(followed.id);
      if (!followed) return null;
      const top = followed.getBoundingClientRect().top;
      return top >= -1 && top < window.innerHeight ? followed : null;
    },
    sent: () => sent,
  };
}

/** Calls `spy` on scroll (throttled), once more when scrolling ends, and now. */
export function onScrollSpy(config: RuntimeConfig, spy: () => void): void {
  window.addEventListener('scroll', throttle(spy, config.runtime.scrollThrottleMs), { passive: true });
  // Once more when scrolling has ended, so the last position of a fling always counts.
  window.addEventListener('scrollend', spy, { passive: true });
  spy();
}

/** Scrolls `box` (a menu with its own scroll) so that `item` shows, without moving the page. */
export function keepInView(box: HTMLElement, item: HTMLElement): void {
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top || inner.bottom > outer.bottom) box.scrollTop += inner.top - outer.top - outer.height / 3;
}
