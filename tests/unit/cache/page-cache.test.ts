import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentId } from '../../../src/cache/output-manifest.js';
import { pageMemo } from '../../../src/cache/page-cache.js';
import type { ResolvedConfig } from '../../../src/config/load-config.js';
import type { Classified } from '../../../src/content/classify.js';

let dir: string;
let content: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-pages-'));
  content = join(dir, 'content');
  mkdirSync(content);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const resolved = (collections: unknown[] = [{ name: 'guides' }]) => ({ collections: collections.map((model) => ({ model })) }) as unknown as ResolvedConfig;
const where = (i: number) => ({ info: { collection: 'guides', layout: 'guide', locale: null, values: {} }, url: `/guide-${i}` }) as unknown as Classified;
const body = (i: number) => `\n\n\nThe text of guide ${i}, with "é" and "→".\n`;
const text = (i: number) => `---\ntitle: Guide ${i}\n---\nThe text of guide ${i}, with "é" and "→".\n`;
const parsed = (i: number) => ({ collection: 'guides', data: { title: `Guide ${i}` }, frontMatter: { yaml: `title: Guide ${i}`, lineOffset: 1 } });

/** 40 guides written, parsed by a first build: their hashes as the input snapshot has them. */
function firstBuild(): { files: string[]; hashes: Map<string, string> } {
  const files = Array.from({ length: 40 }, (_, i) => join(content, `guide-${i}.md`));
  files.forEach((file, i) => writeFileSync(file, text(i)));
  const hashes = new Map(files.map((file) => [file, contentId(readFileSync(file))]));
  const first = pageMemo({ dir: join(dir, 'cache'), mode: 'output', inputHashes: hashes }, resolved())!;
  files.forEach((file, i) => first.memo.set(file, parsed(i)));
  first.save();
  return { files, hashes };
}

describe('pageMemo', () => {
  it('gives back a page parsed by the last build while its file holds the same bytes, its body read from the file when asked', () => {
    const { files, hashes } = firstBuild();
    expect(readdirSync(join(dir, 'cache')).map((f) => readFileSync(join(dir, 'cache', f), 'latin1')).join('')).not.toContain('The text of guide');
    writeFileSync(files[3]!, text(3).replace('text', 'words'));
    hashes.set(files[3]!, contentId(readFileSync(files[3]!)));
    const second = pageMemo({ dir: join(dir, 'cache'), mode: 'output', inputHashes: hashes }, resolved())!;
    expect(second.memo.get(files[3]!)).toBeUndefined();
    const kept = second.memo.get(files[5]!)!;
    expect(kept.collection).toBe('guides');
    const page = kept.page('guide-5.md', files[5]!, where(5));
    expect(Object.getOwnPropertyDescriptor(page, 'body')?.get).toBeTypeOf('function');
    expect({ ...page }).toEqual({ source: 'guide-5.md', file: files[5], hash: hashes.get(files[5]!), info: where(5).info, url: '/guide-5', data: { title: 'Guide 5' }, body: body(5), frontMatter: parsed(5).frontMatter });
    expect(Object.getOwnPropertyDescriptor(page, 'body')?.value).toBe(body(5));
    // Other collections read front matter anew.
    expect(pageMemo({ dir: join(dir, 'cache'), mode: 'output', inputHashes: hashes }, resolved([{ name: 'guides', frontMatter: { audience: 'string' } }]))!.memo.get(files[5]!)).toBeUndefined();
    // Without the inputs' hashes (bankdocs check), there is no memo.
    expect(pageMemo({ dir: join(dir, 'cache'), mode: 'scan' }, resolved())).toBeNull();
  });

  it('says so when a file changed between the snapshot and the moment its body is read', () => {
    const { files, hashes } = firstBuild();
    const page = pageMemo({ dir: join(dir, 'cache'), mode: 'output', inputHashes: hashes }, resolved())!.memo.get(files[7]!)!.page('guide-7.md', files[7]!, where(7));
    writeFileSync(files[7]!, text(7).replace('text', 'words'));
    expect(() => page.body).toThrow(expect.objectContaining({ name: 'InputChangedError', message: expect.stringContaining('guide-7.md changed while bankdocs was reading it') }));
  });
});
