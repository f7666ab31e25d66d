// A field of the API reference as a reader meets it: its name links to its row with a "#"
// on hover and focus, as a heading does; a link to it lands on it, marked, and the address
// keeps naming it; a response leads to the list of its resource's fields.
import { describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, settle, useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);

async function open(viewport: { width: number; height: number }, path: string) {
  const context = await localContext(built().chrome.browser, viewport);
  // Consent decided, so the bar covers nothing; no motion, so a jump lands at once.
  await context.addInitScript(() => localStorage.setItem('bankdocs:consent', JSON.stringify({ functional: false, analytics: false, at: 1 })));
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${built().server.url}${path}`);
  await page.waitForLoadState('load');
  await settle(page);
  return { page, close: () => context.close() };
}

const hashMark = (page: import('playwright-core').Page, id: string) => page.evaluate((at) => getComputedStyle(document.querySelector(`#${at} .field-link`)!, '::after').opacity, id);

describe('a field of the API reference', () => {
  for (const [name, viewport] of [['1280', DESKTOP], ['375', PHONE]] as const) {
    it(`shows its "#" on hover and focus, and a link to it lands on it and stays in the address (${name} px)`, async () => {
      const { page, close } = await open(viewport, '/1/api/curl#create-payment-creditorname');
      try {
        const row = page.locator('#create-payment-creditorname');
        // Below the header, and marked as the row the link led to.
        await expect.poll(() => row.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThanOrEqual(80);
        expect(await row.evaluate((el) => el.matches(':target'))).toBe(true);
        await page.waitForTimeout(300);
        // The menu's scroll-spy names the operation it is in, but the address keeps the field.
        expect(await page.evaluate(() => location.hash)).toBe('#create-payment-creditorname');
        expect(await hashMark(page, 'create-payment-amount')).toBe('0');
        await page.locator('#create-payment-amount .field-link').hover();
        expect(await hashMark(page, 'create-payment-amount')).toBe('1');
        await page.locator('#create-payment-currency .field-link').focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        expect(await hashMark(page, 'create-payment-currency')).toBe('1');
      } finally {
        await close();
      }
    });
  }

  it("leads from a response to its resource's fields, and the address names them", async () => {
    const { page, close } = await open(DESKTOP, '/1/api/curl#get-account-response-200');
    try {
      await page.locator('#get-account-response-200 .field-fields a').click();
      // Below the sticky toolbar, which the list spans under (see below).
      await expect.poll(() => page.locator('#account-object').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThanOrEqual(130);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => location.hash)).toBe('#account-object');
      // Scrolled on by the reader into another section: the address follows the menu again.
      await page.mouse.wheel(0, 6000);
      await expect.poll(() => page.evaluate(() => location.hash)).not.toBe('#account-object');
    } finally {
      await close();
    }
  });
});

/**
 * What of the page's sticky or fixed parts (the header, the API toolbar, the example panel,
 * the menu button) lies over the element of `id`: by their boxes, as far as what scrolls
 * them shows, and by what is hit at its corners. A pixel's overlap, from rounding, is none.
 */
const coveringOf = (page: import('playwright-core').Page, id: string) =>
  page.evaluate((at) => {
    const el = document.getElementById(at)!;
    const r = el.getBoundingClientRect();
    const box = { left: r.left + 1, top: r.top + 1, right: r.right - 1, bottom: r.bottom - 1 };
    const pinned = (node: Element) => {
      for (let up: Element | null = node; up; up = up.parentElement) if (['sticky', 'fixed'].includes(getComputedStyle(up).position)) return true;
      return false;
    };
    const shown = (node: Element) => {
      const seen = node.getBoundingClientRect();
      let { left, top, right, bottom } = seen;
      for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflow === 'visible') continue;
        const clip = up.getBoundingClientRect();
        ({ left, top, right, bottom } = { left: Math.max(left, clip.left), top: Math.max(top, clip.top), right: Math.min(right, clip.right), bottom: Math.min(bottom, clip.bottom) });
      }
      return { left, top, right, bottom };
    };
    const name = (node: Element) => `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
    const found = new Set<string>();
    for (const other of document.querySelectorAll('body *')) {
      if (other.contains(el) || el.contains(other) || !pinned(other) || getComputedStyle(other).visibility === 'hidden') continue;
      const o = shown(other);
      if (o.left < box.right && o.right > box.left && o.top < box.bottom && o.bottom > box.top) found.add(name(other));
    }
    for (const [x, y] of [[box.left, box.top], [box.right, box.top], [box.left, box.bottom], [box.right, box.bottom]]) {
      const hit = document.elementFromPoint(x!, y!);
      if (hit && !el.contains(hit)) found.add(name(hit));
    }
    return { top: Math.round(r.top), covering: [...found] };
  }, id);

describe("a schema's list under the sticky toolbar", () => {
  for (const [name, viewport] of [['1280', DESKTOP], ['375', PHONE]] as const) {
    it(`shows a linked row, and a linked list's first row, whole below every sticky part of the page (${name} px)`, async () => {
      const { page, close } = await open(viewport, '/1/api/curl#payment-object-amount');
      try {
        // Opened with the row's address: the runtime's jump.
        expect(await coveringOf(page, 'payment-object-amount')).toEqual({ top: expect.any(Number), covering: [] });
        expect(await page.locator('#payment-object-amount').evaluate((el) => el.matches(':target'))).toBe(true);
        // An in-page link to a schema's list, and to a row of it, from a response.
        await page.goto(`${built().server.url}/1/api/curl#get-account-response-200`);
        await settle(page);
        await page.locator('#get-account-response-200 .field-fields a').click();
        await settle(page);
        // The list is taller than the screen: its top, the first row, shows whole.
        expect(await page.locator('#account-object > .fields > .field').first().getAttribute('id')).toBe('account-object-deprecated');
        expect(await coveringOf(page, 'account-object-deprecated')).toMatchObject({ covering: [] });
        await page.locator('#account-object-currency .field-link').click();
        await settle(page);
        expect(await coveringOf(page, 'account-object-currency')).toMatchObject({ covering: [] });
        // Without the runtime's jump, the browser's own (a focus, a reload without scripts) keeps the same room.
        await page.locator('#payment-object-status').evaluate((el) => el.scrollIntoView());
        expect(await coveringOf(page, 'payment-object-status')).toMatchObject({ covering: [] });
      } finally {
        await close();
      }
    });
  }
});
