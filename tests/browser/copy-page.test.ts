// "Copy page as Markdown" (issue #18) in Chromium, at 1280 and 375 px, under the site's
// Content-Security-Policy (preview sends the _headers of the build): the button copies the
// page's .md twin, confirmed by a toast; a failed fetch says where the Markdown is.
import { describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const site = useBuiltSite('basic-site');

async function open(viewport: typeof DESKTOP, path: string) {
  const { server, chrome } = site();
  const context = await localContext(chrome.browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('load');
  return { page, problems, url: server.url, close: () => context.close() };
}

for (const [name, viewport] of [['1280', DESKTOP], ['375', PHONE]] as const) {
  describe(`at ${name} px`, () => {
    for (const path of ['/developers/getting-started', '/1/api/curl', '/nl/support']) {
      it(`copies ${path} as Markdown and confirms it`, async () => {
        const { page, problems, url, close } = await open(viewport, path);
        const button = page.locator('button.copy-page');
        await expect.poll(() => button.isVisible()).toBe(true);
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.height).toBeGreaterThanOrEqual(24); // a target a finger can hit
        await button.click();
        const toast = page.locator('.toasts[role=status] .toast');
        await expect.poll(() => toast.textContent()).toBe(path === '/nl/support' ? 'Pagina gekopieerd als Markdown' : 'Page copied as Markdown');
        const twin = await (await fetch(`${url}${path}.md`)).text();
        expect(twin.startsWith('# ')).toBe(true);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);
        expect(problems).toEqual([]);
        await close();
      });
    }
  });
}

describe('when the Markdown cannot be fetched', () => {
  it('says so in an error toast with the address of the Markdown version', async () => {
    const { page, url, close } = await open(DESKTOP, '/developers/getting-started');
    await page.route('**/developers/getting-started.md', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.locator('button.copy-page').click();
    const toast = page.locator('.toasts[role=status] .toast-error');
    await expect.poll(() => toast.textContent()).toBe(`Could not copy the page. Its Markdown version is at ${url}/developers/getting-started.md`);
    await close();
  });
});

describe('without JavaScript', () => {
  it('does not show a button that could not work', async () => {
    const { server, chrome } = site();
    const context = await chrome.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${server.url}/developers/getting-started`);
    expect(await page.locator('button.copy-page').count()).toBe(1);
    expect(await page.locator('button.copy-page').isVisible()).toBe(false);
    await context.close();
  });
});
