import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPack } from '../../../src/cache/document-cache.js';
import { digest } from '../../../src/cache/fingerprint.js';

const isText = (value: unknown): value is string => typeof value === 'string';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-pack-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const keys = Array.from({ length: 64 }, (_, i) => digest(`key ${i}`));

describe('openPack', () => {
  it('gives the next run what this run set or used, and forgets the rest', () => {
    const first = openPack(dir, 'test', isText);
    for (const key of keys) first.set(key, `value of ${key}`);
    first.save();
    const second = openPack(dir, 'test', isText);
    expect(second.get(keys[0]!)).toBe(`value of ${keys[0]}`);
    expect(second.hits).toBe(1);
    second.set(keys[1]!, 'changed');
    second.save();
    const third = openPack(dir, 'test', isText);
    expect(third.get(keys[0]!)).toBe(`value of ${keys[0]}`);
    expect(third.get(keys[1]!)).toBe('changed');
    expect(third.get(keys[2]!)).toBeUndefined();
  });

  it('rewrites only the shards whose entries changed', () => {
    const first = openPack(dir, 'test', isText);
    for (const key of keys) first.set(key, 'v');
    first.save();
    const times = () => new Map(readdirSync(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs]));
    const before = times();
    const second = openPack(dir, 'test', isText);
    for (const key of keys) second.get(key);
    second.set(keys[5]!, 'new');
    second.save();
    const after = times();
    const rewritten = [...after].filter(([f, t]) => before.get(f) !== t).map(([f]) => f);
    expect(rewritten).toEqual([`test-${keys[5]![0]}.bin`]);
  });

  it('ignores a damaged shard or an entry of the wrong shape, and works without a folder', () => {
    const first = openPack(dir, 'test', isText);
    for (const key of keys) first.set(key, 'v');
    first.save();
    writeFileSync(join(dir, `test-${keys[0]![0]}.bin`), 'not a pack');
    const second = openPack(dir, 'test', isText);
    expect(second.get(keys[0]!)).toBeUndefined();
    expect(keys.filter((k) => k[0] !== keys[0]![0]).every((k) => second.get(k) === 'v')).toBe(true);
    const numbers = openPack(dir, 'test', (value: unknown): value is number => typeof value === 'number');
    expect(numbers.get(keys[1]!)).toBeUndefined();
    const none = openPack(null, 'test', isText);
    none.set(keys[0]!, 'v');
    none.save();
    expect(none.get(keys[0]!)).toBeUndefined();
  });
});
