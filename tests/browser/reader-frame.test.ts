// Issue #19 "Reader experience", the frame around the content, on the bundled site: no
// element of main overflows its column at 375, 1280 and 1600 px on any page type; a
// keyboard-only walk sees a focus ring at every stop, never under the consent bar; the
// consent bar itself (first in tab order, Accept and Reject alike, Escape rejects); the
// table of contents marks the section being read; dark mode follows the system, and a
// choice persists and shows from the first paint.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, localContext, PHONE, settle, useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);
const WIDE = { width: 1600, height: 900 };
const CONSENT_KEY = 'bankdocs:consent';
const SCHEME_KEY = 'bankdocs:color-scheme';

/** Every page type of the bundled site. */
const PAGES = [
  ['home', '/en'],
  ['guide', '/developers/custom-integrations'],
  ['help introduction', '/nl/general/linking'],
  ['FAQ', '/fr/general/integrating/faq'],
  ['support', '/es/support'],
  ['legal', '/en/terms-and-conditions/v5.0'],
  ['API reference, curl', '/1/api/curl'],
  ['API reference, ruby', '/1/api/ruby'],
  ['404', '/no/such/page'],
] as const;

interface OpenOptions {
  /** Decide consent before the page loads, so the bar stays away (default true). */
  consented?: boolean;
  colorScheme?: 'light' | 'dark';
  stored?: Record<string, string>;
}

