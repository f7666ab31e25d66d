// The browser runtime at desktop and phone widths, with real scrolling, clicking and
// resizing, on the fixture site plus a long guide and a long API reference.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BrowserHandle, type BuiltSite } from '../helpers/browser.js';
import { settle } from '../helpers/browser.js';
import { LANGUAGE_STORAGE_KEY } from '../../src/routes/resolve.js';

let built: BuiltSite;
let server: BuiltSite['server'];
let chrome: BrowserHandle;

/** A grey PNG of the size given, which a browser decodes. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits a pixel, grey (colour type 0)
  const rows = Buffer.alloc((width + 1) * height, 200);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // each row's filter: none
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const paragraph = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} explains one more detail of this step in enough words to take a line or two on a phone screen.`).join('\n\n');

beforeAll(async () => {
  built = await serveBuiltSite('basic-site', (site) => {
    const content = join(site, 'content');
    writeFileSync(join(content, 'developers', 'long-guide.md'), [
      '---', 'title: "A long guide"', 'description: "Long enough to scroll."', 'order: 2', '---', '',
      '## First part', '', paragraph(12), '',
      '![A flow diagram](payments/flow.svg)', '',
      '::::tabs', ':::tab{title="curl"}', '```shell', 'curl https://api.fixture.example/accounts', '```', ':::', ':::tab{title="Ruby"}', 'Use the client.', ':::', ':::tab{title="Python"}', ':::', '::::', '',
      '## Second part', '', paragraph(12), '', '[Back to the first part](#first-part)', '',
      '# Appendix', '', paragraph(12), '',
    ].join('\n'));
    // An image without alternative text, and one that is a link (check warns of the first).
    // A tall diagram, a small raster image and one wider than any screen, to be zoomed.
    writeFileSync(join(content, 'developers', 'payments', 'tall.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 400" width="200" height="400"><rect width="200" height="400" fill="#0b5fff"/></svg>');
    writeFileSync(join(content, 'developers', 'payments', 'small.png'), png(300, 150));
    writeFileSync(join(content, 'developers', 'payments', 'wide.png'), png(2400, 600));
    writeFileSync(join(content, 'developers', 'diagrams.md'), ['---', 'title: "Diagrams"', 'description: "Images of every shape, zoomed."', 'order: 4', '---', '', '![A tall diagram](payments/tall.svg)', '', '![A small photo](payments/small.png)', '', '![A wide photo](payments/wide.png)', ''].join('\n'));
    writeFileSync(join(content, 'developers', 'pictures.md'), ['---', 'title: "Pictures"', 'description: "Images that are not zoomed."', 'order: 3', '---', '', '![](payments/flow.svg)', '', '[![The flow, as a link](payments/flow.svg)](long-guide.md)', ''].join('\n'));
    // Tab views in the example languages (one titled in capitals, Ruby before curl) and one in none.
    writeFileSync(join(content, 'developers', 'client-libraries.md'), [
      '---', 'title: "Client libraries"', 'description: "Install a client."', 'order: 4', '---', '',
      'The [API reference](/api) has every call.', '',
      '## Install', '', '::::tabs', ':::tab{title="RUBY"}', 'Add the gem to your Gemfile.', ':::', ':::tab{title="curl"}', 'Nothing to install.', ':::', '::::', '',
      '## Environments', '', '::::tabs', ':::tab{title="Sandbox"}', 'Test money only.', ':::', ':::tab{title="Production"}', 'Real money.', ':::', '::::', '',
    ].join('\n'));
    mkdirSync(join(content, 'api'), { recursive: true });
    const operations = ['Create payment', 'Get payment', 'Delete payment', 'Create bulk payment'];
    writeFileSync(join(content, 'api', '03-payments.md'), [
      '---', 'title: "Payments"', '---', '', paragraph(4), '',
      ...operations.flatMap((op) => [`### ${op}`, '', paragraph(10), '', '```curl', `curl https://api.fixture.example/${op.toLowerCase().replaceAll(' ', '-')}`, '```', '', '```ruby', `client.${op.toLowerCase().replaceAll(' ', '_')}`, '```', '']),
    ].join('\n'));
    writeFileSync(join(content, 'api', '04-mandates.md'), ['---', 'title: "Mandates"', '---', '', paragraph(30), ''].join('\n'));
    // A section whose one operation follows its heading at once, at the end of the page (it cannot be scrolled to the top).
    writeFileSync(join(content, 'api', '05-webhooks.md'), ['---', 'title: "Webhooks"', '---', '', '### Register webhook', '', paragraph(1), '', '```curl', 'curl https://api.fixture.example/register-webhook', '```', ''].join('\n'));
  });
  ({ server, chrome } = built);
});
afterAll(() => built?.close());

async function open(viewport: typeof DESKTOP, path: string, options: { permissions?: string[] } = {}) {
  const context = await localContext(chrome.browser, viewport);
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: server.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('load');
  return { page, errors, close: () => context.close() };
}

/** The page's layout shifts so far, summed (the CLS of a page that has not scrolled). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );

const topOf = (page: Page, selector: string) => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));

describe('hash navigation', () => {
  it('scrolls to the top without a hash', async () => {
    const { page, close } = await open(DESKTOP, '/developers/long-guide');
    await settle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await close();
  });

  it('at 1280 px puts the target just below the sticky header', async () => {
    const { page, close } = await open(DESKTOP, '/developers/long-guide#second-part');
    await settle(page);
    const header = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.abs((await topOf(page, '#second-part')) - (header + 12))).toBeLessThanOrEqual(2);
    await close();
  });

  it('below 992 px keeps 50 px above an H2 and 70 px above an H1', async () => {
    const { page, close } = await open(PHONE, '/developers/long-guide#second-part');
    await settle(page);
    expect(Math.abs((await topOf(page, '#second-part')) - 50)).toBeLessThanOrEqual(2);
    await page.goto(`${server.url}/developers/long-guide#appendix`);
    await settle(page);
    expect(Math.abs((await topOf(page, '#appendix')) - 70)).toBeLessThanOrEqual(2);
    await close();
  });

  it('scrolls smoothly on an in-page link and records the hash', async () => {
    const { page, close } = await open(PHONE, '/developers/long-guide#second-part');
    await settle(page);
    await page.locator('a[href="#first-part"]', { hasText: 'Back to the first part' }).click();
    await settle(page);
    expect(new URL(page.url()).hash).toBe('#first-part');
    expect(Math.abs((await topOf(page, '#first-part')) - 50)).toBeLessThanOrEqual(2);
    await close();
  });

  it('restores the saved position after going back', async () => {
    const { page, close } = await open(DESKTOP, '/developers/long-guide');
    await page.evaluate(() => window.scrollTo({ top: 900 }));
    await page.waitForTimeout(400);
    await page.goto(`${server.url}/developers`);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBeGreaterThan(880);
    await close();
  });

  it('survives hostile hashes without an exception', async () => {
    const { page, errors, close } = await open(DESKTOP, '/developers/long-guide');
    for (const hash of ['#%E0%A4%A', '#"><img src=x onerror=alert(1)>', '#)(', '#' + 'a'.repeat(5000), '#%00']) {
      await page.goto(`${server.url}/developers/long-guide${hash}`);
    }
    await page.waitForTimeout(200);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the API side menu', () => {
  it('highlights the section nearest the top, and updates title and hash without history entries', async () => {
    const { page, close } = await open(DESKTOP, '/1/api/curl');
    const before = await page.evaluate(() => history.length);
    await page.locator('#get-payment').evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 40 }));
    await expect.poll(() => page.locator('.api-menu a.active').textContent()).toBe('Get payment');
    expect(await page.title()).toBe('Get payment | Fixturebank Docs');
    expect(new URL(page.url()).hash).toBe('#get-payment');
    await page.locator('#mandates').evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 10 }));
    await expect.poll(() => page.locator('.api-menu a.active').textContent()).toBe('Mandates');
    expect(await page.evaluate(() => history.length)).toBe(before);
    await close();
  });

  it('keeps the operation a link or the address went to, though its section\'s heading is just above, until the reader scrolls', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, close } = await open(viewport, '/1/api/curl#register-webhook');
      await settle(page);
      await expect.poll(() => page.locator('.api-menu a.active').textContent()).toBe('Register webhook');
      expect(new URL(page.url()).hash).toBe('#register-webhook');
      expect(await page.title()).toBe('Register webhook | Fixturebank Docs');
      // The reader's own scroll hands it back to the rule of the nearest heading.
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await page.mouse.wheel(0, -2500);
      await settle(page);
      await expect.poll(() => page.locator('.api-menu a.active').textContent()).not.toBe('Register webhook');
      await close();
    }
  });

  it('shows and hides with the toggle at 1280 px', async () => {
    const { page, close } = await open(DESKTOP, '/1/api/curl');
    const toggle = page.locator('.api-menu-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#api-menu').isVisible()).toBe(false);
    await toggle.click();
    expect(await page.locator('#api-menu').isVisible()).toBe(true);
    await close();
  });

  it('starts closed at 375 px, opens with the toggle and collapses after a click', async () => {
    const { page, close } = await open(PHONE, '/1/api/curl');
    expect(await page.locator('#api-menu').isVisible()).toBe(false);
    await page.locator('.api-menu-toggle').click();
    expect(await page.locator('#api-menu').isVisible()).toBe(true);
    await page.locator('#api-menu a', { hasText: 'Delete payment' }).click();
    expect(await page.locator('#api-menu').isVisible()).toBe(false);
    await settle(page);
    expect(Math.abs((await topOf(page, '#delete-payment')) - 50)).toBeLessThanOrEqual(2);
    await close();
  });

  it('switches the example language keeping the section and its position, and remembers it', async () => {
    const { page, close } = await open(DESKTOP, '/1/api/curl#create-bulk-payment');
    await settle(page);
    // Read on a little into the section: the new page keeps that position, not the section's top.
    await page.evaluate(() => window.scrollBy({ top: 150, behavior: 'instant' }));
    await settle(page);
    const before = await topOf(page, '#create-bulk-payment');
    expect(before).toBeLessThan(0);
    await page.locator('.language-picker a', { hasText: 'ruby' }).click();
    await page.waitForURL(/\/1\/api\/ruby#create-bulk-payment$/);
    await settle(page);
    expect(Math.abs((await topOf(page, '#create-bulk-payment')) - before)).toBeLessThanOrEqual(10);
    expect(await page.evaluate(() => localStorage.getItem('bankdocs:language'))).toBe('ruby');
    await close();
  });
});

describe('code blocks', () => {
  it('copy the code and confirm with a toast that hides itself', async () => {
    const { page, close } = await open(DESKTOP, '/developers/payments/create-payment', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.locator('.code-block .copy-button').first().click();
    const toast = page.locator('.toasts[role=status] .toast');
    await expect.poll(() => toast.textContent()).toBe('Copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('curl -X POST https://api.fixture.example/payments');
    const box = await page.locator('.toasts').boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40);
    await expect.poll(() => toast.count(), { timeout: 8000 }).toBe(0);
    await close();
  });
});

describe('zoomable images', () => {
  it('open a modal at 1280 px that Escape, the close button and a click outside close', async () => {
    const { page, close } = await open(DESKTOP, '/developers/long-guide');
    const img = page.locator('img[data-zoomable]');
    await img.click();
    await expect.poll(() => page.locator('dialog.zoom-modal').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.zoom-modal').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IMG');
    await img.click();
    await page.locator('.zoom-close').click();
    await expect.poll(() => page.locator('dialog.zoom-modal').count()).toBe(0);
    await img.click();
    // The modal opens once its lazy chunk has run: wait for it before clicking outside.
    await expect.poll(() => page.locator('dialog.zoom-modal').isVisible()).toBe(true);
    await page.mouse.click(5, 5);
    await expect.poll(() => page.locator('dialog.zoom-modal').count()).toBe(0);
    await close();
  });

  // The enlarged image's box, the space it may fill (the viewport less 100 px each way,
  // for the margins and the close button's row), its natural size, and the close button's box.
  async function zoomed(page: Page, img: Locator) {
    await img.click();
    const large = page.locator('dialog.zoom-modal img');
    await expect.poll(() => large.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const [natural, viewport] = await large.evaluate((el: HTMLImageElement) => [{ width: el.naturalWidth, height: el.naturalHeight }, { width: innerWidth, height: innerHeight }]);
    return { box: (await large.boundingBox())!, button: (await page.locator('.zoom-close').boundingBox())!, natural, room: { width: viewport.width - 100, height: viewport.height - 100 }, viewport };
  }

  it('fill the screen in the modal: a diagram (SVG) past its natural size, at least 90 % of the width or height that binds, at 993, 1280 and 1600 px and a tall one at 1280x600', async () => {
    const cases = [[{ width: 993, height: 800 }, '/developers/long-guide', 'A flow diagram'], [DESKTOP, '/developers/long-guide', 'A flow diagram'], [{ width: 1600, height: 900 }, '/developers/long-guide', 'A flow diagram'], [{ width: 1280, height: 600 }, '/developers/diagrams', 'A tall diagram']] as const;
    for (const [size, path, alt] of cases) {
      const { page, close } = await open(size, path);
      const { box, button, natural, room, viewport } = await zoomed(page, page.getByRole('button', { name: alt }));
      const scale = Math.min(room.width / natural.width, room.height / natural.height);
      const at = `${size.width}x${size.height} ${alt}`;
      expect(scale, at).toBeGreaterThan(1);
      expect(box.width, at).toBeGreaterThanOrEqual(0.9 * scale * natural.width);
      expect(Math.abs(box.width / box.height - natural.width / natural.height), at).toBeLessThan(0.01);
      // All of it on screen, and the close button too, beside the image and not over it.
      for (const b of [box, button]) expect([b.x >= 0, b.y >= 0, b.x + b.width <= viewport.width, b.y + b.height <= viewport.height], at).toEqual([true, true, true, true]);
      expect(button.y + button.height <= box.y || button.x >= box.x + box.width, at).toBe(true);
      expect(await page.locator('dialog.zoom-modal').getAttribute('aria-label'), at).toBe(alt);
      // The page behind does not scroll under the wheel, nor move when the modal closes.
      const y = await page.evaluate(() => window.scrollY);
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.scrollY), at).toBe(y);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog.zoom-modal').count()).toBe(0);
      expect([await page.evaluate(() => window.scrollY), await page.evaluate(() => document.activeElement?.getAttribute('alt'))], at).toEqual([y, alt]);
      await close();
    }
  });

  it('show a raster image no larger than its natural size (it would blur), and one wider than the screen within it, at 1280 px', async () => {
    const { page, close } = await open(DESKTOP, '/developers/diagrams');
    const small = await zoomed(page, page.getByRole('button', { name: 'A small photo' }));
    expect([small.box.width, small.box.height]).toEqual([300, 150]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.zoom-modal').count()).toBe(0);
    const wide = await zoomed(page, page.getByRole('button', { name: 'A wide photo' }));
    expect(wide.box.width).toBeGreaterThanOrEqual(0.9 * wide.room.width);
    expect(wide.box.x + wide.box.width).toBeLessThanOrEqual(wide.viewport.width);
    expect(Math.abs(wide.box.width / wide.box.height - 4)).toBeLessThan(0.01);
    await close();
  });

  it('open on their own at 375 px (pinch zoom there, issue #19), and stop zooming after a resize from 1280 to 375', async () => {
    const phone = await open(PHONE, '/developers/long-guide');
    const img = phone.page.locator('img[data-zoomable]');
    expect(await img.getAttribute('role')).toBe('link');
    const opened = phone.page.context().waitForEvent('page');
    await img.click();
    expect((await opened).url()).toMatch(/\/developers\/payments\/flow\.svg$/);
    expect(await phone.page.locator('dialog.zoom-modal').count()).toBe(0);
    await phone.close();

    const { page, close } = await open(DESKTOP, '/developers/long-guide');
    expect(await page.locator('img[data-zoomable]').getAttribute('role')).toBe('button');
    await page.setViewportSize(PHONE);
    await expect.poll(() => page.locator('img[data-zoomable]').getAttribute('role'), { timeout: 5000 }).toBe('link');
    expect(await page.locator('img.zoom-enabled').count()).toBe(0);
    const opened2 = page.context().waitForEvent('page');
    await page.locator('img[data-zoomable]').click();
    await opened2;
    expect(await page.locator('dialog.zoom-modal').count()).toBe(0);
    await close();
  });

  it('zoom only on screens wider than 992 px (spec): at 992 px the image opens on its own, at 993 px in the modal', async () => {
    for (const [width, role] of [[992, 'link'], [993, 'button']] as const) {
      const { page, close } = await open({ width, height: 800 }, '/developers/long-guide');
      const img = page.locator('img[data-zoomable]');
      expect({ width, role: await img.getAttribute('role'), zoom: await page.locator('img.zoom-enabled').count() }).toEqual({ width, role, zoom: role === 'button' ? 1 : 0 });
      if (role === 'link') {
        const opened = page.context().waitForEvent('page');
        await img.click();
        expect((await opened).url()).toMatch(/\/developers\/payments\/flow\.svg$/);
        expect(await page.locator('dialog.zoom-modal').count()).toBe(0);
      } else {
        await img.click();
        await expect.poll(() => page.locator('dialog.zoom-modal').isVisible()).toBe(true);
      }
      await close();
    }
  });

  it('a failed chunk fires preload-error, shows a toast, and a cancelled event does not throw', async () => {
    for (const cancel of [false, true]) {
      const context = await localContext(chrome.browser, DESKTOP);
      await context.route(/\/assets\/chunks\/zoom-/, (route) => route.abort());
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/developers/long-guide`);
      await page.evaluate((c) => {
        (window as unknown as { fired: string[] }).fired = [];
        window.addEventListener('preload-error', (event) => {
          (window as unknown as { fired: string[] }).fired.push((event as CustomEvent<{ part: string }>).detail.part);
          if (c) event.preventDefault();
        });
      }, cancel);
      await page.locator('img[data-zoomable]').click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { fired: string[] }).fired)).toEqual(['zoom']);
      await expect.poll(() => page.locator('.toast-error').count()).toBe(1);
      await page.waitForTimeout(200);
      expect(errors.length > 0, `cancelled: ${cancel}`).toBe(!cancel);
      await context.close();
    }
  });
});

describe('images that are not offered for zooming', () => {
  it('neither one without alternative text (a button without a name) nor one inside a link (which the link is), at 1280 or 375 px', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const { page, close } = await open(size, '/developers/pictures');
      const images = page.locator('img[data-zoomable]');
      expect(await images.count()).toBe(2);
      for (const img of await images.all()) {
        expect(await img.getAttribute('role')).toBeNull();
        expect(await img.getAttribute('tabindex')).toBeNull();
      }
      await images.first().click();
      await page.waitForTimeout(300);
      expect(await page.locator('dialog.zoom-modal').count()).toBe(0);
      expect(page.context().pages()).toHaveLength(1);
      await close();
    }
  });
});

describe('tab views', () => {
  it('are accessible tabs with arrow keys and an empty-state pane', async () => {
    const { page, close } = await open(DESKTOP, '/developers/long-guide');
    const tabs = page.locator('[role=tab]');
    expect(await tabs.allTextContents()).toEqual(['curl', 'Ruby', 'Python']);
    expect(await page.locator('[role=tabpanel]:visible').count()).toBe(1);
    await tabs.nth(1).click();
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[role=tabpanel]:visible').textContent()).toContain('Use the client.');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Python');
    expect(await page.locator('[role=tabpanel]:visible .empty-state').textContent()).toBe('Nothing to show in this tab.');
    await page.keyboard.press('ArrowRight');
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    await close();
  });
});

/** A page of the site opened with `language` stored as the reader's example language. */
async function openWithLanguage(viewport: typeof DESKTOP, path: string, language: string, options: { blockRuntime?: boolean } = {}) {
  const context = await localContext(chrome.browser, viewport);
  if (options.blockRuntime) await context.route(/\/assets\/main[^/]*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [LANGUAGE_STORAGE_KEY, language]);
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('load');
  return { page, errors, close: () => context.close() };
}

