// A field's description of several blocks (as GitHub's and Stripe's OpenAPI documents write
// them) in Chromium, on the bundled site's API reference at 1280 and 375 px: a parameter's
// and a request body field's paragraphs apart, their list a list, their code a code block
// that scrolls inside itself, their alert a note, and nothing wider than the window. The
// paragraphs ran together in one line, with the list's items, the code and "[!NOTE]".
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

/** A description of two paragraphs, a list, code with a long line and an alert, indented for `at` spaces of YAML. */
const description = (at: number) =>
  [
    'description: |',
    '  Identifies the institution, as its list gives it.',
    '',
    '  Where to find it:',
    '',
    '  - the `id` of each institution listed',
    '  - the `financialInstitutionId` of a linked account',
    '',
    '  ```json',
    '  { "id": "3f1b8a52-0d7c-4c1e-9a7e-5d2b1f0c9e11", "name": "Harbour Bank of the North Sea and the Islands" }',
    '  ```',
    '',
    '  > [!NOTE]',
    '  > Sandbox institutions have ids of their own.',
  ]
    .map((line, i) => (i && line ? ' '.repeat(at) + line : line))
    .join('\n');

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite(null, (site) => {
    const file = join(site, 'content', 'api', 'openapi.yaml');
    const document = readFileSync(file, 'utf8');
    const parameter = 'description: Identifier of the financial institution.';
    const field = 'description: Currency of the payment. Only EUR is supported for now.';
    expect(document).toContain(`        ${parameter}\n`);
    expect(document).toContain(`                          ${field}\n`);
    writeFileSync(file, document.replace(`        ${parameter}\n`, `        ${description(8)}\n`).replace(`                          ${field}\n`, `                          ${description(26)}\n`));
  });
});
afterAll(() => built?.close());

/** The row's description as the reader sees it: its blocks' boxes, and whether anything runs past the window. */
const descriptionIn = (page: import('playwright-core').Page, id: string) =>
  page.locator(`#${id} .field-description`).evaluate((el) => {
    const box = (node: Element) => {
      const r = node.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
    };
    const pre = el.querySelector('pre')!;
    return {
      tag: el.tagName.toLowerCase(),
      blocks: [...el.children].map((child) => child.tagName.toLowerCase() + (child.className ? `.${child.className.split(' ').join('.')}` : '')),
      paragraphs: [...el.querySelectorAll(':scope > p')].map(box),
      items: [...el.querySelectorAll(':scope > ul > li')].map((li) => ({ ...box(li), marker: getComputedStyle(li).display === 'list-item' && getComputedStyle(li.parentElement!).listStyleType !== 'none' })),
      code: { ...box(pre), scrolls: pre.scrollWidth > pre.clientWidth ? getComputedStyle(pre).overflowX : 'fits' },
      alert: el.querySelector('.alert .alert-title')?.textContent ?? null,
      marker: /\[!NOTE\]/.test(el.textContent ?? ''),
      row: box(el.closest('.field')!),
      window: document.documentElement.clientWidth,
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });

describe('a field description of several blocks', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows two paragraphs, a list, a code block and a note in its row, nothing past the window (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${built.server.url}/1/api/curl`);
        for (const id of ['get-financial-institution-id', 'create-payment-currency']) {
          await page.locator(`#${id}`).scrollIntoViewIfNeeded();
          const shown = await descriptionIn(page, id);
          expect(shown.tag, id).toBe('div');
          expect(shown.blocks, id).toEqual(['p', 'p', 'ul', 'div.code-block', 'div.alert.alert-note']);
          // Two paragraphs, one under the other with space between them.
          const [first, second] = shown.paragraphs;
          expect(second!.top - first!.bottom, id).toBeGreaterThanOrEqual(4);
          // Two list items, each on its own line with its bullet.
          const [one, two] = shown.items;
          expect(two!.top, id).toBeGreaterThanOrEqual(one!.bottom);
          expect(shown.items.every((item) => item.marker), id).toBe(true);
          expect(shown.alert, id).toBe('Note');
          expect(shown.marker, id).toBe(false);
          // The long line of code scrolls in its block, which stays in the row; the page does not scroll sideways.
          expect(shown.code.scrolls, id).toBe('auto');
          expect(shown.code.right, id).toBeLessThanOrEqual(shown.row.right);
          expect(shown.row.right, id).toBeLessThanOrEqual(shown.window);
          expect(shown.pageScrollsSideways, id).toBe(false);
        }
      } finally {
        await context.close();
      }
    });
  }
});
