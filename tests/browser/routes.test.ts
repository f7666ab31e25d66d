// The route rules on a static host: the real site built, served by `bankdocs preview`,
// visited in Chromium. Redirect stubs and 404.html run the resolver in the browser.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const site = useBuiltSite(null);

async function withPage(viewport: typeof DESKTOP, fn: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await localContext(site().chrome.browser, viewport);
  try {
    await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

async function store(page: Page, values: Record<string, string>) {
  await page.goto(`${site().server.url}/robots.txt`);
  await page.evaluate((v) => {
    for (const [k, value] of Object.entries(v)) localStorage.setItem(k, value);
  }, values);
}

/** Visits a path and waits until the URL stops changing. */
async function land(page: Page, path: string): Promise<string> {
  await page.goto(`${site().server.url}${path}`);
  await page.waitForLoadState('load');
  await expect.poll(async () => {
    const first = page.url();
    await page.waitForTimeout(100);
    return first === page.url();
  }).toBe(true);
  return page.url().slice(site().server.url.length);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('routes at %s width', (_name, viewport) => {
  it('/api#create-payment goes to /1/api/curl#create-payment', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/api#create-payment')).toBe('/1/api/curl#create-payment');
    }));

  it('with ruby stored, /api goes to /1/api/ruby', () =>
    withPage(viewport, async (page) => {
      await store(page, { 'bankdocs:language': 'ruby' });
      expect(await land(page, '/api')).toBe('/1/api/ruby');
    }));

  it('visiting an API language stores it for the next /api', () =>
    withPage(viewport, async (page) => {
      await land(page, '/1/api/ruby');
      expect(await page.evaluate(() => localStorage.getItem('bankdocs:language'))).toBe('ruby');
      expect(await land(page, '/api')).toBe('/1/api/ruby');
    }));

  it('a guide links the API reference where /api leads, in the stored language, with no stub on the way', () =>
    withPage(viewport, async (page) => {
      await land(page, '/developers');
      const link = page.locator('main a[data-default-language]', { hasText: 'sandbox' }).first();
      expect(await link.getAttribute('href')).toBe('/1/api/curl#sandbox');
      expect(await link.evaluate((a: HTMLAnchorElement) => a.pathname)).toBe('/1/api/curl');

      await store(page, { 'bankdocs:language': 'ruby' });
      await land(page, '/developers');
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.locator('main a[data-default-language]', { hasText: 'sandbox' }).first().click();
      await page.waitForURL(/\/1\/api\/ruby#sandbox$/);
      expect(requested.filter((path) => path === '/api' || path.startsWith('/api/'))).toEqual([]);
    }));

  it('/1/api/python#x goes to the index route keeping #x', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/1/api/python#x')).toBe('/1/api/curl#x');
      expect(await land(page, '/9/api')).toBe('/1/api/curl');
    }));

  it('with nl stored, /support goes to /nl/support', () =>
    withPage(viewport, async (page) => {
      await store(page, { 'bankdocs:locale': 'nl' });
      expect(await land(page, '/support')).toBe('/nl/support');
      expect(await land(page, '/')).toBe('/nl');
    }));

  it('a stub opened by its file name (/index.html) redirects as its folder does', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/index.html')).toBe('/en');
      expect(await land(page, '/support/index.html')).toBe('/en/support');
      // Without its extension, as GitHub Pages serves the stub at /support/index.
      expect(await land(page, '/support/index')).toBe('/en/support');
    }));

  it('keeps the query of a shared link, before the hash, from a stub and from 404.html', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/api?utm_source=mail#create-payment')).toBe('/1/api/curl?utm_source=mail#create-payment');
      expect(await land(page, '/1/api/python?utm_source=mail#x')).toBe('/1/api/curl?utm_source=mail#x');
    }));

  it('visiting /fr stores fr', () =>
    withPage(viewport, async (page) => {
      await land(page, '/fr');
      expect(await page.evaluate(() => localStorage.getItem('bankdocs:locale'))).toBe('fr');
      expect(await land(page, '/support#contact')).toBe('/fr/support#contact');
    }));

  it('a legal document without a version goes to the latest one', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/es/terms-and-conditions')).toBe('/es/terms-and-conditions/v5.0');
    }));

  it('a legal version without a locale gets the stored one, or the default', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/privacy-notice/v4.1')).toBe('/en/privacy-notice/v4.1');
      await land(page, '/es');
      expect(await land(page, '/privacy-notice/v4.1')).toBe('/es/privacy-notice/v4.1');
    }));

  it('old guide URLs go under /developers', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/integrations-in-a-nutshell')).toBe('/developers/integrations-in-a-nutshell');
      expect(await land(page, '/nl/custom-integrations#go-live')).toBe('/developers/custom-integrations#go-live');
    }));

  it('the /general catch-all resolves in 404.html', () =>
    withPage(viewport, async (page) => {
      expect(await land(page, '/nl/general/anything')).toBe('/nl/general/understanding');
    }));

  it('an unknown path shows "Page Not Found" with status 404', () =>
    withPage(viewport, async (page) => {
      const response = await page.goto(`${site().server.url}/no/such/page`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe('Page Not Found');
      expect(page.url()).toBe(`${site().server.url}/no/such/page`);
    }));
});

