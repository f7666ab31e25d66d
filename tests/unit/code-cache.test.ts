// A command's bundle runs from V8's code cache (src/code-cache.ts): its own entry in the
// cache folder if it has one, or else the entry made when bankdocs was compiled
// (lib/commands/code/), so that a cold run compiles little. Run in child processes with
// the compiled loader, as the CLI runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSealedCacheFile } from '../../src/cache/cache-dir.js';
import { HEAD, seedFile, TAIL } from '../../src/code-cache.js';

const LOADER = pathToFileURL(join(import.meta.dirname, '..', '..', 'lib', 'code-cache.js')).href;
const SOURCE = 'exports.answer = [1, 2, 3].map((n) => n * 14).at(-1);';
const ID = '0123456789abcdef';

let dir: string;
let bundle: string;
let cache: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-code-'));
  mkdirSync(join(dir, 'lib', 'commands'), { recursive: true });
  bundle = join(dir, 'lib', 'commands', 'probe.cjs');
  writeFileSync(bundle, SOURCE);
  cache = join(dir, 'cache');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Loads the bundle in a new process: its exports, and where its code came from. */
function load(env: Record<string, string> = {}): { answer: number; from: string | null; rejected: boolean } {
  const script = `const m = await import(${JSON.stringify(LOADER)}); const b = m.loadBundle(new URL(${JSON.stringify(pathToFileURL(bundle).href)}), ${JSON.stringify(ID)}); process.stdout.write(JSON.stringify({ answer: b.answer, ...m.lastLoad }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, BANKDOCS_CACHE_DIR: cache, BANKDOCS_DEBUG: '', BANKDOCS_NO_SEED: '', BANKDOCS_SEEDING: '', ...env } });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { answer: number; from: string | null; rejected: boolean };
}

/** An entry as the cache writes it: V8's data and its CRC-32. */
const seed = (data: Buffer) => {
  const file = seedFile(bundle, ID);
  mkdirSync(join(file, '..'), { recursive: true });
  expect(writeSealedCacheFile(file, data)).toBe(true);
};

describe('the code cache made at install', () => {
  it('is what a run without an entry of its own runs from, and it then writes none', () => {
    seed(new Script(HEAD + SOURCE + TAIL, { filename: bundle }).createCachedData());
    expect(load()).toEqual({ answer: 42, from: 'seed', rejected: false });
    expect(existsSync(join(cache, 'code'))).toBe(false);
    expect(load()).toEqual({ answer: 42, from: 'seed', rejected: false });
  });

  it('is made by a second run that writes its entry again (BANKDOCS_SEEDING=1), with what both compiled', () => {
    expect(load()).toEqual({ answer: 42, from: null, rejected: false });
    const first = readdirSync(join(cache, 'code'));
    expect(first).toHaveLength(1);
    const written = statSync(join(cache, 'code', first[0]!)).mtimeMs;
    expect(load()).toEqual({ answer: 42, from: 'cache', rejected: false });
    expect(statSync(join(cache, 'code', first[0]!)).mtimeMs).toBe(written);
    expect(load({ BANKDOCS_SEEDING: '1' })).toEqual({ answer: 42, from: 'cache', rejected: false });
    expect(readdirSync(join(cache, 'code'))).toEqual(first);
    expect(statSync(join(cache, 'code', first[0]!)).mtimeMs).toBeGreaterThan(written);
  });

  it('refused by V8 (another Node made it) costs only compiling; the run keeps an entry of its own', () => {
    seed(Buffer.alloc(2048, 7));
    expect(load()).toEqual({ answer: 42, from: 'seed', rejected: true });
    expect(load()).toEqual({ answer: 42, from: 'cache', rejected: false });
  });

  it('with a byte changed (which V8 does not check, and may crash on) is not handed to V8: the bundle compiles, and the entry is written anew', () => {
    expect(load()).toEqual({ answer: 42, from: null, rejected: false });
    const file = join(cache, 'code', readdirSync(join(cache, 'code'))[0]!);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(file, bytes);
    expect(load()).toEqual({ answer: 42, from: null, rejected: false });
    expect(load()).toEqual({ answer: 42, from: 'cache', rejected: false });
  });

  it('is not needed, nor taken with BANKDOCS_NO_SEED=1: the bundle compiles, and the run keeps an entry of its own', () => {
    expect(existsSync(seedFile(bundle, ID))).toBe(false);
    expect(load()).toEqual({ answer: 42, from: null, rejected: false });
    expect(load()).toEqual({ answer: 42, from: 'cache', rejected: false });
    rmSync(cache, { recursive: true });
    seed(new Script(HEAD + SOURCE + TAIL, { filename: bundle }).createCachedData());
    expect(load({ BANKDOCS_NO_SEED: '1' })).toEqual({ answer: 42, from: null, rejected: false });
  });
});
