// The search index of a whole site, from its rendered documents: what `build` writes under
// search/ and what `dev` serves from memory.
import type { OutputFile } from '../build/assets.js';
import type { PackCodec } from '../cache/document-cache.js';
import type { Site } from '../content/site.js';
import type { DocumentPlan } from '../routes/plan.js';
import { builtinTheme } from '../../theme/index.js';
import { siteStrings } from '../theme/strings.js';
import { buildSearchIndex, type IndexFile, type LocaleIndexStats, type PreparedWords } from './build-index.js';
import { searchEntryMaker, type ExcludedPage, type IndexedDocument, type SearchEntry } from './entries.js';

export interface SiteSearchInput {
  site: Site;
  plan: { documents: readonly DocumentPlan[] };
  documents: Iterable<IndexedDocument>;
  /** Writes each file of the index as it is made (see SearchIndexInput.emit). */
  emit?: (file: IndexFile) => OutputFile;
}

export interface SiteSearchIndex {
  files: OutputFile[];
  stats: LocaleIndexStats[];
  excluded: ExcludedPage[];
}

/**
 * What a build keeps for the next one, by document cache key: the document's entry (null
 * when it has none) and the words of its records, so an unchanged page is not split into
 * words again. The entry is a function of what the key hashes (the page's text by heading,
 * its plan, the site's config and API document). The words are ids into the memo's
 * vocabulary, which only grows, so the ids an entry holds stay valid; an entry made with
 * another vocabulary (another stamp) is not used.
 */
export interface SearchMemo {
  get(key: string): MemoEntry | undefined;
  set(key: string, value: MemoEntry): void;
  /** The vocabulary the entries' ids name, as the last build left it. */
  vocabulary(): MemoVocabulary | null;
  setVocabulary(vocabulary: MemoVocabulary): void;
}
/**
 * Kept small, as it is read and written whole on every build: the entry without the text
 * of its fields (only counting needs that), each record's term ids, counts and label
 * weights as typed arrays (each serialises as a single block).
 */
export type MemoEntry = { entry: SearchEntry; vocabulary: string; words: PreparedWords[] } | null;
export interface MemoVocabulary {
  stamp: string;
  words: string[];
}

/**
 * The memo as kept on disk: every record's term ids, counts and label weights of a shard
 * joined into two Int32Arrays and a Uint8Array (records read back as views into them),
 * not three typed arrays per record, which the serializer reads one by one (13 000 records
 * at 1000 pages).
 */
export const memoCodec: PackCodec<MemoEntry> = {
  encode(entries) {
    let size = 0;
    for (const [, memo] of entries) for (const w of memo?.words ?? []) size += w.terms.length;
    const terms = new Int32Array(size);
    const counts = new Int32Array(size);
    const labels = new Uint8Array(size);
    let at = 0;
    const plain = entries.map(([key, memo]) => {
      if (!memo) return [key, null];
      const words = memo.words.map((w) => {
        terms.set(w.terms, at);
        counts.set(w.counts, at);
        labels.set(w.labels, at);
        at += w.terms.length;
        return [w.terms.length, w.length];
      });
      return [key, { entry: memo.entry, vocabulary: memo.vocabulary, words }];
    });
    return { plain, terms, counts, labels };
  },
  decode(raw) {
    const { plain, terms, counts, labels } = (raw ?? {}) as { plain?: unknown; terms?: unknown; counts?: unknown; labels?: unknown };
    if (!Array.isArray(plain) || !(terms instanceof Int32Array) || !(counts instanceof Int32Array) || !(labels instanceof Uint8Array)) return null;
    if (terms.length !== counts.length || terms.length !== labels.length) return null;
    let at = 0;
    const entries: [string, unknown][] = [];
    for (const item of plain as [string, { entry: SearchEntry; vocabulary: string; words: [number, number][] } | null][]) {
      const memo = item[1];
      if (!memo) {
        entries.push([item[0], null]);
        continue;
      }
      if (!Array.isArray(memo.words)) return null;
      const words: PreparedWords[] = [];
      for (const [count, length] of memo.words) {
        if (!(count >= 0) || at + count > terms.length) return null;
        words.push({ terms: terms.subarray(at, at + count), counts: counts.subarray(at, at + count), labels: labels.subarray(at, at + count), length });
        at += count;
      }
      entries.push([item[0], { entry: memo.entry, vocabulary: memo.vocabulary, words }]);
    }
    return entries;
  },
};

/** The vocabulary is numbered afresh once it holds this many words more than twice those in use. */
const VOCABULARY_SLACK = 10_000;

