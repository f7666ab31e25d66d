// planRoutes: from the Site model, the list of documents to render (spec §2 route
// table): every page in every locale (a missing translation falls back to the default
// locale's text with a notice), the API reference per version and language, and 404.
import type { Diagnostic } from '../diagnostics.js';
import { compareVersions, LEGAL_KINDS, type LegalKind } from '../content/classify.js';
import type { Page, Site } from '../content/site.js';
import { apiUrl, NOT_FOUND_URL, OPENAPI_JSON_URL, OPENAPI_YAML_URL, translationKey } from './paths.js';

export interface NavLink {
  url: string;
  title: string;
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
  /** True when `source` is the default locale's text shown for a missing translation. */
  fallback: boolean;
  prev: NavLink | null;
  next: NavLink | null;
  /** For legal documents: every version in this locale, newest first. */
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
  openapi: { yaml: string; json: string } | null;
}

export interface NotFoundDocument extends DocumentBase {
  kind: 'not-found';
}

export type DocumentPlan = PageDocument | ApiDocument | NotFoundDocument;

export interface RoutePlan {
  documents: DocumentPlan[];
  /** Latest legal version URL per locale and kind, for menu and footer links. */
  latestLegal: Record<string, Partial<Record<LegalKind, string>>>;
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
        diagnostics.push({
          ruleId: 'translation-missing',
          severity: 'warning',
          message: `"${key}" has no ${locale} translation; the ${defaultLocale} text is shown there with a notice`,
          hint: `add content/${locale}/${key}`,
          file: reference.file,
          line: 1,
          column: 1,
        });
      }
    }
    if (!reference) {
      const orphan = translated.find((p) => translationKey(p.source) === key)!;
      diagnostics.push({
        ruleId: 'translation-orphan',
        severity: 'warning',
        message: `"${key}" exists in a translation but not in the default locale (${defaultLocale})`,
        hint: `add content/${defaultLocale}/${key}, the reference text of every translation`,
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

  // Prev/next sequences and legal version lists.
  const generalOrder = orderGeneral(translated.filter((p) => p.info.collection === 'general' && p.source.startsWith(`${defaultLocale}/`)));
  const latestLegal: RoutePlan['latestLegal'] = {};
  for (const locale of locales) {
    latestLegal[locale] = {};
    for (const kind of LEGAL_KINDS) {
      const versions = legalVersions(locale, kind);
      if (versions[0]) latestLegal[locale]![kind] = versions[0].url;
    }
  }
  function legalVersions(locale: string, kind: LegalKind): LegalVersionLink[] {
    const list: LegalVersionLink[] = [];
    for (const key of keys) {
      const entry = pageFor.get(`${locale}/${key}`);
      if (!entry || entry.page.info.collection !== 'legal' || entry.page.info.legalKind !== kind) continue;
      list.push({ version: entry.page.info.version, url: urlOf(locale, key)!, title: entry.page.data.title, effective: entry.page.data.effective ?? '', latest: false });
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
        return target ? { url: urlOf(locale, k)!, title: target.page.data.title } : null;
      };
      const at = generalOrder.indexOf(key);
      documents.push({
        kind: 'page',
        url,
        locale,
        title: page.data.title,
        description: page.data.description ?? '',
        // Only real translations: a fallback shows another locale's text.
        alternates: locales.filter((l) => pageFor.get(`${l}/${key}`)?.fallback === false).map((l) => ({ locale: l, url: urlOf(l, key)! })),
        source: page.source,
        fallback,
        prev: at > 0 ? navOf(generalOrder[at - 1]) : null,
        next: at >= 0 ? navOf(generalOrder[at + 1]) : null,
        legalVersions: page.info.collection === 'legal' ? legalVersions(locale, page.info.legalKind) : [],
      });
    }
  }

  // Guides: not translated; prev/next through the whole /developers tree.
  const guides = orderGuides(site.pages.filter((p) => p.info.collection === 'guide'));
  guides.forEach((page, i) => {
    const nav = (p: Page | undefined): NavLink | null => (p ? { url: p.url!, title: p.data.title } : null);
    documents.push({
      kind: 'page',
      url: page.url!,
      locale: defaultLocale,
      title: page.data.title,
      description: page.data.description ?? '',
      alternates: [],
      source: page.source,
      fallback: false,
      prev: nav(guides[i - 1]),
      next: nav(guides[i + 1]),
      legalVersions: [],
    });
  });

  // The API reference: one long page per (version, language).
  const sections = site.pages.filter((p) => p.info.collection === 'api-section').map((p) => p.source).sort();
  if (sections.length) {
    for (const version of config.versions.available) {
      for (const language of config.api.languages) {
        documents.push({
          kind: 'api',
          url: apiUrl(version, language),
          locale: defaultLocale,
          title: `${config.product.name} API Reference`,
          description: `Reference of the ${config.product.name} ${config.product.tag}, version ${version}, with ${language} examples.`,
          alternates: [],
          version,
          language,
          sections,
          languages: config.api.languages.map((l) => ({ language: l, url: apiUrl(version, l) })),
          openapi: site.api ? { yaml: OPENAPI_YAML_URL, json: OPENAPI_JSON_URL } : null,
        });
      }
    }
  }

  documents.push({ kind: 'not-found', url: NOT_FOUND_URL, locale: defaultLocale, title: 'Page Not Found', description: 'The page you asked for does not exist.', alternates: [] });
  const urlBySource: Record<string, string> = {};
  for (const page of site.pages) if (page.url) urlBySource[page.source] = page.url;
  for (const key of pageFor.keys()) {
    const [locale = '', ...rest] = key.split('/');
    urlBySource[key] ??= urlOf(locale, rest.join('/'))!;
  }
  return { documents, latestLegal, urlBySource, diagnostics };
}

function byOrderThenTitle(a: Page, b: Page): number {
  return (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || a.data.title.localeCompare(b.data.title);
}

/** Sections by their introduction's order; within a section, the introduction then the FAQ. */
function orderGeneral(pages: Page[]): string[] {
  const intros = pages.filter((p) => p.info.collection === 'general' && p.info.kind === 'intro').sort(byOrderThenTitle);
  return intros.flatMap((intro) => {
    const faq = pages.find((p) => p.source === intro.source.replace(/index\.md$/, 'faq.md'));
    return [translationKey(intro.source), ...(faq ? [translationKey(faq.source)] : [])];
  });
}

/** Depth-first through the folders: a folder's index, its pages by order, then its subfolders by name. */
function orderGuides(pages: Page[]): Page[] {
  const segs = (p: Page) => (p.info.collection === 'guide' ? p.info.segments : []);
  const isIndex = (p: Page) => p.source.endsWith('/index.md') || p.source === 'developers.md';
  const folderOf = (p: Page) => (isIndex(p) ? segs(p) : segs(p).slice(0, -1));
  return [...pages].sort((a, b) => {
    const fa = folderOf(a);
    const fb = folderOf(b);
    for (let i = 0; i < Math.min(fa.length, fb.length); i++) {
      const c = fa[i]!.localeCompare(fb[i]!);
      if (c) return c;
    }
    if (fa.length !== fb.length) return fa.length - fb.length;
    if (isIndex(a) !== isIndex(b)) return isIndex(a) ? -1 : 1;
    return byOrderThenTitle(a, b);
  });
}
