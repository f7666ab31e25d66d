// A folding section (<details> and <summary> around Markdown, remark-details.ts) folds in
// Chromium: closed, its summary shows and its Markdown does not; a click or the keyboard
// opens it; a link to a heading inside it opens it; nothing is logged under the site's
// Content-Security-Policy.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

const SECTIONS = '\n\n<details>\n<summary>Why does my payment stay pending?</summary>\n\n### Batches at the bank\n\nBanks confirm **SEPA** transfers in batches.\n\n</details>\n\n<details open>\n<summary>Open from the start</summary>\n\nShown at once.\n\n</details>\n';

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite('basic-site', (site) => appendFileSync(join(site, 'content', 'developers', 'getting-started.md'), SECTIONS));
});
afterAll(() => built?.close());

describe('a folding section', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`opens and closes by a click and the keyboard, inside the window (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      await page.goto(`${built.server.url}/developers/getting-started`);
      const summary = page.locator('summary', { hasText: 'Why does my payment stay pending?' });
      const answer = page.getByText('Banks confirm SEPA transfers in batches.');
      await expect.poll(() => summary.isVisible()).toBe(true);
      expect(await answer.isVisible()).toBe(false);
      await summary.click();
      expect(await answer.isVisible()).toBe(true);
      await summary.press('Enter');
      expect(await answer.isVisible()).toBe(false);
      expect(await page.getByText('Shown at once.').isVisible()).toBe(true);
      const box = await page.locator('details').first().boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('prints open', async () => {
    const context = await localContext(built.chrome.browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${built.server.url}/developers/getting-started`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('details', { hasText: 'Why does my payment stay pending?' }).evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByText('Banks confirm SEPA transfers in batches.').isVisible()).toBe(true);
    await context.close();
  });

  it('opens when a link leads to a heading inside it', async () => {
    const context = await localContext(built.chrome.browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${built.server.url}/developers/getting-started#batches-at-the-bank`);
    const section = page.locator('details', { hasText: 'Why does my payment stay pending?' });
    await expect.poll(() => section.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(await page.getByText('Banks confirm SEPA transfers in batches.').isVisible()).toBe(true);
    await context.close();
  });
});
