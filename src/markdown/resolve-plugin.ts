// Finds the file a site's plugin name stands for, as Node's import() would from the site's
// folder (the folder of docs.config.yaml), never from bankdocs' own: a path relative to
// that folder, or a package in a node_modules folder at or above it, entered through its
// "exports" with the import conditions. require.resolve would take a dual package's
// CommonJS build, and fails on a package that exports for import only; Node 20 cannot
// resolve from another folder (import.meta.resolve's parent argument is behind a flag).
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';

export type PluginLocation =
  | { ok: true; file: string }
  /** no-file: a path that names no file; no-package: not installed; not-exported: installed, but the name is no entry of it. */
  | { ok: false; reason: 'no-file' | 'no-package' | 'not-exported'; package: string };

// A package name (scoped or not) and an optional subpath: "remark-math", "@scope/x/sub".
const PACKAGE_RE = /^((?:@[a-z0-9~-][\w.~-]*\/)?[a-z0-9~-][\w.~-]*)(\/[^\\]*)?$/i;
const PATH_RE = /^\.{1,2}(?:[\\/]|$)/;

/** The conditions Node's import() matches in an "exports" map (Node 20.19). */
const IMPORT_CONDITIONS = new Set(['node', 'import', 'module-sync', 'default']);

export function isPathSpecifier(specifier: string): boolean {
  return PATH_RE.test(specifier) || isAbsolute(specifier);
}

export function locatePlugin(specifier: string, siteDir: string): PluginLocation {
  if (isPathSpecifier(specifier)) {
    const file = resolve(siteDir, specifier);
    return isFile(file) ? { ok: true, file } : { ok: false, reason: 'no-file', package: specifier };
  }
  const match = PACKAGE_RE.exec(specifier);
  if (!match) return { ok: false, reason: 'no-package', package: specifier };
  const name = match[1]!;
  const subpath = `.${match[2] ?? ''}`;
  for (const dir of nodeModulesDirs(siteDir)) {
    const root = join(dir, name);
    const manifest = readManifest(root);
    if (!manifest) continue;
    if (manifest.exports !== undefined && manifest.exports !== null) {
      const target = exportTarget(manifest.exports, subpath);
      const file = target === null ? null : resolve(root, target);
      return file && file.startsWith(root + sep) && isFile(file) ? { ok: true, file } : { ok: false, reason: 'not-exported', package: name };
    }
    // No "exports": "main" or index.js, as Node's legacy lookup (the same for require and import).
    try {
      return { ok: true, file: createRequire(join(root, 'package.json')).resolve(join(root, subpath)) };
    } catch {
      return { ok: false, reason: 'not-exported', package: name };
    }
  }
  return { ok: false, reason: 'no-package', package: name };
}

/** node_modules folders from `from` up to the root, nearest first (Node's lookup order). */
function nodeModulesDirs(from: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') dirs.push(join(dir, 'node_modules'));
    if (dirname(dir) === dir) return dirs;
  }
}

function readManifest(root: string): { exports?: unknown } | null {
  let text: string;
  try {
    text = readFileSync(join(root, 'package.json'), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as { exports?: unknown }) : {};
  } catch {
    // Installed, but broken: importing it will say what is wrong.
    return {};
  }
}

/** The target of `subpath` ("." or "./x") in a package's "exports", with the import conditions; null when it exports none. */
export function exportTarget(exports: unknown, subpath: string): string | null {
  const isSubpathMap = typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((key) => key.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? (conditionTarget(exports, null) ?? null) : null;
  const map = exports as Record<string, unknown>;
  if (Object.hasOwn(map, subpath) && !subpath.includes('*')) return conditionTarget(map[subpath], null) ?? null;
  // Subpath patterns ("./lib/*.js"): the longest prefix that matches wins.
  let best: { key: string; star: string } | null = null;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.length >= key.length && subpath.startsWith(prefix) && subpath.endsWith(suffix) && (!best || prefix.length > best.key.indexOf('*'))) {
      best = { key, star: subpath.slice(prefix.length, subpath.length - suffix.length) };
    }
  }
  return best ? (conditionTarget(map[best.key], best.star) ?? null) : null;
}

/** undefined: no condition matched (the caller tries its next one); null: excluded or invalid. */
function conditionTarget(target: unknown, star: string | null): string | null | undefined {
  if (typeof target === 'string') {
    if (!target.startsWith('./')) return null;
    return star === null ? target : target.replaceAll('*', star);
  }
  if (Array.isArray(target)) {
    for (const fallback of target) {
      const found = conditionTarget(fallback, star);
      if (typeof found === 'string') return found;
    }
    return null;
  }
  if (typeof target === 'object' && target !== null) {
    for (const [condition, value] of Object.entries(target)) {
      if (!IMPORT_CONDITIONS.has(condition)) continue;
      const found = conditionTarget(value, star);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
