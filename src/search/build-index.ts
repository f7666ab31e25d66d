// The search index of each locale, as static files under search/<locale>/ that the browser
// fetches on demand (theme/client/search.ts), so it works on any static host:
//
//   index.json     the locale's interface strings, the term chunks by first term, the
//                  record chunks by first record id (small: fetched when search opens)
//   t-<hash>.json  words in sorted order, each with its postings: record ids (delta
//                  coded) and scores, { "payment": [3, 41, 2, 17, …] }
//   r-<hash>.json  the records (title, #hash, excerpt) and their pages (URL, title, group)
//
// Scores are BM25 over words weighted by where they stand (title, method and path, field
// names, text; a label counts a word once, a text each time, see weigh), times the
// record's weight (older legal versions rank below the latest), computed here, so a query
// only combines numbers. A query word is looked up as a prefix: the browser fetches the
// chunks whose range holds words starting with it.
import { contentHash, type OutputFile } from '../build/assets.js';
import { builtinTheme } from '../../theme/index.js';
import type { UiStrings } from '../theme/contract.js';
import { siteStrings, type StringsOf } from '../theme/strings.js';
import { SEARCH_GROUPS, type SearchEntry, type SearchGroup } from './entries.js';
import { inverseFrequency } from './rarity.js';
import { singularsOf } from './tokenize.js';
import { WordIds } from './word-ids.js';

export const SEARCH_DIR = 'search';
export const INDEX_FORMAT = 1;
/** A term chunk closes past this many bytes of JSON (about a third once gzipped). */
const TERM_CHUNK_BYTES = 24_000;
/** A record chunk closes past this many bytes of JSON: results fetch only the chunks they show. */
const RECORD_CHUNK_BYTES = 12_000;
/** BM25 parameters (the usual values). */
const K1 = 1.2;
const B = 0.75;

export interface SearchIndexInput {
  entries: readonly SearchEntry[];
  /** The words of an entry's records as the last build counted them (see SearchMemo), by entry. */
  prepared?: ReadonlyMap<SearchEntry, PreparedWords[]>;
  /** The words the prepared records' term ids name (the last build's vocabulary; this build's starts with it). */
  vocabulary?: readonly string[];
  /** Return the words of every record counted now, for the next build. */
  keepWords?: boolean;
  locales: readonly string[];
  /** The API reference's example languages: results open the reader's one. */
  languages: { available: readonly string[]; default: string };
  /** The site's interface strings (theme.strings over the theme's); default: the built-in theme's. */
  strings?: StringsOf;
  /**
   * Writes a file of the index now and returns it as written (build.ts: into the staging
   * folder), so each chunk's JSON is garbage once made, not held with every other chunk
   * until the index is done (about 30 MB of a build of 4000 pages, at its memory peak).
   */
  emit?: (file: IndexFile) => OutputFile;
}

/** A file of the index, as made. */
export interface IndexFile {
  path: string;
  /** JSON: the term chunks as UTF-8 bytes, the others as text. */
  contents: string | Uint8Array;
  /** Its content id, when its name holds its hash. */
  id?: string;
}

export interface LocaleIndexStats {
  locale: string;
  records: number;
  terms: number;
  files: number;
  bytes: number;
}

/** Strings the search dialog shows, sent with the index of their locale. */
export type SearchStrings = Pick<UiStrings, 'search' | 'searchPlaceholder' | 'searchResults' | 'searchNoResults' | 'searchTooShort' | 'searchCount' | 'searchCountOne' | 'searchFailed' | 'searchHelp' | 'searchTop' | 'close'>;

export interface SearchMeta {
  format: number;
  locale: string;
  strings: SearchStrings;
  groups: Record<SearchGroup, string>;
  languages: { available: readonly string[]; default: string };
  records: number;
  /** [first term, file] per term chunk, in term order. */
  terms: [string, string][];
  /** [first record id, file] per record chunk. */
  chunks: [number, string][];
}

/** One record chunk: pages as [url, title, group], records as [page, hash, title, excerpt, detail?]. */
export interface RecordChunk {
  pages: [string, string, SearchGroup][];
  records: ([number, string, string, string] | [number, string, string, string, string])[];
}

/**
 * JSON written straight into bytes, for the term chunks: their postings are a million
 * numbers at 1000 pages, and writing them into strings (`,${step},${score}` per pair, the
 * parts joined, the chunk encoded) made about 30 MB of short-lived strings in every build,
 * a warm one included: a tenth of its garbage collection. The bytes are the UTF-8 of
 * the JSON the strings made (tests/unit/search/build-index.test.ts compares them).
 */
export class JsonBytes {
  private bytes = new Uint8Array(1 << 15);
  /** Bytes written. */
  length = 0;

