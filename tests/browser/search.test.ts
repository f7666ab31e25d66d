// Search (issue #17) on the bundled site, served by `bankdocs preview` under its own
// Content-Security-Policy, in real Chromium at desktop and phone widths: keyboard only,
// the reader's locale and API language, back navigation, axe, and the bytes a first query
// fetches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Paths requested since the page opened. */
  requests: string[];
  violations(): Promise<string[]>;
}

async function visit(path: string, options: { viewport?: typeof DESKTOP; bypassCSP?: boolean; javaScript?: boolean } = {}): Promise<Visit> {
  const { chrome, server } = built();
  const context = options.javaScript === false
    ? await chrome.browser.newContext({ viewport: options.viewport ?? DESKTOP, javaScriptEnabled: false })
    : await localContext(chrome.browser, options.viewport ?? DESKTOP, [], { bypassCSP: options.bypassCSP ?? false });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  return { context, page, requests, violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) };
}

const input = (page: Page) => page.locator('.search-dialog [role="combobox"]');
const options = (page: Page) => page.locator('.search-dialog [role="option"]');
const hrefs = (page: Page) => options(page).evaluateAll((els) => els.map((el) => el.getAttribute('href')));

/** axe's serious and critical findings in the search dialog; `page` bypasses the CSP (axe is injected as an inline script). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Element, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document.querySelector('.search-dialog')!, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Opens search with "/" and types the query, as a keyboard user does. */
async function search(page: Page, query: string): Promise<void> {
  await page.keyboard.press('/');
  await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(query);
  await expect.poll(() => page.locator('.search-status').textContent()).toMatch(/\S/);
  // The list answers the whole query, not the first letters typed (under load, the results
  // of "Create" could still be shown while "Create payment" was being searched).
  await expect.poll(() => page.locator('.search-dialog [role="listbox"]').getAttribute('data-query')).toBe(query.trim());
}

