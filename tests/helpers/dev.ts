// Runs the real `bankdocs dev` on a free port of 127.0.0.1.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, localContext } from './browser.js';
import { copySite, removeSite, REPO } from './site.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type ServerProcess } from './preview.js';

export type DevProcess = ServerProcess;

export function startDev(cwd: string, env: Record<string, string> = {}): Promise<DevProcess> {
  return spawnServer(['dev', '--port', '0'], cwd, /bankdocs dev: (http:\/\/127\.0\.0\.1:\d+)\//, env);
}

/**
 * A copy of the theme to edit while `bankdocs dev` runs (BANKDOCS_THEME_DIR), beside a link
 * to src/ (the runtime imports the route resolver from there). `remove` deletes it.
 */
export function themeCopy(repo: string): { theme: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'bankdocs-theme-'));
  const theme = join(root, 'theme');
  cpSync(join(repo, 'theme'), theme, { recursive: true });
  symlinkSync(join(repo, 'src'), join(root, 'src'));
  return { theme, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Rewrites a file of the site as a writer would save it. */
export function editFile(root: string, rel: string, change: (text: string) => string): void {
  const path = join(root, rel);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

/** `path` of a running dev server in a page of its own, once its live-update channel is connected. */
export async function openDevPage(browser: Browser, base: string, path: string, onConsole?: (text: string) => void): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await localContext(browser, DESKTOP);
  const page = await context.newPage();
  if (onConsole) page.on('console', (m) => onConsole(m.text()));
  await page.goto(`${base}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.devConnected === 'true');
  return { page, close: () => context.close() };
}

/** `bankdocs dev` on a copy of the basic fixture site, with a copy of the theme to edit (BANKDOCS_THEME_DIR). */
export async function startDevOnFixture(env: Record<string, string> = {}): Promise<{ site: string; theme: string; dev: DevProcess; stop(): Promise<void> }> {
  const site = copySite('basic-site');
  const copy = themeCopy(REPO);
  const dev = await startDev(site, { BANKDOCS_THEME_DIR: copy.theme, ...env });
  return {
    site,
    theme: copy.theme,
    dev,
    async stop() {
      await dev.stop();
      removeSite(site);
      copy.remove();
    },
  };
}
