// planRoutes: from the Site model, the list of documents to render (spec §2 route
// table): every page in every locale (a missing translation falls back to the default
// locale's text with a notice), the API reference per version and language, and 404.
import { join } from 'node:path';
import { builtinTheme } from '../../theme/index.js';
import { siteStrings } from '../theme/strings.js';
import { shownPath, type Diagnostic } from '../diagnostics.js';
import { compareVersions } from '../content/classify.js';
import type { Page, Site } from '../content/site.js';
import type { LayoutName } from '../config/collections-schema.js';
import { apiUrl, NOT_FOUND_URL, OPENAPI_JSON_URL, OPENAPI_YAML_URL, translationKey } from './paths.js';
import { seriesOf } from './series.js';
import { treeOrder } from './tree-order.js';
import { compareNumbered, compareText } from '../collate.js';

export interface NavLink {
  url: string;
  title: string;
  /** The title's language when it is not the page's: a page not yet translated, shown in the default locale's text. */
  lang?: string;
}

export interface LegalVersionLink extends NavLink {
  version: string;
  effective: string;
  latest: boolean;
}

interface DocumentBase {
  url: string;
  /** Interface language of the document (the default locale for non-translated pages). */
  locale: string;
  title: string;
  description: string;
  /** Translations of this document, for hreflang; empty for non-translated pages. */
  alternates: { locale: string; url: string }[];
}

export interface PageDocument extends DocumentBase {
  kind: 'page';
  /** Source of the page rendered here. */
  source: string;
  /** The layout its collection declares (collections[].layout). */
  layout: LayoutName;
  /** True when `source` is the default locale's text shown for a missing translation. */
  fallback: boolean;
  prev: NavLink | null;
  next: NavLink | null;
  /** For versioned documents (legal): every version in this locale, newest first. */
  legalVersions: LegalVersionLink[];
}

export interface ApiDocument extends DocumentBase {
  kind: 'api';
  version: string;
  language: string;
  /** Sources of the API sections, in order. */
  sections: string[];
  /** The same version in the other languages. */
  languages: { language: string; url: string }[];
  /** The published OpenAPI document, when there is one. */
  /** The published OpenAPI document, and the version of OpenAPI it is written in ("3.1"). */
  openapi: { yaml: string; json: string; version: string } | null;
}

export interface NotFoundDocument extends DocumentBase {
  kind: 'not-found';
}

export type DocumentPlan = PageDocument | ApiDocument | NotFoundDocument;

export interface RoutePlan {
  documents: DocumentPlan[];
  /** URL of the latest version per locale and versioned document ("terms-and-conditions"), for menu and footer links. */
  latestLegal: Record<string, Record<string, string>>;
  /** The same for the versioned documents of no locale ("changelog" -> "/changelog/2.0"). */
  latestVersion: Record<string, string>;
  /**
   * URL of every page by source path, including the sources a missing translation
   * would have ("nl/support.md" -> "/nl/support" when only en/support.md exists), so
   * relative links in translations resolve within their locale.
   */
  urlBySource: Record<string, string>;
  diagnostics: Diagnostic[];
}

