// After a theme component changes, `bankdocs dev` compiles its render thread again, into
// the site's cache folder (never into the installed package, which may be read-only or
// shared by other projects); a fresh render thread then loads that bundle.
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { PACKAGE_ROOT, THEME_DIR } from '../package-root.js';
import { importModule } from '../dynamic-import.js';

/** Packages that load files from beside their own modules stay imports, by absolute URL (the bundle lives elsewhere). */
const EXTERNAL = ['esbuild', '@ruby/prism', 'curlconverter', 'chokidar', 'jsonc-parser'];

export type ThemeCompile = { ok: true; entry: string } | { ok: false; message: string; file?: string; line?: number; column?: number };

let generation = 0;

export async function compileDevRenderer(cacheDir: string): Promise<ThemeCompile> {
  const source = join(PACKAGE_ROOT, 'src', 'dev', 'render-worker.ts');
  if (!existsSync(source)) return { ok: false, message: 'this bankdocs was installed without its sources, so theme components cannot be compiled while the server runs; restart bankdocs dev' };
  const { build } = await importModule<typeof import('esbuild')>('esbuild');
  const outfile = join(cacheDir, 'dev', `render-worker-${process.pid}-${++generation}.js`);
  const packageTheme = join(PACKAGE_ROOT, 'theme') + sep;
  const redirect: Plugin = {
    name: 'dev-theme',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${EXTERNAL.map((e) => e.replace(/[./]/g, '\\$&')).join('|')})(/|$)`) }, async (args) => {
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir: PACKAGE_ROOT, pluginData: 'external' });
        return found.errors.length ? undefined : { path: pathToFileURL(found.path).href, external: true };
      });
      // BANKDOCS_THEME_DIR: the components come from that theme, not the package's own.
      if (resolve(THEME_DIR) + sep !== packageTheme) {
        b.onResolve({ filter: /\/theme\// }, (args) => {
          if (args.pluginData === 'external') return undefined;
          const path = resolve(args.resolveDir, args.path);
          if (!path.startsWith(packageTheme)) return undefined;
          return { path: join(THEME_DIR, relative(packageTheme, path)).replace(/\.js$/, existsSync(join(THEME_DIR, relative(packageTheme, path)).replace(/\.js$/, '.tsx')) ? '.tsx' : '.ts') };
        });
      }
    },
  };
  try {
    await build({
      absWorkingDir: PACKAGE_ROOT,
      entryPoints: [source],
      outfile,
      plugins: [redirect],
      // A theme outside the package (BANKDOCS_THEME_DIR) imports React and the rest from the package's own dependencies.
      nodePaths: [join(PACKAGE_ROOT, 'node_modules')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      banner: { js: "import { createRequire as __bankdocsCreateRequire } from 'node:module'; const require = __bankdocsCreateRequire(import.meta.url);" },
      logLevel: 'silent',
    });
    return { ok: true, entry: outfile };
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors?.[0];
    if (!first) return { ok: false, message: (error as Error).message };
    return { ok: false, message: first.text, ...(first.location ? { file: resolve(PACKAGE_ROOT, first.location.file), line: first.location.line, column: first.location.column + 1 } : {}) };
  }
}
