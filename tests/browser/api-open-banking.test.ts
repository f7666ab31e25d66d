// A body shaped as Open Banking UK's payment bodies are, in Chromium on the bundled site's
// API reference at 1280 and 375 px (its document given them in createPayment's attributes):
// an amount six names down lists its own fields, and a frequency that is oneOf a code list
// and a pattern shows both, each row inside the window; its bearer scheme made OAuth 2.0,
// an operation says how the token is got.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

const AFTER = '                        creditorAgent:\n';
const INITIATION = `                        initiation:
                          type: object
                          description: The payment as Open Banking UK's documents nest it.
                          properties:
                            regulatoryReporting:
                              type: array
                              items:
                                type: object
                                properties:
                                  details:
                                    type: array
                                    items:
                                      type: object
                                      properties:
                                        charge:
                                          type: object
                                          properties:
                                            amount:
                                              type: object
                                              required: [amount, currency]
                                              properties:
                                                amount: { type: string, pattern: '^\\d{1,13}$|^\\d{1,13}\\.\\d{1,5}$' }
                                                currency: { type: string, pattern: '^[A-Z]{3,3}$' }
                            frequency:
                              oneOf:
                                - { type: string, enum: [ADHO, YEAR, DAIL] }
                                - type: string
                                  pattern: '^(NotKnown)$|^(EvryDay)$|^(EvryWorkgDay)$|^(IntrvlDay:((0[2-9])|([1-2][0-9])|3[0-1]))$|^(IntrvlWkDay:0[1-9]:0[1-7])$'
`;

const OAUTH = `    bearerAuth:
      type: oauth2
      flows:
        authorizationCode:
          authorizationUrl: https://auth.moorlink.example/authorize
          tokenUrl: https://api.moorlink.example/oauth2/token
          scopes: { pi: Payment initiation }
`;

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite(null, (site) => {
    const file = join(site, 'content', 'api', 'openapi.yaml');
    const document = readFileSync(file, 'utf8');
    // createPayment's attributes: the first creditorAgent after its operationId.
    const at = document.indexOf(AFTER, document.indexOf('operationId: createPayment\n'));
    expect(at).toBeGreaterThan(0);
    const bearer = '    bearerAuth:\n      type: http\n      scheme: bearer\n';
    expect(document.split(bearer)).toHaveLength(2);
    writeFileSync(file, (document.slice(0, at) + INITIATION + document.slice(at)).replace(bearer, OAUTH));
  });
});
afterAll(() => built?.close());

const DEEP = 'create-payment-initiation-regulatoryreporting-details-charge-amount';

describe("a body shaped as Open Banking UK's", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`lists an amount's fields six names down, each variant's rules of a frequency and how an OAuth 2.0 token is got, inside the window (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${built.server.url}/1/api/curl`);
        const ids = [DEEP, `${DEEP}-amount`, `${DEEP}-currency`, 'create-payment-initiation-frequency'];
        const shown = await page.evaluate((wanted) => {
          const rows = wanted.map((id) => {
            const row = document.getElementById(id);
            if (!row) return { id, found: false };
            row.scrollIntoView();
            const r = row.getBoundingClientRect();
            return { id, found: true, head: row.querySelector('.field-head')!.textContent, rules: row.querySelector('.field-rules')?.textContent ?? '', left: Math.round(r.left), right: Math.round(r.right), height: Math.round(r.height), visible: getComputedStyle(row).visibility === 'visible' };
          });
          return { rows, window: document.documentElement.clientWidth, pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth };
        }, ids);
        // The amount's own fields were not listed: the row of the object was the last.
        expect(shown.rows.map((row) => [row.id, row.found && row.head])).toEqual([
          [DEEP, 'initiation.regulatoryReporting[].details[].charge.amount object optional'],
          [`${DEEP}-amount`, 'initiation.regulatoryReporting[].details[].charge.amount.amount string required'],
          [`${DEEP}-currency`, 'initiation.regulatoryReporting[].details[].charge.amount.currency string required'],
          ['create-payment-initiation-frequency', 'initiation.frequency string optional'],
        ]);
        expect(shown.rows[1]!.rules).toBe('matches ^\\d{1,13}$|^\\d{1,13}\\.\\d{1,5}$');
        // It said no rule: neither the codes nor the pattern.
        expect(shown.rows[3]!.rules).toBe('either one of ADHO, YEAR, DAIL, or matches ^(NotKnown)$|^(EvryDay)$|^(EvryWorkgDay)$|^(IntrvlDay:((0[2-9])|([1-2][0-9])|3[0-1]))$|^(IntrvlWkDay:0[1-9]:0[1-7])$');
        for (const row of shown.rows) {
          if (!row.found) continue;
          expect(row.visible, row.id).toBe(true);
          expect(row.height, row.id).toBeGreaterThan(0);
          expect(row.left, row.id).toBeGreaterThanOrEqual(0);
          expect(row.right, row.id).toBeLessThanOrEqual(shown.window);
        }
        expect(shown.pageScrollsSideways).toBe(false);
        // It read "bearer access token", as an http bearer scheme's does.
        const facts = page.locator('[data-operation="createPayment"] .operation-facts');
        await facts.scrollIntoViewIfNeeded();
        expect(await facts.textContent()).toBe('Scope: pi · Authentication: bearer access token (OAuth 2.0: authorization code)');
        const box = (await facts.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(shown.window);
      } finally {
        await context.close();
      }
    });
  }
});
