// Packs of what one run made for the next, by key (openPack); chiefly the rendered documents of the last run, by key: everything a document is made from
// (see documentKey) hashed into one string. A document whose key is in the pack is not
// rendered again; its HTML is already in the output folder (output-manifest.ts), and
// what the later stages need of it (ids, links, search text, Markdown twin, warnings) is here.
//
// A few files per site and mode (v8 serialisation, see SHARDS): a thousand small files
// would cost more to open than the pack costs to read. Written atomically; anything
// unreadable or of another shape is ignored, which only means rendering again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { releaseBuffers } from '../build/heap.js';
import type { RenderedDocument } from '../render/render-documents.js';
import { writeCacheFile } from './cache-dir.js';

const FORMAT = 3;

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
  return openPack(dir, `documents-${mode}`, isCachedDocument);
}

/**
 * Keys are hex digests; a pack is kept in SHARDS files by the key's first digit, so a
 * run that changes a few entries rewrites a few files, not the whole pack.
 */
const SHARDS = 16;

export function openPack<T>(dir: string | null, name: string, valid: (value: unknown) => value is T): Pack<T> {
  const fileOf = (shard: number) => join(dir!, `${name}-${shard.toString(16)}.bin`);
  const shardOf = (key: string) => (Number.parseInt(key[0] ?? '0', 16) || 0) % SHARDS;
  const previous = new Map<string, T>();
  const sizes = new Array<number>(SHARDS).fill(0);
  if (dir) {
    for (let shard = 0; shard < SHARDS; shard++) {
      for (const [key, value] of readPack(fileOf(shard), valid)) {
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
      kept.forEach((entries, shard) => {
        // A shard whose entries are all as read, and all still used, stays as it is.
        if (!changed.has(shard) && entries.length === sizes[shard]) return;
        if (writeCacheFile(fileOf(shard), serialize({ format: FORMAT, entries }))) releaseBuffers();
      });
    },
    get hits() {
      return hits;
    },
  };
}

function readPack<T>(file: string, valid: (value: unknown) => value is T): Map<string, T> {
  try {
    const pack = deserialize(readFileSync(file)) as { format?: unknown; entries?: unknown };
    if (pack.format !== FORMAT || !Array.isArray(pack.entries)) return new Map();
    return new Map((pack.entries as [string, T][]).filter(([key, value]) => typeof key === 'string' && valid(value)));
  } catch {
    return new Map();
  }
}

function isCachedDocument(doc: unknown): doc is CachedDocument {
  if (typeof doc !== 'object' || doc === null) return false;
  const d = doc as Record<string, unknown>;
  // The scan (ids and links of the page as rendered) is what the link graph reads of a page not rendered again.
  const scanned = d.scanned as { ids?: unknown; links?: unknown } | undefined;
  return typeof d.url === 'string' && typeof d.path === 'string' && Array.isArray(d.ids) && Array.isArray(d.links) && Array.isArray(d.diagnostics) && scanned?.ids instanceof Set && Array.isArray(scanned.links);
}
