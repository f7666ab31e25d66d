// The built fixture site served like a static host, in real Chromium at desktop and
// phone widths.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, removeSite, runCli } from '../helpers/site.js';
import { DESKTOP, launchBrowser, localContext, PHONE, serve, type BrowserHandle } from '../helpers/browser.js';

let site: string;
let server: Awaited<ReturnType<typeof serve>>;
let chrome: BrowserHandle;

beforeAll(async () => {
  site = copySite('basic-site');
  // A heading with one word longer than a phone is wide (German compounds, API names).
  const guide = join(site, 'content', 'developers', 'getting-started.md');
  writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n## Datenschutzgrundverordnungskonformitätsprüfungsverfahren\n\nText.\n`);
  expect(runCli(['build', '--quiet'], site).status).toBe(0);
  server = await serve(join(site, 'dist'));
  chrome = await launchBrowser();
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
  removeSite(site);
});

describe('the built site in Chromium', () => {
  it('serves pages at their clean URLs with the right title and language', async () => {
    const context = await localContext(chrome.browser, DESKTOP);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/nl`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Maak kennis met Fixturebank | Fixturebank Docs');
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    const trailing = await page.goto(`${server.url}/developers/getting-started/`);
    expect(trailing?.status()).toBe(200);
    expect(await page.locator('article h1').textContent()).toBe('Getting started');
    await context.close();
  });

  it('answers an unknown path with the Page Not Found page and status 404', async () => {
    const context = await localContext(chrome.browser, DESKTOP);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await context.close();
  });

  it('shows the whole menu at 1280 px with no toggle', async () => {
    const context = await localContext(chrome.browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/en`);
    await expect.poll(() => page.locator('.menu-toggle').isVisible()).toBe(false);
    expect(await page.locator('#site-menu a', { hasText: 'Developers' }).isVisible()).toBe(true);
    await context.close();
  });

  it('collapses the menu behind a toggle at 375 px, and collapses it again after a menu click', async () => {
    const context = await localContext(chrome.browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${server.url}/en`);
    const toggle = page.locator('.menu-toggle');
    await expect.poll(() => toggle.isVisible()).toBe(true);
    const link = page.locator('#site-menu a', { hasText: 'Developers' });
    expect(await link.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(`${server.url}/developers`);
    expect(await page.locator('#site-menu a', { hasText: 'Developers' }).isVisible()).toBe(false);
    await context.close();
  });

  it('keeps the menu reachable with JavaScript off', async () => {
    const context = await chrome.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/en`);
    expect(await page.locator('#site-menu a', { hasText: 'Developers' }).isVisible()).toBe(true);
    await context.close();
  });

  it('does not overflow the phone viewport horizontally', async () => {
    const context = await localContext(chrome.browser, PHONE);
    const page = await context.newPage();
    for (const path of ['/en', '/developers/getting-started', '/developers/payments/create-payment', '/1/api/curl', '/en/terms-and-conditions/v2.0']) {
      await page.goto(`${server.url}${path}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
