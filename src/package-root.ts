// The folder of bankdocs' own package.json, found upward from this module so the same
// code works from src/ (tests) and from lib/ (the compiled CLI).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'bankdocs') return dir;
    if (dirname(dir) === dir) throw new Error(`Internal error: no bankdocs package.json above ${start}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
/** The theme; BANKDOCS_THEME_DIR points at a copy (tests edit one while `bankdocs dev` runs). */
export const THEME_DIR = process.env.BANKDOCS_THEME_DIR ?? join(PACKAGE_ROOT, 'theme');
/** A compiled entry of lib/ (see scripts/compile.mjs): the render threads' code. */
export const libEntry = (name: string) => join(PACKAGE_ROOT, 'lib', `${name}.js`);
