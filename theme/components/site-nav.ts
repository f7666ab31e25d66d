// The site's navigation as plain data, read once per render thread from the Site model:
// the guide tree (sidebar, breadcrumbs, landing page cards), the help sections of each
// locale, and the entry points of the landing and 404 pages (issue #19). The theme draws
// it; nothing here is Markdown or HTML.
import type { Page, Site } from '../../src/content/site.js';
import { operationAnchor } from '../../src/api/openapi.js';
import { apiUrl } from '../../src/routes/paths.js';

export interface NavItem {
  /** null for a guide folder without an index page. */
  url: string | null;
  title: string;
  description: string;
  children: NavItem[];
}

export interface HelpSection {
  url: string;
  title: string;
  description: string;
  /** The section's FAQ, when it has one. */
  faq: string | null;
  /** The language of title and description: the default locale's for a missing translation. */
  lang: string;
}

export interface SiteNav {
  /** The developers' area: its index page and the guides below it (null without guides). */
  guides: NavItem | null;
  /** Help sections in a locale, in their `order`; a missing translation shows the default locale's title. */
  help(locale: string): HelpSection[];
  support(locale: string): string | null;
  /** The API reference in the default version and language (null without API sections). */
  api: string | null;
  /** HTTP method of each operation by its anchor, for the API menu's badges. */
  methods: Readonly<Record<string, string>>;
}

const byOrderThenTitle = (a: Page, b: Page) => (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || a.data.title.localeCompare(b.data.title);

/**
 * The same order as the guides' previous/next cards (src/routes/plan.ts): a folder's
 * index, its pages by order then title, then its subfolders by name.
 */
function guideTree(pages: Page[]): NavItem | null {
  const guides = pages.filter((p) => p.info.collection === 'guide' && p.url);
  if (!guides.length) return null;
  // From the source path ("developers/a/b.md" -> a, b; a folder's index.md is the folder).
  const segmentsOf = (p: Page) => p.source.replace(/\.md$/, '').split('/').slice(1).filter((s, i, all) => !(s === 'index' && i === all.length - 1));
  const isIndex = (p: Page) => p.source.endsWith('/index.md') || p.source === 'developers.md';
  const folder = (path: string[]): NavItem => {
    const depth = path.length;
    const inside = guides.filter((p) => path.every((s, i) => segmentsOf(p)[i] === s));
    const index = inside.find((p) => isIndex(p) && segmentsOf(p).length === depth);
    const pages = inside.filter((p) => !isIndex(p) && segmentsOf(p).length === depth + 1).sort(byOrderThenTitle);
    const subfolders = [...new Set(inside.filter((p) => segmentsOf(p).length > depth + (isIndex(p) ? 0 : 1)).map((p) => segmentsOf(p)[depth]!))].sort((a, b) => a.localeCompare(b));
    return {
      url: index?.url ?? null,
      title: index?.data.title ?? path.at(-1) ?? 'Developers',
      description: index?.data.description ?? '',
      children: [...pages.map((p) => ({ url: p.url, title: p.data.title, description: p.data.description ?? '', children: [] })), ...subfolders.map((name) => folder([...path, name]))],
    };
  };
  return folder([]);
}

export function siteNav(site: Site, urlBySource: ReadonlyMap<string, string>): SiteNav {
  const { config } = site;
  const fallback = config.locales.default;
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const introRE = new RegExp(`^${fallback}/general/[^/]+/index\\.md$`);
  const intros = site.pages.filter((p) => p.info.collection === 'general' && introRE.test(p.source)).sort(byOrderThenTitle);
  const helpCache = new Map<string, HelpSection[]>();
  const help = (locale: string) => {
    let sections = helpCache.get(locale);
    if (!sections) {
      sections = intros.flatMap((intro) => {
        const key = intro.source.slice(fallback.length + 1);
        const own = bySource.get(`${locale}/${key}`) ?? intro;
        const url = urlBySource.get(`${locale}/${key}`);
        if (!url) return [];
        const faqKey = key.replace(/index\.md$/, 'faq.md');
        const faq = bySource.has(`${fallback}/${faqKey}`) ? (urlBySource.get(`${locale}/${faqKey}`) ?? null) : null;
        const lang = own === intro ? fallback : locale;
        return [{ url, title: own.data.title, description: own.data.description ?? '', faq, lang }];
      });
      helpCache.set(locale, sections);
    }
    return sections;
  };
  const hasSupport = bySource.has(`${fallback}/support.md`);
  const methods: Record<string, string> = {};
  for (const operation of Object.values(site.api?.operations ?? {})) methods[operationAnchor(operation.id)] = operation.method;
  const hasApi = site.pages.some((p) => p.info.collection === 'api-section');
  return {
    guides: guideTree(site.pages),
    help,
    support: (locale) => (hasSupport ? (urlBySource.get(`${locale}/support.md`) ?? null) : null),
    api: hasApi ? apiUrl(config.versions.default, config.api.defaultLanguage) : null,
    methods,
  };
}

/** The chain of guide items from the developers' index down to `url` (empty if not a guide). */
export function guidePath(tree: NavItem | null, url: string): NavItem[] {
  if (!tree) return [];
  if (tree.url === url) return [tree];
  for (const child of tree.children) {
    const below = guidePath(child, url);
    if (below.length) return [tree, ...below];
  }
  return [];
}
