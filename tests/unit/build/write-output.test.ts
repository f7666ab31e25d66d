import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeOutput } from '../../../src/build/write-output.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bankdocs-write-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('writeOutput', () => {
  it('replaces the output folder as a whole', async () => {
    const out = join(root, 'dist');
    mkdirSync(out);
    writeFileSync(join(out, 'stale.html'), 'old');
    await writeOutput(out, [{ path: 'a/index.html', contents: 'A' }, { path: '404.html', contents: 'N' }]);
    expect(readdirSync(out).sort()).toEqual(['.bankdocs-output', '404.html', 'a']);
    expect(readFileSync(join(out, 'a/index.html'), 'utf8')).toBe('A');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('gives a copied file the mode of a written one, not its source\'s (an executable bit, a read-only checkout)', async () => {
    const out = join(root, 'dist');
    writeFileSync(join(root, 'run.svg'), '<svg/>');
    chmodSync(join(root, 'run.svg'), 0o755);
    writeFileSync(join(root, 'locked.svg'), '<svg/>');
    chmodSync(join(root, 'locked.svg'), 0o444);
    await writeOutput(out, [{ path: 'index.html', contents: 'A' }, { path: 'run.svg', from: join(root, 'run.svg') }, { path: 'locked.svg', from: join(root, 'locked.svg') }]);
    const mode = (rel: string) => (statSync(join(out, rel)).mode & 0o777).toString(8);
    expect([mode('run.svg'), mode('locked.svg')]).toEqual([mode('index.html'), mode('index.html')]);
    expect(readFileSync(join(out, 'locked.svg'), 'utf8')).toBe('<svg/>');
  });

  it('leaves the previous output untouched and no temp folder when a write fails', async () => {
    const out = join(root, 'dist');
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), 'previous');
    await expect(
      writeOutput(out, [{ path: 'index.html', contents: 'new' }, { path: 'logo.svg', from: join(root, 'missing.svg') }]),
    ).rejects.toThrow(/ENOENT/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(root)).toEqual(['dist']);
  });
});

describe('writeOutput, duplicates', () => {
  it('refuses two files for one path instead of letting the last write win', async () => {
    const out = join(root, 'dist');
    await expect(writeOutput(out, [{ path: 'robots.txt', contents: 'a' }, { path: 'robots.txt', contents: 'b' }])).rejects.toThrow(/Internal error: two output files for robots.txt/);
    expect(readdirSync(root)).toEqual([]);
  });
});
