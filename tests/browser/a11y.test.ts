// axe-core over every page type of the real site, at both widths and in both colour
// schemes (issue #19: 0 violations, of any impact). The consent bar is open, as a first
// visit sees it.
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

const PAGES = ['/en', '/developers/custom-integrations', '/nl/general/linking', '/nl/general/linking/faq', '/fr/support', '/en/terms-and-conditions/v5.0', '/nl/privacy-notice/v4.1', '/1/api/curl', '/1/api/ruby', '/no/such/page'];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('accessibility at %s width', (_name, viewport) => {
  describe.each(['light', 'dark'] as const)('in the %s colour scheme', (scheme) => {
    it.each(PAGES)('%s has no axe violations', async (path) => {
      // axe is injected as an inline script, which the site's own CSP (sent by preview) refuses.
      const context = await localContext(site().chrome.browser, viewport, [], { bypassCSP: true });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${site().server.url}${path}`);
      await page.waitForLoadState('load');
      await expect.poll(() => page.locator('.consent').count()).toBe(1);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
          resultTypes: ['violations'],
        });
        return result.violations;
      });
      const found = violations.map((v: AxeViolation) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
      expect(found).toEqual([]);
      await context.close();
    });
  });
});

describe('section headings', () => {
  it.each(['/developers/custom-integrations', '/nl/general/linking/faq', '/1/api/curl'])('%s: each is named by its own text, links to itself, and shows "#" only on hover', async (path) => {
    const context = await localContext(site().chrome.browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${site().server.url}${path}`);
    // What a screen reader's list of headings reads: the names of the headings in main.
    const names = [...(await page.locator('main').ariaSnapshot()).matchAll(/^\s*- '?heading "(.*)" \[level=[234]\]/gm)].map((m) => m[1]!.replace(/''/g, "'"));
    const texts = await page.locator('main :is(h2, h3, h4)').evaluateAll((hs) => hs.filter((h) => (h as HTMLElement).offsetParent !== null).map((h) => h.textContent!.trim()));
    expect(names.length).toBeGreaterThan(3);
    expect(names).toEqual(texts.slice(0, names.length));
    expect(names.filter((name) => /Link to|#$/.test(name))).toEqual([]);
    const heading = page.locator('main h2:has(> a.heading-link)').first();
    const id = await heading.getAttribute('id');
    expect(await heading.locator('a').getAttribute('href')).toBe(`#${id}`);
    const mark = () => heading.locator('a').evaluate((a) => getComputedStyle(a, '::after').opacity);
    expect(await mark()).toBe('0');
    await heading.hover();
    await expect.poll(mark).toBe('1');
    await context.close();
  });
});
