// Packs of what one run made for the next, by key (openPack); chiefly the rendered documents of the last run, by key: everything a document is made from
// (see documentKey) hashed into one string. A document whose key is in the pack is not
// rendered again; its HTML is already in the output folder (output-manifest.ts), and
// what the later stages need of it (ids, links, search text, Markdown twin, warnings) is here.
//
// A few files per site and mode (v8 serialisation, see SHARDS): a thousand small files
// would cost more to open than the pack costs to read. Written atomically; anything
// unreadable, damaged (readCacheValue) or of another shape is ignored, which only means
// rendering again.
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { releaseBuffers } from '../build/heap.js';
import type { ScannedPage } from '../check/scan-html.js';
import type { Diagnostic } from '../diagnostics.js';
import type { SearchSection } from '../markdown/rehype-search-text.js';
import type { FileLink, RenderedDocument } from '../render/render-documents.js';
import { readCacheValue, writeCacheValue } from './cache-dir.js';

const FORMAT = 4;

/** A rendered document without its HTML (which went to the output folder). */
export type CachedDocument = Omit<RenderedDocument, 'html' | 'written' | 'twinWritten' | 'kept'>;

/** Values by key, from the last run; what this run sets or gets is what the next one finds. */
export interface Pack<T> {
  get(key: string): T | undefined;
  /** Keeps `value` for the next run (only entries set or used in this run are saved). */
  set(key: string, value: T): void;
  save(): void;
  readonly hits: number;
}

export type DocumentCache = Pack<CachedDocument>;

export function openDocumentCache(dir: string | null, mode: string): DocumentCache {
  return openPack(dir, `documents-${mode}`, isCachedDocument, documentCodec);
}

/**
 * Keys are hex digests; a pack is kept in SHARDS files by the key's first digit, so a
 * run that changes a few entries rewrites a few files, not the whole pack.
 */
const SHARDS = 16;

/**
 * How a pack's shard is written and read back, when not as its entries are: the search
 * memo keeps thousands of small typed arrays, which v8's serializer writes and reads one
 * by one through JavaScript (host objects); a codec joins them into one per shard.
 * `decode` returns null for what it cannot read (another shape: the entries are dropped).
 */
export interface PackCodec<T> {
  encode(entries: [string, T][]): unknown;
  decode(raw: unknown): [string, unknown][] | null;
}

const plainCodec: PackCodec<unknown> = {
  encode: (entries) => entries,
  decode: (raw) => (Array.isArray(raw) ? (raw as [string, unknown][]) : null),
};

export function openPack<T>(dir: string | null, name: string, valid: (value: unknown) => value is T, codec: PackCodec<T> = plainCodec as PackCodec<T>): Pack<T> {
  const fileOf = (shard: number) => join(dir!, `${name}-${shard.toString(16)}.bin`);
  const shardOf = (key: string) => (Number.parseInt(key[0] ?? '0', 16) || 0) % SHARDS;
  const previous = new Map<string, T>();
  const sizes = new Array<number>(SHARDS).fill(0);
  if (dir) {
    for (let shard = 0; shard < SHARDS; shard++) {
      for (const [key, value] of readPack(fileOf(shard), valid, codec)) {
        previous.set(key, value);
        sizes[shard]!++;
      }
    }
  }
  const next = new Map<string, T>();
  /** Shards with an entry set anew in this run. */
  const changed = new Set<number>();
  let hits = 0;
  return {
    get(key) {
      if (!previous.has(key)) return undefined;
      const value = previous.get(key)!;
      hits++;
      next.set(key, value);
      return value;
    },
    set(key, value) {
      next.set(key, value);
      if (previous.get(key) !== value) changed.add(shardOf(key));
    },
    save() {
      if (!dir) return;
      const kept = Array.from({ length: SHARDS }, () => [] as [string, T][]);
      for (const entry of next) kept[shardOf(entry[0])]!.push(entry);
      // A shard whose entries are all as read, and all still used, stays as it is.
      const due = kept.flatMap((entries, shard) => (!changed.has(shard) && entries.length === sizes[shard] ? [] : [shard]));
      // Writing a whole pack (a cold build, at its memory peak), each buffer is freed once
      // written; for the few shards an edit changes, the collections would cost more than they free.
      const release = due.length > SHARDS / 2;
      for (const shard of due) if (writeCacheValue(fileOf(shard), { format: FORMAT, entries: codec.encode(kept[shard]!) }) && release) releaseBuffers();
    },
    get hits() {
      return hits;
    },
  };
}

