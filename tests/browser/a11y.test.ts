// axe-core over the real site's home page, a guide and the API reference, at both widths.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const site = useBuiltSite(null);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('accessibility at %s width', (_name, viewport) => {
  it.each(['/en', '/nl/general/linking/faq', '/developers/custom-integrations', '/1/api/curl', '/en/terms-and-conditions/v5.0'])(
    '%s has no serious or critical axe violations',
    async (path) => {
      // axe is injected as an inline script, which the site's own CSP (sent by preview) refuses.
      const context = await localContext(site().chrome.browser, viewport, [], { bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${site().server.url}${path}`);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
          resultTypes: ['violations'],
        });
        return result.violations;
      });
      const serious = violations
        .filter((v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical')
        .map((v: AxeViolation) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
      expect(serious).toEqual([]);
      await context.close();
    },
  );
});
