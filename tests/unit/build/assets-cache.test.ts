// The runtime bundle kept in the site's cache folder (cachedAssets): taken from there when
// the theme, the runtime settings and bankdocs are those of the run that made it, made
// anew by esbuild otherwise, and never trusted when the cache is unreadable.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleAssets, cachedAssets, type BundledAssets } from '../../../src/build/assets.js';
import { readCacheValue, writeCacheValue } from '../../../src/cache/cache-dir.js';
import { runtimeSchema } from '../../../src/config/schema.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-assets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const runtime = runtimeSchema.parse({});
const text = (assets: BundledAssets) => assets.files.map((f) => [f.path, 'contents' in f ? Buffer.from(f.contents).toString('utf8') : '']);

describe('the runtime bundle in the cache', () => {
  it('is made by esbuild the first time, the same as without a cache, and kept', async () => {
    const first = await cachedAssets(dir, { runtime });
    const plain = await bundleAssets({ runtime });
    expect(first.urls).toEqual(plain.urls);
    expect(text(first)).toEqual(text(plain));
    const kept = readCacheValue(join(dir, 'assets.bin')) as { assets: BundledAssets };
    expect(text(kept.assets)).toEqual(text(plain));
  });

  it('is taken from the cache by the next run with the same theme and settings', async () => {
    // Marked in the cache: only a bundle read from there carries the mark.
    const file = join(dir, 'assets.bin');
    const kept = readCacheValue(file) as { key: string; assets: BundledAssets };
    kept.assets.urls.redirectScript = 'marked';
    writeCacheValue(file, kept);
    expect((await cachedAssets(dir, { runtime })).urls.redirectScript).toBe('marked');
  });

  it('is made again when the runtime settings change, or the cache cannot be read', async () => {
    const other = await cachedAssets(dir, { runtime: { ...runtime, breakpoint: runtime.breakpoint + 1 } });
    expect(other.urls.redirectScript).not.toBe('marked');
    expect(other.urls.css).not.toBe((await bundleAssets({ runtime })).urls.css);
    // The stylesheet's rules for each example language (a tab view opens on the stored one).
    const ruby = await cachedAssets(dir, { runtime, languages: ['curl', 'ruby'] });
    expect(ruby.urls.redirectScript).not.toBe('marked');
    const css = text(ruby).find(([path]) => path!.endsWith('.css'))![1]!;
    expect(css).toContain(':root[data-stored-language="ruby"] .tabs[data-languages~="ruby"] > .tab-panel[data-language="ruby"]');
    expect(css).toContain(':root[data-stored-language="curl"]');
    expect(css).not.toMatch(/\$language|each language/);
    writeFileSync(join(dir, 'assets.bin'), 'not a pack');
    const fresh = await cachedAssets(dir, { runtime });
    expect(fresh.urls).toEqual((await bundleAssets({ runtime })).urls);
  });
});

describe('the runtime bundle', () => {
  it('loads with the core script only what the core shares with its parts, nothing of the APM agent\'s part', async () => {
    const { urls, files } = await bundleAssets({ runtime });
    const source = (path: string) => {
      const file = files.find((f) => f.path === path);
      return file && 'contents' in file ? Buffer.from(file.contents).toString('utf8') : '';
    };
    const staticImports = (code: string) => [...code.matchAll(/(?:^|[;}])import(?:[^"'()]*?from)?\s*"([^"]+)"/g)].map((m) => m[1]!);
    const core = source(urls.script!.slice(1));
    const monitoring = files.find((f) => /^assets\/chunks\/monitoring-[^/]+\.js$/.test(f.path))!;
    // The core loads the part by its name, when the page asks for it…
    expect(core).toContain(`import("./chunks/${monitoring.path.split('/').pop()}")`);
    // …and the part imports nothing: esbuild's CommonJS helpers for the agent are in it.
    expect(staticImports(source(monitoring.path))).toEqual([]);
    // The chunks the core loads at once hold no CommonJS interop (it did, for the agent alone).
    for (const chunk of staticImports(core)) expect(source(`assets/${chunk.replace(/^\.\//, '')}`)).not.toMatch(/getOwnPropertyNames|exports:\{\}/);
    expect(staticImports(core).length).toBeGreaterThan(0);
  });
});
