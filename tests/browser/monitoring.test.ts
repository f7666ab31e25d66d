// Monitoring, the embedded services and cookie consent, against the built site on a
// local server that is also the APM intake. Two host names map to 127.0.0.1: docs.test
// is the production host, preview.test is not. Service scripts must be https, so the
// browser context itself answers https://widgets.test with stand-in widget scripts.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { staticHandler } from '../../src/commands/preview.js';
import { copySite, removeSite, runCli } from '../helpers/site.js';
import { DESKTOP, launchBrowser, localContext, PHONE, type BrowserHandle } from '../helpers/browser.js';

const HOSTS = ['docs.test', 'preview.test', 'widgets.test'];
let site: string;
let chrome: BrowserHandle;
let server: ReturnType<typeof createServer>;
let port: number;
const intake: { path: string; events: Record<string, unknown>[] }[] = [];
const configRequests: string[] = [];
const scriptRequests: string[] = [];

beforeAll(async () => {
  site = copySite('basic-site');
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const config = readFileSync(join(site, 'docs.config.yaml'), 'utf8').replace('  logo: assets/logo.svg\n', '  logo: assets/logo.svg\n  productionHosts: [docs.test]\n');
  writeFileSync(
    join(site, 'docs.config.yaml'),
    `${config}
monitoring:
  serviceName: fixture-docs
services:
  - name: support-chat
    category: functional
    script: "https://widgets.test/chat.js?id={id}"
    ids: { production: chat-live, other: chat-test }
  - name: tracker
    category: analytics
    script: "https://widgets.test/tracker.js?id={id}"
    ids: { production: trk-live, other: null }
  - name: help-center
    category: functional
    script: "https://widgets.test/missing.js?id={id}"
    ids: { production: null, other: help-test }
`,
  );
  const build = runCli(['build', '--quiet'], site);
  expect(build.status, build.stderr).toBe(0);
  // The preview handler answers only to localhost names unless told otherwise (DNS rebinding).
  const serveDist = staticHandler(join(site, 'dist'), { allowedHosts: ['127.0.0.1', ...HOSTS] });
  server.on('request', (req: IncomingMessage, res) => {
    const url = new URL(req.url!, `http://${req.headers.host}`);
    if (url.pathname.startsWith('/apm/')) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        // The agent compresses its payloads when the browser can.
        const raw = Buffer.concat(chunks);
        const body = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString();
        if (req.method === 'POST') intake.push({ path: url.pathname, events: body.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) });
        else configRequests.push(url.pathname + url.search);
        res.writeHead(req.method === 'POST' ? 202 : 200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end('{}');
      });
      return;
    }
    serveDist(req, res);
  });
  chrome = await launchBrowser([`--host-resolver-rules=${HOSTS.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`]);
});
afterAll(async () => {
  await chrome?.close();
  server?.close();
  removeSite(site);
});

async function open(host: string, path = '/en', viewport = DESKTOP) {
  const context = await localContext(chrome.browser, viewport, HOSTS);
  await context.route(/^https:\/\/widgets\.test\//, (route) => {
    const url = new URL(route.request().url());
    scriptRequests.push(url.pathname + url.search);
    if (url.pathname === '/missing.js') return route.fulfill({ status: 404 });
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: `(window.loadedServices = window.loadedServices || []).push(${JSON.stringify(url.pathname + url.search)});` });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://${host}:${port}${path}`);
  await page.waitForLoadState('load');
  return { page, errors, close: () => context.close() };
}

const events = (kind: string, environment?: string) =>
  intake.flatMap((r) => r.events).filter((e) => kind in e && (!environment || ((e.metadata as { service?: { environment?: string } } | undefined)?.service?.environment ?? environment) === environment));
const loaded = (page: Page) => page.evaluate(() => (window as unknown as { loadedServices?: string[] }).loadedServices ?? []);

