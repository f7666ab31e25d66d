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

  describe('the runtime\'s widgets on a patched page', () => {
    const WIDGETS = 'content/developers/widgets.md';
    const page1 = [
      '---', 'title: "Widgets"', 'description: "Every widget of the runtime on one page."', '---', '',
      '## First part', '', 'The opening paragraph.', '',
      '::::tabs', ':::tab{title="Shell"}', 'Shell text.', ':::', ':::tab{title="Node"}', 'Node text.', ':::', ':::tab{title="Go"}', 'Go text.', ':::', '::::', '',
      '```bash', 'echo one', '```', '',
      '| Field | Meaning |', '| --- | --- |', '| id | The identifier. |', '',
      '![A diagram](payments/flow.svg)', '',
      '## Second part', '', 'The closing paragraph.', '',
    ].join('\n');

    /** The widgets page, freshly served (written anew: each test starts from the same page). */
    async function openWidgets() {
      writeFileSync(join(site, WIDGETS), page1);
      const served = async () => {
        const response = await fetch(`${dev.url}/developers/widgets`);
        return response.ok && (await response.text()).includes('The opening paragraph.');
      };
      await expect.poll(served, { timeout: 10_000 }).toBe(true);
      const opened = await open('/developers/widgets');
      await opened.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dev.url });
      return opened;
    }

    /** What a reader gets from each widget, used as after a fresh load. */
    async function widgets(page: Page) {
      const tabs = page.locator('.tabs [role="tab"]');
      await tabs.nth(1).click();
      const clicked = await page.locator('.tabs [role="tabpanel"]:not([data-inactive]) p:not(.tab-title)').textContent();
      await page.keyboard.press('ArrowRight');
      const arrowed = [await page.evaluate(() => document.activeElement?.textContent), await page.locator('.tabs [role="tabpanel"]:not([data-inactive]) p:not(.tab-title)').textContent()];
      await tabs.nth(0).click();
      await page.locator('.code-block .copy-button').click();
      await expect.poll(() => page.locator('.toast').last().textContent()).toBe('Copied to the clipboard');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const img = page.locator('main img[data-zoomable]');
      await img.click();
      const zoomed = await page.locator('dialog.zoom-modal').getAttribute('aria-label', { timeout: 5_000 }).catch(() => null);
      if (zoomed) await page.keyboard.press('Escape');
      // By the keyboard: the copy's toast may lie over the link.
      await page.locator('.toc a').last().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
      const followed = await page.evaluate(() => [location.hash, document.activeElement?.textContent]);
      return { clicked: clicked?.trim(), arrowed: arrowed.map((t) => t?.trim()), copied, zoomed, followed };
    }

    it('keep working as after a fresh load when an edit changes a paragraph elsewhere, a tab\'s text or title, the code or a heading, patched in place', async () => {
      const { page, close } = await openWidgets();
      expect(await widgets(page)).toEqual({ clicked: 'Node text.', arrowed: ['Go', 'Go text.'], copied: 'echo one', zoomed: 'A diagram', followed: ['#second-part', 'Second part'] });
      const edits: [(t: string) => string, string, Partial<Awaited<ReturnType<typeof widgets>>>][] = [
        [(t) => t.replace('The opening paragraph.', 'The opening paragraph, edited.'), 'The opening paragraph, edited.', {}],
        [(t) => t.replace('Node text.', 'Node text, edited.'), 'Node text, edited.', { clicked: 'Node text, edited.' }],
        [(t) => t.replace('title="Go"', 'title="Rust"'), 'Rust', { arrowed: ['Rust', 'Go text.'] }],
        [(t) => t.replace('echo one', 'echo two'), 'echo two', { copied: 'echo two' }],
        [(t) => t.replace('## Second part', '## Second portion'), 'Second portion', { followed: ['#second-portion', 'Second portion'] }],
      ];
      let expected = await widgets(page);
      for (const [change, shown, differs] of edits) {
        edit(WIDGETS, change);
        await expect.poll(() => page.locator('main').textContent(), { timeout: 10_000 }).toContain(shown);
        expect(await marker(page), logs.join('\n')).toBe(7);
        expected = { ...expected, ...differs };
        expect(await widgets(page), shown).toEqual(expected);
      }
      await close();
    });

    it('reload when an edit changes a zoomable image (its alternative text) or adds one, which then zooms as after a fresh load', async () => {
      const { page, close } = await openWidgets();
      edit(WIDGETS, (t) => t.replace('![A diagram]', '![The diagram]'));
      await expect.poll(() => page.locator('main img[data-zoomable]').getAttribute('alt'), { timeout: 10_000 }).toBe('The diagram');
      await expect.poll(() => marker(page), { timeout: 10_000 }).toBe(null);
      expect((await widgets(page)).zoomed).toBe('The diagram');
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
      edit(WIDGETS, (t) => t.replace('The closing paragraph.', 'The closing paragraph.\n\n![A second diagram](payments/flow.svg)'));
      const second = page.getByRole('button', { name: 'A second diagram' });
      await expect.poll(() => second.count(), { timeout: 10_000 }).toBe(1);
      expect(await marker(page)).toBe(null);
      await second.click();
      expect(await page.locator('dialog.zoom-modal').getAttribute('aria-label')).toBe('A second diagram');
      await close();
    });

    it('make a code block that an edit widened past its column a Tab stop, and a table that fits none, as a fresh load does', async () => {
      const { page, close } = await openWidgets();
      const stops = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('main .code-block > pre, main .table-scroll')].map((box) => box.tabIndex));
      await expect.poll(stops).toEqual([-1, -1]);
      edit(WIDGETS, (t) => t.replace('echo one', `echo ${'long '.repeat(60)}`));
      await expect.poll(() => page.locator('main pre').textContent(), { timeout: 10_000 }).toContain('long long');
      // (Two edits: one changing the code block and adding a table beside it reloads.)
      edit(WIDGETS, (t) => t.replace('| id | The identifier. |', '| id | The identifier. |\n\n| Name | Kind |\n| --- | --- |\n| a | b |'));
      await expect.poll(() => page.locator('main .table-scroll').count(), { timeout: 10_000 }).toBe(2);
      expect(await marker(page), logs.join('\n')).toBe(7);
      await expect.poll(stops).toEqual([0, -1, -1]);
      await close();
    });
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
