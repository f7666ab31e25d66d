import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportTarget, isPathSpecifier, locatePlugin } from '../../../src/markdown/resolve-plugin.js';

let root: string;
let site: string;

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const pkg = (name: string, manifest: object, files: string[]) => {
  write(`node_modules/${name}/package.json`, JSON.stringify({ name, ...manifest }));
  for (const file of files) write(`node_modules/${name}/${file}`, 'export default function () {}\n');
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bankdocs-resolve-'));
  site = join(root, 'docs');
  mkdirSync(site);
  write('docs/plugins/local.mjs', 'export default function () {}\n');
  pkg('remark-dual', { exports: { '.': { require: './index.cjs', import: './index.mjs' } } }, ['index.cjs', 'index.mjs']);
  pkg('remark-sugar', { exports: { import: './esm.js', default: './cjs.js' } }, ['esm.js', 'cjs.js']);
  pkg('@scope/remark-sub', { exports: { './sub': './lib/sub.js' } }, ['lib/sub.js']);
  pkg('remark-legacy', { main: 'lib/main.js' }, ['lib/main.js']);
  pkg('remark-pattern', { exports: { './plugins/*': './src/*.mjs' } }, ['src/abbr.mjs']);
  pkg('remark-excluded', { exports: { '.': { node: null, default: './index.mjs' } } }, ['index.mjs']);
  // The same name nearer the site wins, as in Node.
  pkg('remark-near', { exports: './far.js' }, ['far.js']);
  write('docs/node_modules/remark-near/package.json', JSON.stringify({ name: 'remark-near', exports: './near.js' }));
  write('docs/node_modules/remark-near/near.js', 'export default function () {}\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('locatePlugin', () => {
  it('resolves a path from the site\'s folder', () => {
    expect(locatePlugin('./plugins/local.mjs', site)).toEqual({ ok: true, file: join(site, 'plugins', 'local.mjs') });
    expect(locatePlugin(join(site, 'plugins', 'local.mjs'), site)).toEqual({ ok: true, file: join(site, 'plugins', 'local.mjs') });
    expect(locatePlugin('./plugins/missing.mjs', site)).toEqual({ ok: false, reason: 'no-file', package: './plugins/missing.mjs' });
    expect(locatePlugin('./plugins', site)).toMatchObject({ ok: false, reason: 'no-file' });
  });

  it('enters a package through its exports with the import conditions, as import() does', () => {
    expect(locatePlugin('remark-dual', site)).toEqual({ ok: true, file: join(root, 'node_modules', 'remark-dual', 'index.mjs') });
    expect(locatePlugin('remark-sugar', site)).toEqual({ ok: true, file: join(root, 'node_modules', 'remark-sugar', 'esm.js') });
    expect(locatePlugin('@scope/remark-sub/sub', site)).toEqual({ ok: true, file: join(root, 'node_modules', '@scope', 'remark-sub', 'lib', 'sub.js') });
    expect(locatePlugin('remark-pattern/plugins/abbr', site)).toEqual({ ok: true, file: join(root, 'node_modules', 'remark-pattern', 'src', 'abbr.mjs') });
    expect(locatePlugin('remark-legacy', site)).toEqual({ ok: true, file: join(root, 'node_modules', 'remark-legacy', 'lib', 'main.js') });
    expect(locatePlugin('remark-near', site)).toEqual({ ok: true, file: join(site, 'node_modules', 'remark-near', 'near.js') });
  });

  it('tells a package that is not installed from a name it does not export', () => {
    expect(locatePlugin('remark-nope', site)).toEqual({ ok: false, reason: 'no-package', package: 'remark-nope' });
    expect(locatePlugin('@scope/remark-nope/x', site)).toEqual({ ok: false, reason: 'no-package', package: '@scope/remark-nope' });
    expect(locatePlugin('@scope/remark-sub', site)).toEqual({ ok: false, reason: 'not-exported', package: '@scope/remark-sub' });
    expect(locatePlugin('remark-dual/index.cjs', site)).toEqual({ ok: false, reason: 'not-exported', package: 'remark-dual' });
    expect(locatePlugin('remark-excluded', site)).toEqual({ ok: false, reason: 'not-exported', package: 'remark-excluded' });
  });

  it('never looks in bankdocs\' own node_modules', () => {
    // remark-gfm is a dependency of bankdocs, installed in this repository, not in the site's folders.
    expect(locatePlugin('remark-gfm', site)).toEqual({ ok: false, reason: 'no-package', package: 'remark-gfm' });
  });
});

describe('exportTarget', () => {
  it('follows Node\'s rules for exports', () => {
    expect(exportTarget('./index.js', '.')).toBe('./index.js');
    expect(exportTarget('./index.js', './x')).toBeNull();
    expect(exportTarget({ '.': [{ worker: './w.js' }, './index.js'] }, '.')).toBe('./index.js');
    expect(exportTarget({ '.': { types: './index.d.ts', node: { import: './node.mjs' }, default: './index.js' } }, '.')).toBe('./node.mjs');
    expect(exportTarget({ './*': './lib/*.js', './a/*': './a/*.js' }, './a/b')).toBe('./a/b.js');
    expect(exportTarget({ '.': '../outside.js' }, '.')).toBeNull();
  });
});

describe('isPathSpecifier', () => {
  it('tells paths from package names', () => {
    expect(['./x.mjs', '../x.mjs', '/abs/x.mjs', '.', '..'].map(isPathSpecifier)).toEqual([true, true, true, true, true]);
    expect(['remark-math', '@scope/x', 'x/y.js', '.x'].map(isPathSpecifier)).toEqual([false, false, false, false]);
  });
});