describe('monitoring', () => {
  it('sends the page load by POST under /apm and requests the central configuration', async () => {
    intake.length = 0;
    configRequests.length = 0;
    const { page, close } = await open('docs.test');
    await expect.poll(() => intake.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(intake.every((r) => r.path === '/apm/intake/v2/rum/events')).toBe(true);
    const metadata = intake.flatMap((r) => r.events).find((e) => 'metadata' in e)!.metadata as { service: { name: string; environment: string } };
    expect(metadata.service).toMatchObject({ name: 'fixture-docs', environment: 'production' });
    expect(configRequests.some((r) => r.startsWith('/apm/config/v1/rum/agents?service.name=fixture-docs&service.environment=production'))).toBe(true);
    expect(events('transaction').length).toBeGreaterThan(0);
    await close();
  });

  it('reports the host name as the environment on other hosts, and uncaught errors', async () => {
    intake.length = 0;
    const { page, close } = await open('preview.test');
    await expect.poll(() => intake.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.evaluate(() => setTimeout(() => { throw new Error('boom from the test'); }, 0));
    await expect
      .poll(() => events('error').some((e) => JSON.stringify(e.error).includes('boom from the test')), { timeout: 10_000 })
      .toBe(true);
    const metadata = intake.flatMap((r) => r.events).find((e) => 'metadata' in e)!.metadata as { service: { environment: string } };
    expect(metadata.service.environment).toBe('preview.test');
    await close();
  });

  it('sends no more than the events limit in a burst of errors', async () => {
    intake.length = 0;
    const { page, close } = await open('preview.test');
    await expect.poll(() => intake.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.evaluate(() => {
      for (let i = 0; i < 200; i++) setTimeout(() => { throw new Error(`burst ${i}`); }, 0);
    });
    await page.waitForTimeout(3000);
    // The limit counts errors and transactions (spans and metrics travel with them).
    const limited = intake.flatMap((r) => r.events).filter((e) => 'error' in e || 'transaction' in e);
    expect(limited.length).toBeLessThanOrEqual(80);
    expect(events('error').length).toBeGreaterThan(10);
    await close();
  });
});

describe('cookie consent and embedded services', () => {
  it('loads no service before consent, and the production ids after "Accept all" on the production host', async () => {
    scriptRequests.length = 0;
    const { page, close } = await open('docs.test');
    const banner = page.locator('.consent[role=dialog]');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.waitForTimeout(500);
    expect(scriptRequests).toEqual([]);
    await banner.locator('button', { hasText: 'Accept all' }).click();
    await expect.poll(() => loaded(page)).toEqual(expect.arrayContaining(['/chat.js?id=chat-live', '/tracker.js?id=trk-live']));
    expect(scriptRequests.sort()).toEqual(['/chat.js?id=chat-live', '/tracker.js?id=trk-live']);
    expect(await banner.count()).toBe(0);
    await page.reload();
    await expect.poll(() => loaded(page)).toEqual(expect.arrayContaining(['/chat.js?id=chat-live', '/tracker.js?id=trk-live']));
    expect(await banner.count()).toBe(0);
    await close();
  });

  it('loads the other ids elsewhere, only for the chosen categories', async () => {
    scriptRequests.length = 0;
    const { page, errors, close } = await open('preview.test');
    const banner = page.locator('.consent[role=dialog]');
    await banner.locator('button', { hasText: 'Choose' }).click();
    await banner.locator('input[name=functional]').check();
    await banner.locator('button', { hasText: 'Save choices' }).click();
    await expect.poll(() => loaded(page)).toEqual(['/chat.js?id=chat-test']);
    // help-center has no production id but a test one: it is requested, fails, and a toast says so.
    await expect.poll(() => page.locator('.toast-error').count()).toBe(1);
    expect(scriptRequests.sort()).toEqual(['/chat.js?id=chat-test', '/missing.js?id=help-test']);
    expect(await page.locator('#site-menu a').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('"Reject all" loads nothing, and "Cookies settings" in the footer reopens the banner', async () => {
    scriptRequests.length = 0;
    const { page, close } = await open('docs.test', '/nl');
    const banner = page.locator('.consent[role=dialog]');
    await expect.poll(() => banner.textContent()).toContain('Alles weigeren');
    await banner.locator('button', { hasText: 'Alles weigeren' }).click();
    expect(await banner.count()).toBe(0);
    await page.locator('.site-footer button[data-action="cookie-settings"]').click();
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('.consent') !== null)).toBe(true);
    await page.waitForTimeout(300);
    expect(scriptRequests).toEqual([]);
    await close();
  });

  const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('bankdocs:consent') ?? 'null') as { functional: boolean; analytics: boolean } | null);
  const focusIsOn = (page: Page, selector: string) => page.evaluate((s) => document.activeElement === document.querySelector(s), selector);

  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ])('at %s px, Escape in "Cookies settings" keeps a stored choice and gives focus back; on a first visit it rejects', async (_, viewport) => {
    scriptRequests.length = 0;
    const { page, errors, close } = await open('docs.test', '/en', viewport);
    const banner = page.locator('.consent[role=dialog]');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await banner.locator('button', { hasText: 'Accept all' }).click();
    await page.reload();
    await expect.poll(() => loaded(page)).toEqual(expect.arrayContaining(['/chat.js?id=chat-live', '/tracker.js?id=trk-live']));
    const settings = page.locator('.site-footer button[data-action="cookie-settings"]');
    await settings.click();
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.locator('input[name=analytics]').isChecked()).toBe(true);
    // A click beside the bar leaves it open and the choice as it was.
    await page.mouse.click(viewport.width / 2, 10);
    expect(await banner.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => banner.count()).toBe(0);
    expect(await stored(page)).toMatchObject({ functional: true, analytics: true });
    expect(await focusIsOn(page, '.site-footer button[data-action="cookie-settings"]')).toBe(true);
    // Opened by a click that does not focus the control (Safari's), focus still goes back to it.
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await settings.evaluate((button: HTMLElement) => button.click());
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => banner.count()).toBe(0);
    expect(await focusIsOn(page, '.site-footer button[data-action="cookie-settings"]')).toBe(true);
    expect(await stored(page)).toMatchObject({ functional: true, analytics: true });
    // The services it allowed still load on the next visit.
    await page.reload();
    await expect.poll(() => loaded(page)).toEqual(expect.arrayContaining(['/chat.js?id=chat-live', '/tracker.js?id=trk-live']));
    expect(await banner.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();

    // A first visit: Escape is "Reject all", and nothing loads, also after a reload.
    scriptRequests.length = 0;
    const first = await open('docs.test', '/en', viewport);
    const bar = first.page.locator('.consent[role=dialog]');
    await expect.poll(() => bar.isVisible()).toBe(true);
    await first.page.keyboard.press('Escape');
    await expect.poll(() => bar.count()).toBe(0);
    expect(await stored(first.page)).toMatchObject({ functional: false, analytics: false });
    await first.page.reload();
    await first.page.waitForTimeout(300);
    expect(await bar.count()).toBe(0);
    expect(scriptRequests).toEqual([]);
    await first.close();
  });
});
