// A response's headers in Chromium, on the bundled site's API reference at 1280 and 375 px
// (its document given headers for createPayment's 201): their rows show under the response,
// each with its name, type and whether required, inside the response's row and the window;
// a long header name wraps rather than making the page scroll sideways.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

const HEADERS = `          headers:
            Location:
              description: The payment's URL, to read it with its status.
              required: true
              schema: { type: string, format: uri }
            X-Moorlink-Request-Correlation-Identifier-For-Support:
              $ref: "#/components/headers/RequestId"
`;

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite(null, (site) => {
    const file = join(site, 'content', 'api', 'openapi.yaml');
    const document = readFileSync(file, 'utf8');
    const response = '          description: The payment was created.\n';
    expect(document).toContain(response);
    expect(document).toContain('\n  securitySchemes:\n');
    writeFileSync(
      file,
      document
        .replace(response, response + HEADERS)
        .replace('\n  securitySchemes:\n', '\n  headers:\n    RequestId:\n      description: The id of the request, to give support when you ask about it.\n      schema: { type: string, format: uuid }\n  securitySchemes:\n'),
    );
  });
});
afterAll(() => built?.close());

describe("a response's headers", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`show as rows under the response, inside the window (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${built.server.url}/1/api/curl`);
        const response = page.locator('#create-payment-response-201');
        await response.scrollIntoViewIfNeeded();
        const shown = await response.evaluate((li) => {
          const box = (node: Element) => {
            const r = node.getBoundingClientRect();
            return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width), height: Math.round(r.height) };
          };
          return {
            response: box(li),
            description: box(li.querySelector(':scope > .field-description')!),
            caption: li.querySelector('.field-headers .table-caption')?.textContent ?? null,
            rows: [...li.querySelectorAll('.field-headers li.field')].map((row) => ({ id: row.id, head: row.querySelector('.field-head')!.textContent, visible: getComputedStyle(row).display !== 'none' && getComputedStyle(row).visibility === 'visible', ...box(row) })),
            window: document.documentElement.clientWidth,
            pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
          };
        });
        expect(shown.caption).toBe('Headers');
        expect(shown.rows.map((row) => [row.id, row.head])).toEqual([
          ['create-payment-201-header-location', 'Location string (uri) required'],
          ['create-payment-201-header-x-moorlink-request-correlation-identifier-for-support', 'X-Moorlink-Request-Correlation-Identifier-For-Support string (uuid) optional'],
        ]);
        for (const row of shown.rows) {
          expect(row.visible, row.id).toBe(true);
          expect(row.height, row.id).toBeGreaterThan(0);
          // Under the response's description, one under the other, inside its row and the window.
          expect(row.top, row.id).toBeGreaterThanOrEqual(shown.description.bottom);
          expect(row.bottom, row.id).toBeLessThanOrEqual(shown.response.bottom);
          // Set in under the response, so the list reads as the response's, not the next row of the Responses.
          expect(row.left - shown.response.left, row.id).toBeGreaterThanOrEqual(12);
          expect(row.right, row.id).toBeLessThanOrEqual(Math.min(shown.response.right, shown.window));
        }
        expect(shown.rows[1]!.top).toBeGreaterThanOrEqual(shown.rows[0]!.bottom);
        expect(shown.pageScrollsSideways).toBe(false);
      } finally {
        await context.close();
      }
    });
  }
});
