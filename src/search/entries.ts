// What the search index holds: from the rendered documents (their text by heading, see
// src/markdown/rehype-search-text.ts), the pages of each locale and the pages every
// locale shares (guides, the API reference), each with its group and weight, and the
// pages left out (search.exclude, or nothing to find in them: `check` warns).
import { bodyFields, type ApiModel, operationOf } from '../api/openapi.js';
import { fieldRows } from '../api/describe-schema.js';
import type { Page, Site } from '../content/site.js';
import type { PageInfo } from '../content/collections.js';
import type { SearchSection } from '../markdown/rehype-search-text.js';
import type { DocumentPlan } from '../routes/plan.js';
import { excludeMatcher } from './exclude.js';

/** Result groups, in the order of their labels (the browser orders them by best result). */
export const SEARCH_GROUPS = ['api', 'guide', 'help', 'support', 'legal', 'home'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** Placeholder in the URL of API reference results: the reader's example language. */
export const LANGUAGE_PLACEHOLDER = '{language}';

/** An older version of a legal document ranks below the latest: same words, rarely the one wanted. */
export const OLDER_LEGAL_WEIGHT = 0.3;

export interface SearchField {
  text: string;
  /** How much a word here counts: the title more than the body. A whole number from 1 to 255 (the index keeps counts as integers, build-index.ts). */
  boost: number;
  /**
   * A name (a title, an operation's id and path, parameter names), not prose: its words
   * count once, at the strongest label holding them, and however long the record's text is
   * (build-index.ts). Else a text, whose every word counts, less in a long text.
   */
  label?: boolean;
}

export interface SearchRecord {
  /** Heading id ("" for the top of the page). */
  hash: string;
  title: string;
  /** Shown under the title: the text's beginning. */
  excerpt: string;
  /** Shown beside the page title: "POST /accounts/{accountId}/payments" for an operation. */
  detail?: string;
  fields: SearchField[];
}

export interface SearchEntry {
  /** The page URL; for the API reference, with LANGUAGE_PLACEHOLDER for the language. */
  url: string;
  /** The page's name in results ("Terms and conditions · v4.0"). */
  title: string;
  group: SearchGroup;
  /** The locale whose index holds it; null: every locale's (guides, the API reference). */
  locale: string | null;
  weight: number;
  records: SearchRecord[];
}

export interface ExcludedPage {
  url: string;
  /** The Markdown file (for the API reference, its first section). */
  file: string;
  /** "config": a search.exclude pattern (its index); "empty": no text and no heading. */
  reason: 'config' | 'empty';
  pattern?: number;
}

/** A rendered document as the index needs it: its URL and its text by heading. */
export interface IndexedDocument {
  url: string;
  /** The document's cache key (src/cache/): its entry and words can be taken from the last build. */
  cacheKey?: string;
  /** Absent for documents search leaves out by kind (404, other API versions and languages). */
  search?: SearchSection[];
}

export interface EntriesInput {
  site: Site;
  plan: { documents: readonly DocumentPlan[] };
  documents: Iterable<IndexedDocument>;
  /** "latest" in the locale, for the title of the latest legal version. */
  latestLabel: (locale: string) => string;
}

/** Whether search indexes this planned document at all (before search.exclude). */
export function isSearchable(doc: DocumentPlan, site: Site): boolean {
  if (doc.kind === 'page') return true;
  // The API reference once: its text is the same in every language but for the
  // examples, which are not indexed; results open the reader's language.
  return doc.kind === 'api' && doc.version === site.config.versions.default && doc.language === site.config.api.defaultLanguage;
}

const EXCERPT = 240;

/**
 * The beginning of a text as a result shows it: white space collapsed, at most EXCERPT
 * characters, cut at a word. The section's text is not collapsed (rehype-search-text.ts):
 * only this beginning is, as `raw.slice(0, 3 * EXCERPT).replace(/\s+/g, ' ').trim()`
 * would, without the regular expression's copies (a few per section, thousands per build).
 */
export function excerptOf(raw: string): string {
  const end = Math.min(raw.length, EXCERPT * 3);
  // The collapsed text is put together in one reused buffer and made a string once: word
  // by word it made a string per word and per join (20 MB of a cold build of 1000 pages).
  let length = 0;
  let word = -1;
  for (let i = 0; i <= end; i++) {
    if (i < end && !isSpace(raw.charCodeAt(i))) {
      if (word < 0) word = i;
      continue;
    }
    if (word < 0) continue;
    if (length) excerpt[length++] = 32;
    for (let k = word; k < i; k++) excerpt[length++] = raw.charCodeAt(k);
    word = -1;
    if (length > EXCERPT) break;
  }
  if (length <= EXCERPT) return text(length);
  let cut = -1;
  for (let k = EXCERPT; k >= 0; k--) {
    if (excerpt[k] === 32) {
      cut = k;
      break;
    }
  }
  return `${text(cut > EXCERPT / 2 ? cut : EXCERPT)}…`;
}

/** excerptOf's text: at most EXCERPT * 3 characters of words and the spaces between them. */
const excerpt = new Uint16Array(EXCERPT * 3 + 1);
/** The buffer's first `length` characters (code units as they are: a lone surrogate too, which a UTF-16 decoder would replace). */
const text = (length: number): string => String.fromCharCode.apply(null, excerpt.subarray(0, length) as unknown as number[]);

/** What `\s` matches in a regular expression (and `trim` removes). */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 5760 || (code >= 8192 && code <= 8202) || code === 8232 || code === 8233 || code === 8239 || code === 8287 || code === 12288 || code === 65279;
}

