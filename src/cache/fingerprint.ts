// Content hashes for the cache: what a result was made from decides whether it can be reused.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A hex digest of the parts, which are separated so ("ab","c") and ("a","bc") differ. */
export function digest(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

let toolPrint: string | null = null;

/**
 * What this bankdocs is: its version and the code that renders (the render thread's
 * bundle, by size and time: every command's bundle is compiled with it, and `build` and
 * `check` must agree so a check can take what a build rendered; from the TypeScript
 * sources, this module). A new version, or a recompiled theme, never reuses what an
 * older one made.
 */
export function toolFingerprint(): string {
  if (toolPrint) return toolPrint;
  // lib/commands/<command>.js and lib/index.js (the programmatic API) sit beside or below lib/render-worker.js.
  const renderer = ['./render-worker.js', '../render-worker.js'].map((path) => fileURLToPath(new URL(path, import.meta.url))).find((path) => existsSync(path));
  const self = renderer ?? fileURLToPath(import.meta.url);
  const stat = statSync(self);
  let version = '';
  try {
    version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '';
  } catch {
    // lib/commands/x.js is one level deeper than src/cache/x.ts: the size and time still tell versions apart.
  }
  toolPrint = digest(version, self, String(stat.size), String(stat.mtimeMs), process.env.BANKDOCS_THEME_DIR ?? '');
  return toolPrint;
}
