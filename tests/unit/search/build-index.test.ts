import { describe, expect, it } from 'vitest';
import { buildSearchIndex, JsonBytes, type PreparedWords, type RecordChunk, type SearchMeta } from '../../../src/search/build-index.js';
import { keep, memoCodec, recall, type MemoEntry, type MemoVocabulary, type SearchMemo } from '../../../src/search/site-index.js';
import type { SearchEntry, SearchRecord } from '../../../src/search/entries.js';

const record = (hash: string, title: string, text: string, detail?: string): SearchRecord => ({
  hash,
  title,
  excerpt: text.slice(0, 40),
  ...(detail ? { detail } : {}),
  fields: [
    { text: title, boost: 4 },
    { text: text, boost: 1 },
  ],
});

const entry = (url: string, locale: string | null, records: SearchRecord[], extra: Partial<SearchEntry> = {}): SearchEntry => ({ url, title: `Page ${url}`, group: 'help', locale, weight: 1, records, ...extra });

const ENTRIES: SearchEntry[] = [
  entry('/en/general/linking', 'en', [record('', 'Linking', 'Link a bank account to an integration.'), record('reauthorize', 'Reauthorize', 'When consent ends the holder links the account again.')]),
  entry('/nl/general/linking', 'nl', [record('', 'Koppelen', 'Een bankrekening koppelen aan een integratie.'), record('herautorisatie', 'Herautorisatie', 'Wanneer de toestemming eindigt, koppelt de houder opnieuw.')]),
  entry('/developers/guide', null, [record('', 'Reauthorize users', 'A guide on reminding users before consent ends.')], { group: 'guide' }),
  entry('/en/terms-and-conditions/v1.0', 'en', [record('consent', 'Consent', 'The customer obtains the consent of the end user.')], { group: 'legal', weight: 0.3 }),
  entry('/en/terms-and-conditions/v2.0', 'en', [record('consent', 'Consent', 'The customer obtains the consent of the end user.')], { group: 'legal' }),
  entry('/1/api/{language}', null, [record('create-payment', 'Create payment', 'Initiates a credit transfer.', 'POST /accounts/{accountId}/payments')], { group: 'api' }),
];

type Files = Map<string, string>;

function build(entries: readonly SearchEntry[], locales = ['en', 'nl']): Files {
  const { files } = buildSearchIndex({ entries, locales, languages: { available: ['curl', 'ruby'], default: 'curl' } });
  return new Map(files.map((f) => [f.path, 'contents' in f ? text(f.contents) : '']));
}

