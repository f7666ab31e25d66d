// GitHub's alerts (`> [!NOTE]` …) in Chromium, under the site's own Content-Security-Policy:
// each kind a framed, tinted note on a guide (in a list too) and on the API reference,
// titled in the page's locale, readable (AA contrast of its title and text on its tint) in
// the light and the dark scheme at 1280 and 375 px, framed on every side in forced colours,
// and kept whole on paper. They showed "[!NOTE]" as text in a quote. Docusaurus' and
// Starlight's admonitions (`:::info` …) are the same notes; they showed ":::info" as text.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, PHONE, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

const KINDS = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'];
const GUIDE = `---\ntitle: "Alerts"\ndescription: "Notes and warnings."\n---\n\n${KINDS.map((kind) => `> [!${kind}]\n> A ${kind.toLowerCase()} about sandbox tokens, with a [link](/developers) and \`code\`.\n`).join('\n')}\n1. Step.\n\n   > [!WARNING]\n   > In a list.\n`;

const ADMONITIONS = `---\ntitle: "Admonitions"\ndescription: "Notes as Docusaurus and Starlight write them."\n---\n\n:::info\n\nClient secrets are shown once.\n\n:::\n\n:::caution\nRotate the secret every year.\n:::\n\n:::danger[Never share it]\nAnyone with the secret can move money.\n:::\n`;

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite('basic-site', (site) => {
    writeFileSync(join(site, 'content', 'developers', 'alerts.md'), GUIDE);
    writeFileSync(join(site, 'content', 'developers', 'admonitions.md'), ADMONITIONS);
    appendFileSync(join(site, 'content', 'nl', 'general', 'understanding', 'index.md'), '\n> [!TIP]\n> Bewaar uw geheim in een kluis.\n');
    appendFileSync(join(site, 'content', 'api', '01-introduction.md'), '\n> [!IMPORTANT]\n> Send an idempotency key with every payment.\n');
  });
});
afterAll(() => built?.close());

/** Each alert on the page: its title, where it is, its frame and the contrast of its title and text on its tint. */
const alertsOn = (page: Page) =>
  page.locator('main .alert').evaluateAll((alerts) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (colour: string) => {
      const [r, g, b] = rgb(colour).map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return Math.round(((x! + 0.05) / (y! + 0.05)) * 10) / 10;
    };
    return alerts.map((alert) => {
      const style = getComputedStyle(alert);
      const title = alert.querySelector('.alert-title')!;
      const text = alert.querySelector('.alert-title + p')!;
      const box = alert.getBoundingClientRect();
      return {
        title: title.textContent,
        visible: box.width > 100 && box.height > 30 && box.left >= 0 && box.right <= document.documentElement.clientWidth,
        border: `${style.borderLeftWidth} ${style.borderLeftStyle}`,
        tinted: style.backgroundColor !== getComputedStyle(document.body).backgroundColor,
        titleContrast: contrast(getComputedStyle(title).color, style.backgroundColor),
        textContrast: contrast(getComputedStyle(text).color, style.backgroundColor),
        marker: /\[!/.test(alert.textContent ?? ''),
      };
    });
  });

describe('alerts', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`show as framed, tinted, readable notes titled in the page's locale (${viewport.width} px, ${scheme})`, async () => {
        const context = await localContext(built.chrome.browser, viewport);
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        await page.emulateMedia({ colorScheme: scheme });
        const expected = (title: string) => ({ title, visible: true, border: '4px solid', tinted: true, marker: false });
        await page.goto(`${built.server.url}/developers/alerts`);
        const guide = await alertsOn(page);
        expect(guide.map(({ titleContrast, textContrast, ...rest }) => rest)).toEqual(['Note', 'Tip', 'Important', 'Warning', 'Caution', 'Warning'].map(expected));
        for (const { title, titleContrast, textContrast } of guide) {
          expect(titleContrast, title!).toBeGreaterThanOrEqual(4.5);
          expect(textContrast, title!).toBeGreaterThanOrEqual(4.5);
        }
        // The tints tell the kinds apart.
        const tints = await page.locator('main .alert').evaluateAll((alerts) => new Set(alerts.slice(0, 5).map((a) => getComputedStyle(a).backgroundColor)).size);
        expect(tints).toBe(5);
        await page.goto(`${built.server.url}/developers/admonitions`);
        const admonitions = await alertsOn(page);
        expect(admonitions.map(({ titleContrast, textContrast, ...rest }) => rest)).toEqual(['Info', 'Caution', 'Never share it'].map(expected));
        for (const { title, titleContrast, textContrast } of admonitions) expect([titleContrast, textContrast].every((c) => c >= 4.5), title!).toBe(true);
        expect(await page.locator('main').innerText()).not.toContain(':::');
        await page.goto(`${built.server.url}/nl/general/understanding`);
        expect((await alertsOn(page)).map(({ title, visible }) => [title, visible])).toEqual([['Tip', true]]);
        await page.goto(`${built.server.url}/1/api/curl`);
        expect((await alertsOn(page)).map(({ title, visible }) => [title, visible])).toEqual([['Important', true]]);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it('keep a frame on every side in forced colours, and stay whole on paper', async () => {
    const context = await localContext(built.chrome.browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${built.server.url}/developers/alerts`);
    const alert = page.locator('main .alert').first();
    await page.emulateMedia({ forcedColors: 'active' });
    expect(await alert.evaluate((el) => ['Top', 'Right', 'Bottom', 'Left'].map((side) => getComputedStyle(el).getPropertyValue(`border-${side.toLowerCase()}-width`)))).toEqual(['1px', '1px', '1px', '4px']);
    await page.emulateMedia({ forcedColors: 'none', media: 'print' });
    expect(await alert.evaluate((el) => [getComputedStyle(el).breakInside, getComputedStyle(el).borderLeftWidth])).toEqual(['avoid', '4px']);
    await context.close();
  });
});
