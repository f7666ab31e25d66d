#!/usr/bin/env node
// Transpiles src/ and theme/components (TypeScript, TSX) to lib/ with esbuild, one
// file per module so the layout mirrors the source. No type-checking here (that is
// `npm run typecheck`): `npm ci` and the CLI's start-up stay fast.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function walk(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = join(dir, entry.name);
    if (entry.isDirectory()) return walk(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

// theme/client is browser code: it is bundled at site-build time, not here.
const entryPoints = [...walk('src'), ...walk('theme/components')];
rmSync(join(root, 'lib'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints,
  outdir: 'lib',
  outbase: '.',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
});
