// Loads a command's bundle (lib/commands/<name>.cjs: build, check) through V8's code cache, so
// a command does not compile its 1.6-1.9 MB of JavaScript again on every run: what V8 compiled in the
// first run (the bundle's top level and every function that ran) is written at its exit
// and handed back to V8 on the next. It is what Node 22's module.enableCompileCache() does
// for every module; Node 20 has no such thing for ES modules, so the large bundles are
// CommonJS, run in a vm.Script that takes the cached code (scripts/compile.mjs writes them
// and the small ES module beside each that calls this). About 50 ms of a warm build.
//
// The cache sits in node_modules/.cache/bankdocs/code of the node_modules bankdocs is
// installed in (BANKDOCS_CACHE_DIR moves it, BANKDOCS_CACHE=off turns it off). Until a
// command has an entry there, it runs from the one made when bankdocs was compiled
// (`npm ci` runs scripts/compile.mjs, which runs build and check on the bundled site, cold
// and again after an edit, with the Node that installed it), and writes none of its own:
// a cold run compiles little of its bundle (a cold check of 1000 pages 60-70 ms faster),
// and a warm one does not compile the code only warm runs use. V8 checks
// an entry against its own version, flags and the source, and rejects one that does not
// fit: the bundle then compiles as usual and the entry is written anew. It does not check
// the code itself: each entry carries its CRC-32, and a damaged one is taken for none.
// Entries are named by the bundle's content hash, so another build of bankdocs never
// takes this one's.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { cacheRoot, readSealedCacheFile, writeSealedCacheFile } from './cache/cache-dir.js';
import { IMPORT_HOOK } from './dynamic-import.js';

/** CommonJS's own wrapper: the bundle is a CommonJS module body. */
export const HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const TAIL = '\n})';

/** Where the last bundle's compiled code came from (for tests): its cache entry, the entry made at install, or nowhere; and whether V8 refused it. */
export const lastLoad: { from: 'cache' | 'seed' | null; rejected: boolean } = { from: null, rejected: false };

/** Runs the CommonJS bundle at `url`, whose content hash is `id`, and returns its exports. */
export function loadBundle(url: URL, id: string): Record<string, unknown> {
  const file = fileURLToPath(url);
  // A dynamic import() in a script run from cached code finds no module loader (Node 20
  // loses the script's host options on the way through the cache): the bundles import
  // through this module instead (src/dynamic-import.ts).
  (globalThis as Record<symbol, unknown>)[IMPORT_HOOK] ??= (specifier: string) => import(specifier);
  const module = { exports: {} as Record<string, unknown> };
  // Stack traces through the source maps (BANKDOCS_DEBUG=1): Node's own CommonJS loader
  // maps them; a vm.Script's frames it does not.
  if (process.env.BANKDOCS_DEBUG) return createRequire(file)(file) as Record<string, unknown>;
  const cacheFile = entryFile(file, id);
  const kept = cacheFile ? readEntry(cacheFile) : undefined;
  // No entry of its own: the one made when bankdocs was installed, if any (BANKDOCS_NO_SEED=1: not).
  const seed = kept === undefined && !process.env.BANKDOCS_NO_SEED ? readEntry(seedFile(file, id)) : undefined;
  const data = kept ?? seed;
  const script = new Script(HEAD + readFileSync(file, 'utf8') + TAIL, { filename: file, ...(data ? { cachedData: data } : {}) });
  const accepted = data !== undefined && !script.cachedDataRejected;
  lastLoad.from = kept ? 'cache' : seed ? 'seed' : null;
  lastLoad.rejected = script.cachedDataRejected === true;
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  // Written at exit, so it holds every function the command ran, not only the top level;
  // not when V8 took an entry (the one made at install holds a cold and a warm run's code).
  // scripts/compile.mjs makes that one with a second run that writes it again
  // (BANKDOCS_SEEDING=1), with the code of both runs.
  if (cacheFile && (!accepted || process.env.BANKDOCS_SEEDING)) process.once('exit', () => writeEntry(cacheFile, script.createCachedData()));
  return module.exports;
}

/** An entry, or undefined when there is none or it is damaged: V8 checks an entry's version, flags and source, not its code, and a changed byte there crashes it (Check failed: … area_end). */
function readEntry(file: string): Buffer | undefined {
  try {
    return readSealedCacheFile(file);
  } catch {
    return undefined;
  }
}

/** The bundle's entry made at install (scripts/compile.mjs runs the command on the bundled site, cold and after an edit): lib/commands/code/. */
export function seedFile(file: string, id: string): string {
  return join(dirname(file), 'code', entryName(file, id));
}

const entryName = (file: string, id: string) => `${basename(file, '.cjs')}-${id}-${process.version}-${process.arch}.bin`;

function entryFile(file: string, id: string): string | null {
  // The cache of the node_modules bankdocs is installed in (lib/commands/<name>.cjs is two folders down).
  const root = cacheRoot(join(dirname(file), '..', '..'));
  return root && join(root, 'code', entryName(file, id));
}

/** Written whole or not at all; older entries of the same bundle go (not another run's file being written). */
function writeEntry(file: string, data: Buffer): void {
  if (!writeSealedCacheFile(file, data)) return;
  const dir = dirname(file);
  const name = basename(file);
  const bundle = `${name.slice(0, name.indexOf('-'))}-`;
  try {
    for (const old of readdirSync(dir)) if (old.startsWith(bundle) && old !== name && !old.endsWith('.tmp')) rmSync(join(dir, old), { force: true });
  } catch {
    // Old entries left behind only take room.
  }
}
