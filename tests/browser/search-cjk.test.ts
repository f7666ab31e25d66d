// Search in Chinese, Japanese and Korean, which put no spaces between words: a page is
// found by a word from the middle of a sentence, in Chromium, and the word is marked.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, localContext, serveBuiltSite, type BuiltSite } from '../helpers/browser.js';

let built: BuiltSite;
beforeAll(async () => {
  built = await serveBuiltSite('basic-site', (site) => {
    writeFileSync(
      join(site, 'content', 'developers', 'kessai.md'),
      '---\ntitle: 決済の手引き\ndescription: 決済を作成する方法。\n---\n\n## 口座振替\n\n連携アプリから口座振替の決済を作成するには、まずアクセストークンを取得します。\n\n## 결제 만들기\n\n연동 앱에서 계좌 이체 결제를 생성합니다.\n',
    );
  });
});
afterAll(() => built?.close());

describe('search in scripts without spaces between words', () => {
  it.each([
    ['取得', '口座振替'],
    ['アクセストークン', '口座振替'],
    ['결제를', '결제 만들기'],
  ])('finds "%s" inside a sentence, and marks it', async (query, section) => {
    const context = await localContext(built.chrome.browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${built.server.url}/en`);
    await page.keyboard.press('/');
    await expect.poll(() => page.locator('.search-dialog [role="combobox"]').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(query);
    const first = page.locator('.search-dialog [role="option"]').first();
    await expect.poll(() => first.getAttribute('href'), { timeout: 10_000 }).toMatch(/^\/developers\/kessai#/);
    expect(await first.textContent()).toContain(section);
    expect(await first.locator('mark').count()).toBeGreaterThan(0);
    await context.close();
  });
});
