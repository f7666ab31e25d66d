// bundleAssets: the theme's stylesheet and the browser runtime, content-hashed, as
// in-memory files (esbuild's write: false). Only the write stage touches dist/.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { readCacheValue, writeCacheValue } from '../cache/cache-dir.js';
import { digest, toolFingerprint } from '../cache/fingerprint.js';
import { inputFilesOf } from '../cache/output-manifest.js';
import type { RuntimeConstants } from '../config/schema.js';
import { PACKAGE_ROOT, THEME_DIR } from '../package-root.js';
import type { BuiltAssets } from '../render/render-documents.js';
import { importModule } from '../dynamic-import.js';

export type MadeFile =
  /** `path` is under dist/, with "/" separators. */
  /** `id`: its content id when known without hashing it (a name made of its content's hash, a twin's document key). */
  | { path: string; contents: string | Uint8Array; id?: string }
  /** A file copied as it is, e.g. an image under content/. */
  | { path: string; from: string };

export type OutputFile =
  | MadeFile
  /** A file already written into the staging folder (build.ts); `staged` is its content id (output-manifest.ts). */
  | { path: string; staged: string };

export interface BundledAssets {
  urls: BuiltAssets;
  files: OutputFile[];
}

export function contentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 10);
}

/** The stylesheet's rules between `each language {` and `} each language` comments, once for each example language ($language). */
function perLanguage(css: string, languages: readonly string[]): string {
  return css.replace(/\/\* each language \{ \*\/\n?([\s\S]*?)\/\* \} each language \*\/\n?/g, (_, rules: string) => languages.map((l) => rules.replaceAll('$language', l)).join(''));
}

/** `languages`: the API reference's example languages (api.languages). */
export async function bundleAssets(options: { runtime: RuntimeConstants; languages?: readonly string[]; themeDir?: string; minify?: boolean; dev?: boolean }): Promise<BundledAssets> {
  const themeDir = options.themeDir ?? THEME_DIR;
  const { breakpoint, scrollOffset } = options.runtime;
  const css = perLanguage(await readFile(join(themeDir, 'styles', 'site.css'), 'utf8'), options.languages ?? [])
    .replaceAll('$breakpoint', `${breakpoint}px`)
    .replaceAll('$offsetOther', `${scrollOffset.other}px`)
    .replaceAll('$offsetH1Extra', `${Math.max(0, scrollOffset.h1 - scrollOffset.other)}px`);
  // The dev server keeps names stable so a CSS edit can swap the stylesheet in place.
  const cssPath = options.dev ? 'assets/site.css' : `assets/site.${contentHash(css)}.css`;

  const browser: BuildOptions & { write: false } = {
    bundle: true,
    platform: 'browser',
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: options.minify ?? true,
    write: false,
    // A theme outside this package (BANKDOCS_THEME_DIR) still finds bankdocs' dependencies.
    nodePaths: [join(PACKAGE_ROOT, 'node_modules')],
    // Paths (and so the chunks' content hashes) relative to the package, not to the folder
    // bankdocs runs in: the same site gives the same bytes from any working folder.
    absWorkingDir: PACKAGE_ROOT,
    logLevel: 'silent',
    legalComments: 'none',
  };
  // Loaded here, not with this module: a run that takes the bundle from the cache never needs it.
  const { build: esbuild } = await importModule<typeof import('esbuild')>('esbuild');
  // The APM agent's part is built on its own: it is CommonJS, and in the split build below
  // esbuild's interop helpers for it became a chunk that every part, the core script too,
  // imported (0.38 KB gzipped and a request on every page). The core imports it by its name.
  const monitoringSource = join(themeDir, 'client', 'monitoring.ts');
  const monitoring = existsSync(monitoringSource)
    ? (await esbuild({ ...browser, entryPoints: { monitoring: monitoringSource }, format: 'esm', outdir: '/assets', entryNames: options.dev ? 'chunks/[name]' : 'chunks/[name]-[hash]' })).outputFiles
    : [];
  const monitoringName = monitoring.length ? relative('/assets', monitoring[0]!.path).split('\\').join('/') : null;
  const result = await esbuild({
    ...browser,
    entryPoints: [join(themeDir, 'client', 'main.ts')],
    splitting: true,
    format: 'esm',
    outdir: '/assets',
    entryNames: options.dev ? '[name]' : '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    plugins: monitoringName
      ? [{ name: 'monitoring-part', setup: (b) => b.onResolve({ filter: /^\.\/monitoring\.js$/ }, (args) => (args.importer === join(themeDir, 'client', 'main.ts') ? { path: `./${monitoringName}`, external: true } : undefined)) }]
      : [],
  });
  // The resolver for stubs and 404.html: inlined, so a redirect costs no extra request.
  const redirect = await esbuild({ ...browser, entryPoints: [join(themeDir, 'client', 'redirect.ts')], format: 'iife' });
  const redirectScript = redirect.outputFiles[0]!.text.trim().replaceAll('</script', '<\\/script');

  const files: OutputFile[] = [{ path: cssPath, contents: css }];
  let script: string | null = null;
  for (const file of [...monitoring, ...result.outputFiles]) {
    const path = `assets/${relative('/assets', file.path).split('\\').join('/')}`;
    files.push({ path, contents: file.contents });
    if (/^assets\/main(-[^/]+)?\.js$/.test(path)) script = `/${path}`;
  }
  return { urls: { css: `/${cssPath}`, script, redirectScript }, files };
}

