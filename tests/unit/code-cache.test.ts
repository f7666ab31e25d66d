// A command's bundle runs from V8's code cache (src/code-cache.ts): its own entry in the
// cache folder once it has one, and before that, the entry made when bankdocs was
// compiled (lib/commands/code/), so that a cold run compiles little. Run in child
// processes with the compiled loader, as the CLI runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
function load(): { answer: number; from: string | null; rejected: boolean } {
  const script = `const m = await import(${JSON.stringify(LOADER)}); const b = m.loadBundle(new URL(${JSON.stringify(pathToFileURL(bundle).href)}), ${JSON.stringify(ID)}); process.stdout.write(JSON.stringify({ answer: b.answer, ...m.lastLoad }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, BANKDOCS_CACHE_DIR: cache, BANKDOCS_DEBUG: '' } });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { answer: number; from: string | null; rejected: boolean };
}

const seed = (data: Buffer) => {
  const file = seedFile(bundle, ID);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, data);
};

describe('the code cache made at install', () => {
  it('is where a cold run starts from; the run then keeps an entry of its own, which the next run takes', () => {
    seed(new Script(HEAD + SOURCE + TAIL, { filename: bundle }).createCachedData());
    expect(load()).toEqual({ answer: 42, from: 'seed', rejected: false });
    expect(readdirSync(join(cache, 'code'))).toHaveLength(1);
    expect(load()).toEqual({ answer: 42, from: 'cache', rejected: false });
  });

  it('refused by V8 (another Node made it, or it is damaged) costs only compiling', () => {
    seed(Buffer.alloc(2048, 7));
    expect(load()).toEqual({ answer: 42, from: 'seed', rejected: true });
    expect(load()).toEqual({ answer: 42, from: 'cache', rejected: false });
  });

  it('is not needed: without it the bundle compiles as before', () => {
    expect(existsSync(seedFile(bundle, ID))).toBe(false);
    expect(load()).toEqual({ answer: 42, from: null, rejected: false });
    expect(load()).toEqual({ answer: 42, from: 'cache', rejected: false });
  });
});
