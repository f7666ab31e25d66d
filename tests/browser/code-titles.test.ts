// A code block's title as Docusaurus and Starlight write it (```ruby title="lib/client.rb"),
// in Chromium at 1280 and 375 px: the file name in the bar above the code, as written (not
// in the bar's capitals), beside the copy button and within the block, a long one wrapped.
// It was dropped without a word.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

const LONG = 'scripts/payments/sandbox/create-a-single-payment-with-an-idempotency-key.sh';
const GUIDE = `---\ntitle: "Code titles"\ndescription: "Code blocks with titles."\n---\n\n\`\`\`ruby title="lib/client.rb"\nclient = Client.new\n\`\`\`\n\n\`\`\`bash {2} title="${LONG}"\ncurl https://api.example.com\n\`\`\`\n\n\`\`\`json\n{}\n\`\`\`\n`;

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite('basic-site', (site) => writeFileSync(join(site, 'content', 'developers', 'code-titles.md'), GUIDE));
});
afterAll(() => built?.close());

describe('code block titles', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`show the file name above the code, as written, within the block (${viewport.width} px)`, async () => {
      const context = await localContext(built.chrome.browser, viewport);
      const page = await context.newPage();
      await page.goto(`${built.server.url}/developers/code-titles`);
      await page.locator('.code-block .copy-button').first().waitFor();
      const bars = await page.locator('main .code-block').evaluateAll((blocks) =>
        blocks.map((block) => {
          const label = block.querySelector('.code-title, .code-language')!;
          const button = block.querySelector('.copy-button')!.getBoundingClientRect();
          const box = label.getBoundingClientRect();
          const outer = block.getBoundingClientRect();
          return {
            kind: label.className,
            text: (label as HTMLElement).innerText,
            inside: box.left >= outer.left && box.right <= outer.right && box.bottom <= block.querySelector('pre')!.getBoundingClientRect().top,
            clearOfButton: box.right <= button.left || box.bottom <= button.top || box.top >= button.bottom,
            height: box.height,
          };
        }),
      );
      expect(bars.map(({ height, ...rest }) => rest)).toEqual([
        { kind: 'code-title', text: 'lib/client.rb', inside: true, clearOfButton: true },
        { kind: 'code-title', text: LONG, inside: true, clearOfButton: true },
        { kind: 'code-language', text: 'JSON', inside: true, clearOfButton: true },
      ]);
      // The long name wraps on a phone rather than widening the page.
      if (viewport === PHONE) expect(bars[1]!.height).toBeGreaterThan(bars[0]!.height * 1.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The build's fast markup path leaves no copy of the title on the code, as React does not.
      expect(await page.locator('main [data-title]').count()).toBe(0);
      await context.close();
    });
  }
});
