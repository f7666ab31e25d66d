// The files a site's plugin is made of, for the caches (src/cache/document-key.ts,
// src/build/output-cache.ts): a plugin imports modules of its own ("./helper.mjs"), and
// an edit to one of them must re-render what the plugin touches. Node does not say what
// a module imported, so a local plugin counts every code file of its folder (and below,
// not node_modules, the content, the output or hidden folders); a package, its
// package.json (its version) beside its entry file.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const CODE_RE = /\.(?:[cm]?[jt]sx?|json)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'content']);
/** A plugin folder with more files than this is counted by these only (a site's root, say). */
const MAX_FILES = 2000;

/** The files of the plugin at `url` (a file: URL), sorted; none for another URL. */
export function pluginSources(url: string, skip: readonly string[] = []): string[] {
  if (!url.startsWith('file:')) return [];
  const entry = fileURLToPath(url);
  const parts = entry.split(sep);
  const modules = parts.lastIndexOf('node_modules');
  if (modules !== -1) {
    // A package: node_modules/name or node_modules/@scope/name.
    const root = parts.slice(0, modules + (parts[modules + 1]?.startsWith('@') ? 3 : 2)).join(sep);
    return [...new Set([entry, join(root, 'package.json')])].sort();
  }
  const skipped = new Set(skip.map((dir) => resolve(dir)));
  const files: string[] = [entry];
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (files.length >= MAX_FILES) return;
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && !SKIPPED.has(e.name) && !skipped.has(path)) walk(path);
      } else if (e.isFile() && CODE_RE.test(e.name) && path !== entry) files.push(path);
    }
  };
  walk(dirname(entry));
  return files.sort();
}

/** Size and time of each of the plugin's files, to tell an edit. */
export function pluginStamp(url: string, skip: readonly string[] = []): [string, number, number][] {
  return pluginSources(url, skip).map((file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    return [file, stat?.size ?? -1, stat?.mtimeMs ?? -1];
  });
}