/** The search entry of one rendered document, its reason to be left out, or null (not searchable). */
export function searchEntryMaker({ site, plan, latestLabel }: Omit<EntriesInput, 'documents'>): (rendered: IndexedDocument) => { entry: SearchEntry } | { excluded: ExcludedPage } | null {
  const decide = searchDecider({ site, plan });
  const sourceOf = new Map(site.pages.map((p) => [p.source, p]));
  return (rendered) => {
    const decision = decide(rendered);
    if (!decision || 'excluded' in decision) return decision;
    const { doc, search } = decision;
    if (doc.kind === 'api') {
      // A section file's description sums up its h2 section, as a page's sums up its top.
      const summaries = new Map<string, string>();
      for (const source of doc.sections) {
        const data = sourceOf.get(source)?.data;
        if (data?.description) summaries.set(data.title, data.description);
      }
      return {
        entry: {
          url: doc.url.replace(/[^/]+$/, LANGUAGE_PLACEHOLDER),
          title: doc.title,
          group: 'api',
          locale: null,
          weight: 1,
          records: search.map((section) => apiRecord(section, site.api, section.depth === 2 ? summaries.get(section.title) : undefined)),
        },
      };
    }
    return doc.kind === 'page' ? { entry: pageEntry(doc, decision.page, search, latestLabel) } : null;
  };
}

/** The pages search leaves out (search.exclude, or nothing to find in them), without making the entries of the others. */
export function searchExclusions({ documents, ...input }: Omit<EntriesInput, 'latestLabel'>): ExcludedPage[] {
  const decide = searchDecider(input);
  const excluded: ExcludedPage[] = [];
  for (const rendered of documents) {
    const decision = decide(rendered);
    if (decision && 'excluded' in decision) excluded.push(decision.excluded);
  }
  return excluded;
}

type Decision = { excluded: ExcludedPage } | { doc: DocumentPlan; page: Page; search: SearchSection[] } | null;

