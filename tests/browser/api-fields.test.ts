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
      await expect.poll(() => page.locator('#account-object').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThanOrEqual(80);
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
