// `bankdocs check` reads every source file once (issue #15): each Markdown file, the
// config, the OpenAPI document and the Ruby client surface are read when the site is
// loaded, and every later stage (links, examples, translations, search, the published
// OpenAPI files) works from what was read. A cold build reads each Markdown file once
// too (the bytes it hashes for its record are the ones it parses), and a build after an
// edit the edited file alone: the others are parsed from the cache. A check bundles no browser runtime (it
// writes no page). The file system is wrapped to count reads.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { copySite, removeSite } from '../helpers/site.js';

const reads = new Map<string, number>();
const count = (path: unknown) => {
  if (typeof path !== 'string') return;
  const key = resolve(path);
  reads.set(key, (reads.get(key) ?? 0) + 1);
};

/** `read` with each call's path counted first (hoisted with the mocks that use it). */
const { counting } = vi.hoisted(() => ({
  counting: <F,>(read: F): F =>
    ((path: unknown, ...rest: unknown[]) => {
      count(path);
      return (read as (...args: unknown[]) => unknown)(path, ...rest);
    }) as F,
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readers = { readFileSync: counting(fs.readFileSync), openSync: counting(fs.openSync) };
  return { ...fs, ...readers, default: { ...fs, ...readers } };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const readers = { readFile: counting(fs.readFile), open: counting(fs.open) };
  return { ...fs, ...readers, default: { ...fs, ...readers } };
});

const site = copySite(null);
afterAll(() => removeSite(site));

describe('bankdocs check reads', () => {
  it('every Markdown file, the config, the OpenAPI document and the Ruby client exactly once', async () => {
    const { runCheck } = await import('../../src/check/run-check.js');
    const { THEME_DIR } = await import('../../src/package-root.js');
    reads.clear();
    const result = await runCheck({ config: join(site, 'docs.config.yaml'), workers: 0, cache: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const content = join(site, 'content');
    const sources = [
      join(site, 'docs.config.yaml'),
      join(content, 'api', 'openapi.yaml'),
      join(content, 'api', 'ruby-client.yaml'),
      ...readdirSync(content, { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => join(content, f)),
    ];
    expect(sources.length).toBeGreaterThan(100);
    const counted = Object.fromEntries(sources.map((file) => [file.slice(site.length + 1), reads.get(file) ?? 0]));
    expect(counted).toEqual(Object.fromEntries(sources.map((file) => [file.slice(site.length + 1), 1])));
    // Nor the browser runtime's sources: a check with no bundle kept renders with its names only (assets.ts, UNBUNDLED).
    expect(reads.get(join(THEME_DIR, 'styles', 'site.css')) ?? 0).toBe(0);
  });
});

describe('a build reads', () => {
  it('every Markdown file once when cold (the bytes hashed for its record are the bytes it parses); after an edit the edited file alone', async () => {
    const { buildSite } = await import('../../src/build/build.js');
    const cache = mkdtempSync(join(tmpdir(), 'bankdocs-reads-'));
    const out = mkdtempSync(join(tmpdir(), 'bankdocs-reads-out-'));
    vi.stubEnv('BANKDOCS_CACHE_DIR', cache);
    try {
      const build = () => buildSite({ config: join(site, 'docs.config.yaml'), out, force: true, workers: 0 });
      reads.clear();
      expect((await build()).ok).toBe(true);
      const content = join(site, 'content');
      const markdown = readdirSync(content, { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => join(content, f));
      expect(markdown.length).toBeGreaterThan(100);
      expect(markdown.filter((f) => reads.get(f) !== 1)).toEqual([]);
      const edited = markdown.find((f) => f.endsWith(join('developers', 'dashboard-api.md')))!;
      expect(edited).toBeDefined();
      writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nOne more sentence.\n`);
      reads.clear();
      const warm = await build();
      expect(warm.ok).toBe(true);
      expect(warm.reused).toBeGreaterThan(100);
      expect(reads.get(edited)).toBe(1);
      expect(markdown.filter((f) => f !== edited && reads.has(f))).toEqual([]);
      // What the build made of the edit is there.
      expect(readFileSync(join(out, 'developers', 'dashboard-api', 'index.html'), 'utf8')).toContain('One more sentence.');
      // As `bankdocs build` runs it: the quick check reads the edited file to hash it, and the build takes those bytes.
      const { freshBuild } = await import('../../src/commands/fresh.js');
      const { buildCommand } = await import('../../src/commands/build.js');
      writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nAnd another.\n`);
      reads.clear();
      const silent = { info: () => undefined, error: () => undefined };
      const options = { config: join(site, 'docs.config.yaml'), out, quiet: true, workers: '1' };
      const fresh = freshBuild(options, silent);
      expect('last' in fresh && fresh.last).toBeTruthy();
      expect(await buildCommand(options, silent, 'last' in fresh ? fresh.last : null)).toBe(0);
      expect(reads.get(edited)).toBe(1);
      expect(markdown.filter((f) => f !== edited && reads.has(f))).toEqual([]);
      expect(readFileSync(join(out, 'developers', 'dashboard-api', 'index.html'), 'utf8')).toContain('And another.');
    } finally {
      vi.unstubAllEnvs();
      rmSync(cache, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });
});
