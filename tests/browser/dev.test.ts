// `bankdocs dev` with a page open in Chromium: edits to a guide, a translated page, the
// config and the stylesheet arrive; a broken front matter shows the overlay and the
// last good page, and fixing it clears the overlay.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editFile, openDevPage, startDevOnFixture, type DevProcess } from '../helpers/dev.js';
import { DESKTOP, launchBrowser, localContext, type BrowserHandle } from '../helpers/browser.js';

let site: string;
let theme: string;
let dev: DevProcess;
let stopDev: (() => Promise<void>) | undefined;
let chrome: BrowserHandle;

const edit = (rel: string, change: (text: string) => string) => editFile(site, rel, change);

beforeAll(async () => {
  ({ site, theme, dev, stop: stopDev } = await startDevOnFixture());
  chrome = await launchBrowser();
});
afterAll(async () => {
  await chrome?.close();
  await stopDev?.();
});

const open = (path: string) => openDevPage(chrome.browser, dev.url, path);

describe('bankdocs dev', () => {
  it('prints the URL on start', () => {
    expect(dev.output()).toMatch(/^bankdocs dev: http:\/\/127\.0\.0\.1:\d+\/ {2}\(\d+ pages in \d+ ms/m);
  });

  it('reloads a guide when it is edited, keeping the scroll position and hash', async () => {
    const { page, close } = await open('/developers/getting-started#step-2-optional');
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.waitForTimeout(600); // the runtime's smooth scroll to the hash
    await page.evaluate(() => window.scrollTo({ top: 60, behavior: 'instant' }));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(0);
    edit('content/developers/getting-started.md', (t) => `${t}\nA sentence added while the page was open.\n`);
    await expect.poll(() => page.locator('article').textContent(), { timeout: 10_000 }).toContain('A sentence added while the page was open.');
    expect(new URL(page.url()).hash).toBe('#step-2-optional');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    expect(dev.output()).toMatch(/content\/developers\/getting-started\.md: 1 page re-rendered in \d+ ms/);
    await close();
  });

  it('reloads a translated page when it is edited', async () => {
    const { page, close } = await open('/nl');
    edit('content/nl/index.md', (t) => t.replace('Lees de', 'Lees zeker de'));
    await expect.poll(() => page.locator('article').textContent(), { timeout: 10_000 }).toContain('Lees zeker de');
    await close();
  });

  it('rebuilds on a config change', async () => {
    const { page, close } = await open('/en');
    edit('docs.config.yaml', (t) => t.replace('label: Developers', 'label: Developer guides'));
    await expect.poll(() => page.locator('#site-menu').textContent(), { timeout: 10_000 }).toContain('Developer guides');
    await close();
  });

  it('swaps the stylesheet on a CSS change without reloading', async () => {
    const { page, close } = await open('/en');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    writeFileSync(join(theme, 'styles', 'site.css'), `${readFileSync(join(theme, 'styles', 'site.css'), 'utf8')}\nbody { border-top: 3px solid rgb(1, 2, 3); }\n`);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).borderTopColor), { timeout: 10_000 }).toBe('rgb(1, 2, 3)');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await close();
  });

  it('shows an overlay for a broken front matter, keeps the last good page, and clears it when fixed', async () => {
    const { page, close } = await open('/en/support');
    edit('content/en/support.md', (t) => t.replace('title: "Support"', 'title: ["Support"'));
    const overlay = page.locator('#bankdocs-dev-overlay');
    await expect.poll(() => overlay.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await overlay.textContent()).toMatch(/content\/en\/support\.md:\d+:\d+ {2}invalid YAML/);
    const served = await (await fetch(`${dev.url}/en/support`)).text();
    expect(served).toContain('<h1>Support</h1>');
    expect(dev.output()).toMatch(/content\/en\/support\.md:\d+:\d+ {2}error {2}invalid YAML/);
    edit('content/en/support.md', (t) => t.replace('title: ["Support"', 'title: "Support, fixed"'));
    await expect.poll(() => overlay.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('article h1').textContent(), { timeout: 10_000 }).toBe('Support, fixed');
    await close();
  });

  it('reloads a page that changed after it was sent and before it connected', async () => {
    const context = await localContext(chrome.browser, DESKTOP);
    try {
      const page = await context.newPage();
      // The live-update connection waits until the page's guide has changed on the server.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/__bankdocs/events', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${dev.url}/developers/getting-started`);
      edit('content/developers/getting-started.md', (t) => `${t}\nWritten before the page connected.\n`);
      await expect.poll(async () => (await fetch(`${dev.url}/developers/getting-started`)).text(), { timeout: 10_000 }).toContain('Written before the page connected.');
      expect(await page.locator('article').textContent()).not.toContain('Written before the page connected.');
      release();
      await expect.poll(() => page.locator('article').textContent(), { timeout: 10_000 }).toContain('Written before the page connected.');
    } finally {
      await context.close();
    }
  });

  it('serves any number of tabs: one of them listens for all (a browser opens six connections to a host)', async () => {
    const context = await localContext(chrome.browser, DESKTOP);
    try {
      const pages: Page[] = [];
      for (let i = 0; i < 8; i++) {
        const page = await context.newPage();
        await page.goto(`${dev.url}/developers/getting-started`, { timeout: 15_000 });
        await page.waitForFunction(() => document.documentElement.dataset.devConnected === 'true', undefined, { timeout: 15_000 });
        pages.push(page);
      }
      edit('content/developers/getting-started.md', (t) => `${t}\nSeen in every tab.\n`);
      for (const page of pages) await expect.poll(() => page.locator('article').textContent(), { timeout: 15_000 }).toContain('Seen in every tab.');
      // The listening tab closes: another takes over, and the next edit still arrives.
      await pages[0]!.close();
      edit('content/developers/getting-started.md', (t) => `${t}\nSeen after the first tab closed.\n`);
      await expect.poll(() => pages[7]!.locator('article').textContent(), { timeout: 15_000 }).toContain('Seen after the first tab closed.');
    } finally {
      await context.close();
    }
  });

  it('handles a new page and a deleted one', async () => {
    writeFileSync(join(site, 'content/developers/new-guide.md'), '---\ntitle: "New guide"\ndescription: "Added while running."\n---\n\n## Hello\n\nFresh.\n');
    await expect.poll(async () => (await fetch(`${dev.url}/developers/new-guide`)).status, { timeout: 10_000 }).toBe(200);
    rmSync(join(site, 'content/developers/new-guide.md'));
    await expect.poll(async () => (await fetch(`${dev.url}/developers/new-guide`)).status, { timeout: 10_000 }).toBe(404);
  });
});