  private room(size: number): void {
    if (this.length + size <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + size));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** One ASCII character, by its code. */
  char(code: number): void {
    this.room(1);
    this.bytes[this.length++] = code;
  }

  /** A number as JSON writes it: whole ones digit by digit, without a string. */
  number(value: number): void {
    if (!(value >= 0 && value <= 0x7fffffff && value % 1 === 0)) {
      // Not what postings hold, but written right all the same.
      const json = JSON.stringify(value);
      this.room(json.length);
      for (let i = 0; i < json.length; i++) this.bytes[this.length++] = json.charCodeAt(i);
      return;
    }
    this.room(10);
    let digits = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
    let at = (this.length += digits);
    let rest = value;
    do {
      this.bytes[--at] = 48 + (rest % 10);
      rest = (rest / 10) | 0;
    } while (rest);
  }

  /** A string as JSON.stringify writes it; returns that JSON's length in UTF-16 code units, as a string of it measures. */
  text(value: string): number {
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code < 0x20 || code >= 0x7f || code === 0x22 || code === 0x5c) {
        // Escapes, or characters outside ASCII: JSON.stringify's text, as UTF-8.
        const json = JSON.stringify(value);
        this.room(json.length * 3);
        this.length += Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).write(json, this.length);
        return json.length;
      }
    }
    this.room(value.length + 2);
    this.bytes[this.length++] = 0x22;
    for (let i = 0; i < value.length; i++) this.bytes[this.length++] = value.charCodeAt(i);
    this.bytes[this.length++] = 0x22;
    return value.length + 2;
  }

  /** What was written (a copy), and start again. */
  take(): Uint8Array {
    const made = this.bytes.slice(0, this.length);
    this.length = 0;
    return made;
  }
}

/**
 * A record's words (ids into the vocabulary), their weighted counts in its text and their
 * weight in its labels: what a build keeps for the next one, which starts its vocabulary
 * with the same words so the ids hold.
 */
export interface PreparedWords {
  terms: Int32Array;
  /** Per term: its weighted count in the text fields (boosts are whole numbers). */
  counts: Int32Array;
  /** Per term: the boost of the strongest label holding it (0: none). */
  labels: Uint8Array;
  /** The weighted length of the text fields (labels are not counted). */
  length: number;
}

/** Elements of a slab (SlabArrays): a record holds about 40 words. */
const SLAB = 1 << 16;

/**
 * Every record's words, counts and labels as views into a few large arrays, not three
 * arrays of their own per record: at 4000 pages, 26 000 records made 78 000 buffers, each
 * with its own allocation and bookkeeping beside its data.
 */
class SlabArrays {
  private terms = new Int32Array(0);
  private counts = new Int32Array(0);
  private labels = new Uint8Array(0);
  private at = 0;

  take(size: number): { terms: Int32Array; counts: Int32Array; labels: Uint8Array } {
    if (this.at + size > this.terms.length) {
      const length = Math.max(SLAB, size);
      this.terms = new Int32Array(length);
      this.counts = new Int32Array(length);
      this.labels = new Uint8Array(length);
      this.at = 0;
    }
    const from = this.at;
    this.at += size;
    return { terms: this.terms.subarray(from, this.at), counts: this.counts.subarray(from, this.at), labels: this.labels.subarray(from, this.at) };
  }
}

interface Weighted extends PreparedWords {
  entry: SearchEntry;
  index: number;
}

/**
 * Words as numbers, shared by every locale's index: a record's words are counted into a
 * scratch array by id, not into a Map per record (the weighing is most of the index time).
 */
class Vocabulary {
  private readonly ids: WordIds;
  readonly words: string[];
  private counts: Float64Array;
  private labels: Float64Array;
  private readonly touched: number[] = [];
  private readonly slabs = new SlabArrays();

  /** `words`: the last build's, whose ids the prepared records use. */
  constructor(words: readonly string[] = []) {
    this.ids = new WordIds(words);
    this.words = this.ids.words;
    this.counts = new Float64Array(Math.max(1024, this.words.length * 2));
    this.labels = new Float64Array(this.counts.length);
  }