/** Whether a rendered document is in the index, left out (and why), or not searchable at all. */
function searchDecider({ site, plan }: Pick<EntriesInput, 'site' | 'plan'>): (rendered: IndexedDocument) => Decision {
  const exclude = excludeMatcher(site.config.search.exclude);
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const planned = new Map(plan.documents.map((d) => [d.url, d]));
  return (rendered) => {
    const doc = planned.get(rendered.url);
    if (!doc || !rendered.search || !isSearchable(doc, site)) return null;
    const page = doc.kind === 'page' ? bySource.get(doc.source) : doc.kind === 'api' ? bySource.get(doc.sections[0] ?? '') : undefined;
    if (!page) return null;
    const pattern = exclude.match(doc.url);
    if (pattern >= 0) return { excluded: { url: doc.url, file: page.file, reason: 'config', pattern } };
    if (!rendered.search.length) return { excluded: { url: doc.url, file: page.file, reason: 'empty' } };
    return { doc, page, search: rendered.search };
  };
}

/**
 * The group a page's results show under, from its collection's layout (whatever the
 * collection is called); an article is a guide, but for the support page of the built-in
 * collections.
 */
export function searchGroup(info: Pick<PageInfo, 'collection' | 'layout'>): SearchGroup {
  switch (info.layout) {
    case 'home':
    case 'help':
    case 'legal':
    case 'api':
      return info.layout;
    case 'article':
      return info.collection === 'support' ? 'support' : 'guide';
  }
}

function pageEntry(doc: Extract<DocumentPlan, { kind: 'page' }>, page: Page, sections: SearchSection[], latestLabel: (locale: string) => string): SearchEntry {
  const info = page.info;
  const group = searchGroup(info);
  let title = doc.title;
  let weight = 1;
  // A versioned document (order: versions): each version says which, and older ones rank lower.
  if (doc.legalVersions.length) {
    const version = doc.legalVersions.find((v) => v.url === doc.url);
    if (version) title = `${doc.title} · ${version.version}${version.latest ? ` (${latestLabel(doc.locale)})` : ''}`;
    if (!version?.latest) weight = OLDER_LEGAL_WEIGHT;
  }
  // The top of the page is always a result: found by the page title and description.
  const intro = sections[0]?.id === '' ? sections[0] : null;
  const introText = intro?.text || doc.description;
  const records: SearchRecord[] = [
    {
      hash: '',
      title: doc.title,
      excerpt: excerptOf(introText),
      fields: [
        { text: doc.title, boost: 4, label: true },
        { text: doc.description, boost: 2, label: true },
        { text: intro?.text ?? '', boost: 1 },
      ],
    },
  ];
  for (const section of sections) {
    if (!section.id) continue;
    records.push({
      hash: section.id,
      title: section.title,
      excerpt: excerptOf(section.text),
      fields: [
        { text: section.title, boost: 4, label: true },
        { text: doc.title, boost: 1, label: true },
        { text: section.text, boost: 1 },
      ],
    });
  }
  return { url: doc.url, title, group, locale: 'locale' in info ? doc.locale : null, weight, records };
}

/** `summary`: the description of the section file whose h2 this section is. */
function apiRecord(section: SearchSection, api: ApiModel | null, summary = ''): SearchRecord {
  const operation = section.operation ? operationOf(api, section.operation) : undefined;
  if (!operation) {
    return {
      hash: section.id,
      title: section.title,
      excerpt: excerptOf(section.text),
      fields: [
        { text: section.title, boost: 4, label: true },
        { text: summary, boost: 2, label: true },
        { text: section.text, boost: 1 },
      ],
    };
  }
  const detail = `${operation.method.toUpperCase()} ${operation.path}`;
  const fields = bodyFields(operation);
  const names = [...operation.parameters.map((p) => p.name), ...(fields ? fieldRows(fields.schema).map((r) => r.name) : [])];
  return {
    hash: section.id,
    title: section.title,
    excerpt: excerptOf(section.text),
    detail,
    fields: [
      { text: section.title, boost: 4, label: true },
      { text: `${operation.id} ${detail}`, boost: 3, label: true },
      { text: names.join(' '), boost: 2, label: true },
      { text: section.text, boost: 1 },
    ],
  };
}
