// `bankdocs dev` puts an edited page's new content into the open page without a reload
// (scroll, focus and the runtime's state stay), reloads when the edit adds something the
// runtime must set up, and compiles a changed theme component into the cache folder,
// never into the package.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPO } from '../helpers/site.js';
import { LANGUAGE_STORAGE_KEY } from '../../src/routes/resolve.js';
import { editFile, openDevPage, startDevOnFixture, type DevProcess } from '../helpers/dev.js';
import { launchBrowser, type BrowserHandle } from '../helpers/browser.js';

let site: string;
let theme: string;
let cache: string;
let dev: DevProcess;
let stopDev: (() => Promise<void>) | undefined;
let chrome: BrowserHandle;
const logs: string[] = [];

const edit = (rel: string, change: (text: string) => string) => editFile(site, rel, change);

beforeAll(async () => {
  cache = mkdtempSync(join(tmpdir(), 'bankdocs-cache-'));
  ({ site, theme, dev, stop: stopDev } = await startDevOnFixture({ BANKDOCS_CACHE_DIR: cache }));
  chrome = await launchBrowser();
});
afterAll(async () => {
  await chrome?.close();
  await stopDev?.();
  rmSync(cache, { recursive: true, force: true });
});

async function open(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const opened = await openDevPage(chrome.browser, dev.url, path, (text) => logs.push(text));
  // The marker survives a patch and dies with a reload.
  await opened.page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  return opened;
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null);

describe('bankdocs dev: content updates in place', () => {
  it('patches an edited paragraph into the open page: no reload, same scroll position and focus', async () => {
    const { page, close } = await open('/developers/getting-started');
    await page.setViewportSize({ width: 1280, height: 400 });
    // Focus something in the page that the edit does not touch, then scroll.
    await page.locator('main a, main [tabindex], header a').first().focus();
    await page.evaluate(() => window.scrollTo({ top: 80, behavior: 'instant' }));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(0);
    const focused = await page.evaluate(() => document.activeElement?.outerHTML);
    const copyButtons = await page.locator('.copy-button').count();
    edit('content/developers/getting-started.md', (t) => t.replace('Create it.', 'Create it, then patch it.'));
    await expect.poll(() => page.locator('main').textContent(), { timeout: 10_000 }).toContain('Create it, then patch it.');
    expect(await marker(page), logs.join('\n')).toBe(7);
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(focused);
    expect(await page.locator('.copy-button').count()).toBe(copyButtons);
    // A second edit patches on top of the first.
    edit('content/developers/getting-started.md', (t) => t.replace('## Step 1: Create', '## Step 1: Create and patch'));
    await expect.poll(() => page.locator('main h2').first().textContent(), { timeout: 10_000 }).toContain('Create and patch');
    expect(await marker(page), logs.join('\n')).toBe(7);
    await close();
  });

  it('leads a link into the API reference that an edit adds to the reader\'s stored example language, as the page\'s own links', async () => {
    const { page, close } = await open('/developers/getting-started');
    await page.evaluate((key) => localStorage.setItem(key, 'ruby'), LANGUAGE_STORAGE_KEY);
    edit('content/developers/getting-started.md', (t) => `${t}\nThen [list the accounts](/api#list-accounts).\n`);
    const link = page.locator('main a', { hasText: 'list the accounts' });
    await expect.poll(() => link.count(), { timeout: 10_000 }).toBe(1);
    expect(await marker(page), logs.join('\n')).toBe(7);
    // Built for the default language (curl), as the /api redirect sends a reader who chose none.
    expect(await link.getAttribute('data-default-language')).toBe('curl');
    expect(await link.evaluate((a) => (a as HTMLAnchorElement).pathname + (a as HTMLAnchorElement).hash)).toBe('/1/api/ruby#list-accounts');
    await close();
  });

  it('keeps the table of contents marking the section being read after a heading is added in place', async () => {
    const { page, close } = await open('/developers/getting-started');
    await page.setViewportSize({ width: 1280, height: 500 });
    const filler = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of the new step, long enough to scroll past.`).join('\n\n');
    // Long sections before and after the new heading: it alone is near the top once scrolled to.
    edit('content/developers/getting-started.md', (t) => `${t}\n\n${filler}\n\n## Step 3: Finish\n\n${filler}\n\n${filler}\n`);
    await expect.poll(() => page.locator('.toc a[data-section="step-3-finish"]').count(), { timeout: 10_000 }).toBe(1);
    expect(await marker(page), logs.join('\n')).toBe(7);
    await page.evaluate(() => document.getElementById('step-3-finish')!.scrollIntoView({ behavior: 'instant' }));
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await expect.poll(() => page.locator('.toc a[aria-current="location"]').getAttribute('data-section'), { timeout: 10_000 }).toBe('step-3-finish');
    await close();
  });

  it('adds no listeners to the window as the table of contents reads the replaced content again (one set served every edit)', async () => {
    const { page, close } = await open('/developers/getting-started');
    await page.setViewportSize({ width: 1280, height: 500 });
    const cdp = await page.context().newCDPSession(page);
    const listeners = async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
      const { listeners: all } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      return all.length;
    };
    const scrolled = async () => {
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
      await page.evaluate(() => new Promise((done) => setTimeout(done, 150)));
    };
    await scrolled();
    const before = await listeners();
    for (const n of [1, 2, 3]) {
      edit('content/developers/getting-started.md', (t) => `${t}\n\n## Patched ${n}\n\nText ${n}.\n`);
      await expect.poll(() => page.locator(`.toc a[data-section="patched-${n}"]`).count(), { timeout: 10_000 }).toBe(1);
      await scrolled();
    }
    expect(await marker(page), logs.join('\n')).toBe(7);
    expect(await listeners()).toBe(before);
    await close();
  });

  it('reloads when the edit adds a code block, so the runtime sets it up (copy button)', async () => {
    const { page, close } = await open('/developers/getting-started');
    edit('content/developers/getting-started.md', (t) => `${t}\n\n\`\`\`bash\necho added\n\`\`\`\n`);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 10_000 }).toContain('echo added');
    await expect.poll(() => marker(page), { timeout: 10_000 }).toBe(null);
    await expect.poll(() => page.locator('.code-block:has-text("echo added") .copy-button').count(), { timeout: 10_000 }).toBe(1);
    await close();
  });

  it('compiles a changed theme component into the cache folder, not the package, and shows it', async () => {
    const lib = join(REPO, 'lib', 'dev-render-worker.js');
    const libTime = statSync(lib).mtimeMs;
    const { page, close } = await open('/en');
    const file = join(theme, 'components', 'chrome.tsx');
    const source = readFileSync(file, 'utf8');
    const footer = /<footer([^>]*)>/.exec(source);
    expect(footer).not.toBeNull();
    writeFileSync(file, source.replace(footer![0], `${footer![0]}<p data-testid="theme-edit">Edited theme</p>`));
    await expect.poll(() => page.locator('[data-testid="theme-edit"]').count(), { timeout: 30_000, message: dev.output() }).toBe(1);
    expect(statSync(lib).mtimeMs).toBe(libTime);
    const compiled = join(cache, 'sites');
    expect(existsSync(compiled)).toBe(true);
    expect(readdirSync(compiled, { recursive: true }).some((f) => String(f).includes('render-worker-'))).toBe(true);
    await close();
  });
});
