// Runs the real `bankdocs dev` on a free port of 127.0.0.1.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
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