async function open(viewport: { width: number; height: number }, path: string, options: OpenOptions = {}) {
  const context = await localContext(built().chrome.browser, viewport);
  const stored = { ...(options.consented === false ? {} : { [CONSENT_KEY]: JSON.stringify({ functional: false, analytics: false, at: 1 }) }), ...options.stored };
  await context.addInitScript((entries) => {
    // Only on the first load of the page: a test may change what is stored afterwards.
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  const page = await context.newPage();
  if (options.colorScheme) await page.emulateMedia({ colorScheme: options.colorScheme });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${built().server.url}${path}`);
  await page.waitForLoadState('load');
  return { page, errors, close: () => context.close() };
}

/**
 * Elements of main that stick out of main's box sideways, or whose content is cut off
 * (overflow hidden or clip with more to show). Content inside a container that scrolls
 * sideways (code, wide tables) is that container's business: it only has to fit itself.
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    const column = main.getBoundingClientRect();
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const problems: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    for (const el of main.querySelectorAll('*')) {
      if (el.closest('.visually-hidden')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.position === 'fixed') continue;
      let parent = el.parentElement;
      let insideScroller = false;
      while (parent && parent !== main) {
        if (scrolls(parent)) insideScroller = true;
        parent = parent.parentElement;
      }
      if (insideScroller) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < column.left - 1 || box.right > column.right + 1) problems.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} in ${Math.round(column.left)}..${Math.round(column.right)}`);
      else if (['hidden', 'clip'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} cuts off ${el.scrollWidth - el.clientWidth} px`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    return problems.slice(0, 10);
  });

describe.each([
  ['375 px', PHONE],
  ['1280 px', DESKTOP],
  ['1600 px', WIDE],
])('the frame at %s', (_, viewport) => {
  it.each(PAGES)('no element of main overflows its column on the %s page', async (_kind, path) => {
    const { page, errors, close } = await open(viewport, path);
    expect(await overflowing(page)).toEqual([]);
    // The API reference's fields are stacked lists now: no table clips Rules or Description.
    if (path.includes('/api/')) expect(await page.locator('.operation table, .schema-fields table').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

/** The focused element, its focus ring, and whether the consent bar or the header covers it. */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || (style.boxShadow !== 'none' && el.matches(':focus'));
    const box = el.getBoundingClientRect();
    const bar = document.querySelector('.consent');
    const barBox = bar && !bar.contains(el) ? bar.getBoundingClientRect() : null;
    const underBar = barBox !== null && box.bottom > barBox.top + 1 && box.top < barBox.bottom && box.right > barBox.left && box.left < barBox.right;
    // What is drawn at the visible middle of the element: it, or something over it (the
    // sticky header, the bar).
    // (A link that wraps is measured on its first line, where its text is.)
    const first = el.getClientRects()[0] ?? box;
    const x = Math.min(Math.max(first.left + first.width / 2, 1), window.innerWidth - 1);
    const y = Math.min(Math.max(first.top + first.height / 2, 1), window.innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const covered = hit !== null && !el.contains(hit);
    const offScreen = box.bottom < 0 || box.top > window.innerHeight;
    return {
      what: `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      kind: el.closest('.consent') ? 'consent' : el.matches('.skip-link') ? 'skip' : el.matches('[data-search-open]') ? 'search' : el.closest('.toc') ? 'toc' : el.closest('#api-menu') ? 'api-menu' : el.matches('.api-menu-toggle') ? 'api-toggle' : 'other',
      ring,
      focusVisible: el.matches(':focus-visible'),
      underBar,
      covered: covered ? `${hit!.tagName.toLowerCase()}.${hit!.className}` : null,
      offScreen,
    };
  });

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
])('a keyboard-only walk at %s', (_, viewport) => {
  const walks = [
    ['/en', ['consent', 'skip', 'search']],
    ['/developers/custom-integrations', ['consent', 'skip', 'search', ...(viewport === DESKTOP ? ['toc'] : [])]],
    ['/1/api/curl', ['consent', 'skip', 'search', ...(viewport === DESKTOP ? ['api-menu'] : ['api-toggle'])]],
  ] as const;
  it.each(walks)('%s: a visible focus ring at every stop, never under the consent bar', async (path, expected) => {
    const { page, errors, close } = await open(viewport, path, { consented: false });
    await expect.poll(() => page.locator('.consent').isVisible()).toBe(true);
    const seen = new Set<string>();
    const problems: string[] = [];
    for (let stop = 0; stop < 160 && !expected.every((k) => seen.has(k)); stop++) {
      await page.keyboard.press('Tab');
      const state = await focusState(page);
      if (!state) continue;
      seen.add(state.kind);
      if (!state.ring || !state.focusVisible) problems.push(`no focus ring on ${state.what}`);
      if (state.underBar) problems.push(`${state.what} is under the consent bar`);
      if (state.offScreen) problems.push(`${state.what} is out of sight`);
      else if (state.covered) problems.push(`${state.what} is under ${state.covered}`);
      // The bar is first in tab order: the first stop is in it.
      if (stop === 0) expect(state.kind).toBe('consent');
    }
    expect(problems).toEqual([]);
    expect([...seen]).toEqual(expect.arrayContaining([...expected]));
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the consent bar', () => {
  it('offers Accept and Reject alike, and Escape closes it as a "Reject all"', async () => {
    const { page, close } = await open(DESKTOP, '/en', { consented: false });
    const bar = page.locator('.consent');
    await expect.poll(() => bar.isVisible()).toBe(true);
    const look = (which: string) =>
      bar.locator(`[data-consent="${which}"]`).evaluate((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return { background: s.backgroundColor, color: s.color, weight: s.fontWeight, size: s.fontSize, border: s.borderColor, height: Math.round(box.height) };
      });
    expect(await look('reject')).toEqual(await look('accept'));
    // Compact: a bar at the bottom, not a box over the page.
    const box = (await bar.boundingBox())!;
    expect(box.height).toBeLessThan(DESKTOP.height * 0.2);
    expect(Math.round(box.y + box.height)).toBe(DESKTOP.height);
    await page.keyboard.press('Escape');
    await expect.poll(() => bar.count()).toBe(0);
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY))!)).toMatchObject({ functional: false, analytics: false });
    // The room kept for it is given back.
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
    await close();
  });
});

describe('the table of contents', () => {
  it('marks the section being read, also after scrolling up, and none at the top', async () => {
    const { page, close } = await open(DESKTOP, '/developers/custom-integrations');
    const current = () => page.locator('.toc a[aria-current]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).dataset.section));
    expect(await current()).toEqual([]);
    const ids = await page.locator('.toc a[data-section]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).dataset.section!));
    expect(ids.length).toBeGreaterThan(3);
    for (const id of [ids[3]!, ids[1]!]) {
      await page.locator(`#${id}`).evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 20 }));
      await expect.poll(current).toEqual([id]);
    }
    // Halfway into a section, no heading near the top: the section the top is in.
    await page.locator(`#${ids[2]}`).evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY + 300 }));
    await settle(page);
    await expect.poll(current).toEqual([ids[2]]);
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await expect.poll(current).toEqual([]);
    await close();
  });
});

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(14, 20, 29)';

