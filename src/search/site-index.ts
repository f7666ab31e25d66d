// The search index of a whole site, from its rendered documents: what `build` writes under
// search/ and what `dev` serves from memory.
import type { OutputFile } from '../build/assets.js';
import type { Site } from '../content/site.js';
import type { DocumentPlan } from '../routes/plan.js';
import { uiStrings } from '../../theme/components/strings.js';
import { buildSearchIndex, type LocaleIndexStats } from './build-index.js';
import { searchEntries, type ExcludedPage, type IndexedDocument } from './entries.js';

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

export function siteSearchIndex({ site, plan, documents }: SiteSearchInput): SiteSearchIndex {
  const { config } = site;
  const { entries, excluded } = searchEntries({ site, plan, documents, latestLabel: (locale) => uiStrings(locale).latest });
  const { files, stats } = buildSearchIndex({
    entries,
    locales: config.locales.available,
    languages: { available: config.api.languages, default: config.api.defaultLanguage },
  });
  return { files, stats, excluded };
}
