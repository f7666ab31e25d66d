// A table's column alignment (`| :-: |`, `| --: |`) shows in Chromium on a guide and on the
// API reference, under the site's own Content-Security-Policy (style-src 'self'), and the
// console says nothing of it: React wrote it as a style attribute, which the policy refused
// (the column stayed left, and the console logged a violation for each cell).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

const TABLE = '\n\n| Limit | Value | Note |\n| :-- | :-: | --: |\n| Results per run | 25,000 | top 5,000 |\n| Retries<br>per day | 3 | then<br />wait |\n';

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite('basic-site', (site) => {
    appendFileSync(join(site, 'content', 'developers', 'getting-started.md'), TABLE);
    appendFileSync(join(site, 'content', 'api', '01-introduction.md'), TABLE);
  });
});
afterAll(() => built?.close());

describe('the alignment of a table column', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows on a guide and on the API reference, with nothing in the console (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      for (const path of ['/developers/getting-started', '/1/api/curl']) {
        await page.goto(`${built.server.url}${path}`);
        const row = page.locator('tr', { hasText: 'Results per run' });
        const aligns = await row.locator('td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
        expect(aligns, path).toEqual(['left', 'center', 'right']);
        const heads = await page.locator('th', { hasText: /^(Limit|Value|Note)$/ }).evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
        expect(heads, path).toEqual(['left', 'center', 'right']);
      }
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`breaks a cell's line where it has a <br> (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      for (const path of ['/developers/getting-started', '/1/api/curl']) {
        await page.goto(`${built.server.url}${path}`);
        const cells = page.locator('tr', { hasText: 'Retries' }).locator('td');
        // Two lines each, as written: the break shows, and no "<br>" as text.
        expect(await cells.nth(0).innerText(), path).toBe('Retries\nper day');
        expect(await cells.nth(2).innerText(), path).toBe('then\nwait');
      }
      await context.close();
    });
  }
});
