// services[].integrity in Chromium: a service script that matches its hash runs, one
// that was changed on the way does not, and the visitor gets the "unavailable" toast.
// The browser context itself answers https://widgets.test; nothing leaves the machine.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

const body = (name: string) => `(window.loadedServices = window.loadedServices || []).push(${JSON.stringify(name)});`;
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite('basic-site', (site) => {
    const config = join(site, 'docs.config.yaml');
    writeFileSync(
      config,
      `${readFileSync(config, 'utf8')}services:
  - name: chat
    category: functional
    script: "https://widgets.test/chat.js?id={id}"
    integrity: "${sha384(body('chat'))}"
    ids: { production: null, other: chat-test }
  - name: tracker
    category: analytics
    script: "https://widgets.test/tracker.js?id={id}"
    integrity: "${sha384(body('tracker'))}"
    ids: { production: null, other: trk-test }
`,
    );
  });
});
afterAll(() => built?.close());

describe('services[].integrity', () => {
  it('runs the script that matches its hash and refuses the one that was changed', async () => {
    const context = await localContext(built.chrome.browser, DESKTOP, ['widgets.test']);
    const requests: string[] = [];
    await context.route(/^https:\/\/widgets\.test\//, (route) => {
      const url = new URL(route.request().url());
      requests.push(url.pathname + url.search);
      // The tracker arrives altered (a compromised CDN): its hash no longer matches.
      const text = url.pathname === '/chat.js' ? body('chat') : body('tracker').replace('tracker', 'tracker-evil');
      return route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' }, body: text });
    });
    await context.addInitScript(() => localStorage.setItem('bankdocs:consent', JSON.stringify({ functional: true, analytics: true, at: 1 })));
    const page = await context.newPage();
    await page.goto(`${built.server.url}/en`);
    await expect.poll(() => page.locator('.toast-error').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { loadedServices?: string[] }).loadedServices ?? [])).toEqual(['chat']);
    expect(requests.sort()).toEqual(['/chat.js?id=chat-test', '/tracker.js?id=trk-test']);
    const attributes = await page.locator('script[data-service]').evaluateAll((scripts) =>
      scripts.map((s) => [s.dataset.service, s.getAttribute('integrity'), s.getAttribute('crossorigin')]),
    );
    expect(attributes).toEqual([
      ['chat', sha384(body('chat')), 'anonymous'],
      ['tracker', sha384(body('tracker')), 'anonymous'],
    ]);
    await context.close();
  });
});