describe('the interface language on pages that are not translated', () => {
  it('follows the stored locale: <html lang>, menu and footer', () =>
    withPage(DESKTOP, async (page) => {
      await store(page, { 'bankdocs:locale': 'fr' });
      await land(page, '/developers');
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      expect(await page.locator('#site-menu a').first().textContent()).toBe('Accueil');
      expect(await page.locator('#site-menu a', { hasText: 'Assistance' }).getAttribute('href')).toBe('/fr/support');
      expect(await page.locator('.site-footer a').first().getAttribute('href')).toBe('/fr/privacy-notice/v5.0');
          // The brand goes to the home page of the stored locale, logo and name kept; following it keeps the locale.
      const brand = page.locator('a.brand');
      expect(await brand.getAttribute('href')).toBe('/fr');
      expect(await brand.locator('img').count()).toBe(1);
      await brand.click();
      await page.waitForURL(/\/fr$/);
      expect(await page.evaluate(() => localStorage.getItem('bankdocs:locale'))).toBe('fr');
    }));

  it('puts the runtime\'s own words in the stored locale: copy buttons, their toasts, "Copy page as Markdown"', () =>
    withPage(DESKTOP, async (page) => {
      await store(page, { 'bankdocs:locale': 'fr' });
      await land(page, '/developers/dashboard-api');
      await expect.poll(() => page.locator('button.copy-page').textContent()).toBe('Copier la page en Markdown');
      expect(await page.locator('button.copy-page').getAttribute('data-done')).toMatch(/^Page copiée/);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.copyLabel)).toBe('Copier');
      expect(await page.locator('button.copy-button').count()).toBeGreaterThan(0);
      for (const text of await page.locator('button.copy-button').allTextContents()) expect(text).toBe('Copier');
    }));

  it('works without JavaScript through the stubs\' refresh to the default', async () => {
    const context = await site().chrome.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site().server.url}/support`);
    await page.waitForURL(`${site().server.url}/en/support`);
    expect(await page.locator('article h1').textContent()).toBe('Support');
    await context.close();
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('every interface word of a page that is not translated, in the stored locale, at %s width', (_name, viewport) => {
  /** Each element's text (or its landmark's name) and the language it is marked with. */
  const said = (page: Page, selector: string, what: 'text' | 'label' = 'text') =>
    page.locator(selector).first().evaluate((el, what) => [what === 'text' ? el.textContent!.trim() : el.getAttribute('aria-label'), el.closest('[lang]')!.getAttribute('lang')], what);

  it('says the table of contents, the previous and next cards, the sidebar, the menu and the footer in it, marked as such', () =>
    withPage(viewport, async (page) => {
      await store(page, { 'bankdocs:locale': 'fr' });
      await land(page, '/developers/connect-integrations');
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('fr');
      expect(await said(page, '.toc h2 span')).toEqual(['Sur cette page', 'fr']);
      expect(await said(page, 'nav.toc', 'label')).toEqual(['Sur cette page', 'en']);
      expect(await said(page, '.prev-next', 'label')).toEqual(['Précédent / Suivant', 'en']);
      expect(await said(page, '.card.prev .card-label')).toEqual(['← Précédent', 'en']);
      expect(await said(page, '.card.prev .card-label span')).toEqual(['Précédent', 'fr']);
      expect(await said(page, '.card.next .card-label span')).toEqual(['Suivant', 'fr']);
      expect((await said(page, '.sidebar-nav', 'label'))[0]).toBe('Guides');
      expect(await said(page, '.site-footer .locale-picker', 'label')).toEqual(['Langue', 'en']);
      expect(await said(page, '.site-footer .copyright')).toEqual([expect.stringMatching(/Moorlink est une plateforme fictive\.$/), 'fr']);
      expect(await said(page, '.menu-toggle span:not([aria-hidden])')).toEqual(['Menu', 'fr']);
      // The runtime's own words say their language too, inside the English text and the frame.
      await expect.poll(() => said(page, 'button.copy-button')).toEqual(['Copier', 'fr']);
      expect(await said(page, 'button.copy-page')).toEqual(['Copier la page en Markdown', 'fr']);
      expect(await said(page, '.menu-toggle', 'label')).toEqual(['Afficher ou masquer le menu', 'fr']);
    }));

  it('names the API reference\'s menu buttons and its example language picker in it', () =>
    withPage(viewport, async (page) => {
      await store(page, { 'bankdocs:locale': 'fr' });
      await land(page, '/1/api/curl');
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('fr');
      expect(await said(page, '.api-menu-toggle', 'label')).toEqual(['Afficher ou masquer le menu de l’API', 'fr']);
      expect(await said(page, '.api-menu-close', 'label')).toEqual(['Fermer le menu', 'fr']);
      expect(await said(page, '.api-toolbar .language-picker', 'label')).toEqual(['Langage des exemples', 'fr']);
      expect(await said(page, '.api-menu-toggle-text span')).toEqual(['Menu', 'fr']);
    }));

  it('asks for consent in it, the bar marked as such', () =>
    withPage(viewport, async (page) => {
      await store(page, { 'bankdocs:locale': 'fr' });
      await land(page, '/developers/connect-integrations');
      await expect.poll(() => said(page, '.consent h2')).toEqual(['Cookies et services intégrés', 'fr']);
      expect(await said(page, '.consent [data-consent="accept"]')).toEqual(['Tout accepter', 'fr']);
      await page.locator('.consent [data-consent="choose"]').click();
      expect(await said(page, '.consent-choices label span')).toEqual(['Mémorisent votre langue et le langage des exemples. Toujours actifs.', 'fr']);
      expect(await said(page, '.consent [data-consent="save"]')).toEqual(['Enregistrer mes choix', 'fr']);
    }));

  it('shows a first visitor the 404 page of a Dutch path in Dutch', () =>
    withPage(viewport, async (page) => {
      const response = await page.goto(`${site().server.url}/nl/no/such/page`);
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('nl');
      expect(await said(page, 'main h1')).toEqual(['Pagina niet gevonden', 'nl']);
      expect(await page.title()).toBe('Pagina niet gevonden | Moorlink-documentatie');
    }));

  it('titles the 404 page in it', () =>
    withPage(viewport, async (page) => {
      await store(page, { 'bankdocs:locale': 'fr' });
      await page.goto(`${site().server.url}/no/such/page`);
      await expect.poll(() => page.title()).toBe('Page introuvable | Documentation Moorlink');
    }));
});

describe('the zoomed image of a page that is not translated', () => {
  it('is named in the text\'s language, its close button in the interface\'s', () =>
    withPage(DESKTOP, async (page) => {
      await store(page, { 'bankdocs:locale': 'fr' });
      await land(page, '/developers/connect-integrations');
      await page.locator('main img[data-zoomable]').first().click();
      const dialog = page.locator('dialog.zoom-modal[open]');
      await dialog.waitFor();
      expect(await dialog.getAttribute('lang')).toBe('en');
      expect(await dialog.getAttribute('aria-label')).toMatch(/^Sequence of the Connect flow/);
      expect(await dialog.locator('.zoom-close').getAttribute('lang')).toBe('fr');
      expect(await dialog.locator('.zoom-close').getAttribute('aria-label')).toBe('Fermer');
    }));
});