/** A file's JSON as text (term chunks are made as UTF-8 bytes). */
const text = (contents: string | Uint8Array): string => (typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8'));

const json = <T>(files: Files, path: string): T => JSON.parse(files.get(path)!) as T;

/** What the browser does (theme/client/search.ts), for whole words: the results of one word, best first. */
function lookup(files: Files, locale: string, word: string): { url: string; score: number }[] {
  const meta = json<SearchMeta>(files, `search/${locale}/index.json`);
  let at = 0;
  meta.terms.forEach(([first], i) => {
    if (first <= word) at = i;
  });
  const postings = json<Record<string, number[]>>(files, `search/${locale}/${meta.terms[at]![1]}`)[word] ?? [];
  const results: { url: string; score: number }[] = [];
  let id = 0;
  for (let i = 0; i < postings.length; i += 2) {
    id += postings[i]!;
    const [start, name] = meta.chunks.filter(([first]) => first <= id).at(-1)!;
    const chunk = json<RecordChunk>(files, `search/${locale}/${name}`);
    const [page, hash] = chunk.records[id - start]!;
    results.push({ url: `${chunk.pages[page]![0]}${hash ? `#${hash}` : ''}`, score: postings[i + 1]! });
  }
  return results.sort((a, b) => b.score - a.score);
}

describe('the search index', () => {
  const files = build(ENTRIES);

  it('writes index.json and content-hashed chunks per locale', () => {
    for (const locale of ['en', 'nl']) {
      const meta = json<SearchMeta>(files, `search/${locale}/index.json`);
      expect(meta.format).toBe(1);
      expect(meta.locale).toBe(locale);
      expect(meta.languages).toEqual({ available: ['curl', 'ruby'], default: 'curl' });
      for (const [, name] of [...meta.terms, ...meta.chunks]) {
        expect(name).toMatch(/^[tr]-[0-9a-f]{10}\.json$/);
        expect(files.has(`search/${locale}/${name}`)).toBe(true);
      }
    }
    expect([...files.keys()].every((path) => /^search\/(en|nl)\/(index|[tr]-[0-9a-f]{10})\.json$/.test(path))).toBe(true);
  });

  it('sends the dialog its words in the locale of the index', () => {
    const nl = json<SearchMeta>(files, 'search/nl/index.json');
    expect(nl.strings.searchPlaceholder).toBe('Zoeken in de documentatie');
    expect(nl.groups.api).toBe('API-referentie');
    expect(json<SearchMeta>(files, 'search/en/index.json').strings.searchCount).toBe('{count} results');
  });

  it('holds a locale its own pages and the shared ones, never another locale’s', () => {
    expect(json<SearchMeta>(files, 'search/en/index.json').records).toBe(2 + 1 + 1 + 1 + 1);
    expect(json<SearchMeta>(files, 'search/nl/index.json').records).toBe(2 + 1 + 1);
    expect(lookup(files, 'nl', 'herautorisatie').map((r) => r.url)).toEqual(['/nl/general/linking#herautorisatie']);
    expect(lookup(files, 'en', 'herautorisatie')).toEqual([]);
    expect(lookup(files, 'nl', 'reauthorize').map((r) => r.url)).toEqual(['/developers/guide']);
    expect(lookup(files, 'nl', 'transfer').map((r) => r.url)).toEqual(['/1/api/{language}#create-payment']);
  });

  it('ranks a word in a title above the same word in the text', () => {
    expect(lookup(files, 'en', 'reauthorize').map((r) => r.url)).toEqual(['/en/general/linking#reauthorize', '/developers/guide']);
  });

  it('ranks an older legal version below the latest one with the same text', () => {
    const [latest, older] = lookup(files, 'en', 'consent').filter((r) => r.url.includes('terms'));
    expect(latest!.url).toBe('/en/terms-and-conditions/v2.0#consent');
    expect(older!.url).toBe('/en/terms-and-conditions/v1.0#consent');
    expect(older!.score).toBeLessThan(latest!.score / 2);
  });

  it('counts a word of a label once, a plural label also as its singular, and does not let a long text dilute a title', () => {
    const labelled = (hash: string, title: string, names: string, text: string): SearchRecord => ({
      hash,
      title,
      excerpt: '',
      fields: [
        { text: title, boost: 4, label: true },
        { text: names, boost: 2, label: true },
        { text, boost: 1 },
      ],
    });
    const filler = 'Each organization keeps its own integrations, users and accounts apart. '.repeat(30);
    const index = build([
      entry('/a', 'en', [
        // The title's words again as names: counted once, so no more than a title alone.
        labelled('twice', 'Delete mandate', 'mandate delete mandate', 'Removes it.'),
        labelled('once', 'Delete mandate', '', 'Removes it.'),
        // Plural title, long text: as much a mandate as a singular title with a short text.
        labelled('given', 'Given mandates', '', `A mandate lets a representative act for you. ${filler}`),
        labelled('text', 'Representatives', '', `A mandate lets a representative act for you. ${filler}`),
      ]),
    ], ['en']);
    const score = (url: string) => lookup(index, 'en', 'mandate').find((r) => r.url === url)!.score;
    expect(score('/a#twice')).toBe(score('/a#once'));
    expect(score('/a#given')).toBeGreaterThan(score('/a#once') * 0.8);
    expect(score('/a#given')).toBeGreaterThan(score('/a#text') * 1.5);
  });

  it('keeps an operation’s method and path for the result line', () => {
    const meta = json<SearchMeta>(files, 'search/en/index.json');
    const all = meta.chunks.flatMap(([, name]) => json<RecordChunk>(files, `search/en/${name}`).records);
    expect(all).toContainEqual([expect.any(Number), 'create-payment', 'Create payment', 'Initiates a credit transfer.', 'POST /accounts/{accountId}/payments']);
  });

  it('gives the same bytes for the same input', () => {
    expect(build(ENTRIES)).toEqual(files);
  });

  it('cuts a large index into chunks by word range and by record', () => {
    const many = Array.from({ length: 400 }, (_, i) => entry(`/developers/g${i}`, null, [record('', `Guide ${i}`, `word${i} alpha${i % 7} beta shared text of guide number ${i}`)], { group: 'guide' }));
    const big = build(many, ['en']);
    const meta = json<SearchMeta>(big, 'search/en/index.json');
    expect(meta.records).toBe(400);
    expect(meta.terms.length).toBeGreaterThan(1);
    expect(meta.chunks.length).toBeGreaterThan(1);
    // Chunk ranges are sorted, and every word is in the chunk whose range holds it.
    const firsts = meta.terms.map(([first]) => first);
    expect([...firsts].sort()).toEqual(firsts);
    meta.terms.forEach(([first, name], i) => {
      const words = Object.keys(json<Record<string, number[]>>(big, `search/en/${name}`));
      for (const word of words) {
        expect(word >= first).toBe(true);
        if (meta.terms[i + 1]) expect(word < meta.terms[i + 1]![0]).toBe(true);
      }
      expect(big.get(`search/en/${name}`)!.length).toBeLessThan(24_000 + 4_000);
    });
    // Record chunks follow each other with no gap.
    let next = 0;
    for (const [start, name] of meta.chunks) {
      expect(start).toBe(next);
      next += json<RecordChunk>(big, `search/en/${name}`).records.length;
    }
    expect(next).toBe(400);
    expect(lookup(big, 'en', 'word399').map((r) => r.url)).toEqual(['/developers/g399']);
    expect(lookup(big, 'en', 'shared')).toHaveLength(400);
  });
});

describe('term chunks written as bytes (JsonBytes)', () => {
  /** A deterministic stream of numbers in [0, 1). */
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  it('writes the UTF-8 of the JSON a string would hold, and measures it as the string would', () => {
    const next = random(7);
    const pieces = ['a', 'payment', 'Z', '"', '\\', '\n', '\u0001', '\u007f', 'é', 'ß', '中文', '😀', '\ud800', '\udc00x', 'ü"\\', ' ', '~'];
    const out = new JsonBytes();
    let expected = '';
    for (let i = 0; i < 3000; i++) {
      const pick = next();
      if (pick < 0.5) {
        const word = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
        expect(out.text(word)).toBe(JSON.stringify(word).length);
        expected += JSON.stringify(word);
      } else if (pick < 0.9) {
        const value = [0, 9, 10, 99, 100, 65_535, 2 ** 31 - 1, Math.floor(next() * 1e6), Math.floor(next() * 10)][Math.floor(next() * 9)]!;
        out.number(value);
        expected += String(value);
      } else {
        // Not a whole number, or out of range: written as JSON writes it too.
        const value = [-1, -250, 0.5, 2 ** 31, 1e21][Math.floor(next() * 5)]!;
        out.number(value);
        expected += JSON.stringify(value);
      }
      out.char(0x2c);
      expected += ',';
    }
    expect(Buffer.from(out.take()).toString('utf8')).toBe(expected);
    expect(Buffer.from(out.take())).toHaveLength(0);
  });

  it('closes a term chunk once its JSON passes 24 000 characters, counting words outside ASCII as a string does', () => {
    const words = ['é', '中文', 'ü', 'ß', '😀'];
    const many = Array.from({ length: 1500 }, (_, i) => entry(`/developers/g${i}`, null, [record('', `Guide ${i}`, `${words[i % 5]}${i} shared text of guide ${i} ${words[(i + 1) % 5]}mot${i} ${words[(i + 2) % 5]}x${i % 50}`)], { group: 'guide' }));
    const big = build(many, ['en']);
    const meta = json<SearchMeta>(big, 'search/en/index.json');
    expect(meta.terms.length).toBeGreaterThan(2);
    meta.terms.forEach(([, name], i) => {
      const chunk = big.get(`search/en/${name}`)!;
      // Each word and its postings as a string holds them (not through an object: JSON.parse puts number-like words first).
      const parts = [...chunk.matchAll(/("(?:[^"\\]|\\.)*"):(\[[0-9,]*\])/g)].map(([, word, postings]) => `${JSON.stringify(JSON.parse(word!) as string)}:${JSON.stringify(JSON.parse(postings!) as number[])}`);
      // The same text as the parts joined, and the chunk closed at the first part that took it past the limit.
      expect(chunk).toBe(`{${parts.join(',')}}`);
      const length = (list: string[]) => list.reduce((n, part) => n + part.length + 1, 0);
      expect(length(parts.slice(0, -1))).toBeLessThan(24_000);
      if (i < meta.terms.length - 1) expect(length(parts)).toBeGreaterThanOrEqual(24_000);
    });
  });
});

describe('words kept for the next build (SearchMemo)', () => {
  const languages = { available: ['curl', 'ruby'], default: 'curl' };
  const asMap = (files: ReturnType<typeof buildSearchIndex>['files']) => new Map(files.map((f) => [f.path, 'contents' in f ? text(f.contents) : '']));

  it('gives the same index from the last build\'s term ids as from the text, also in a vocabulary with words no longer used', () => {
    const cold = buildSearchIndex({ entries: ENTRIES, locales: ['en', 'nl'], languages, keepWords: true });
    const warm = buildSearchIndex({ entries: ENTRIES, prepared: cold.words, vocabulary: cold.vocabulary, locales: ['en', 'nl'], languages, keepWords: true });
    expect(asMap(warm.files)).toEqual(asMap(cold.files));
    // Stale words before and after: the ids the records hold still name the same words.
    const grown = [...cold.vocabulary, 'stale', 'unused'];
    const edited = [entry('/developers/new', null, [record('', 'Zebra crossing', 'A new page with new words.')], { group: 'guide' }), ...ENTRIES];
    const fromText = buildSearchIndex({ entries: edited, locales: ['en', 'nl'], languages });
    const partly = buildSearchIndex({ entries: edited, prepared: cold.words, vocabulary: grown, locales: ['en', 'nl'], languages, keepWords: true });
    expect(asMap(partly.files)).toEqual(asMap(fromText.files));
    // The new page's words were added after the last build's.
    expect(partly.vocabulary.slice(0, grown.length)).toEqual(grown);
    expect(partly.vocabulary).toContain('zebra');
  });
});

describe('the memo\'s vocabulary', () => {
  const languages = { available: ['curl', 'ruby'], default: 'curl' };
  function fakeMemo() {
    const entries = new Map<string, MemoEntry>();
    let vocabulary: MemoVocabulary | null = null;
    const memo: SearchMemo = { get: (k) => entries.get(k), set: (k, v) => void entries.set(k, v), vocabulary: () => vocabulary, setVocabulary: (v) => void (vocabulary = v) };
    return { memo, entries, vocabulary: () => vocabulary };
  }
  const named = (words: PreparedWords[], vocabulary: readonly string[]) => words.map((w) => Array.from(w.terms, (id) => vocabulary[id]).sort());

  it('grows while most words are in use, keeping its stamp and the ids entries hold', () => {
    const { memo, entries, vocabulary } = fakeMemo();
    const built = buildSearchIndex({ entries: ENTRIES, locales: ['en', 'nl'], languages, keepWords: true });
    const last = { stamp: 's1', words: [...built.vocabulary] };
    keep(memo, last, built, new Map(ENTRIES.map((e, i) => [e, { key: `k${i}`, fresh: true }])));
    expect(vocabulary()!.stamp).toBe('s1');
    const kept = entries.get('k0')!;
    expect(named(recall(kept, vocabulary())!, vocabulary()!.words)).toEqual(named(built.words.get(ENTRIES[0]!)!, built.vocabulary));
    // Another vocabulary (another stamp), or one too short for the ids: the entry is not used.
    expect(recall(kept, { stamp: 's2', words: vocabulary()!.words })).toBeNull();
    expect(recall(kept, { stamp: 's1', words: [] })).toBeNull();
  });

  it('is numbered afresh when most of its words are no longer used, with every entry renumbered', () => {
    const { memo, entries, vocabulary } = fakeMemo();
    const built = buildSearchIndex({ entries: ENTRIES, vocabulary: Array.from({ length: 30_000 }, (_, i) => `gone${i}`), locales: ['en', 'nl'], languages, keepWords: true });
    keep(memo, { stamp: 'old', words: [] }, built, new Map(ENTRIES.map((e, i) => [e, { key: `k${i}`, fresh: i === 0 }])));
    const fresh = vocabulary()!;
    expect(fresh.stamp).not.toBe('old');
    expect(fresh.words.some((w) => w.startsWith('gone'))).toBe(false);
    // Every entry, not only the new one, is kept in the new numbering.
    expect(entries.size).toBe(ENTRIES.length);
    ENTRIES.forEach((e, i) => expect(named(recall(entries.get(`k${i}`)!, fresh)!, fresh.words)).toEqual(named(built.words.get(e)!, built.vocabulary)));
  });
});

describe('files written as they are made (emit)', () => {
  const languages = { available: ['curl', 'ruby'], default: 'curl' };

  it('hands each file over once, as made, and returns what was written in its place, with the same sizes', () => {
    const plain = buildSearchIndex({ entries: ENTRIES, locales: ['en', 'nl'], languages });
    const emitted: { path: string; contents: string | Uint8Array }[] = [];
    const streamed = buildSearchIndex({
      entries: ENTRIES,
      locales: ['en', 'nl'],
      languages,
      emit: (file) => {
        emitted.push({ path: file.path, contents: file.contents });
        return { path: file.path, staged: `id:${file.path}` };
      },
    });
    expect(emitted).toEqual(plain.files.map((f) => ({ path: f.path, contents: 'contents' in f ? f.contents : null })));
    expect(streamed.files).toEqual(plain.files.map((f) => ({ path: f.path, staged: `id:${f.path}` })));
    expect(streamed.stats).toEqual(plain.stats);
    expect(streamed.stats.reduce((n, s) => n + s.bytes, 0)).toBe(emitted.reduce((n, f) => n + Buffer.byteLength(f.contents), 0));
  });
});

describe('the memo on disk (memoCodec)', () => {
  const languages = { available: ['curl', 'ruby'], default: 'curl' };

  it('reads back every record\'s words as written, and takes an entry of another layout as no entry', () => {
    const built = buildSearchIndex({ entries: ENTRIES, locales: ['en', 'nl'], languages, keepWords: true });
    const kept: [string, MemoEntry][] = ENTRIES.map((e, i) => [`k${i}`, { entry: e, vocabulary: 's1', words: built.words.get(e)! }]);
    kept.push(['none', null]);
    const decoded = memoCodec.decode(structuredClone(memoCodec.encode(kept))) as [string, MemoEntry][];
    const plain = (entries: [string, MemoEntry][]) => entries.map(([key, memo]) => [key, memo && memo.words.map((w) => ({ terms: [...w.terms], counts: [...w.counts], labels: [...w.labels], length: w.length }))]);
    expect(plain(decoded)).toEqual(plain(kept));
    // Counts as the boosts they add up: the title's words (boost 4) count 4.
    expect([...decoded[0]![1]!.words[0]!.counts]).toContain(4);
    // The layout before counts were kept as integers (Float64Array): read as nothing, so the words are counted again.
    const encoded = memoCodec.encode(kept) as { plain: unknown; terms: Int32Array; counts: Int32Array; labels: Uint8Array };
    expect(memoCodec.decode({ ...encoded, counts: Float64Array.from(encoded.counts), labels: Float64Array.from(encoded.labels) })).toBeNull();
  });
});