describe('dark mode', () => {
  it('follows the system until the reader picks, and the toggle says which is on', async () => {
    const dark = await open(DESKTOP, '/en', { colorScheme: 'dark' });
    expect(await background(dark.page)).toBe(DARK_BG);
    expect(await dark.page.locator('[data-color-scheme-toggle]').getAttribute('aria-pressed')).toBe('true');
    await dark.close();
    const light = await open(DESKTOP, '/en', { colorScheme: 'light' });
    expect(await background(light.page)).toBe(LIGHT_BG);
    expect(await light.page.locator('[data-color-scheme-toggle]').getAttribute('aria-pressed')).toBe('false');
    await light.close();
  });

  it('keeps the choice across pages and shows it from the first paint', async () => {
    const { page, close } = await open(DESKTOP, '/en', { colorScheme: 'light' });
    const toggle = page.locator('[data-color-scheme-toggle]');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await background(page)).toBe(DARK_BG);
    expect(await page.evaluate((key) => localStorage.getItem(key), SCHEME_KEY)).toBe('dark');
    // The next page: the scheme is on <html> before <body> exists, set by the inline head
    // script alone (the runtime is blocked here), so no light frame shows first.
    await page.context().route(/\/assets\/main-[^/]+\.js$/, (route) => route.abort());
    await page.addInitScript(() => {
      const seen: { scheme: string | undefined; body: boolean }[] = [];
      (window as unknown as { schemeSeen: typeof seen }).schemeSeen = seen;
      // <html> may not exist yet when this runs: watch the whole document for it.
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes' && record.target === document.documentElement) seen.push({ scheme: document.documentElement.dataset.colorScheme, body: document.body !== null });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-color-scheme'] });
    });
    await page.goto(`${built().server.url}/developers/custom-integrations`);
    expect(await page.evaluate(() => (window as unknown as { schemeSeen: unknown[] }).schemeSeen)).toEqual([{ scheme: 'dark', body: false }]);
    expect(await background(page)).toBe(DARK_BG);
    await page.context().unroute(/\/assets\/main-[^/]+\.js$/);
    // And back to light, which a system in dark mode would not give.
    await page.goto(`${built().server.url}/en`);
    await page.locator('[data-color-scheme-toggle]').click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await background(page)).toBe(LIGHT_BG);
    await close();
  });
});

describe('the API reference at 375 px', () => {
  it('opens its menu as a drawer with its own scroll and a close button; the toggle stays in reach', async () => {
    const { page, close } = await open(PHONE, '/1/api/curl');
    const toggle = page.locator('.api-menu-toggle');
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2 }));
    await settle(page);
    const reach = (await toggle.boundingBox())!;
    expect(reach.y).toBeGreaterThanOrEqual(0);
    expect(reach.y + reach.height).toBeLessThanOrEqual(PHONE.height);
    const scrollY = await page.evaluate(() => window.scrollY);
    await toggle.click();
    const menu = page.locator('#api-menu');
    const drawer = (await menu.boundingBox())!;
    expect(drawer.height).toBeLessThanOrEqual(PHONE.height);
    expect(await menu.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto')).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    expect(await page.evaluate(() => document.getElementById('api-menu')!.contains(document.activeElement))).toBe(true);
    await page.locator('.api-menu-close').click();
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('api-menu-toggle');
    await toggle.click();
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    await close();
  });
});

describe('the API reference at 375 px, long names', () => {
  it('wraps a long path and a nested field name between their parts, never inside a word', async () => {
    // "/sandbox/financial-institutions/{financialInstitutionId}/fi|nancial-…" and
    // "payments[].creditorAccountReferenceTyp|e" broke wherever the line ended.
    const { page, close } = await open(PHONE, '/1/api/curl');
    const inside = await page.evaluate(() => {
      const found: string[] = [];
      const range = document.createRange();
      for (const el of document.querySelectorAll('.endpoint code, .field-name')) {
        // A flex item is one box however many lines it has: one line is at most 1.5 line heights.
        if (el.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(el).lineHeight)) continue;
        const text = el.textContent ?? '';
        let offset = 0;
        let lastTop: number | null = null;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          for (let i = 0; i < node.data.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = range.getClientRects()[0]?.top;
            if (top === undefined) continue;
            if (lastTop !== null && top > lastTop + 2 && !/[/.-]/.test(text[offset + i - 1] ?? '')) found.push(`${text.slice(0, offset + i)}|${text.slice(offset + i)}`);
            lastTop = top;
          }
          offset += node.data.length;
        }
      }
      return found;
    });
    expect(inside).toEqual([]);
    // And the text is still the path, for search, copying and screen readers.
    expect(await page.locator('[data-operation="updateFinancialInstitutionTransaction"] .endpoint code').textContent()).toBe('/sandbox/financial-institutions/{financialInstitutionId}/financial-institution-accounts/{financialInstitutionAccountId}/financial-institution-transactions/{id}');
    await close();
  });
});