  /**
   * A record's words: in a label (a title, an operation's id and path, parameter names),
   * each word once, at the boost of the strongest label holding it, and a plural also as
   * its singular ("Given mandates" names a mandate, as fully as "Delete given mandate"
   * does); in a text, every occurrence, at its boost.
   */
  weigh(entry: SearchEntry, index: number): Weighted {
    let length = 0;
    let boost = 0;
    let label = false;
    const touch = (id: number) => {
      if (id >= this.counts.length) {
        const size = Math.max(this.counts.length * 2, id + 1);
        const counts = new Float64Array(size);
        counts.set(this.counts);
        this.counts = counts;
        const labels = new Float64Array(size);
        labels.set(this.labels);
        this.labels = labels;
      }
      if (this.counts[id] === 0 && this.labels[id] === 0) this.touched.push(id);
    };
    const name = (id: number) => {
      touch(id);
      if (boost > this.labels[id]!) this.labels[id] = boost;
    };
    const visit = (id: number) => {
      if (label) {
        name(id);
        for (const singular of singularsOf(this.words[id]!)) name(this.ids.id(singular));
        return;
      }
      touch(id);
      this.counts[id]! += boost;
      length += boost;
    };
    for (const field of entry.records[index]!.fields) {
      if (!field.text) continue;
      boost = field.boost;
      label = field.label === true;
      this.ids.eachId(field.text, visit);
    }
    const { terms, counts, labels } = this.slabs.take(this.touched.length);
    for (let i = 0; i < terms.length; i++) {
      const id = this.touched[i]!;
      terms[i] = id;
      counts[i] = this.counts[id]!;
      labels[i] = this.labels[id]!;
      this.counts[id] = 0;
      this.labels[id] = 0;
    }
    this.touched.length = 0;
    return { entry, index, terms, counts, labels, length };
  }

  /** A record counted by an earlier build, in this vocabulary's ids: nothing to split or look up. */
  prepared(entry: SearchEntry, index: number, words: PreparedWords): Weighted {
    return { entry, index, ...words };
  }
}

export function buildSearchIndex(input: SearchIndexInput): { files: OutputFile[]; stats: LocaleIndexStats[]; words: Map<SearchEntry, PreparedWords[]>; vocabulary: readonly string[] } {
  // Words are counted once per record, also for the records every locale shares.
  const vocabulary = new Vocabulary(input.vocabulary);
  const weighted = new Map<SearchEntry, Weighted[]>();
  const words = new Map<SearchEntry, PreparedWords[]>();
  for (const entry of input.entries) {
    const prepared = input.prepared?.get(entry);
    if (prepared?.length === entry.records.length) {
      weighted.set(entry, prepared.map((w, i) => vocabulary.prepared(entry, i, w)));
      words.set(entry, prepared);
    } else {
      const counted = entry.records.map((_, i) => vocabulary.weigh(entry, i));
      weighted.set(entry, counted);
      if (input.keepWords) words.set(entry, counted.map(({ terms, counts, labels, length }) => ({ terms, counts, labels, length })));
    }
  }
  const files: OutputFile[] = [];
  const stats: LocaleIndexStats[] = [];
  for (const locale of input.locales) {
    const entries = input.entries.filter((e) => e.locale === null || e.locale === locale);
    const built = localeIndex(locale, entries.flatMap((e) => weighted.get(e)!), vocabulary.words, input.languages, input.strings ?? siteStrings(builtinTheme), input.emit ?? ((f) => f));
    files.push(...built.files);
    stats.push({ locale, records: built.records, terms: built.terms, files: built.files.length, bytes: built.bytes });
  }
  return { files, stats, words, vocabulary: vocabulary.words };
}

