import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageMemo } from '../../../src/cache/page-cache.js';
import type { ResolvedConfig } from '../../../src/config/load-config.js';
import type { Classified } from '../../../src/content/classify.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-pages-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const resolved = (collections: unknown[] = [{ name: 'guides' }]) => ({ collections: collections.map((model) => ({ model })) }) as unknown as ResolvedConfig;
const files = Array.from({ length: 40 }, (_, i) => `/site/content/guide-${i}.md`);
const hashOf = (i: number, edit = '') => `sha1:${(i * 7919 + edit.length).toString(16).padStart(40, String(i % 16 === 0 ? 'a' : (i % 16).toString(16)))}`;
const where = (i: number) => ({ info: { collection: 'guides', layout: 'guide', locale: null, values: {} }, url: `/guide-${i}` }) as unknown as Classified;
const parsed = (i: number) => ({ collection: 'guides', data: { title: `Guide ${i}` }, body: `\n\nThe text of guide ${i}, with "é" and "→".\n`, frontMatter: { yaml: `title: Guide ${i}`, lineOffset: 1 } });

function fill(hashes: Map<string, string>) {
  const first = pageMemo({ dir, mode: 'output', inputHashes: hashes }, resolved())!;
  files.forEach((file, i) => first.memo.set(file, parsed(i)));
  first.save();
}

describe('pageMemo', () => {
  it('gives back a page parsed by the last build while its file holds the same bytes, its body read when asked', () => {
    const hashes = new Map(files.map((file, i) => [file, hashOf(i)]));
    fill(hashes);
    hashes.set(files[3]!, hashOf(3, 'edited'));
    const second = pageMemo({ dir, mode: 'output', inputHashes: hashes }, resolved())!;
    expect(second.memo.get(files[3]!)).toBeUndefined();
    const kept = second.memo.get(files[5]!)!;
    expect(kept.collection).toBe('guides');
    const page = kept.page('guide-5.md', files[5]!, where(5));
    expect(Object.getOwnPropertyDescriptor(page, 'body')?.get).toBeTypeOf('function');
    expect({ ...page }).toEqual({ source: 'guide-5.md', file: files[5], hash: hashOf(5), info: where(5).info, url: '/guide-5', data: { title: 'Guide 5' }, body: parsed(5).body, frontMatter: parsed(5).frontMatter });
    expect(Object.getOwnPropertyDescriptor(page, 'body')?.value).toBe(parsed(5).body);
    // Other collections read front matter anew.
    expect(pageMemo({ dir, mode: 'output', inputHashes: hashes }, resolved([{ name: 'guides', frontMatter: { audience: 'string' } }]))!.memo.get(files[5]!)).toBeUndefined();
    // Without the inputs' hashes (bankdocs check), there is no memo.
    expect(pageMemo({ dir, mode: 'scan' }, resolved())).toBeNull();
  });

  it('drops a shard whose bodies were damaged', () => {
    const hashes = new Map(files.map((file, i) => [file, hashOf(i)]));
    fill(hashes);
    const shard = readdirSync(dir).find((f) => f.startsWith(`pages-${hashOf(5)[5]}`))!;
    const bytes = readFileSync(join(dir, shard));
    const at = bytes.indexOf(Buffer.from('The text of guide 5'));
    expect(at).toBeGreaterThan(0);
    bytes[at + 4] = 'X'.charCodeAt(0);
    writeFileSync(join(dir, shard), bytes);
    const again = pageMemo({ dir, mode: 'output', inputHashes: hashes }, resolved())!;
    expect(again.memo.get(files[5]!)).toBeUndefined();
    expect(files.filter((_, i) => hashOf(i)[5] !== hashOf(5)[5]).every((file) => again.memo.get(file) !== undefined)).toBe(true);
  });
});
