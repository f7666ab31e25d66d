// bundleAssets: the theme's stylesheet and the browser runtime, content-hashed, as
// in-memory files (esbuild's write: false). Only the write stage touches dist/.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build as esbuild, type BuildOptions } from 'esbuild';
import type { RuntimeConstants } from '../config/schema.js';
import { PACKAGE_ROOT, THEME_DIR } from '../package-root.js';
import type { BuiltAssets } from '../render/render-documents.js';

export type MadeFile =
  /** `path` is under dist/, with "/" separators. */
  | { path: string; contents: string | Uint8Array }
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

export async function bundleAssets(options: { runtime: RuntimeConstants; themeDir?: string; minify?: boolean; dev?: boolean }): Promise<BundledAssets> {
  const themeDir = options.themeDir ?? THEME_DIR;
  const { breakpoint, scrollOffset } = options.runtime;
  const css = (await readFile(join(themeDir, 'styles', 'site.css'), 'utf8'))
    .replaceAll('$breakpoint', `${breakpoint}px`)
    .replaceAll('$offsetOther', `${scrollOffset.other}px`)
    .replaceAll('$offsetH1Extra', `${Math.max(0, scrollOffset.h1 - scrollOffset.other)}px`);
  // The dev server keeps names stable so a CSS edit can swap the stylesheet in place.
  const cssPath = options.dev ? 'assets/site.css' : `assets/site.${contentHash(css)}.css`;

  const browser: BuildOptions & { write: false } = {
    bundle: true,
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: options.minify ?? true,
    write: false,
    // A theme outside this package (BANKDOCS_THEME_DIR) still finds bankdocs' dependencies.
    nodePaths: [join(PACKAGE_ROOT, 'node_modules')],
    logLevel: 'silent',
    legalComments: 'none',
  };
  const result = await esbuild({
    ...browser,
    entryPoints: [join(themeDir, 'client', 'main.ts')],
    splitting: true,
    format: 'esm',
    outdir: '/assets',
    entryNames: options.dev ? '[name]' : '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
  });
  // The resolver for stubs and 404.html: inlined, so a redirect costs no extra request.
  const redirect = await esbuild({ ...browser, entryPoints: [join(themeDir, 'client', 'redirect.ts')], format: 'iife' });
  const redirectScript = redirect.outputFiles[0]!.text.trim().replaceAll('</script', '<\\/script');

  const files: OutputFile[] = [{ path: cssPath, contents: css }];
  let script: string | null = null;
  for (const file of result.outputFiles) {
    const path = `assets/${relative('/assets', file.path).split('\\').join('/')}`;
    files.push({ path, contents: file.contents });
    if (/^assets\/main(-[^/]+)?\.js$/.test(path)) script = `/${path}`;
  }
  return { urls: { css: `/${cssPath}`, script, redirectScript }, files };
}
