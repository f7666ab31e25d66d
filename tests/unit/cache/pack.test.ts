import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDocumentCache, openPack, PackedDocument, type CachedDocument } from '../../../src/cache/document-cache.js';
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

  it('ignores a shard with one byte changed, which would read as another value', () => {
    const first = openPack(dir, 'test', isText);
    for (const key of keys) first.set(key, `value of ${key}`);
    first.save();
    const file = join(dir, `test-${keys[0]![0]}.bin`);
    const bytes = readFileSync(file);
    const at = bytes.indexOf(`value of ${keys[0]}`);
    expect(at).toBeGreaterThan(0);
    bytes[at] = 'V'.charCodeAt(0);
    writeFileSync(file, bytes);
    const second = openPack(dir, 'test', isText);
    expect(second.get(keys[0]!)).toBeUndefined();
    expect(keys.filter((k) => k[0] !== keys[0]![0]).every((k) => second.get(k) === `value of ${k}`)).toBe(true);
  });
});

describe('openDocumentCache', () => {
  const doc = (i: number): CachedDocument => ({
    url: `/page-${i}`,
    path: `page-${i}/index.html`,
    ids: ['intro'],
    diagnostics: [],
    scanned: { ids: new Set(['main', 'intro']), links: [{ href: '/', tag: 'a' }, { href: '/logo.svg', tag: 'img' }, { href: '#intro', tag: 'a' }] },
    links: [{ path: '/', hash: null, line: 3, column: 1, file: `/site/page-${i}.md` }],
    search: [{ id: 'intro', title: 'Intro', depth: 2, text: `Text of page ${i}.` }],
    markdown: `# Page ${i}\n`,
  });
  const plain = (d: CachedDocument) => ({ url: d.url, path: d.path, ids: d.ids, diagnostics: d.diagnostics, scanned: d.scanned, links: d.links, search: d.search, markdown: d.markdown });

  it('gives back every field, reading links and text only when asked, and keeps blocks not read as they were', () => {
    const first = openDocumentCache(dir, 'output');
    keys.forEach((key, i) => first.set(key, doc(i)));
    first.save();
    const second = openDocumentCache(dir, 'output');
    const read = second.get(keys[3]!)!;
    expect(read).toBeInstanceOf(PackedDocument);
    expect((read as PackedDocument).scannedIds).toEqual(new Set(['main', 'intro']));
    expect((read as PackedDocument).hasTwin).toBe(true);
    expect(plain(read)).toEqual(plain(doc(3)));
    // Saved again untouched (another entry changed in its shard): the next run reads the same.
    for (const key of keys) second.get(key);
    second.set(keys[0]!, doc(100));
    second.save();
    const third = openDocumentCache(dir, 'output');
    keys.forEach((key, i) => expect(plain(third.get(key)!)).toEqual(plain(doc(i === 0 ? 100 : i))));
    // A reused document is a copy with this run's state, reading the same blocks.
    const reused = (third.get(keys[5]!) as PackedDocument).reused('k', true);
    expect({ cacheKey: reused.cacheKey, kept: reused.kept, html: reused.html }).toEqual({ cacheKey: 'k', kept: true, html: '' });
    expect(plain(reused)).toEqual(plain(doc(5)));
  });

  it('drops a shard whose blocks were damaged, before anything trusts its entries', () => {
    const first = openDocumentCache(dir, 'output');
    keys.forEach((key, i) => first.set(key, doc(i)));
    first.save();
    const file = join(dir, `documents-output-${keys[0]![0]}.bin`);
    const bytes = readFileSync(file);
    // The blocks sit before the checksum at the end: change a byte of the last one (a twin's text).
    const at = bytes.lastIndexOf(Buffer.from(`# Page`));
    expect(at).toBeGreaterThan(0);
    bytes[at + 2] = 'Q'.charCodeAt(0);
    writeFileSync(file, bytes);
    const second = openDocumentCache(dir, 'output');
    expect(second.get(keys[0]!)).toBeUndefined();
    expect(keys.filter((k) => k[0] !== keys[0]![0]).every((k) => second.get(k) !== undefined)).toBe(true);
  });
});
