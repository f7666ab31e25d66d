// A build that changes few pages writes the changed files into the output folder itself
// (updateInPlace, src/build/output-cache.ts): each beside its place first, then all moved
// in. A write that fails halfway (no space left) takes back everything it wrote.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../src/build/build.js';
import { copySite, removeSite } from '../helpers/site.js';

const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  // With the disk "full", a file written beside its place gets a few bytes, then ENOSPC.
  const writeFileSync: typeof real.writeFileSync = (file, data, options) => {
    if (disk.full && typeof file === 'string' && file.endsWith('.bankdocs.tmp')) {
      real.writeFileSync(file, 'half');
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    real.writeFileSync(file, data, options);
  };
  return { ...real, default: { ...real, writeFileSync }, writeFileSync };
});

let site: string;
let cache: string;
beforeEach(() => {
  site = copySite('basic-site');
  cache = mkdtempSync(join(tmpdir(), 'bankdocs-cache-'));
  process.env.BANKDOCS_CACHE_DIR = cache;
});
afterEach(() => {
  disk.full = false;
  delete process.env.BANKDOCS_CACHE_DIR;
  removeSite(site);
  rmSync(cache, { recursive: true, force: true });
});

/** Every file of a folder with its bytes, by path. */
function tree(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name), 'latin1')]));
}

describe('an in-place update of the output folder', () => {
  it('that fails halfway leaves the folder as the last build left it, without a file of its own', async () => {
    const config = join(site, 'docs.config.yaml');
    expect((await buildSite({ config })).ok).toBe(true);
    const before = tree(join(site, 'dist'));
    const page = join(site, 'content/developers/getting-started.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nOne more sentence.\n`);
    disk.full = true;
    await expect(buildSite({ config })).rejects.toThrow(/ENOSPC/);
    expect(tree(join(site, 'dist'))).toEqual(before);
    // And it was an in-place update: with room again, the next build writes the folder it leaves.
    disk.full = false;
    expect((await buildSite({ config })).ok).toBe(true);
  });
});
