import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInside } from '../../../src/http/open-inside.js';

let dir: string;
let root: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-open-inside-'));
  root = join(dir, 'root');
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(join(root, '.git'));
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(root, 'sub', 'a.txt'), 'inside');
  writeFileSync(join(root, '.git', 'config'), 'git');
  writeFileSync(join(dir, 'outside', 'secret.txt'), 'secret');
  symlinkSync(join(dir, 'outside', 'secret.txt'), join(root, 'file-link.txt'));
  symlinkSync(join(dir, 'outside'), join(root, 'dir-link'));
  symlinkSync(join(root, 'sub', 'a.txt'), join(root, 'inner-link.txt'));
  symlinkSync(join(root, '.git', 'config'), join(root, 'git-link.txt'));
  symlinkSync(join(root, 'nowhere'), join(root, 'dangling.txt'));
  // The served folder itself may be reached through a symlink.
  symlinkSync(root, join(dir, 'root-link'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readInside', () => {
  it('reads regular files inside the folder, also through a symlink that stays inside', async () => {
    expect(String(await readInside(root, 'sub/a.txt'))).toBe('inside');
    expect(String(await readInside(root, join(root, 'sub', 'a.txt')))).toBe('inside');
    expect(String(await readInside(root, 'inner-link.txt'))).toBe('inside');
    expect(String(await readInside(join(dir, 'root-link'), 'sub/a.txt'))).toBe('inside');
    expect(String(await readInside(join(dir, 'root-link'), join(root, 'sub', 'a.txt')))).toBe('inside');
  });

  it('refuses what leaves the folder, dotfiles, folders, and what is missing', async () => {
    for (const file of ['file-link.txt', 'dir-link/secret.txt', '../outside/secret.txt', join(dir, 'outside', 'secret.txt'), '.git/config', 'git-link.txt', 'dangling.txt', 'sub', '.', 'missing.txt', 'sub/a.txt/x']) {
      expect(await readInside(root, file), file).toBeNull();
    }
    expect(await readInside(join(dir, 'missing-root'), 'a.txt')).toBeNull();
  });

  it('does not hang on a FIFO', async () => {
    if (spawnSync('mkfifo', [join(root, 'pipe.txt')]).status !== 0) return;
    expect(await readInside(root, 'pipe.txt')).toBeNull();
  });
});
