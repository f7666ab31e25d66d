#!/usr/bin/env node
// Compiles the CLI to lib/ with esbuild: one self-contained bundle per entry (the CLI,
// each command, and the two render threads), dependencies included. The CLI imports a
// command's bundle only when it runs, so --help and usage errors start fast. Loading one file instead of some
// 300 modules takes a render thread ~40 ms instead of ~250 ms, on every build and in
// every thread. No type-checking here (that is `npm run typecheck`): `npm ci` and the
// CLI's start-up stay fast.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cheaperDependencies } from './bundle-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Left as imports from node_modules: esbuild (a native binary), and packages that load
 * files (WebAssembly, grammars) from beside their own modules.
 */
const external = ['esbuild', '@ruby/prism', 'curlconverter', 'chokidar', 'jsonc-parser'];
const commands = ['build', 'fresh', 'check', 'dev', 'preview', 'mock', 'schema', 'init'];

/**
 * unist-util-visit-parents names every visitor function after its node, for debugging
 * (an Object.defineProperty per node visited): a tenth of mdast-util-to-hast's time on a
 * large site. Names only show in stack traces; the bundle leaves them out.
 */
const visitWithoutNames = {
  name: 'visit-without-names',
  setup(b) {
    b.onLoad({ filter: /unist-util-visit-parents[\\/]lib[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patched = source.replace(/Object\.defineProperty\(visit, 'name', \{[\s\S]*?\n {6}\}\)/, '');
      if (patched === source) throw new Error('unist-util-visit-parents changed: update visitWithoutNames in scripts/compile.mjs');
      return { contents: patched, loader: 'js' };
    });
  },
};

/**
 * Parts of two dependencies no bundle uses, left out so every command starts sooner (the
 * build's bundle: 2.96 MB -> 2.3 MB): react-dom/server's streaming renderer (pages are
 * written with renderToStaticMarkup, from its legacy renderer alone), and zod's messages in
 * forty languages (bankdocs shows its config errors in English: zod's "en").
 */
const leaner = {
  name: 'leaner-dependencies',
  setup(b) {
    const require = createRequire(import.meta.url);
    const legacyServer = join(dirname(require.resolve('react-dom/package.json')), 'cjs', 'react-dom-server-legacy.node.production.js');
    b.onResolve({ filter: /^react-dom\/server$/ }, () => ({ path: 'react-dom/server', namespace: 'leaner' }));
    b.onLoad({ filter: /.*/, namespace: 'leaner' }, () => ({ contents: `export { renderToStaticMarkup, renderToString, version } from ${JSON.stringify(legacyServer)};`, resolveDir: root, loader: 'js' }));
    b.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({ contents: 'export { default as en } from "./en.js";', resolveDir: dirname(args.path), loader: 'js' }));
  },
};

/** The CLI's `import('./commands/x.js')` stays an import of the command's own bundle. */
const commandsApart = {
  name: 'commands-apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/commands\/[a-z]+\.js$/ }, (args) => (args.importer.endsWith('cli.ts') ? { path: args.path, external: true } : undefined));
  },
};

const entries = {
  cli: 'src/cli.ts',
  ...Object.fromEntries(commands.map((c) => [`commands/${c}`, `src/commands/${c}.ts`])),
  'render-worker': 'src/build/render-worker.ts',
  'page-sink-worker': 'src/build/page-sink-worker.ts',
  'dev-render-worker': 'src/dev/render-worker.ts',
  // Loads the bundles below through V8's code cache.
  'code-cache': 'src/code-cache.ts',
  // The package's exports (package.json "exports"): the programmatic API, the plugin API, and
  // the built-in theme with the theme contract's types (what a site's override wraps).
  index: 'src/index.ts',
  plugin: 'src/plugin/index.ts',
  theme: 'theme/index.ts',
};

/**
 * The commands run again and again, briefly, run from V8's code cache (src/code-cache.ts),
 * which Node 20 offers only to scripts: each is CommonJS (lib/commands/<name>.cjs), with
 * the ES module the CLI imports (lib/commands/<name>.js) beside it, which loads it and
 * passes its exports on. Not the servers (dev, mock): they start once, and stop when
 * stopped, which is no moment to write files.
 */
const cachedCommands = new Set(['build', 'check']);

// `--entry <name>` rebuilds that bundle only, in place (bankdocs dev, after a theme
// component changed, rebuilds its render thread's bundle while the rest keeps running).
const only = process.argv.flatMap((arg, i) => (arg === '--entry' ? [process.argv[i + 1]] : []));
for (const name of only) {
  if (!(name in entries)) {
    console.error(`compile: no entry "${name}" (${Object.keys(entries).join(', ')})`);
    process.exit(2);
  }
}
if (!only.length) rmSync(join(root, 'lib'), { recursive: true, force: true });
const wanted = only.length ? only : Object.keys(entries);
const isCached = (name) => name.startsWith('commands/') && cachedCommands.has(name.slice('commands/'.length));

