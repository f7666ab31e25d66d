// The reader's own settings, on the bundled site. Forced colours (Windows high contrast):
// the browser draws every colour from the reader's palette and drops tints and shadows,
// so each state a sighted reader tells by colour (the page in the menus, the section being
// read, the chosen tab, language and search result, the row a link leads to, the pressed
// dark-mode button) must still look unlike its neighbours, and what floats over the page
// (a toast, the zoom modal's close button) keeps an edge.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);
const CONSENT_KEY = 'bankdocs:consent';

async function open(viewport: { width: number; height: number }, path: string, colorScheme: 'light' | 'dark' = 'light') {
  const context = await localContext(built().chrome.browser, viewport);
  await context.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ functional: false, analytics: false, at: 1 })), CONSENT_KEY);
  const page = await context.newPage();
  await page.emulateMedia({ forcedColors: 'active', colorScheme });
  await page.goto(`${built().server.url}${path}`);
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
  return { page, close: () => context.close() };
}

/**
 * What the reader sees of an element's own colours: text, the background as drawn (the
 * nearest one that is not transparent: an opaque page colour on the page looks like none),
 * borders, outline, shadow.
 */
const look = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const s = getComputedStyle(el);
    let behind: Element | null = el;
    while (behind && /^rgba\(.*, 0\)$|^transparent$/.test(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
    const background = behind ? getComputedStyle(behind).backgroundColor.replace(/^rgba\((\d+), (\d+), (\d+), [\d.]+\)$/, 'rgb($1, $2, $3)') : 'none';
    const sides = ['Top', 'Right', 'Bottom', 'Left'].map((side) => {
      const width = s.getPropertyValue(`border-${side.toLowerCase()}-width`);
      const style = s.getPropertyValue(`border-${side.toLowerCase()}-style`);
      return style === 'none' || width === '0px' ? '-' : `${width} ${s.getPropertyValue(`border-${side.toLowerCase()}-color`)}`;
    });
    const outline = s.outlineStyle === 'none' || s.outlineWidth === '0px' ? '-' : `${s.outlineWidth} ${s.outlineColor}`;
    return `color ${s.color}; background ${background}; border ${sides.join(' ')}; outline ${outline}; shadow ${s.boxShadow}`;
  });

/** The marked item and an unmarked one of the same kind look different. */
async function expectMarked(page: Page, marked: string, plain: string): Promise<void> {
  await page.locator(marked).first().waitFor({ state: 'attached' });
  expect(await look(page, marked), `${marked} looks like ${plain}`).not.toBe(await look(page, plain));
}

/** An edge the reader's palette draws: a border or an outline. */
const edge = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const s = getComputedStyle(el);
    return (s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) >= 1) || (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1);
  });

describe('forced colours', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`a guide marks its page in the menus, the section being read and the chosen tab, at 1280 px (${scheme})`, async () => {
      const { page, close } = await open(DESKTOP, '/developers/custom-integrations#getting-started', scheme);
      try {
        await expectMarked(page, '.site-menu a[aria-current]', '.site-menu a:not([aria-current])');
        await expectMarked(page, '.sidebar-nav a[aria-current]', '.sidebar-nav a:not([aria-current])');
        await expectMarked(page, '.toc a[aria-current]', '.toc a:not([aria-current])');
        await expectMarked(page, '.tabs [role="tab"][aria-selected="true"]', '.tabs [role="tab"][aria-selected="false"]');
        // The dark-mode button says whether it is on.
        const before = await look(page, '.color-scheme-toggle');
        await page.locator('.color-scheme-toggle').click();
        await page.mouse.move(0, 400);
        await expect.poll(() => look(page, '.color-scheme-toggle')).not.toBe(before);
      } finally {
        await close();
      }
    });
  }

  it('a heading a link leads to shows it has focus, and a toast and the zoom modal\'s close button have an edge', async () => {
    const { page, close } = await open(DESKTOP, '/developers/custom-integrations');
    try {
      await page.locator('.toc a[href="#services"]').click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('services');
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
      await page.locator('.code-block .copy-button').first().click();
      await page.locator('.toast').waitFor();
      expect(await edge(page, '.toast')).toBe(true);
      await page.locator('img.zoom-enabled').first().scrollIntoViewIfNeeded();
      await page.locator('img.zoom-enabled').first().click();
      await page.locator('.zoom-close').waitFor();
      expect(await edge(page, '.zoom-close')).toBe(true);
    } finally {
      await close();
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`the API reference marks its section in the menu, the page's language and the row a link leads to, at ${viewport.width} px`, async () => {
      const { page, close } = await open(viewport, '/1/api/curl#create-access-token-grant_type');
      try {
        if (viewport === PHONE) {
          // The drawer opens with focus on the marked entry: its focus ring is not the mark.
          await page.locator('.api-menu-toggle').click();
          await page.locator('.api-menu.open a.active').waitFor();
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        }
        await expectMarked(page, '.api-menu :is(a.active, a[aria-current])', '.api-menu a.has-method:not(.active, [aria-current])');
        await expectMarked(page, '.language-picker a[aria-current]', '.language-picker a:not([aria-current])');
        await expectMarked(page, '.field:target', '.field:not(:target)');
      } finally {
        await close();
      }
    });

    it(`search marks the result chosen with the arrow keys, at ${viewport.width} px`, async () => {
      const { page, close } = await open(viewport, '/developers/custom-integrations');
      try {
        await page.locator('.search-button').click();
        await page.locator('.search-input').fill('token');
        await page.locator('.search-result').nth(1).waitFor();
        await page.keyboard.press('ArrowDown');
        await expectMarked(page, '.search-result[aria-selected="true"]', '.search-result:not([aria-selected="true"])');
      } finally {
        await close();
      }
    });
  }
});