describe('search', () => {
  it('loads nothing of search until it is asked for', async () => {
    const { context, page, requests } = await visit('/nl');
    expect(await page.locator('.search-button').isVisible()).toBe(true);
    expect(requests.filter((p) => p.startsWith('/search/') || p.includes('/search-'))).toEqual([]);
    await context.close();
  });

  it('focuses search with "/" and with Ctrl+K, and Escape closes it and gives the focus back', async () => {
    const { context, page, violations } = await visit('/en/support');
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(await page.locator('.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    // "/" typed in the field is a character, not the shortcut again.
    await page.keyboard.type('a/b');
    expect(await input(page).inputValue()).toBe('a/b');
    await page.keyboard.press('Escape');
    expect(await page.locator('.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('keeps the keys typed right after "/" while search loads', async () => {
    const { context, page } = await visit('/nl');
    await page.keyboard.press('/');
    await page.keyboard.type('herautorisatie');
    await expect.poll(() => input(page).inputValue()).toBe('herautorisatie');
    await expect.poll(() => hrefs(page)).toContain('/nl/general/linking#herautorisatie');
    await context.close();
  });

  it('finds an operation by its name on /nl and lands on its section, keyboard only', async () => {
    const { context, page, violations } = await visit('/nl');
    await search(page, 'Create payment');
    const first = options(page).first();
    expect(await first.getAttribute('href')).toBe('/1/api/curl#create-payment');
    expect(await first.locator('.search-result-title').textContent()).toBe('Create payment');
    expect(await first.locator('.search-result-page').textContent()).toBe('Moorlink API Reference · POST /accounts/{accountId}/payments');
    expect(await page.locator('.search-status').textContent()).toMatch(/^\d+ resultaten$/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/1\/api\/curl#create-payment$/);
    await expect
      .poll(() => page.locator('#create-payment').evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 8000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.locator('#create-payment').evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 8000 }).toBeLessThan(150);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('gives a bare #hash for a result on this page, also at /x/ and /x/index.html (where GitHub Pages and S3 serve /x)', async () => {
    for (const path of ['/1/api/curl/', '/1/api/curl/index.html']) {
      const { context, page } = await visit(path);
      await search(page, 'Create payment');
      expect(await options(page).first().getAttribute('href'), path).toBe('#create-payment');
      await context.close();
    }
  });

  it('opens an operation on the reader’s API language page', async () => {
    const { context, page } = await visit('/1/api/ruby');
    await page.goto(`${built().server.url}/en`);
    await search(page, 'createPayment');
    expect(await options(page).first().getAttribute('href')).toBe('/1/api/ruby#create-payment');
    await context.close();
  });

  it('finds a Dutch word on the Dutch page, not on the English one', async () => {
    const nl = await visit('/nl');
    await search(nl.page, 'herautorisatie');
    const found = await hrefs(nl.page);
    expect(found[0]).toBe('/nl/general/linking#herautorisatie');
    expect(found.every((href) => href!.startsWith('/nl/'))).toBe(true);
    await nl.context.close();
    const en = await visit('/en');
    await search(en.page, 'herautorisatie');
    expect(await en.page.locator('.search-status').textContent()).toBe('No results for “herautorisatie”.');
    expect(await options(en.page).count()).toBe(0);
    expect(await en.page.locator('[role="combobox"]').getAttribute('aria-expanded')).toBe('false');
    await en.context.close();
  });

  it('searches the stored locale’s index on pages that are not translated', async () => {
    const { context, page } = await visit('/nl');
    await page.goto(`${built().server.url}/developers`);
    expect(await page.locator('.search-label').textContent()).toBe('Zoeken');
    await search(page, 'herautorisatie');
    expect((await hrefs(page))[0]).toBe('/nl/general/linking#herautorisatie');
    expect(await page.locator('.search-group-label').first().textContent()).toBe('Hulp');
    await context.close();
  });

  it('moves through the results with the arrow keys, as a combobox with a listbox', async () => {
    const { context, page } = await visit('/en');
    await search(page, 'mandate');
    const box = input(page);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe('search-listbox');
    const ids = await options(page).evaluateAll((els) => els.map((el) => el.id));
    expect(ids.length).toBeGreaterThan(2);
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(ids[0]);
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(ids[1]);
    expect(await page.locator(`#${ids[1]}`).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator(`#${ids[0]}`).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await box.getAttribute('aria-activedescendant')).toBe(ids.at(-1));
    // Focus stays in the field all along.
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('shows a result under the mouse as one chosen with the keys: its excerpt and page in their own colours, not the link colour', async () => {
    const { context, page } = await visit('/en');
    await search(page, 'consent');
    const colours = (index: number) => options(page).nth(index).evaluate((a) => ({ excerpt: getComputedStyle(a.querySelector('.search-result-excerpt')!).color, page: getComputedStyle(a.querySelector('.search-result-page')!).color, background: getComputedStyle(a).backgroundColor }));
    await page.keyboard.press('ArrowDown');
    const chosen = await colours(0);
    await options(page).nth(2).hover();
    expect(await colours(2)).toEqual(chosen);
    await context.close();
  });

  it('ranks an exact title first however far down the index had it, finds a singular from its plural, and shows a section of a versioned document once', async () => {
    const first = async (query: string) => {
      const { context, page } = await visit('/en');
      await search(page, query);
      await expect.poll(async () => (await hrefs(page)).length).toBeGreaterThan(0);
      await page.waitForTimeout(300);
      const found = await hrefs(page);
      await context.close();
      return found;
    };
    expect((await first('accounts'))[0]).toBe('/1/api/curl#accounts');
    expect((await first('transaction'))[0]).toBe('/1/api/curl#transactions');
    const support = await first('contact support');
    expect(support[0]).toBe('/en/support#contact-support');
    expect(support.filter((href) => href!.includes('/privacy-notice/')).length).toBeLessThanOrEqual(1);
  });

  it('groups results by page type and marks the words searched for', async () => {
    const { context, page } = await visit('/en');
    await search(page, 'mandate');
    const groups = await page.locator('.search-dialog [role="group"]').evaluateAll((els) =>
      els.map((el) => document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent),
    );
    expect(groups).toContain('API reference');
    expect(groups).toContain('Help');
    expect(new Set(groups).size).toBe(groups.length);
    const marks = await page.locator('.search-dialog mark').allTextContents();
    expect(marks.length).toBeGreaterThan(3);
    // The word and its other forms ("Mandating representatives").
    expect(marks.every((m) => /^mandat(?:e|ing)/.test(m.toLowerCase()))).toBe(true);
    expect(marks.some((m) => m.toLowerCase() === 'mandating')).toBe(true);
    await context.close();
  });

  it('works with JavaScript after a back navigation', async () => {
    const { context, page, violations } = await visit('/nl');
    await search(page, 'herautorisatie');
    await options(page).first().click();
    await page.waitForURL(/\/nl\/general\/linking#herautorisatie$/);
    await page.goBack();
    await page.waitForURL(/\/nl$/);
    expect(await page.locator('.search-dialog[open]').count()).toBe(0);
    await search(page, 'koppelen');
    const target = await options(page).first().getAttribute('href');
    expect(target).toMatch(/^\/nl\//);
    await options(page).first().click();
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === target);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('goes full screen on a phone', async () => {
    const { context, page, violations } = await visit('/es', { viewport: PHONE });
    const button = page.locator('.search-button');
    expect(await button.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-haspopup')).toBe('dialog');
    await button.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    const box = await page.locator('.search-dialog').boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await page.keyboard.type('pagos');
    await expect.poll(() => options(page).count()).toBeGreaterThan(0);
    expect(await options(page).first().isVisible()).toBe(true);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`keeps the page behind still under the wheel and a touch scroll, scrolls the results, and leaves the page where it was (${name})`, async () => {
      const { context, page } = await visit('/en/terms-and-conditions/v5.0', { viewport });
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      await search(page, 'payment');
      const list = page.locator('.search-dialog [role="listbox"]');
      await expect.poll(() => list.evaluate((el) => el.scrollHeight > el.clientHeight + 200)).toBe(true);
      const at = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 100) });
      const dialog = (await page.locator('.search-dialog').boundingBox())!;
      // Beside the dialog on a wide screen (its backdrop), on its field's row on a phone (it is full screen there).
      const outside = viewport === DESKTOP ? { x: 60, y: viewport.height - 60 } : at((await page.locator('.search-bar').boundingBox())!);
      expect(viewport === PHONE || outside.x < dialog.x).toBe(true);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      // A finger moving 300 px up (the protocol's scroll gesture of source 'touch' moves nothing in headless Chromium).
      const touch = async (p: { x: number; y: number }) => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [p] });
        for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y - i * 30 }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      for (const scroll of [(p: { x: number; y: number }) => page.mouse.move(p.x, p.y).then(() => page.mouse.wheel(0, 400)), touch]) {
        await scroll(outside);
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => window.scrollY)).toBe(1500);
        // The results scroll, to their end and on (the page does not take over there).
        await list.evaluate((el) => (el.scrollTop = 0));
        const inside = at((await list.boundingBox())!);
        await scroll(inside);
        await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
        await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
        await scroll(inside);
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => window.scrollY)).toBe(1500);
      }
      // The scrollbar's room stays: the page does not widen behind the dialog.
      expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(width);
      await page.keyboard.press('Escape');
      expect(await page.locator('.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      expect(await page.evaluate(() => [window.scrollY, document.documentElement.clientWidth])).toEqual([1500, width]);
      // And it scrolls again.
      await page.mouse.wheel(0, 400);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
      await context.close();
    });
  }

  it('fetches under 100 KB gzipped for a first query', async () => {
    const { context, page, requests } = await visit('/en');
    const before = requests.length;
    await search(page, 'create payment');
    const fetched = requests.slice(before).filter((p) => p.startsWith('/search/') || p.startsWith('/assets/'));
    expect(fetched.some((p) => /^\/assets\/chunks\/search-[\w-]+\.js$/.test(p))).toBe(true);
    expect(fetched).toContain('/search/en/index.json');
    const dist = join(built().site, 'dist');
    const bytes = fetched.reduce((sum, p) => sum + gzipSync(readFileSync(join(dist, p))).length, 0);
    expect(bytes).toBeLessThan(100_000);
    await context.close();
  });

  it('finds a mistyped word by the nearest one, and marks what it found', async () => {
    const { context, page } = await visit('/en');
    await search(page, 'paymnet');
    await expect.poll(() => options(page).count()).toBeGreaterThan(0);
    const marks = await page.locator('.search-dialog mark').allTextContents();
    expect(marks.some((m) => m.toLowerCase().startsWith('payment'))).toBe(true);
    await context.close();
  });

  it('does not open "payment" with the legal documents, which name payments everywhere', async () => {
    const { context, page } = await visit('/en');
    await search(page, 'payment');
    await expect.poll(() => options(page).count()).toBeGreaterThan(0);
    const first = await page.locator('.search-dialog [role="group"]').first().getAttribute('aria-labelledby');
    expect(first).not.toBe('search-group-legal');
    await context.close();
  });

  it('finds a camelCase name written as words ("redirectUri": "Redirect URIs")', async () => {
    const { context, page } = await visit('/en');
    await search(page, 'redirectUri');
    await expect.poll(async () => (await hrefs(page))[0]).toBe('/developers/connect-integrations#redirect-uris');
    await context.close();
  });

  it('finds the operation whose path the query is, its placeholders named as the reader likes', async () => {
    const { context, page } = await visit('/en');
    await search(page, '/accounts/{id}/transactions');
    await expect.poll(async () => (await hrefs(page))[0]).toBe('/1/api/curl#list-transactions');
    await context.close();
  });

  it('says a query of one letter is too short once the reader stops typing', async () => {
    const { context, page } = await visit('/en');
    await page.keyboard.press('/');
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('p');
    await expect.poll(() => page.locator('.search-status').textContent()).toBe('Type at least two letters.');
    await context.close();
  });

  it('shows a section of a legal document once on the page of its latest version, as elsewhere', async () => {
    const { context, page } = await visit('/en/privacy-notice/v5.0');
    await search(page, 'retention');
    await expect.poll(() => options(page).count()).toBeGreaterThan(0);
    const found = await hrefs(page);
    expect(found.filter((href) => /retention$/.test(href!))).toEqual(['#4-retention']);
    await context.close();
  });

  it('hides the search button without JavaScript', async () => {
    const { context, page } = await visit('/en', { javaScript: false });
    expect(await page.locator('.search-button').isVisible()).toBe(false);
    await context.close();
  });

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('at %s width', (_name, viewport) => {
    it('has no serious or critical axe violations with results shown', async () => {
      // axe is injected as an inline script, which the site's own CSP refuses.
      const { context, page } = await visit('/nl', { viewport, bypassCSP: true });
      await page.locator('.search-button').click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
      await page.keyboard.type('betaling');
      await expect.poll(() => options(page).count()).toBeGreaterThan(0);
      await page.keyboard.press('ArrowDown');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it('lists the best results of two kinds first, under "Top results", then the groups, as one list to the keyboard and a screen reader', async () => {
      // The API section and the guide's section on synchronizations: grouped alone, the API
      // reference listed its operations on synchronizations before the guide.
      const { context, page } = await visit('/en', { viewport, bypassCSP: true });
      await search(page, 'synchronization');
      const groups = await page.locator('.search-dialog [role="group"]').evaluateAll((els) =>
        els.map((el) => ({ label: document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent, options: [...el.querySelectorAll('[role="option"]')].map((o) => o.getAttribute('href')) })),
      );
      expect(groups[0]).toEqual({ label: 'Top results', options: ['/1/api/curl#synchronizations', '/en/general/integrating#synchronizations'] });
      const labels = groups.map((g) => g.label);
      expect(labels).toContain('API reference');
      expect(new Set(labels).size).toBe(labels.length);
      // Listed once: not again in its group.
      const found = await hrefs(page);
      expect(found.filter((href) => href === '/1/api/curl#synchronizations')).toHaveLength(1);
      expect(await page.locator('.search-status').textContent()).toBe(`${found.length} results`);
      // The arrow keys go from the top results on into the groups.
      const ids = await options(page).evaluateAll((els) => els.map((el) => el.id));
      for (const at of [0, 1, 2]) {
        await page.keyboard.press('ArrowDown');
        expect(await input(page).getAttribute('aria-activedescendant')).toBe(ids[at]);
      }
      expect(await options(page).nth(2).getAttribute('aria-selected')).toBe('true');
      expect(await options(page).nth(2).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => `${url.pathname}${url.hash}` === found[2]);
      await context.close();
    });
  });
});
