// A page's URL without its trailing slash (/developers/getting-started, a page being
// developers/getting-started/index.html) on each kind of static host README lists: some
// serve the page there (nginx, Netlify, bankdocs preview), some redirect to the folder
// (GitHub Pages, Cloudflare Pages, S3's website endpoint), some answer 404.html (a host
// that serves folders only with their slash; S3's REST endpoint behind CloudFront, which
// serves files by their name alone). The reader lands on the page every time, with its
// styles, scripts and images, and its links lead on. Before, on the last two, 404.html
// showed "Page Not Found" for a page the site has.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { staticHandler } from '../../src/commands/preview.js';
import { DESKTOP, launchBrowser, localContext, PHONE, type BrowserHandle } from '../helpers/browser.js';
import { startPreview, type PreviewServer } from '../helpers/preview.js';
import { copySite, removeSite, runCli } from '../helpers/site.js';

type HostKind = 'serves' | 'redirects' | 'folders-only' | 'names-only';

let site: string;
let dist: string;
let chrome: BrowserHandle;
let preview: PreviewServer;
const hosts = new Map<HostKind, { url: string; server: Server | null }>();

/** A host of `kind` in front of the folder: what it does with a page's URL, the rest as bankdocs preview (404.html with status 404). */
function hostLike(kind: Exclude<HostKind, 'serves'>) {
  const files = staticHandler(dist, { allowedHosts: ['127.0.0.1'] });
  const isFile = (path: string) => existsSync(join(dist, path)) && statSync(join(dist, path)).isFile();
  const notFound = (res: ServerResponse) => res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(join(dist, '404.html')));
  return (req: IncomingMessage, res: ServerResponse) => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://127.0.0.1');
    const folder = pathname !== '/' && !pathname.endsWith('/') && isFile(`${pathname}/index.html`);
    if (kind === 'redirects' && folder) return void res.writeHead(301, { location: `${pathname}/${search}` }).end();
    if (kind === 'folders-only' && folder) return notFound(res);
    if (kind === 'names-only' && pathname !== '/' && (folder || pathname.endsWith('/'))) return notFound(res);
    files(req, res);
  };
}

beforeAll(async () => {
  site = copySite('basic-site');
  dist = join(site, 'dist');
  expect(runCli(['build', '--quiet'], site).status).toBe(0);
  preview = await startPreview(dist);
  hosts.set('serves', { url: preview.url, server: null });
  for (const kind of ['redirects', 'folders-only', 'names-only'] as const) {
    const server = createServer(hostLike(kind));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hosts.set(kind, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server });
  }
  chrome = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await chrome?.close();
  await preview?.stop();
  for (const { server } of hosts.values()) await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  removeSite(site);
});

async function withPage(viewport: typeof DESKTOP, fn: (page: Page) => Promise<void>): Promise<void> {
  const context = await localContext(chrome.browser, viewport);
  try {
    await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Waits until the address stops changing (a redirect, 404.html's look for the page); the path it ends at. */
async function settle(page: Page, base: string): Promise<string> {
  await page.waitForLoadState('load');
  await expect.poll(async () => {
    const first = page.url();
    await page.waitForTimeout(150);
    return first === page.url() && (await page.evaluate(() => document.readyState)) === 'complete';
  }).toBe(true);
  return page.url().slice(base.length);
}

async function land(page: Page, base: string, path: string): Promise<string> {
  await page.goto(`${base}${path}`);
  return settle(page, base);
}

/** What each kind of host does with /x, for the tests' names. */
const DOES: Record<HostKind, string> = {
  serves: 'serves the page at /x',
  redirects: 'redirects /x to /x/',
  'folders-only': 'answers /x with 404.html but serves /x/',
  'names-only': 'answers /x and /x/ with 404.html, serving only /x/index.html',
};

// Where each host leaves the reader who asked for /developers/getting-started.
const LANDS: Record<HostKind, string> = {
  serves: '/developers/getting-started',
  redirects: '/developers/getting-started/',
  'folders-only': '/developers/getting-started/',
  'names-only': '/developers/getting-started/index.html',
};

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('a page asked for without its trailing slash, at %s width', (_name, viewport) => {
  it.each((Object.keys(LANDS) as HostKind[]).map((kind) => [DOES[kind], kind] as const))('on a host that %s: the page, with its hash, styles, scripts and images, and its links lead on', async (_does, kind) => {
    const { url } = hosts.get(kind)!;
    await withPage(viewport, async (page) => {
      // Every file the page asks for is there, whatever address the page has (no URL relative to it).
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400 && response.request().resourceType() !== 'document' && response.request().resourceType() !== 'fetch') failed.push(`${response.status()} ${response.url()}`);
      });
      // Not what leaving the page cancels (the next page's card is followed below).
      page.on('requestfailed', (request) => request.failure()?.errorText !== 'net::ERR_ABORTED' && failed.push(`failed ${request.url()}`));

      expect(await land(page, url, '/developers/getting-started?from=mail#step-2-optional')).toBe(`${LANDS[kind]}?from=mail#step-2-optional`);
      expect(await page.locator('article h1').textContent()).toBe('Getting started');
      expect(await page.title()).not.toMatch(/Page Not Found/);
      // The stylesheet applies, the runtime runs (it measures the header), the image (a relative path in the Markdown) shows.
      expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/site.') && sheet.cssRules.length > 0))).toBe(true);
      await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--header-now'))).toMatch(/^\d+px$/);
      const diagram = page.locator('img[alt="A diagram"]');
      await diagram.scrollIntoViewIfNeeded();
      await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

      // The next page's card leads there, on this host too.
      await page.locator('a.card.next').click();
      await page.waitForURL((to) => to.pathname.startsWith('/developers/payments/create-payment'));
      expect(await settle(page, url)).toBe(LANDS[kind].replace('getting-started', 'payments/create-payment'));
      expect(await page.title()).not.toMatch(/Page Not Found/);
      expect(failed).toEqual([]);
    });
  });

  it.each((['folders-only', 'names-only'] as const).map((kind) => [DOES[kind], kind] as const))('on a host that %s, a path the route takes but no page has stays "Page Not Found", where it was asked for', async (_does, kind) => {
    const { url } = hosts.get(kind)!;
    await withPage(viewport, async (page) => {
      expect(await land(page, url, '/developers/no-such-guide')).toBe('/developers/no-such-guide');
      expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    });
  });

  it.each((['folders-only', 'names-only'] as const).map((kind) => [DOES[kind], kind] as const))('on a host that %s, a redirect stub\'s path leads to the page too (/support to /en/support)', async (_does, kind) => {
    const { url } = hosts.get(kind)!;
    await withPage(viewport, async (page) => {
      expect(await land(page, url, '/support#contact')).toBe(`${kind === 'names-only' ? '/en/support/index.html' : '/en/support/'}#contact`);
      expect(await page.title()).not.toMatch(/Page Not Found/);
    });
  });
});