const remember = (entry: SearchEntry, words: PreparedWords[], stamp: string): MemoEntry => ({ entry: { ...entry, records: entry.records.map((r) => ({ ...r, fields: [] })) }, vocabulary: stamp, words });
/** An entry's words, if they name words of this vocabulary. */
export const recall = (memo: NonNullable<MemoEntry>, vocabulary: MemoVocabulary | null): PreparedWords[] | null => {
  if (!vocabulary || memo.vocabulary !== vocabulary.stamp) return null;
  const size = vocabulary.words.length;
  // Indexed loops over the typed arrays (see localeIndex's document frequencies).
  for (const w of memo.words) {
    const ids = w.terms;
    for (let i = 0; i < ids.length; i++) if (ids[i]! >= size) return null;
  }
  return memo.words;
};

export function siteSearchIndex({ site, plan, documents, memo, emit }: SiteSearchInput & { memo?: SearchMemo | null }): SiteSearchIndex {
  const { config } = site;
  const strings = siteStrings(builtinTheme, config.theme.strings);
  const latestLabel = (locale: string) => strings(locale).latest;
  const entries: SearchEntry[] = [];
  const excluded: ExcludedPage[] = [];
  const prepared = new Map<SearchEntry, PreparedWords[]>();
  /** Every entry's cache key, and whether it is to be kept anew (not as the memo had it). */
  const keyOf = new Map<SearchEntry, { key: string; fresh: boolean }>();
  const entryOf = searchEntryMaker({ site, plan, latestLabel });
  const vocabulary = memo?.vocabulary() ?? null;
  for (const doc of documents) {
    const remembered = doc.cacheKey ? memo?.get(doc.cacheKey) : undefined;
    const words = remembered ? recall(remembered, vocabulary) : null;
    if (remembered === null || (remembered && words)) {
      if (remembered) {
        entries.push(remembered.entry);
        prepared.set(remembered.entry, words!);
        keyOf.set(remembered.entry, { key: doc.cacheKey!, fresh: false });
      }
      continue;
    }
    // In document order: the index numbers records in that order.
    const made = entryOf(doc);
    if (made && 'entry' in made) entries.push(made.entry);
    else if (made) excluded.push(made.excluded);
    if (doc.cacheKey && memo) {
      if (made && 'entry' in made) keyOf.set(made.entry, { key: doc.cacheKey, fresh: true });
      else memo.set(doc.cacheKey, null);
    }
  }
  const built = buildSearchIndex({
    entries,
    prepared,
    ...(vocabulary ? { vocabulary: vocabulary.words } : {}),
    keepWords: Boolean(memo),
    locales: config.locales.available,
    languages: { available: config.api.languages, default: config.api.defaultLanguage },
    strings,
    ...(emit ? { emit } : {}),
  });
  if (memo) keep(memo, vocabulary, built, keyOf);
  return { files: built.files, stats: built.stats, excluded };
}

/** Saves the new entries' words, in the grown vocabulary; or every entry's, numbered afresh, when most of the vocabulary is no longer used. */
export function keep(memo: SearchMemo, last: MemoVocabulary | null, built: Pick<ReturnType<typeof buildSearchIndex>, 'words' | 'vocabulary'>, keyOf: Map<SearchEntry, { key: string; fresh: boolean }>): void {
  const inUse = new Uint8Array(built.vocabulary.length);
  for (const words of built.words.values()) {
    for (const w of words) {
      const ids = w.terms;
      for (let i = 0; i < ids.length; i++) inUse[ids[i]!] = 1;
    }
  }
  let used = 0;
  for (let id = 0; id < inUse.length; id++) used += inUse[id]!;
  if (last && built.vocabulary.length <= used * 2 + VOCABULARY_SLACK) {
    // No new word: the vocabulary the last build kept stays as it is (not written again).
    const grown = built.vocabulary.length === last.words.length ? last : { stamp: last.stamp, words: [...built.vocabulary] };
    memo.setVocabulary(grown);
    for (const [entry, { key, fresh }] of keyOf) if (fresh) memo.set(key, remember(entry, built.words.get(entry)!, grown.stamp));
    return;
  }
  // Numbered afresh: only the words in use, in their order, and every entry renumbered.
  const ids = [...inUse.keys()].filter((id) => inUse[id]);
  const renumber = new Int32Array(built.vocabulary.length);
  ids.forEach((id, i) => {
    renumber[id] = i;
  });
  const fresh = { stamp: `${Date.now().toString(36)}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`, words: ids.map((id) => built.vocabulary[id]!) };
  memo.setVocabulary(fresh);
  for (const [entry, { key }] of keyOf) {
    const words = built.words.get(entry)!.map((w) => ({ ...w, terms: w.terms.map((id) => renumber[id]!) }));
    memo.set(key, remember(entry, words, fresh.stamp));
  }
}
