// The reader's own settings, on the bundled site. Forced colours (Windows high contrast):
// the browser draws every colour from the reader's palette and drops tints and shadows,
// so each state a sighted reader tells by colour (the page in the menus, the section being
// read, the chosen tab, language and search result, the row a link leads to, the pressed
// dark-mode button) must still look unlike its neighbours, and what floats over the page
// (a toast, the zoom modal's close button) keeps an edge. Text made larger (200 %) and a
// 400 % zoom scroll no page sideways; less motion (prefers-reduced-motion) animates nothing.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);
const CONSENT_KEY = 'bankdocs:consent';

interface Settings {
  colorScheme?: 'light' | 'dark';
  /** The browser's default font size in px (its text size setting; 16 unless set). */
  fontSize?: number;
  /** Forced colours, unless a font size is given (default true). */
  forcedColors?: boolean;
  reducedMotion?: boolean;
}

/** A page as the reader set up the browser: in forced colours unless told otherwise, or with a larger default font. */
async function open(viewport: { width: number; height: number }, path: string, settings: Settings = {}) {
  const context = await localContext(built().chrome.browser, viewport);
  await context.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ functional: false, analytics: false, at: 1 })), CONSENT_KEY);
  const page = await context.newPage();
  const forced = !settings.fontSize && settings.forcedColors !== false;
  if (settings.fontSize) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: settings.fontSize, fixed: settings.fontSize - 3 } });
  }
  if (forced) await page.emulateMedia({ forcedColors: 'active', colorScheme: settings.colorScheme ?? 'light' });
  if (settings.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${built().server.url}${path}`);
  await page.waitForLoadState('load');
  if (forced) expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
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
      const { page, close } = await open(DESKTOP, '/developers/custom-integrations#getting-started', { colorScheme: scheme });
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

  it('a heading a link leads to shows it has focus, and a code block, a toast and the zoom modal\'s close button have an edge', async () => {
    const { page, close } = await open(DESKTOP, '/developers/custom-integrations');
    try {
      await page.locator('.toc a[href="#services"]').click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('services');
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
      expect(await edge(page, '.code-block')).toBe(true);
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
    it(`the API reference marks its section in the menu, the page's language and the row a link leads to, and its badges keep their box, at ${viewport.width} px`, async () => {
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
        // The badges of an operation's method and a response's status keep their box.
        for (const badge of ['.product-tag', '.method', '.status']) expect(await edge(page, badge), badge).toBe(true);
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

describe('text the reader made larger', () => {
  // 200 % text: a default font size of 32 px. Reflow at 320 CSS px (400 % zoom) is the
  // narrow layout, which reader-frame.test.ts checks; this is text alone growing.
  const headerProblems = (page: Page) =>
    page.evaluate(() => {
      const problems: string[] = [];
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      const items = [...document.querySelectorAll<HTMLElement>('.site-header .brand, .site-header .search-button, .site-header .color-scheme-toggle, .site-menu a')].filter((el) => el.checkVisibility());
      const boxes = items.map((el) => ({ name: (el.textContent ?? '').trim() || el.className, box: el.getBoundingClientRect() }));
      for (const { name, box } of boxes) {
        if (box.left < 0 || box.right > document.documentElement.clientWidth) problems.push(`"${name}" spans ${Math.round(box.left)}..${Math.round(box.right)} px, outside the window`);
        if (box.top < header.top || box.bottom > header.bottom) problems.push(`"${name}" sticks out of the header`);
      }
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          if (a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1) problems.push(`"${a.name}" and "${b.name}" overlap`);
      const toggle = document.querySelector('.color-scheme-toggle')!.getBoundingClientRect();
      if (Math.round(toggle.width) !== Math.round(toggle.height)) problems.push(`the dark-mode button is squeezed to ${Math.round(toggle.width)}x${Math.round(toggle.height)}`);
      if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push(`the page scrolls sideways by ${document.documentElement.scrollWidth - document.documentElement.clientWidth} px`);
      return problems;
    });

  for (const width of [992, 1280]) {
    it(`at ${width} px the header wraps its menu rather than push the page sideways, and the sidebar sticks below it`, async () => {
      for (const path of ['/developers/custom-integrations', '/fr/general/integrating/faq']) {
        const { page, close } = await open({ width, height: 800 }, path, { fontSize: 32 });
        try {
          expect({ path, problems: await headerProblems(page) }).toEqual({ path, problems: [] });
          await page.mouse.wheel(0, 1500);
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
          const [header, sidebar] = await page.evaluate(() => ['.site-header', '.sidebar'].map((s) => document.querySelector(s)!.getBoundingClientRect().toJSON() as DOMRect));
          expect(sidebar!.top, path).toBeGreaterThanOrEqual(header!.bottom);
        } finally {
          await close();
        }
      }
    });
  }

  it('at 1280 px the sidebars, the API menu and the table of contents break a long word rather than scroll sideways', async () => {
    for (const path of ['/nl/general/linking', '/fr/general/integrating/faq', '/1/api/curl']) {
      const { page, close } = await open(DESKTOP, path, { fontSize: 32 });
      try {
        const sideways = await page.evaluate(() => [...document.querySelectorAll('.sidebar, .api-menu, .toc')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${el.className}: ${el.scrollWidth} px in ${el.clientWidth}`));
        expect({ path, sideways }).toEqual({ path, sideways: [] });
      } finally {
        await close();
      }
    }
  });

  it('grows the search dialog\'s text with the reader\'s font size, and keeps it at the usual size', async () => {
    // [font size set, the input's, the help line's, a result's page line] in px.
    const sizes: number[][] = [];
    for (const fontSize of [16, 32]) {
      const { page, close } = await open(DESKTOP, '/developers/custom-integrations', { fontSize, forcedColors: false });
      try {
        await page.keyboard.press('/');
        await page.locator('.search-input').fill('token');
        await page.locator('.search-result-page').first().waitFor();
        const px = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        sizes.push([fontSize, await px('.search-input'), await px('.search-help, .search-status'), await px('.search-result-page')]);
      } finally {
        await close();
      }
    }
    expect(sizes).toEqual([
      [16, 17, 13, 13],
      [32, 34, 26, 26],
    ]);
  });

  // Each page type, in the phone layout: with 200 % text at 375 px, and zoomed to 400 % (320 CSS px).
  for (const [viewport, fontSize] of [[PHONE, 32], [{ width: 320, height: 640 }, undefined]] as const) {
    it(`at ${viewport.width} px${fontSize ? ' with 200 % text' : ''} no page scrolls sideways`, async () => {
      for (const path of ['/en', '/developers/custom-integrations', '/fr/general/integrating/faq', '/en/terms-and-conditions/v5.0', '/1/api/curl', '/no/such/page']) {
        const { page, close } = await open(viewport, path, fontSize ? { fontSize } : { forcedColors: false });
        try {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect({ path, overflow }).toEqual({ path, overflow: 0 });
        } finally {
          await close();
        }
      }
    });
  }
});

describe('less motion', () => {
  // keyboard.test.ts checks the table of contents' jump; this is everything else that moves.
  const moving = (page: Page) => page.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? 'a script animation'));
  /** scrollY on the next two frames after an action: one value when the jump is instant. */
  const framesAfter = (page: Page) => page.evaluate(() => new Promise<number[]>((resolve) => requestAnimationFrame(() => { const first = window.scrollY; requestAnimationFrame(() => resolve([first, window.scrollY])); })));

  for (const viewport of [DESKTOP, PHONE]) {
    it(`at ${viewport.width} px the search dialog, a toast, the ${viewport === DESKTOP ? 'zoom modal' : "API menu's drawer"} and the API menu's jump neither animate nor glide`, async () => {
      const guide = await open(viewport, '/developers/custom-integrations', { forcedColors: false, reducedMotion: true });
      try {
        const { page } = guide;
        await page.locator('.search-button').click();
        await page.locator('.search-input').fill('token');
        await page.locator('.search-result').first().waitFor();
        expect(await moving(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.locator('.code-block .copy-button').first().click();
        await page.locator('.toast').waitFor();
        expect(await moving(page)).toEqual([]);
        if (viewport === DESKTOP) {
          await page.locator('img.zoom-enabled').first().click();
          await page.locator('.zoom-close').waitFor();
          expect(await moving(page)).toEqual([]);
        }
      } finally {
        await guide.close();
      }
      const api = await open(viewport, '/1/api/curl', { forcedColors: false, reducedMotion: true });
      try {
        const { page } = api;
        if (viewport === PHONE) await page.locator('.api-menu-toggle').click();
        expect(await moving(page)).toEqual([]);
        await page.locator('.api-menu a[href="#pagination"]').click();
        const [first, next] = await framesAfter(page);
        expect(first).toBeGreaterThan(0);
        expect(next).toBe(first);
      } finally {
        await api.close();
      }
    });
  }
});
