// Reads a built search index (src/search/build-index.ts) the way the browser does, from
// any source of its files (dist/ on disk, or a server).
import type { RecordChunk, SearchMeta } from '../../src/search/build-index.js';
import { arrange, SearchIndex } from '../../theme/client/search-index.js';

export type ReadJson = (path: string) => Promise<unknown> | unknown;

export interface IndexedRecord {
  id: number;
  url: string;
  page: string;
  group: string;
  title: string;
  excerpt: string;
  detail?: string;
}

export interface ReadIndex {
  meta: SearchMeta;
  /** Every record, in id order. */
  records: IndexedRecord[];
  /** The records holding a word that starts with `prefix` (or is `word`, with exact), best score first. */
  find(prefix: string, options?: { exact?: boolean }): Promise<{ record: IndexedRecord; score: number }[]>;
}

/** `read("search/en/index.json")` returns the parsed file. */
export async function readIndex(read: ReadJson, locale: string): Promise<ReadIndex> {
  const dir = `search/${locale}`;
  const meta = (await read(`${dir}/index.json`)) as SearchMeta;
  const records: IndexedRecord[] = [];
  for (const [start, name] of meta.chunks) {
    const chunk = (await read(`${dir}/${name}`)) as RecordChunk;
    chunk.records.forEach(([page, hash, title, excerpt, detail], i) => {
      const [url, pageTitle, group] = chunk.pages[page]!;
      records.push({ id: start + i, url: hash ? `${url}#${hash}` : url, page: pageTitle, group, title, excerpt, ...(detail ? { detail } : {}) });
    });
  }
  return {
    meta,
    records,
    async find(prefix, options = {}) {
      const best = new Map<number, number>();
      for (const [, name] of meta.terms) {
        const postings = (await read(`${dir}/${name}`)) as Record<string, number[]>;
        for (const [term, list] of Object.entries(postings)) {
          if (options.exact ? term !== prefix : !term.startsWith(prefix)) continue;
          let id = 0;
          for (let i = 0; i < list.length; i += 2) {
            id += list[i]!;
            best.set(id, Math.max(best.get(id) ?? 0, list[i + 1]!));
          }
        }
      }
      return [...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id, score]) => ({ record: records[id]!, score }));
    },
  };
}

/** The index of `locale` as the search dialog ranks it (theme/client/search-index.ts). */
export async function rankingIndex(read: ReadJson, locale: string): Promise<SearchIndex> {
  const dir = `search/${locale}`;
  return new SearchIndex((await read(`${dir}/index.json`)) as SearchMeta, async (name) => read(`${dir}/${name}`));
}

/** What the dialog lists for `query`, in its order (grouped by page type): each result's URL and #hash. */
export async function listed(index: SearchIndex, query: string): Promise<string[]> {
  const { results } = await index.answer(query);
  return arrange(results).flatMap(([, list]) => list.map((r) => (r.hash ? `${r.url}#${r.hash}` : r.url)));
}
