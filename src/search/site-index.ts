// The search index of a whole site, from its rendered documents: what `build` writes under
// search/ and what `dev` serves from memory.
import type { OutputFile } from '../build/assets.js';
import type { Site } from '../content/site.js';
import type { DocumentPlan } from '../routes/plan.js';
import { builtinTheme } from '../../theme/index.js';
import { siteStrings } from '../theme/strings.js';
import { buildSearchIndex, type LocaleIndexStats, type PreparedWords } from './build-index.js';
import { searchEntryMaker, type ExcludedPage, type IndexedDocument, type SearchEntry } from './entries.js';

export interface SiteSearchInput {
  site: Site;
  plan: { documents: readonly DocumentPlan[] };
  documents: Iterable<IndexedDocument>;
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
 * its plan, the site's config and API document).
 */
export interface SearchMemo {
  get(key: string): MemoEntry | undefined;
  set(key: string, value: MemoEntry): void;
}
/**
 * Kept small, as it is read and written whole on every build: the entry without the text
 * of its fields (only counting needs that), each record's words as one string, the counts
 * as a typed array (both serialise as single blocks).
 */
export type MemoEntry = { entry: SearchEntry; words: { words: string; counts: Float64Array; length: number }[] } | null;

const remember = (entry: SearchEntry, words: PreparedWords[]): MemoEntry => ({
  entry: { ...entry, records: entry.records.map((r) => ({ ...r, fields: [] })) },
  words: words.map((w) => ({ words: w.words.join('\n'), counts: Float64Array.from(w.counts), length: w.length })),
});
const recall = (memo: NonNullable<MemoEntry>): PreparedWords[] => memo.words.map((w) => ({ words: w.words ? w.words.split('\n') : [], counts: Array.from(w.counts), length: w.length }));

export function siteSearchIndex({ site, plan, documents, memo }: SiteSearchInput & { memo?: SearchMemo | null }): SiteSearchIndex {
  const { config } = site;
  const strings = siteStrings(builtinTheme, config.theme.strings);
  const latestLabel = (locale: string) => strings(locale).latest;
  const entries: SearchEntry[] = [];
  const excluded: ExcludedPage[] = [];
  const prepared = new Map<SearchEntry, PreparedWords[]>();
  const keyOf = new Map<SearchEntry, string>();
  const entryOf = searchEntryMaker({ site, plan, latestLabel });
  for (const doc of documents) {
    const remembered = doc.cacheKey ? memo?.get(doc.cacheKey) : undefined;
    if (remembered !== undefined) {
      if (remembered) {
        entries.push(remembered.entry);
        prepared.set(remembered.entry, recall(remembered));
      }
      continue;
    }
    // In document order: the index numbers records in that order.
    const made = entryOf(doc);
    if (made && 'entry' in made) entries.push(made.entry);
    else if (made) excluded.push(made.excluded);
    if (doc.cacheKey && memo) {
      if (made && 'entry' in made) keyOf.set(made.entry, doc.cacheKey);
      else memo.set(doc.cacheKey, null);
    }
  }
  const built = buildSearchIndex({
    entries,
    prepared,
    keepWords: Boolean(memo),
    locales: config.locales.available,
    languages: { available: config.api.languages, default: config.api.defaultLanguage },
    strings,
  });
  for (const [entry, key] of keyOf) memo!.set(key, remember(entry, built.words.get(entry)!));
  return { files: built.files, stats: built.stats, excluded };
}