/**
 * What `check` renders its pages with when no earlier run left a bundle (cachedAssets with
 * `bundle: false`): its pages are read for their ids and links and never written, and
 * none of those is in the bundle, so the pages need only its names (which no bundle's
 * file has). A cold check then starts no esbuild: 40-60 ms of a check of 1000 pages, as
 * its process competes with reading the site. The cache keys hold the assets, so what a
 * check renders with these is never taken for a build's page, nor the other way round.
 */
export const UNBUNDLED: BundledAssets = {
  urls: { css: '/assets/site.unbundled.css', script: '/assets/main-unbundled.js', redirectScript: '' },
  files: [
    { path: 'assets/site.unbundled.css', contents: '' },
    { path: 'assets/main-unbundled.js', contents: '' },
  ],
};

/**
 * bundleAssets with the site's cache folder (`dir`): a build or check whose theme, runtime
 * settings and bankdocs are those of an earlier run takes that run's bundle and starts no
 * esbuild at all (loading it and starting its process cost a warm build about 40 ms). The
 * key is the content of every file of the theme's client and styles; anything unreadable
 * in the cache means bundling again. `bundle: false` (check): the kept bundle, or else
 * UNBUNDLED; a check after a build takes the build's bundle, so its pages' keys are those
 * of the build's pages, which it reads instead of rendering them again.
 */
export async function cachedAssets(dir: string | null, options: { runtime: RuntimeConstants; languages?: readonly string[]; bundle?: boolean }): Promise<BundledAssets> {
  const bundle = options.bundle ?? true;
  if (!dir) return bundle ? bundleAssets(options) : UNBUNDLED;
  const file = join(dir, 'assets.bin');
  let key: string | null = null;
  try {
    key = assetsKey(options.runtime, options.languages ?? []);
    const kept = readCacheValue(file) as { key?: unknown; assets?: BundledAssets };
    if (kept.key === key && kept.assets && Array.isArray(kept.assets.files) && typeof kept.assets.urls?.css === 'string') return kept.assets;
  } catch {
    // No usable entry: bundled below.
  }
  if (!bundle) return UNBUNDLED;
  const assets = await bundleAssets(options);
  if (key) writeCacheValue(file, { key, assets: { urls: assets.urls, files: assets.files.map((f) => ('contents' in f && typeof f.contents !== 'string' ? { path: f.path, contents: new Uint8Array(f.contents) } : f)) } });
  return assets;
}

/** What the bundle is made from: bankdocs, the runtime settings, the example languages, and the theme's client and styles, file by file. */
function assetsKey(runtime: RuntimeConstants, languages: readonly string[]): string {
  const parts: string[] = [toolFingerprint(), JSON.stringify(runtime), JSON.stringify(languages), THEME_DIR];
  const files = inputFilesOf({ walks: ['client', 'styles'].map((folder): [string, string] => [folder, join(THEME_DIR, folder)]), files: [] });
  for (const [name, path] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) parts.push(name, digest(readFileSync(path)));
  return digest(...parts);
}
