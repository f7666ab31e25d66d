// Printing a page, or saving it as PDF, on the bundled site: the reader gets the content
// alone (no header menu, sidebars, table of contents, consent bar, toasts or buttons), one
// column over the page's width, light whatever scheme they chose, every pane of a tab view
// under its title, code wrapped at the page's edge, a link off the site followed by its
// address, and a legal document's version, date and "not the latest" notice. The page is
// opened as a first visit (the consent bar open) by a reader who chose the dark scheme.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);

const LEGAL = '/en/terms-and-conditions/v1.0';
const GUIDE = '/developers/custom-integrations';
const FAQ = '/en/general/integrating/faq';
const API = '/1/api/curl';

/** What needs a screen or a pointer: none of it may take room on paper. */
const CHROME = [
  '.skip-link', '.site-menu', '.menu-toggle', '.color-scheme-toggle', '.search-button', '.sidebar', '.sidebar-toggle', '.toc', '.prev-next',
  '.consent', '.toasts', '.copy-page', '.copy-button', '.api-toolbar', '.language-picker', '.api-menu-toggle', '.footer-links', '.locale-picker', '[role="tablist"]',
];

async function openPrinted(viewport: { width: number; height: number }, path: string) {
  const context = await localContext(built().chrome.browser, viewport);
  await context.addInitScript(() => localStorage.setItem('bankdocs:color-scheme', 'dark'));
  const page = await context.newPage();
  await page.goto(`${built().server.url}${path}`);
  await page.waitForLoadState('load');
  await expect.poll(() => page.locator('.consent').count()).toBe(1);
  await page.emulateMedia({ media: 'print' });
  return { page, close: () => context.close() };
}

/** The selectors of CHROME that take room on the page. */
const shownChrome = (page: Page) =>
  page.evaluate((selectors) => selectors.filter((s) => [...document.querySelectorAll(s)].some((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  })), CHROME);