function readPack<T>(file: string, valid: (value: unknown) => value is T, codec: PackCodec<T>): Map<string, T> {
  try {
    const pack = readCacheValue(file) as { format?: unknown; entries?: unknown };
    const entries = pack.format === FORMAT ? codec.decode(pack.entries) : null;
    if (!entries) return new Map();
    return new Map(entries.filter((entry): entry is [string, T] => Array.isArray(entry) && typeof entry[0] === 'string' && valid(entry[1])));
  } catch {
    return new Map();
  }
}

function isCachedDocument(doc: unknown): doc is CachedDocument {
  return doc instanceof PackedDocument;
}

/**
 * A document as the pack holds it. What every run reads of every document (its URL, ids,
 * ids as rendered, problems) is read with the pack; the rest is kept as the bytes it was
 * written as, one block per document, and read only when asked for: its links (the link
 * graph reads them only for pages it checks again, see check-links.ts) and its text (the
 * search text, read only for an entry the search memo lacks; the Markdown twin, read for
 * llms-full.txt). A build that changes one page reads about a fifth of the pack, and has
 * that much less to collect. Blocks not read are written back as they were read.
 */
export class PackedDocument implements CachedDocument {
  url: string;
  path: string;
  ids: string[];
  diagnostics: Diagnostic[];
  /** A reused document's key and state in this run (see build-cache.ts). */
  cacheKey?: string;
  html?: string;
  kept?: boolean;
  /** Whether `markdown` is set, known without reading it. */
  readonly hasTwin: boolean;
  #scannedIds: Set<string>;
  #links: Block<LinkBlock>;
  #search: Block<SearchSection[] | undefined>;
  #markdown: Block<string | undefined>;

  constructor(core: Omit<Core, 'scannedIds'>, scannedIds: Set<string>, links: Block<LinkBlock>, search: Block<SearchSection[] | undefined>, markdown: Block<string | undefined>) {
    this.url = core.url;
    this.path = core.path;
    this.ids = core.ids;
    this.diagnostics = core.diagnostics;
    this.#scannedIds = scannedIds;
    this.hasTwin = core.twin;
    this.#links = links;
    this.#search = search;
    this.#markdown = markdown;
  }

  static of(doc: CachedDocument): PackedDocument {
    if (doc instanceof PackedDocument) return doc;
    const core = { url: doc.url, path: doc.path, ids: doc.ids, diagnostics: doc.diagnostics, twin: doc.markdown !== undefined };
    const links = doc.scanned?.links ?? [];
    return new PackedDocument(core, new Set(doc.scanned?.ids), new Block(null, { hrefs: links.map((l) => l.href), images: links.map((l) => (l.tag === 'img' ? 1 : 0)), source: doc.links }), new Block(null, doc.search), new Block(null, doc.markdown));
  }

