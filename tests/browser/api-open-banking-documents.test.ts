// What Open Banking UK's documents have, in Chromium on the bundled site's API reference at
// 1280 and 375 px: a schema too long to list whole (its products: 752 fields, of which 405
// were listed and nothing said of the rest) says under its list how many fields it leaves
// out, inside the window; an operation shown in two sections (its consents and their
// status, say) has its method badge in the menu both times; a code list that lists `WEEK`
// twice shows it once; a server with a path (/open-banking/v4.0/aisp) shows before each
// operation's path, muted, so the reader sees the path the operation is called at. A
// schema's anchor reads its acronym as a word (#ob-read-product-wide-object).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

/** 21 objects of 20 fields with long names, as Open Banking UK names them: 441 rows, of which 401 are listed. */
const WIDE = `    OBReadProductWide:
      type: object
      properties:
${Array.from({ length: 21 }, (_, i) => `        OtherProductDetailsSegment${i}: { type: object, properties: { ${Array.from({ length: 20 }, (_, j) => `FeeChargeApplicationFrequencyDetail${j}: { type: string }`).join(', ')} } }\n`).join('')}`;

const FREQUENCY = `    OBFrequencyRepeated:
      type: object
      properties:
        Type: { type: string, enum: [MNTH, WEEK, WEEK, FOWK] }
`;

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite(null, (site) => {
    const file = join(site, 'content', 'api', 'openapi.yaml');
    const document = readFileSync(file, 'utf8');
    expect(document.split('\ncomponents:\n  schemas:\n')).toHaveLength(2);
    expect(document.split('\n  - url: https://api.moorlink.example\n')).toHaveLength(2);
    writeFileSync(
      file,
      document
        .replace('\ncomponents:\n  schemas:\n', `\ncomponents:\n  schemas:\n${WIDE}${FREQUENCY}`)
        .replace('\n  - url: https://api.moorlink.example\n', '\n  - url: https://api.moorlink.example/open-banking/v4.0/aisp\n'),
    );
    appendFileSync(join(site, 'content', 'api', '11-payments.md'), '\n### Products\n\n::schema{name="OBReadProductWide"}\n\n### Frequencies\n\n::schema{name="OBFrequencyRepeated"}\n');
    // getAccount again, after its own section: the second showed no badge.
    appendFileSync(join(site, 'content', 'api', '09-transactions.md'), '\n:::operation{id="getAccount"}\nThe account the transactions are of.\n:::\n');
  });
});
afterAll(() => built?.close());

describe('a list too long to list whole', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`says under its last row how many fields it leaves out, inside the window (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${built.server.url}/1/api/curl`);
        // Its anchor splits the acronym from the next word, as camelCase splitters do (it was #obread-product-wide-object).
        const note = page.locator('#ob-read-product-wide-object .fields-unlisted');
        expect(await page.locator('.fields-unlisted').count()).toBe(1);
        await note.scrollIntoViewIfNeeded();
        const shown = await note.evaluate((p) => {
          const box = (node: Element) => {
            const r = node.getBoundingClientRect();
            return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right), height: Math.round(r.height) };
          };
          const list = p.previousElementSibling!;
          return {
            text: p.textContent,
            visible: getComputedStyle(p).visibility === 'visible' && getComputedStyle(p).display !== 'none',
            note: box(p),
            list: box(list),
            lastRow: list.lastElementChild!.id,
            window: document.documentElement.clientWidth,
            pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
          };
        });
        expect(shown.text).toBe('This list is cut: 40 more fields, from OtherProductDetailsSegment19.FeeChargeApplicationFrequencyDetail0 on, are not listed. The OpenAPI document has them all.');
        expect(shown.visible).toBe(true);
        expect(shown.note.height).toBeGreaterThan(0);
        // Under the list's last row, inside the window.
        expect(shown.lastRow).toBe('ob-read-product-wide-object-otherproductdetailssegment20');
        expect(shown.note.top).toBeGreaterThanOrEqual(shown.list.bottom);
        expect(shown.note.left).toBeGreaterThanOrEqual(0);
        expect(shown.note.right).toBeLessThanOrEqual(shown.window);
        expect(shown.pageScrollsSideways).toBe(false);
      } finally {
        await context.close();
      }
    });
  }
});

describe('an operation shown in two sections', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`has its method badge in the menu both times, each leading to its own heading (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${built.server.url}/1/api/curl`);
        if (viewport === PHONE) await page.locator('.api-menu-toggle').click();
        const links = page.locator('#api-menu a[href="#get-account"], #api-menu a[href="#get-account-1"]');
        expect(await links.count()).toBe(2);
        for (const link of await links.all()) {
          await link.scrollIntoViewIfNeeded();
          const shown = await link.evaluate((a) => {
            const badge = getComputedStyle(a, '::before');
            const r = a.getBoundingClientRect();
            return { href: a.getAttribute('href'), method: a.getAttribute('data-method'), badge: badge.content, badgeWidth: parseFloat(badge.width), left: r.left, right: r.right, target: document.getElementById(a.getAttribute('href')!.slice(1))?.tagName ?? null, window: document.documentElement.clientWidth };
          });
          expect(shown.method, shown.href!).toBe('get');
          expect(shown.badge, shown.href!).toBe('"get"');
          expect(shown.badgeWidth, shown.href!).toBeGreaterThan(0);
          expect(shown.target, shown.href!).toBe('H3');
          expect(shown.left, shown.href!).toBeGreaterThanOrEqual(0);
          expect(shown.right, shown.href!).toBeLessThanOrEqual(shown.window);
        }
        expect(await page.locator('h3#get-account-1[data-operation-heading]').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});

describe('a code list that lists a value twice', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows each value once, inside the window (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${built.server.url}/1/api/curl`);
        const rules = page.locator('.schema-fields li.field[id$="-object-type"] .field-rules').last();
        await rules.scrollIntoViewIfNeeded();
        expect(await rules.textContent()).toBe('one of MNTH, WEEK, FOWK');
        const box = (await rules.boundingBox())!;
        expect(box.height).toBeGreaterThan(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      } finally {
        await context.close();
      }
    });
  }
});

describe("a server with a path", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows before each operation's path, muted, inside the window (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${built.server.url}/1/api/curl`);
        const endpoint = page.locator('[data-operation="listTransactions"] .endpoint code');
        await endpoint.scrollIntoViewIfNeeded();
        const shown = await endpoint.evaluate((code) => {
          const base = code.querySelector('.endpoint-base')!;
          const rgb = (color: string) => color.match(/[\d.]+/g)!.slice(0, 3).map(Number);
          const luminance = (color: string) => {
            const [r, g, b] = rgb(color).map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
            return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
          };
          const [light, dark] = [luminance(getComputedStyle(base).color), luminance(getComputedStyle(code).backgroundColor)].sort((a, b) => b - a);
          const r = code.getBoundingClientRect();
          return { text: code.textContent, base: base.textContent, muted: getComputedStyle(base).color !== getComputedStyle(code).color, contrast: (light! + 0.05) / (dark! + 0.05), left: r.left, right: r.right, window: document.documentElement.clientWidth };
        });
        expect(shown.text).toBe('/open-banking/v4.0/aisp/accounts/{accountId}/transactions');
        expect(shown.base).toBe('/open-banking/v4.0/aisp');
        expect(shown.muted).toBe(true);
        expect(shown.contrast).toBeGreaterThanOrEqual(4.5);
        expect(shown.left).toBeGreaterThanOrEqual(0);
        expect(shown.right).toBeLessThanOrEqual(shown.window);
      } finally {
        await context.close();
      }
    });
  }
});