const selectedTabs = (page: Page) => page.locator('[role=tab][aria-selected=true]').allTextContents();
const visiblePanes = (page: Page) => page.locator('[role=tabpanel]:visible').allTextContents();

describe('tab views in the example languages', () => {
  for (const [name, viewport] of [['1280 px', DESKTOP], ['375 px', PHONE]] as const) {
    it(`open on the reader's stored language, and a view without one on its first tab (${name})`, async () => {
      const { page, errors, close } = await openWithLanguage(viewport, '/developers/long-guide', 'ruby');
      expect(await selectedTabs(page)).toEqual(['Ruby']);
      expect(await page.locator('[role=tab]', { hasText: 'Ruby' }).evaluate((tab) => tab.tabIndex)).toBe(0);
      expect((await visiblePanes(page)).join()).toContain('Use the client.');
      await page.goto(`${server.url}/developers/client-libraries`);
      expect(await selectedTabs(page)).toEqual(['RUBY', 'Sandbox']);
      expect(await page.locator('[role=tabpanel]:visible').count()).toBe(2);
      expect(errors).toEqual([]);
      await close();
    });

    it(`show the stored language's pane before the runtime starts, so nothing moves when it does (${name})`, async () => {
      const { page, close } = await openWithLanguage(viewport, '/developers/long-guide', 'ruby', { blockRuntime: true });
      expect(await visiblePanes(page)).toHaveLength(1);
      expect((await visiblePanes(page)).join()).toContain('Use the client.');
      expect(await page.locator('[role=tab][data-language=ruby]').evaluate((tab) => getComputedStyle(tab).fontWeight)).toBe('600');
      await close();
    });

    it(`store a language chosen in a guide: the API reference and other guides follow it (${name})`, async () => {
      const { page, close } = await openWithLanguage(viewport, '/developers/long-guide', 'ruby');
      await page.locator('[role=tab]', { hasText: 'curl' }).click();
      expect(await selectedTabs(page)).toEqual(['curl']);
      expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('curl');
      await page.goto(`${server.url}/developers/client-libraries`);
      expect(await selectedTabs(page)).toEqual(['curl', 'Sandbox']);
      expect((await visiblePanes(page)).join()).toContain('Nothing to install.');
      // The page's links into the API reference follow each choice.
      const reference = page.locator('main a[data-default-language]');
      expect(await reference.getAttribute('href')).toMatch(/\/1\/api\/curl$/);
      await page.locator('[role=tab]', { hasText: 'RUBY' }).click();
      expect(await reference.evaluate((a: HTMLAnchorElement) => a.pathname)).toBe('/1/api/ruby');
      await page.locator('[role=tab]', { hasText: 'curl' }).click();
      expect(await reference.evaluate((a: HTMLAnchorElement) => a.pathname)).toBe('/1/api/curl');
      await page.goto(`${server.url}/api`);
      await page.waitForURL(/\/1\/api\/curl$/);
      // A tab that is no example language (Python) is no choice to keep.
      await page.goto(`${server.url}/developers/long-guide`);
      await page.locator('[role=tab]', { hasText: 'Python' }).click();
      expect(await visiblePanes(page)).toEqual([expect.stringContaining('Nothing to show in this tab.')]);
      expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('curl');
      await close();
    });

    it(`do not shift when the runtime opens the stored language (${name})`, async () => {
      const { page, close } = await openWithLanguage(viewport, '/developers/long-guide', 'ruby');
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      await close();
    });
  }
});

describe('without JavaScript', () => {
  it('shows every tab pane and the whole API menu', async () => {
    const context = await chrome.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/developers/long-guide`);
    expect(await page.locator('[role=tabpanel]:visible').count()).toBe(3);
    await page.goto(`${server.url}/1/api/curl`);
    expect(await page.locator('#api-menu').isVisible()).toBe(true);
    await context.close();
  });
});

describe('layout stability', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`does not shift when the runtime starts (${name})`, async () => {
      const { page, close } = await open(viewport, '/1/api/curl');
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      await close();
    });
  }
});