const common = {
  absWorkingDir: root,
  plugins: [commandsApart, visitWithoutNames, cheaperDependencies, leaner],
  outdir: 'lib',
  bundle: true,
  external,
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  legalComments: 'none',
  // Less to parse when a command starts (build.js 2.3 -> 1.6 MB: ~10 ms of every run);
  // names are kept for stack traces and profiles, and the source maps lead to the
  // TypeScript. BANKDOCS_READABLE_LIB=1 compiles lib/ as written (with each module's path).
  ...(process.env.BANKDOCS_READABLE_LIB ? {} : { minifyWhitespace: true, minifySyntax: true }),
  logLevel: 'warning',
};
// Pages are static output: React's production build (the development one checks every
// element and is ~5x slower).
const production = { 'process.env.NODE_ENV': '"production"' };

const modules = wanted.filter((name) => !isCached(name));
if (modules.length) {
  await build({
    ...common,
    entryPoints: Object.fromEntries(modules.map((name) => [name, entries[name]])),
    format: 'esm',
    define: production,
    // Bundled CommonJS packages (React, ajv, …) call require() for Node built-ins.
    banner: { js: "import { createRequire as __bankdocsCreateRequire } from 'node:module'; const require = __bankdocsCreateRequire(import.meta.url);" },
  });
}

const scripts = wanted.filter(isCached);
if (scripts.length) {
  await build({
    ...common,
    entryPoints: Object.fromEntries(scripts.map((name) => [name, entries[name]])),
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // What the sources ask of import.meta, CommonJS has as __filename.
    define: { ...production, 'import.meta.url': '__bankdocsUrl' },
    banner: { js: "var __bankdocsUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  for (const name of scripts) {
    // The exports the CLI takes, as the TypeScript entry declares them.
    const { metafile } = await build({ absWorkingDir: root, entryPoints: [entries[name]], bundle: false, write: false, metafile: true, format: 'esm', logLevel: 'silent' });
    const names = Object.values(metafile.outputs).flatMap((output) => output.exports);
    const id = createHash('sha256').update(readFileSync(join(root, 'lib', `${name}.cjs`))).digest('hex').slice(0, 16);
    const file = basename(name);
    const shim = [
      `// ${file}.cjs through V8's code cache (src/code-cache.ts); written by scripts/compile.mjs.`,
      "import { loadBundle } from '../code-cache.js';",
      `const bundle = loadBundle(new URL('./${file}.cjs', import.meta.url), '${id}');`,
      ...names.map((n) => `export const ${n} = bundle.${n};`),
      '',
    ].join('\n');
    writeFileSync(join(root, 'lib', `${name}.js`), shim);
  }
}

/**
 * The commands' code cache as installed (src/code-cache.ts): build and check run on a copy
 * of the bundled site, each with a cache of its own, cold and then again after an edit,
 * and the second run writes what V8 compiled in both (BANKDOCS_SEEDING=1) into the entry
 * kept in lib/commands/code/, for every run without an entry of its own to run from.
 * Made with this Node; another Node's V8 refuses it and compiles as usual. Not part of
 * the published package (package.json "files"). Skipped when the site is not there (an
 * installed copy) or BANKDOCS_NO_SEED is set; a failure here fails nothing.
 */
if (scripts.length === cachedCommands.size && !process.env.BANKDOCS_NO_SEED && existsSync(join(root, 'docs.config.yaml'))) {
  const work = mkdtempSync(join(tmpdir(), 'bankdocs-seed-'));
  try {
    const site = join(work, 'site');
    cpSync(join(root, 'content'), join(site, 'content'), { recursive: true });
    cpSync(join(root, 'docs.config.yaml'), join(site, 'docs.config.yaml'));
    const guide = join(site, 'content', 'developers', 'dashboard-api.md');
    for (const command of cachedCommands) {
      const cache = join(work, command);
      const args = command === 'build' ? ['build', '--out', join(work, 'dist'), '--quiet'] : ['check'];
      const run = (env) => spawnSync(process.execPath, [join(root, 'bin', 'bankdocs.js'), ...args], { cwd: site, env: { ...process.env, BANKDOCS_CACHE_DIR: cache, BANKDOCS_CACHE: '', BANKDOCS_NO_SEED: '', ...env }, encoding: 'utf8' });
      const cold = run({});
      if (existsSync(guide)) writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nOne more sentence.\n`);
      const warm = run({ BANKDOCS_SEEDING: '1' });
      if (cold.error || warm.error || cold.status === null || warm.status === null) console.warn(`compile: no code cache made for ${command}: ${(cold.error ?? warm.error)?.message ?? 'it was stopped'}`);
      else if (existsSync(join(cache, 'code'))) cpSync(join(cache, 'code'), join(root, 'lib', 'commands', 'code'), { recursive: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