function localeIndex(
  locale: string,
  records: Weighted[],
  vocabulary: readonly string[],
  languages: SearchIndexInput['languages'],
  stringsOf: StringsOf,
  emit: (file: IndexFile) => OutputFile,
): { files: OutputFile[]; records: number; terms: number; bytes: number } {
  const dir = `${SEARCH_DIR}/${locale}`;
  const files: OutputFile[] = [];
  let size = 0;
  const add = (made: IndexFile) => {
    size += Buffer.byteLength(made.contents);
    files.push(emit(made));
  };
  const file = (prefix: string, json: string | Uint8Array) => {
    const hash = contentHash(json);
    const name = `${prefix}-${hash}.json`;
    // Named by its content: the name is its id (the output folder's record), not hashed again.
    add({ path: `${dir}/${name}`, contents: json, id: `search:${hash}` });
    return name;
  };

  // Document frequencies and the average (weighted) length of the text, for BM25.
  const df = new Int32Array(vocabulary.length);
  let total = 0;
  for (const r of records) {
    total += r.length;
    // Indexed, not for…of: this runs once a build, mostly before V8 optimises it, where
    // iterating a typed array is several times slower (a million words at 1000 pages).
    const ids = r.terms;
    for (let i = 0; i < ids.length; i++) df[ids[i]!]!++;
  }
  const n = records.length;
  const average = total / Math.max(1, n) || 1;
  const idf = new Float64Array(vocabulary.length);
  for (let id = 0; id < df.length; id++) if (df[id]) idf[id] = inverseFrequency(n, df[id]!);
  // Postings of every term in one array, term by term (a term's df pairs from from[id]):
  // [record id, score, …], ids growing, as the records are taken in order.
  const from = new Int32Array(vocabulary.length + 1);
  for (let id = 0; id < df.length; id++) from[id + 1] = from[id]! + 2 * df[id]!;
  const next = from.slice(0, vocabulary.length);
  const postings = new Int32Array(from[vocabulary.length]!);
  records.forEach((r, record) => {
    // BM25F of two fields: a long text makes each of its words count less, not the words of
    // the record's labels (a section's title counts as much whatever follows it).
    const norm = 1 - B + (B * r.length) / average;
    const weight = r.entry.weight * 10;
    for (let i = 0; i < r.terms.length; i++) {
      const id = r.terms[i]!;
      const tf = r.labels[i]! + r.counts[i]! / norm;
      const at = next[id]!;
      postings[at] = record;
      postings[at + 1] = Math.max(1, Math.round(idf[id]! * ((tf * (K1 + 1)) / (tf + K1)) * weight));
      next[id] = at + 2;
    }
  });

  // Term chunks, in the order the browser compares strings (UTF-16 code units).
  const terms: number[] = [];
  for (let id = 0; id < df.length; id++) if (df[id]) terms.push(id);
  terms.sort((a, b) => (vocabulary[a]! < vocabulary[b]! ? -1 : 1));
  const termChunks: [string, string][] = [];
  // { "word": [id, score, step, score, …], … }: each id but the first as the step from the
  // one before. A chunk closes past TERM_CHUNK_BYTES, counted as the JSON string's length.
  const out = new JsonBytes();
  let first = '';
  let bytes = 0;
  const closeTerms = () => {
    if (!out.length) return;
    out.char(0x7d);
    termChunks.push([first, file('t', out.take())]);
    bytes = 0;
  };
  for (const id of terms) {
    const term = vocabulary[id]!;
    if (out.length) out.char(0x2c);
    else {
      first = term;
      out.char(0x7b);
    }
    const quoted = out.text(term);
    const afterTerm = out.length;
    out.char(0x3a);
    out.char(0x5b);
    const end = from[id + 1]!;
    let at = from[id]!;
    out.number(postings[at]!);
    out.char(0x2c);
    out.number(postings[at + 1]!);
    for (at += 2; at < end; at += 2) {
      out.char(0x2c);
      out.number(postings[at]! - postings[at - 2]!);
      out.char(0x2c);
      out.number(postings[at + 1]!);
    }
    out.char(0x5d);
    // The part's length as a string: the quoted word's in UTF-16 units, the rest ASCII.
    bytes += quoted + (out.length - afterTerm) + 1;
    if (bytes >= TERM_CHUNK_BYTES) closeTerms();
  }
  closeTerms();

  // Record chunks: records in id order, each chunk with the pages it refers to.
  const recordChunks: [number, string][] = [];
  let chunk: RecordChunk = { pages: [], records: [] };
  let pageIndex = new Map<SearchEntry, number>();
  let start = 0;
  bytes = 0;
  const closeRecords = (next: number) => {
    if (!chunk.records.length) return;
    recordChunks.push([start, file('r', JSON.stringify(chunk))]);
    chunk = { pages: [], records: [] };
    pageIndex = new Map();
    start = next;
    bytes = 0;
  };
  records.forEach((r, id) => {
    let page = pageIndex.get(r.entry);
    if (page === undefined) {
      page = chunk.pages.push([r.entry.url, r.entry.title, r.entry.group]) - 1;
      pageIndex.set(r.entry, page);
      bytes += r.entry.url.length + r.entry.title.length + 16;
    }
    const record = r.entry.records[r.index]!;
    chunk.records.push(record.detail ? [page, record.hash, record.title, record.excerpt, record.detail] : [page, record.hash, record.title, record.excerpt]);
    bytes += record.hash.length + record.title.length + record.excerpt.length + (record.detail?.length ?? 0) + 16;
    if (bytes >= RECORD_CHUNK_BYTES) closeRecords(id + 1);
  });
  closeRecords(records.length);

  const strings = stringsOf(locale);
  const meta: SearchMeta = {
    format: INDEX_FORMAT,
    locale,
    strings: {
      search: strings.search,
      searchPlaceholder: strings.searchPlaceholder,
      searchResults: strings.searchResults,
      searchNoResults: strings.searchNoResults,
      searchTooShort: strings.searchTooShort,
      searchCount: strings.searchCount,
      searchCountOne: strings.searchCountOne,
      searchFailed: strings.searchFailed,
      searchHelp: strings.searchHelp,
      searchTop: strings.searchTop,
      close: strings.close,
    },
    groups: Object.fromEntries(SEARCH_GROUPS.map((g) => [g, strings.searchGroups[g]])) as Record<SearchGroup, string>,
    languages,
    records: records.length,
    terms: termChunks,
    chunks: recordChunks,
  };
  // A fixed name: the page knows only this one; the chunks it names are content-hashed.
  add({ path: `${dir}/index.json`, contents: JSON.stringify(meta) });
  return { files, records: records.length, terms: terms.length, bytes: size };
}