describe('the API reference at 375 px, deep in the page', () => {
  it('opens its drawer at the entry of the section being read, which has focus', async () => {
    // It opened at the top ("Introduction"), with focus on an entry sixty lines below.
    const { page, close } = await open(PHONE, '/1/api/curl#create-bulk-payment');
    await settle(page);
    await page.locator('.api-menu-toggle').click();
    const entry = page.locator('#api-menu a[href="#create-bulk-payment"]');
    expect(await entry.getAttribute('aria-current')).toBe('location');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#create-bulk-payment');
    const menu = (await page.locator('#api-menu').boundingBox())!;
    const box = (await entry.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(menu.y);
    expect(box.y + box.height).toBeLessThanOrEqual(menu.y + menu.height);
    await close();
  });
});

describe('the 404 page', () => {
  it('searches from its own box, and links the main sections', async () => {
    const { page, errors, close } = await open(DESKTOP, '/no/such/page');
    expect(await page.title()).toBe('Page Not Found | Moorlink Documentation');
    expect(await page.locator('.not-found-links a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/en', '/developers', '/1/api/curl', '/en/general/understanding', '/en/support']);
    await page.locator('.not-found-search input').fill('bulk payment');
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.search-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.search-input').inputValue()).toBe('bulk payment');
    await expect.poll(() => dialog.locator('.search-result').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('layout stability', () => {
  /** The layout shifts the page has had, without input before them (what CLS counts), as the element that moved. */
  const shifts = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const found: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { hadRecentInput: boolean; value: number; sources: { node?: Node }[] }[]) {
              if (entry.hadRecentInput) continue;
              for (const source of entry.sources) found.push(`${(source.node as Element | undefined)?.className ?? '?'} ${entry.value.toFixed(4)}`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(found), 300);
        }),
    );

  it('nothing moves when the consent bar appears: the API menu button on a phone, a short page\'s footer', async () => {
    for (const [viewport, path] of [[PHONE, '/1/api/curl'], [DESKTOP, '/no/such/page']] as const) {
      const { page, close } = await open(viewport, path, { consented: false });
      await expect.poll(() => page.locator('.consent').isVisible()).toBe(true);
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).not.toBe('0px');
      expect(await shifts(page), `${path} at ${viewport.width}`).toEqual([]);
      await close();
    }
  });

  it('the entry the table of contents and the API menu mark keeps its size', async () => {
    for (const [path, selector] of [['/en/terms-and-conditions/v5.0', '.toc a[data-section]'], ['/1/api/curl', '.api-menu a[href^="#"]']] as const) {
      const { page, close } = await open(DESKTOP, path);
      const grown = await page.locator(selector).evaluateAll((links) =>
        links.flatMap((a) => {
          const before = a.getBoundingClientRect().height;
          a.setAttribute('aria-current', 'true');
          a.classList.add('active');
          const after = a.getBoundingClientRect().height;
          a.removeAttribute('aria-current');
          a.classList.remove('active');
          return after === before ? [] : [`${a.textContent} ${before} -> ${after}`];
        }),
      );
      expect(grown, path).toEqual([]);
      await close();
    }
  });
});

describe('without JavaScript', () => {
  it('a phone shows the content before the menus, and no control that needs the runtime', async () => {
    const context = await built().chrome.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    for (const path of ['/1/api/curl', '/developers/custom-integrations']) {
      await page.goto(`${built().server.url}${path}`);
      const top = (selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().top);
      expect(await top('main h1'), path).toBeLessThan(PHONE.height);
      expect(await top('main h1'), path).toBeLessThan(await top('.frame > :not(main)'));
      expect(await page.locator('[data-action]').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length), path).toBe(0);
    }
    await context.close();
  });
});

describe('the header from the breakpoint up', () => {
  // At 992 px (the spec's breakpoint, where the wide header starts) the Dutch, French and
  // Spanish menus are longer than the English one: nothing may be squeezed under its
  // neighbour, wrap onto a second line or push the page sideways.
  const headerProblems = (page: Page) =>
    page.evaluate(() => {
      const problems: string[] = [];
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      const items = [...document.querySelectorAll<HTMLElement>('.site-header .brand, .site-header .search-button, .site-header .color-scheme-toggle, .site-menu a')].filter((el) => el.checkVisibility());
      const label = (el: HTMLElement) => `${el.className || el.tagName.toLowerCase()} "${(el.textContent ?? '').trim()}"`;
      for (const [i, el] of items.entries()) {
        const box = el.getBoundingClientRect();
        if (box.top < header.top || box.bottom > header.bottom) problems.push(`${label(el)} is taller than the header (${Math.round(box.height)} px)`);
        if (box.right > window.innerWidth) problems.push(`${label(el)} ends at ${Math.round(box.right)} px, past the window`);
        if (el.scrollWidth > el.clientWidth + 1 && !el.matches('.search-button')) problems.push(`${label(el)} is cut off by ${el.scrollWidth - el.clientWidth} px`);
        const next = items[i + 1];
        if (next && next.getBoundingClientRect().left < box.right - 1) problems.push(`${label(next)} covers the end of ${label(el)}`);
      }
      const toggle = document.querySelector('.color-scheme-toggle')!.getBoundingClientRect();
      if (Math.round(toggle.width) !== Math.round(toggle.height)) problems.push(`the dark-mode button is squeezed to ${Math.round(toggle.width)}x${Math.round(toggle.height)}`);
      if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
      return problems;
    });
  it.each(['en', 'nl', 'fr', 'es'])('in /%s at 992, 1024 and 1280 px: the brand, search, dark-mode button and menu side by side, each whole', async (locale) => {
    for (const width of [992, 1024, 1280]) {
      const { page, errors, close } = await open({ width, height: 800 }, `/${locale}/support`);
      expect({ width, problems: await headerProblems(page) }).toEqual({ width, problems: [] });
      expect(errors).toEqual([]);
      await close();
    }
  });
});

describe('an older legal version', () => {
  // On a phone the list of versions, where "latest" is marked, is folded away: the page
  // itself says that it is not the latest, and links the latest.
  it.each([
    ['375 px', PHONE],
    ['1280 px', DESKTOP],
  ])('says at %s, under its version line, that it is not the latest and links the latest; the latest says nothing', async (_, viewport) => {
    for (const [path, expected, latest] of [
      ['/en/privacy-notice/v1.0', 'This is not the latest version; the latest is v5.0.', '/en/privacy-notice/v5.0'],
      ['/nl/terms-and-conditions/v4.0', 'Dit is niet de nieuwste versie; de nieuwste is v5.0.', '/nl/terms-and-conditions/v5.0'],
    ] as const) {
      const { page, errors, close } = await open(viewport, path);
      const note = page.locator('main .legal-newer');
      expect(await note.isVisible()).toBe(true);
      expect(await note.textContent()).toBe(expected);
      const box = (await note.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(viewport.height);
      await note.getByRole('link', { name: 'v5.0' }).click();
      await page.waitForURL(`**${latest}`);
      expect(await page.locator('main .legal-meta').textContent()).toContain('v5.0');
      expect(await page.locator('main .legal-newer').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    }
  });
});

describe('the list of legal versions', () => {
  // "la plus récente" and "la más reciente" do not fit beside the date in the sidebar: the
  // badge goes under the date of its own version, not to the start of a line of its own,
  // just above the next version. Each date is written out in the page's language.
  it.each(['en', 'fr', 'es'])('in /%s marks the latest beside or under its date, at 1280 and 375 px', async (locale) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors, close } = await open(viewport, `/${locale}/terms-and-conditions/v4.0`);
      if (viewport === PHONE) await page.locator('.sidebar-toggle').click();
      const where = await page.evaluate(() => {
        const items = [...document.querySelectorAll('.legal-versions li')];
        const i = items.findIndex((li) => li.querySelector('.badge'));
        const box = (el: Element) => el.getBoundingClientRect();
        const [date, badge, next] = [box(items[i]!.querySelector('time')!), box(items[i]!.querySelector('.badge')!), box(items[i + 1]!.querySelector('a')!)];
        return { underOrBesideItsDate: badge.left >= date.left - 1, aboveTheNext: badge.bottom <= next.top + 1 };
      });
      expect({ width: viewport.width, ...where }).toEqual({ width: viewport.width, underOrBesideItsDate: true, aboveTheNext: true });
      // Dates are written out in the page's language ("1 de septiembre de 2025"): a long one wraps, never a version's number.
      const versions = await page.evaluate(() => [...document.querySelectorAll('.legal-versions li > a')].map((a) => [a.textContent, a.getClientRects().length === 1 && a.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(a).lineHeight)]));
      expect(versions.filter(([, oneLine]) => !oneLine), `${locale} at ${viewport.width}`).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