  /** The same document, as this run uses it (a reused page is not rendered: its HTML is in the output folder already). */
  reused(cacheKey: string, kept: boolean): PackedDocument {
    const copy = new PackedDocument({ url: this.url, path: this.path, ids: this.ids, diagnostics: this.diagnostics, twin: this.hasTwin }, this.#scannedIds, this.#links, this.#search, this.#markdown);
    copy.cacheKey = cacheKey;
    copy.html = '';
    copy.kept = kept;
    return copy;
  }

  /** The ids as rendered, without reading the links. */
  get scannedIds(): ReadonlySet<string> {
    return this.#scannedIds;
  }

  get scanned(): ScannedPage {
    const block = this.#links.value();
    return { ids: this.#scannedIds, links: block.hrefs.map((href, i) => ({ href, tag: block.images[i] ? 'img' : 'a' })) };
  }

  get links(): FileLink[] {
    return this.#links.value().source;
  }

  get search(): SearchSection[] | undefined {
    return this.#search.value();
  }

  get markdown(): string | undefined {
    return this.#markdown.value();
  }

  /** @internal The pack's view of the document. */
  parts(): { core: Core; blocks: Block<unknown>[] } {
    return { core: { url: this.url, path: this.path, ids: this.ids, diagnostics: this.diagnostics, scannedIds: [...this.#scannedIds], twin: this.hasTwin }, blocks: [this.#links, this.#search, this.#markdown] };
  }
}

interface Core {
  url: string;
  path: string;
  ids: string[];
  diagnostics: Diagnostic[];
  scannedIds: string[];
  /** Whether the document has a Markdown twin (without reading it). */
  twin: boolean;
}
interface LinkBlock {
  hrefs: string[];
  /** 1 where the link is an image's source. */
  images: number[];
  source: FileLink[];
}

/** A value kept as its serialised bytes until it is first read. */
class Block<T> {
  #bytes: Uint8Array | null;
  #value: T | undefined;
  #read: boolean;
  /** `bytes` to read when asked, or null and the value itself. */
  constructor(bytes: Uint8Array | null, value?: T) {
    this.#bytes = bytes;
    this.#value = value;
    this.#read = bytes === null;
  }
  value(): T {
    if (!this.#read) {
      this.#value = deserialize(this.#bytes!) as T;
      this.#read = true;
    }
    return this.#value as T;
  }
  bytes(): Uint8Array {
    return (this.#bytes ??= serialize(this.#value));
  }
}

/**
 * A shard: the documents' cores, then every document's blocks (links, search text, twin)
 * in one byte array (their ends in `ends`). A damaged block would only be found when
 * read, after the build trusted the entry: the shard's file is checked whole when it is
 * read (readCacheValue).
 */
const BLOCKS = 3;
const documentCodec: PackCodec<CachedDocument> = {
  encode(entries) {
    const blocks: Uint8Array[] = [];
    const plain = entries.map(([key, doc]) => {
      const { core, blocks: own } = PackedDocument.of(doc).parts();
      for (const block of own) blocks.push(block.bytes());
      return [key, core];
    });
    const ends = new Int32Array(blocks.length);
    let at = 0;
    blocks.forEach((b, i) => (ends[i] = at += b.length));
    const bytes = Buffer.concat(blocks, at);
    return { plain, ends, bytes };
  },
  decode(raw) {
    const { plain, ends, bytes } = (raw ?? {}) as { plain?: unknown; ends?: unknown; bytes?: unknown };
    if (!Array.isArray(plain) || !(ends instanceof Int32Array) || !(bytes instanceof Uint8Array) || ends.length !== plain.length * BLOCKS) return null;
    const block = <T>(i: number): Block<T> => {
      const start = i === 0 ? 0 : ends[i - 1]!;
      const end = ends[i]!;
      if (start > end || end > bytes.length) throw new Error('damaged pack');
      return new Block<T>(bytes.subarray(start, end));
    };
    try {
      return (plain as [string, Core][]).map(([key, core], i) => [key, isCore(core) ? new PackedDocument(core, new Set(core.scannedIds), block(BLOCKS * i), block(BLOCKS * i + 1), block(BLOCKS * i + 2)) : null]);
    } catch {
      return null;
    }
  },
};

function isCore(core: unknown): core is Core {
  if (typeof core !== 'object' || core === null) return false;
  const c = core as Record<string, unknown>;
  return typeof c.url === 'string' && typeof c.path === 'string' && Array.isArray(c.ids) && Array.isArray(c.diagnostics) && Array.isArray(c.scannedIds) && typeof c.twin === 'boolean';
}
