// A local preview of the bundled site logs nothing in the browser console: monitoring's
// central-config request and its event intake are answered by `bankdocs preview` itself
// (issue #19), and no request of a page fails.
import { describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, useBuiltSite } from '../helpers/browser.js';

const built = useBuiltSite(null);

describe('the browser console on a local preview', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`stays empty on the main page types (${viewport.width} px)`, async () => {
      const { chrome, server } = built();
      const context = await localContext(chrome.browser, viewport);
      const problems: string[] = [];
      const intake: number[] = [];
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/apm/intake/')) intake.push(response.status());
        else if (response.status() >= 400 && url.hostname === '127.0.0.1') problems.push(`${response.status()} ${url.pathname}`);
      });
      for (const path of ['/en', '/developers/dashboard-api', '/1/api/curl', '/nl/support']) {
        await page.goto(`${server.url}${path}`);
        await page.waitForLoadState('networkidle');
      }
      // The monitoring agent did report (so the quiet console is not just silence) and was answered.
      await expect.poll(() => intake.length).toBeGreaterThan(0);
      expect(intake.every((status) => status === 202)).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
