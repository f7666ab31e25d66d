// What a keyboard user meets, on the real site: the phone menu lets go on Escape and when
// focus leaves it, the example-language picker shows its focus ring whole, focus comes
// back where it was after a search, the results list is no Tab stop of its own, and a
// reader who asked for less motion gets no smooth scrolling.
import { describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, settle, useBuiltSite } from '../helpers/browser.js';

const site = useBuiltSite(null);

async function open(viewport: { width: number; height: number }, path: string) {
  const context = await localContext(site().chrome.browser, viewport);
  // No consent bar in the way: a returning reader who chose.
  await context.addInitScript(() => localStorage.setItem('bankdocs:consent', JSON.stringify({ version: 1, necessary: true, functional: false, analytics: false })));
  const page = await context.newPage();
  await page.goto(`${site().server.url}${path}`);
  await page.waitForLoadState('load');
  return { page, close: () => context.close() };
}

describe('keyboard and motion', () => {
  it('closes the phone menu on Escape, giving focus back to its button, and when focus leaves it', async () => {
    const { page, close } = await open(PHONE, '/developers/custom-integrations');
    const toggle = page.locator('.menu-toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-menu')))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
    // Tabbing out of the last link closes it.
    await toggle.click();
    const links = await page.locator('#site-menu a').count();
    for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-menu')))).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The header keeps one row at 375 px, whatever the product's name.
    expect(await page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().height)).toBeLessThanOrEqual(51);
    await close();
  });

  it('draws the example-language picker\'s focus ring whole', async () => {
    const { page, close } = await open(DESKTOP, '/1/api/curl');
    await page.locator('.language-picker a', { hasText: 'ruby' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const clip = await page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const style = getComputedStyle(link);
      return { picker: getComputedStyle(link.closest('.language-picker')!).overflow, outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(clip).toEqual({ picker: 'visible', outline: 'solid', width: '3px' });
    await close();
  });

  it('gives focus back to where the search was opened from, and to a result chosen on the same page', async () => {
    const { page, close } = await open(DESKTOP, '/1/api/curl');
    await page.locator('.search-button').click();
    const input = page.locator('.search-input');
    await input.fill('create access token');
    await expect.poll(() => page.locator('.search-result').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The results list is led by the input: Tab goes past it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-results'))).toBe(false);
    await input.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#create-access-token$/);
    await settle(page);
    expect(await page.evaluate(() => document.activeElement?.closest('.search-button, .site-header') === null)).toBe(true);
    await page.keyboard.press('Escape');
    // Opened and closed without a choice: focus is back on the button.
    await page.locator('.search-button').click();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);
    await close();
  });

  it('keeps a Tab stop on the code blocks and tables that scroll at this width, and only on those', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, close } = await open(viewport, '/1/api/curl');
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.code-block > pre, .table-scroll')]
          .filter((box) => box.offsetParent !== null)
          .map((box) => ({ stop: box.tabIndex === 0, scrolls: box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1 })),
      );
      expect(boxes.length).toBeGreaterThan(10);
      expect(boxes.filter((b) => b.stop !== b.scrolls)).toEqual([]);
      expect(boxes.some((b) => !b.stop)).toBe(true);
      await close();
    }
  });

  it('jumps without smooth scrolling when the reader asked for less motion', async () => {
    const { page, close } = await open(DESKTOP, '/developers/custom-integrations');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const target = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
      return links.at(-1)!.getAttribute('href');
    });
    const positions: number[] = [];
    await page.locator(`.toc a[href="${target}"]`).first().click();
    for (let i = 0; i < 6; i++) {
      positions.push(await page.evaluate(() => Math.round(window.scrollY)));
      await page.waitForTimeout(30);
    }
    expect(new Set(positions).size).toBe(1);
    expect(positions[0]).toBeGreaterThan(0);
    await close();
  });
});

describe('the language screen readers are told', () => {
  async function withLocale(path: string, locale: string) {
    const context = await localContext(site().chrome.browser, DESKTOP);
    await context.addInitScript((stored) => localStorage.setItem('bankdocs:locale', stored), locale);
    const page = await context.newPage();
    await page.goto(`${site().server.url}${path}`);
    await page.waitForLoadState('load');
    return { page, close: () => context.close() };
  }

  it('on a page that is not translated, read in Dutch: what was switched says nl, what stays English says en', async () => {
    const { page, close } = await withLocale('/developers/custom-integrations', 'nl');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('nl');
    const skip = await page.evaluate(() => { const a = document.querySelector<HTMLElement>('.skip-link')!; return [a.textContent, a.lang]; });
    expect(skip).toEqual(['Naar de inhoud', 'nl']);
    // The footer's copyright and the guides' titles stay as written: English, and said so.
    expect(await page.evaluate(() => [document.querySelector<HTMLElement>('.site-footer')!.lang, document.querySelector<HTMLElement>('.sidebar')!.lang, document.querySelector('main')!.lang])).toEqual(['en', 'en', 'en']);
    await close();
  });

  it('on the 404 page, read in French: its switched words say fr inside an English main', async () => {
    const { page, close } = await withLocale('/no/such/page', 'fr');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const heading = await page.evaluate(() => { const h = document.querySelector<HTMLElement>('main h1')!; return [h.textContent, h.closest('[lang]')!.getAttribute('lang')]; });
    expect(heading).toEqual(['Page introuvable', 'fr']);
    await close();
  });
});

