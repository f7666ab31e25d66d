// Real Chromium for browser tests: the Debian package, headless, no network beyond
// 127.0.0.1, a fresh profile per launch.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startStaticServer } from '../../src/commands/preview.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface BrowserHandle {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<BrowserHandle> {
  // Playwright gives every launch a fresh, temporary user-data dir of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * A context that can reach nothing but 127.0.0.1, and the test host names given (which
 * the browser's --host-resolver-rules map to 127.0.0.1).
 */
export async function localContext(browser: Browser, viewport: { width: number; height: number }, hosts: string[] = [], options: { bypassCSP?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, bypassCSP: options.bypassCSP ?? false });
  const allowed = ['127.0.0.1', ...hosts].map((h) => h.replace(/\./g, '\\.')).join('|');
  await context.route(new RegExp(`^(?!https?://(${allowed})[:/])`), (route) => route.abort());
  return context;
}

export async function serve(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await startStaticServer(root, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface BuiltSite {
  site: string;
  server: import('./preview.js').PreviewServer;
  chrome: BrowserHandle;
  close(): Promise<void>;
}

/**
 * A copy of a fixture (or, with null, of the bundled site), built with the real CLI,
 * served by `bankdocs preview`, and a browser. `prepare` may change the copy first.
 */
export async function serveBuiltSite(fixture: string | null, prepare?: (site: string) => void): Promise<BuiltSite> {
  const { copySite, removeSite, runCli } = await import('./site.js');
  const { startPreview } = await import('./preview.js');
  const { join } = await import('node:path');
  const site = copySite(fixture);
  prepare?.(site);
  const build = runCli(['build', '--quiet'], site);
  if (build.status !== 0) throw new Error(`the build failed: ${build.stderr}`);
  const server = await startPreview(join(site, 'dist'));
  // A browser that cannot start (no Chromium) must not leave the server running.
  const chrome = await launchBrowser().catch(async (error: unknown) => {
    await server.stop();
    removeSite(site);
    throw error;
  });
  return {
    site,
    server,
    chrome,
    async close() {
      await chrome.close();
      await server.stop();
      removeSite(site);
    },
  };
}

/** Registers beforeAll/afterAll for a built, served site and a browser; read it inside tests. */
export function useBuiltSite(fixture: string | null): () => BuiltSite {
  let built: BuiltSite | undefined;
  beforeAll(async () => {
    built = await serveBuiltSite(fixture);
  });
  afterAll(() => built?.close());
  return () => {
    if (!built) throw new Error('the site is not served yet');
    return built;
  };
}

/** Waits until the page stops scrolling (the same scrollY twice, 150 ms apart). */
export async function settle(page: Page): Promise<void> {
  let last = -1;
  await expect.poll(async () => {
    const y = await page.evaluate(() => window.scrollY);
    const same = y === last;
    last = y;
    return same;
  }, { interval: 150, timeout: 8000 }).toBe(true);
}
