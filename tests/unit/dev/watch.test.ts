// The dev watcher: symlinks are never followed, a watched root that is itself a symlink
// (content/ linked from another checkout) is still watched, under its own name, and a
// file written again while its update ran is reported again.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileChange } from '../../../src/dev/session.js';
import { watchFiles, type Watcher } from '../../../src/dev/watch.js';

let dir: string;
let content: string;
let watcher: Watcher;
const changes: FileChange[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-watch-'));
  mkdirSync(join(dir, 'real-content', 'assets'), { recursive: true });
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(dir, 'outside', 'secret.txt'), 'secret');
  content = join(dir, 'content');
  symlinkSync(join(dir, 'real-content'), content);
  watcher = watchFiles([content], (batch) => changes.push(...batch));
  await watcher.ready;
});
afterAll(async () => {
  await watcher.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('watchFiles', () => {
  it('reports changes under a symlinked root by the name it was given', async () => {
    writeFileSync(join(dir, 'real-content', 'assets', 'a.txt'), 'a');
    await expect.poll(() => changes, { timeout: 30_000 }).toContainEqual({ path: join(content, 'assets', 'a.txt'), kind: 'add' });
  });

  it('watches a path added later (a content folder a fixed config names), under its own name when it is a symlink', async () => {
    mkdirSync(join(dir, 'real-later'));
    const later = join(dir, 'later');
    symlinkSync(join(dir, 'real-later'), later);
    watcher.add([later, content]);
    // The new root is watched once chokidar has read it: write a new page until one is seen.
    let n = 0;
    await expect
      .poll(() => {
        writeFileSync(join(dir, 'real-later', `page-${++n}.md`), '# Page\n');
        return changes.some((c) => c.path.startsWith(join(later, 'page-')) && c.kind === 'add');
      }, { timeout: 30_000, interval: 100 })
      .toBe(true);
  });

  it('reports a symlink as a removal, marked as a link, and never what is behind it', async () => {
    symlinkSync(join(dir, 'outside', 'secret.txt'), join(content, 'assets', 'leak.txt'));
    symlinkSync(join(dir, 'outside'), join(content, 'assets', 'outside'));
    await expect.poll(() => changes, { timeout: 30_000 }).toContainEqual({ path: join(content, 'assets', 'leak.txt'), kind: 'unlink', symlink: true });
    await expect.poll(() => changes, { timeout: 30_000 }).toContainEqual({ path: join(content, 'assets', 'outside'), kind: 'unlink', symlink: true });
    // A marker written after the links: once it is reported, the links' events are in.
    writeFileSync(join(content, 'assets', 'marker.txt'), 'm');
    await expect.poll(() => changes.map((c) => c.path), { timeout: 30_000 }).toContain(join(content, 'assets', 'marker.txt'));
    expect(changes.filter((c) => c.path.includes('secret.txt'))).toEqual([]);
  });

  it('reports a file again when it was written again while its update ran (chokidar drops a second change within 50 ms)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bankdocs-watch-again-'));
    const file = join(root, 'page.md');
    writeFileSync(file, 'one');
    // The file's text as each update read it.
    const read: string[] = [];
    const again = watchFiles([root], async (batch) => {
      if (!batch.some((c) => c.path === file)) return;
      read.push(readFileSync(file, 'utf8'));
      // An editor's second write lands while this update runs, a few ms after the first.
      if (read.length === 1) writeFileSync(file, 'three');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    try {
      await again.ready;
      writeFileSync(file, 'two');
      await expect.poll(() => read.at(-1), { timeout: 5000 }).toBe('three');
      expect(read[0]).toBe('two');
    } finally {
      await again.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reports a file written again just after a quick update, within chokidar\'s 50 ms', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bankdocs-watch-quick-'));
    const file = join(root, 'page.md');
    writeFileSync(file, 'one');
    const read: string[] = [];
    const quick = watchFiles([root], (batch) => {
      if (!batch.some((c) => c.path === file)) return;
      read.push(readFileSync(file, 'utf8'));
      // The update is done at once; the writer saves again a moment later (a fix after an error).
      if (read.length === 1) setTimeout(() => writeFileSync(file, 'three'), 5);
    });
    try {
      await quick.ready;
      writeFileSync(file, 'two');
      await expect.poll(() => read.at(-1), { timeout: 5000 }).toBe('three');
      expect(read[0]).toBe('two');
    } finally {
      await quick.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps watching a file watched by itself after it is deleted and made again (git checkout), each time', async () => {
    const site = join(dir, 'site');
    mkdirSync(site);
    const config = join(site, 'docs.config.yaml');
    writeFileSync(config, 'a: 0\n');
    writeFileSync(join(site, 'other.txt'), 'x');
    const seen: FileChange[] = [];
    const own = watchFiles([config], (batch) => seen.push(...batch));
    try {
      await own.ready;
      for (let round = 1; round <= 3; round++) {
        // Deleted and made again at once (git), then deleted (and reported so) and made again.
        const count = seen.length;
        rmSync(config);
        writeFileSync(config, `a: ${round}\n`, { flag: 'wx' });
        await expect.poll(() => seen.length > count && seen.at(-1)!.path === config, { timeout: 30_000 }).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 300));
        rmSync(config);
        await expect.poll(() => seen.at(-1), { timeout: 30_000 }).toEqual({ path: config, kind: 'unlink' });
        writeFileSync(config, `a: ${round}\n`, { flag: 'wx' });
        await expect.poll(() => seen.at(-1), { timeout: 30_000 }).toEqual({ path: config, kind: 'add' });
      }
      // The folder's other files are not watched.
      writeFileSync(join(site, 'other.txt'), 'y');
      writeFileSync(config, 'a: 5\n');
      await expect.poll(() => seen.filter((c) => c.path === config).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
      expect(seen.filter((c) => c.path !== config)).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it("ignores editors' scratch files (Emacs' #page.md#, JetBrains' safe-write files)", async () => {
    writeFileSync(join(content, 'assets', '#page.md#'), 'draft');
    writeFileSync(join(content, 'assets', 'page.md___jb_tmp___'), 'draft');
    writeFileSync(join(content, 'assets', 'after-scratch.txt'), 'm');
    await expect.poll(() => changes.map((c) => c.path), { timeout: 30_000 }).toContain(join(content, 'assets', 'after-scratch.txt'));
    expect(changes.filter((c) => c.path.includes('#page.md#') || c.path.includes('___jb_'))).toEqual([]);
  });

  it('waits a moment for a file found empty (an editor truncated it and writes next), instead of reporting it empty', async () => {
    const page = join(content, 'assets', 'truncated.md');
    writeFileSync(page, '---\ntitle: A\n---\n');
    const sizes: number[] = [];
    const own = watchFiles([content], (batch) => {
      for (const change of batch) if (change.path === page) sizes.push(statSync(page).size);
    });
    try {
      await own.ready;
      for (let round = 0; round < 3; round++) {
        const count = sizes.length;
        writeFileSync(page, '');
        await new Promise((resolve) => setTimeout(resolve, 40));
        writeFileSync(page, `---\ntitle: B${round}\n---\n`);
        await expect.poll(() => sizes.length > count, { timeout: 30_000 }).toBe(true);
      }
      expect(sizes.filter((size) => size === 0)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