/** main's width against the page's, the colours, and the elements sticking out of main or scrolling sideways. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    const column = main.getBoundingClientRect();
    const name = (el: Element) => `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const wide: string[] = [];
    for (const el of main.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < column.left - 1 || box.right > column.right + 1) wide.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
      else if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') wide.push(`${name(el)} scrolls ${el.scrollWidth - el.clientWidth} px`);
    }
    const code = document.querySelector('.code-block pre');
    return {
      mainWidth: Math.round(column.width),
      pageWidth: document.documentElement.clientWidth,
      background: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(main).color,
      code: code && [getComputedStyle(code).backgroundColor, getComputedStyle(code).color],
      wide: wide.slice(0, 5),
    };
  });

/** The number of pages of a PDF made by Chromium (one /Type /Page object each). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('printed at %s width', (_name, viewport) => {
  it.each([LEGAL, GUIDE, FAQ, API])('%s prints its content alone, light, over the whole width, nothing cut at the edge', async (path) => {
    const { page, close } = await openPrinted(viewport, path);
    try {
      if (path === GUIDE) {
        // A toast (the copy button's, whether the clipboard takes the code or not) is not printed either.
        await page.emulateMedia({ media: 'screen' });
        await page.locator('.copy-button').first().click();
        await expect.poll(() => page.locator('.toast').count()).toBeGreaterThan(0);
        await page.emulateMedia({ media: 'print' });
      }
      expect(await shownChrome(page)).toEqual([]);
      expect(await page.locator('.brand').isVisible()).toBe(true);
      const found = await layout(page);
      expect(found.wide).toEqual([]);
      expect(found.mainWidth).toBeGreaterThanOrEqual(found.pageWidth - 1);
      expect(found.background).toBe('rgb(255, 255, 255)');
      expect(found.text).toBe('rgb(27, 35, 48)');
      if (found.code) expect(found.code).toEqual(['rgb(245, 247, 250)', 'rgb(27, 35, 48)']);
    } finally {
      await close();
    }
  });

  it('a guide prints every pane of its tab views, each under its tab\'s title', async () => {
    const { page, close } = await openPrinted(viewport, GUIDE);
    try {
      const panes = await page.locator('.tab-panel').evaluateAll((els) => els.map((el) => {
        const title = el.querySelector('.tab-title');
        return { shown: el.getBoundingClientRect().height > 0, title: title && title.getBoundingClientRect().height > 0 ? title.textContent : null };
      }));
      expect(panes.length).toBeGreaterThanOrEqual(3);
      expect(panes.slice(0, 3)).toEqual([
        { shown: true, title: 'curl' },
        { shown: true, title: 'Ruby' },
        { shown: true, title: 'Other languages' },
      ]);
      expect(panes.every((p) => p.shown && p.title)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('printed pages', () => {
  it('an older legal version shows its version, its date and that a newer one exists', async () => {
    const { page, close } = await openPrinted(DESKTOP, LEGAL);
    try {
      expect(await page.locator('.legal-meta').isVisible()).toBe(true);
      expect(await page.locator('.legal-meta').textContent()).toBe('You are reading version v1.0 · Effective from March 1, 2021');
      expect(await page.locator('.legal-newer').isVisible()).toBe(true);
      expect(await page.locator('.legal-newer').textContent()).toBe('This is not the latest version; the latest is v5.0.');
    } finally {
      await close();
    }
  });

  it('a link off the site prints its address after it, unless its text is the address; an in-page or site link does not', async () => {
    const { page, close } = await openPrinted(DESKTOP, FAQ);
    try {
      const after = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el, '::after').content);
      expect(await after('main a[href="https://status.moorlink.example"]')).toBe('" (https://status.moorlink.example)"');
      expect(await after('main a[href^="/"]')).toBe('none');
      const legal = await openPrinted(DESKTOP, LEGAL);
      try {
        const bare = legal.page.locator('main a[href="https://app.moorlink.example"]');
        expect(await bare.textContent()).toBe('https://app.moorlink.example');
        expect(await bare.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('none');
      } finally {
        await legal.close();
      }
    } finally {
      await close();
    }
  });

  it('a heading stays with what follows it on paper, a field, table row or card stays whole, and a badge or button keeps its colours', async () => {
    const { page, close } = await openPrinted(DESKTOP, API);
    const home = await openPrinted(DESKTOP, '/en');
    try {
      const breaks = await page.evaluate(() => ['h2', 'h3', '.endpoint', '.table-caption', '.code-bar'].map((s) => getComputedStyle(document.querySelector(`main ${s}`)!).breakAfter));
      expect(breaks).toEqual(['avoid', 'avoid', 'avoid', 'avoid', 'avoid']);
      const whole = await page.evaluate(() => ['.field', 'tr'].map((s) => getComputedStyle(document.querySelector(`main ${s}`)!).breakInside));
      expect(whole).toEqual(['avoid', 'avoid']);
      expect(await page.locator('main .method').first().evaluate((el) => getComputedStyle(el).printColorAdjust)).toBe('exact');
      expect(await home.page.locator('main .card').first().evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
      expect(await home.page.locator('main .button-primary').first().evaluate((el) => getComputedStyle(el).printColorAdjust)).toBe('exact');
    } finally {
      await home.close();
      await close();
    }
  });

  it('a table fits the paper, a cell breaking a long word only where its column cannot hold it', async () => {
    const { page, close } = await openPrinted({ width: 680, height: 1000 }, '/en/support');
    try {
      // "Severity" and "Normal" each stay on one line in the response times table.
      const heights = await page.evaluate(() => [...document.querySelectorAll('main td:first-child, main th:first-child')]
        .filter((cell) => /^(Severity|Normal)$/.test(cell.textContent!.trim()))
        .map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getClientRects().length;
        }));
      expect(heights).toEqual([1, 1]);
      expect((await layout(page)).wide).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([
    [LEGAL, 2, 5],
    [GUIDE, 5, 12],
    [FAQ, 2, 5],
    [API, 120, 220],
  ])('%s saved as an A4 PDF has a sane number of pages', async (path, fewest, most) => {
    const { page, close } = await openPrinted(DESKTOP, path);
    try {
      // Chromium loads lazy images itself before it prints from its dialog; page.pdf() does not.
      await page.evaluate(async () => {
        for (const img of document.images) img.loading = 'eager';
        await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
      });
      const count = pageCount(await page.pdf({ format: 'A4' }));
      expect(count).toBeGreaterThanOrEqual(fewest);
      expect(count).toBeLessThanOrEqual(most);
      if (path === GUIDE) {
        // Its diagram fits the page's width and height.
        await page.setViewportSize({ width: 680, height: 1000 });
        const box = await page.locator('main img[data-zoomable]').first().boundingBox();
        expect(box!.width).toBeGreaterThan(300);
        expect(box!.width).toBeLessThanOrEqual(680);
        expect(box!.height).toBeLessThan(1000);
      }
    } finally {
      await close();
    }
  });
});
