// The bundled site under its own Content-Security-Policy (dist/_headers, sent by
// `bankdocs preview` as Netlify would): every page type, the redirect stubs and the 404
// resolver work, at both widths, and the browser reports no violation (issue #20).
import { describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE } from '../helpers/browser.js';
import { useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);

async function visit(viewport: { width: number; height: number }, path: string) {
  const { chrome, server } = built();
  const context = await localContext(chrome.browser, viewport);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const response = await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  return { context, page, response };
}

describe('the Content-Security-Policy', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`is sent with every page and blocks nothing the site does (${viewport.width} px)`, async () => {
      for (const path of ['/en', '/nl/support', '/developers/dashboard-api', '/en/general/linking/faq', '/1/api/ruby', '/en/terms-and-conditions/v5.0']) {
        const { context, page, response } = await visit(viewport, path);
        expect(response?.headers()['content-security-policy'], path).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
        // The runtime ran (it sets the js class inline and wires the menu toggle).
        expect(await page.evaluate(() => document.documentElement.classList.contains('js')), path).toBe(true);
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
        await context.close();
      }
    });
  }

  it('lets the redirect stubs and the 404 resolver run their inline script', async () => {
    const stub = await visit(DESKTOP, '/api#create-payment');
    await stub.page.waitForURL(/\/1\/api\/curl#create-payment$/);
    expect(await stub.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await stub.context.close();
    const resolver = await visit(DESKTOP, '/1/api/python#list-accounts');
    await resolver.page.waitForURL(/\/1\/api\/curl#list-accounts$/);
    expect(await resolver.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await resolver.context.close();
  });

  it('really blocks an inline script it does not know', async () => {
    const { context, page } = await visit(DESKTOP, '/en');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations.length)).toBe(1);
    await context.close();
  });
});