export function planRoutes(site: Site): RoutePlan {
  const { config } = site;
  const locales = config.locales.available;
  const defaultLocale = config.locales.default;
  const diagnostics: Diagnostic[] = [];
  const documents: DocumentPlan[] = [];
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  // The date of a version: the first date key its collection declares ("effective" of the built-in legal texts).
  const dateKeys = new Map(site.collections.map((c) => [c.name, Object.entries(c.frontMatter).find(([, field]) => field.type === 'date')?.[0] ?? 'effective']));
  const dateKeyOf = (collection: string) => dateKeys.get(collection) ?? 'effective';
  // The titles the build gives (the API reference, the 404 page), in the default locale's words.
  const ui = siteStrings(builtinTheme, config.theme.strings)(defaultLocale);

  // Translated pages: one document per (key, locale), falling back to the default locale.
  const translated = site.pages.filter((p) => 'locale' in p.info);
  const keys = [...new Set(translated.map((p) => translationKey(p.source)))].sort();
  const pageFor = new Map<string, { page: Page; fallback: boolean }>();
  for (const key of keys) {
    const reference = bySource.get(`${defaultLocale}/${key}`);
    for (const locale of locales) {
      const own = bySource.get(`${locale}/${key}`);
      if (own) pageFor.set(`${locale}/${key}`, { page: own, fallback: false });
      else if (reference) {
        pageFor.set(`${locale}/${key}`, { page: reference, fallback: true });
        const missing = join(site.contentDir, locale, key);
        diagnostics.push({
          ruleId: 'translation-missing',
          severity: 'warning',
          message: `"${key}" has no ${locale} translation; the ${defaultLocale} text is shown there with a notice`,
          hint: `add ${shownPath(missing)}`,
          paths: [missing],
          file: reference.file,
          line: 1,
          column: 1,
        });
      }
    }
    if (!reference) {
      const orphan = translated.find((p) => translationKey(p.source) === key)!;
      const missing = join(site.contentDir, defaultLocale, key);
      diagnostics.push({
        ruleId: 'translation-orphan',
        severity: 'warning',
        message: `"${key}" exists in a translation but not in the default locale (${defaultLocale})`,
        hint: `add ${shownPath(missing)}, the reference text of every translation`,
        paths: [missing],
        file: orphan.file,
        line: 1,
        column: 1,
      });
    }
  }
  const urlOf = (locale: string, key: string) => {
    const entry = pageFor.get(`${locale}/${key}`);
    return entry ? entry.page.url!.replace(/^\/[^/]+/, `/${locale}`) : null;
  };

  // Prev/next sequences (per translated collection, in the default locale's order) and version lists.
  const sequences = new Map<string, string[]>();
  for (const collection of site.collections) {
    if (!collection.translated || collection.order !== 'prev-next') continue;
    const own = translated.filter((p) => p.info.collection === collection.name && p.source.startsWith(`${defaultLocale}/`));
    sequences.set(collection.name, treeOrder(own, (p) => translationKey(p.source)).map((p) => translationKey(p.source)));
  }
  const seriesPaths = [...new Set(site.pages.flatMap((p) => seriesOf(site, p)?.path ?? []))].sort();
  const latestLegal: RoutePlan['latestLegal'] = {};
  const latestVersion: RoutePlan['latestVersion'] = {};
  for (const locale of locales) {
    latestLegal[locale] = {};
    for (const path of seriesPaths) {
      const versions = legalVersions(locale, path);
      if (versions[0]) latestLegal[locale]![path] = versions[0].url;
    }
  }
  function legalVersions(locale: string, path: string): LegalVersionLink[] {
    return versionsOf(path, keys.flatMap((key) => {
      const entry = pageFor.get(`${locale}/${key}`);
      return entry ? [{ page: entry.page, url: urlOf(locale, key)! }] : [];
    }));
  }
  /** The versions of the document at `path` among these pages, newest first. */
  function versionsOf(path: string, pages: readonly { page: Page; url: string }[]): LegalVersionLink[] {
    const list: LegalVersionLink[] = [];
    for (const { page, url } of pages) {
      const series = seriesOf(site, page);
      if (!series || series.path !== path) continue;
      const date = page.data[dateKeyOf(page.info.collection)];
      list.push({ version: series.version, url, title: page.data.title, effective: typeof date === 'string' ? date : '', latest: false });
    }
    list.sort((a, b) => compareVersions(b.version, a.version));
    if (list[0]) list[0].latest = true;
    return list;
  }

  for (const key of keys) {
    for (const locale of locales) {
      const entry = pageFor.get(`${locale}/${key}`);
      if (!entry) continue;
      const { page, fallback } = entry;
      const url = urlOf(locale, key)!;
      const navOf = (k: string | undefined): NavLink | null => {
        if (!k) return null;
        const target = pageFor.get(`${locale}/${k}`);
        return target ? { url: urlOf(locale, k)!, title: target.page.data.title, ...(target.fallback ? { lang: defaultLocale } : {}) } : null;
      };
      const sequence = sequences.get(page.info.collection) ?? [];
      const at = sequence.indexOf(key);
      const series = seriesOf(site, page);
      documents.push({
        kind: 'page',
        url,
        locale,
        title: page.data.title,
        description: page.data.description ?? '',
        // Only real translations: a fallback shows another locale's text.
        alternates: locales.filter((l) => pageFor.get(`${l}/${key}`)?.fallback === false).map((l) => ({ locale: l, url: urlOf(l, key)! })),
        source: page.source,
        layout: page.info.layout,
        fallback,
        prev: at > 0 ? navOf(sequence[at - 1]) : null,
        next: at >= 0 ? navOf(sequence[at + 1]) : null,
        legalVersions: series ? legalVersions(locale, series.path) : [],
      });
    }
  }

  // Collections that are not translated (the guides): prev/next through the whole tree.
  for (const collection of site.collections) {
    if (collection.translated || collection.url === undefined) continue;
    const own = site.pages.filter((p) => p.info.collection === collection.name && p.url);
    const ordered = collection.order === 'prev-next' ? treeOrder(own, (p) => p.source) : [...own].sort((a, b) => compareText(a.source, b.source));
    const linked = collection.order === 'prev-next';
    ordered.forEach((page, i) => {
      const nav = (p: Page | undefined): NavLink | null => (linked && p ? { url: p.url!, title: p.data.title } : null);
      const series = seriesOf(site, page);
      const versions = series ? versionsOf(series.path, own.map((p) => ({ page: p, url: p.url! }))) : [];
      if (series && versions[0]) latestVersion[series.path] = versions[0].url;
      documents.push({
        kind: 'page',
        url: page.url!,
        locale: defaultLocale,
        title: page.data.title,
        description: page.data.description ?? '',
        alternates: [],
        source: page.source,
        layout: page.info.layout,
        fallback: false,
        prev: nav(ordered[i - 1]),
        next: nav(ordered[i + 1]),
        legalVersions: versions,
      });
    });
  }

  // The API reference: one long page per (version, language).
  // In file order with numbers as numbers: "10-webhooks.md" after "2-status.md".
  const sections = site.pages.filter((p) => p.info.layout === 'api').map((p) => p.source).sort(compareNumbered);
  if (sections.length) {
    for (const version of config.versions.available) {
      for (const language of config.api.languages) {
        documents.push({
          kind: 'api',
          url: apiUrl(version, language),
          locale: defaultLocale,
          title: fill(ui.apiReferenceTitle, { product: config.product.name, tag: config.product.tag }),
          description: fill(ui.apiReferenceDescription, { product: config.product.name, tag: config.product.tag, version, language }),
          alternates: [],
          version,
          language,
          sections,
          languages: config.api.languages.map((l) => ({ language: l, url: apiUrl(version, l) })),
          openapi: site.api ? { yaml: OPENAPI_YAML_URL, json: OPENAPI_JSON_URL, version: site.api.openapi } : null,
        });
      }
    }
  }

  documents.push({ kind: 'not-found', url: NOT_FOUND_URL, locale: defaultLocale, title: ui.notFoundTitle, description: ui.notFoundDescription, alternates: [] });
  const urlBySource: Record<string, string> = {};
  for (const page of site.pages) if (page.url) urlBySource[page.source] = page.url;
  for (const key of pageFor.keys()) {
    const [locale = '', ...rest] = key.split('/');
    urlBySource[key] ??= urlOf(locale, rest.join('/'))!;
  }
  return { documents, latestLegal, latestVersion, urlBySource, diagnostics };
}


/** A string with its "{name}" placeholders filled in. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
