// The site's navigation as plain data (ThemeContext.nav), read once per render thread from
// the Site model: the page tree of each article collection with previous/next order (the
// sidebar, breadcrumbs, landing page cards), the help sections of each locale, and the
// entry points of the landing and 404 pages (issue #19). The theme draws it.
import { operationAnchor } from '../api/openapi.js';
import type { CollectionModel } from '../content/collections.js';
import type { Page, Site } from '../content/site.js';
import { apiUrl } from '../routes/paths.js';
import type { HelpSection, NavItem, SiteNav } from '../theme/nav.js';
import { compareText } from '../collate.js';

const byOrderThenTitle = (a: Page, b: Page) => (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || compareText(a.data.title, b.data.title);

/** A page's place in its collection's folders, from its file pattern's placeholders ("a/b/index" -> a, b). */
function placeOf(page: Page): { segments: string[]; index: boolean } {
  const all = Object.entries(page.info.params)
    .filter(([name]) => name !== 'locale')
    .flatMap(([, value]) => value.split('/'));
  const index = all.length === 0 || all.at(-1) === 'index';
  return { segments: index ? all.slice(0, -1) : all, index };
}

/**
 * The same order as previous/next (src/routes/plan.ts): a folder's index, its pages by
 * order then title, then its subfolders by name. A folder without an index is named after
 * its folder (the root: after the collection).
 */
function collectionTree(collection: CollectionModel, pages: Page[]): NavItem | null {
  const members = pages.filter((p) => p.info.collection === collection.name && p.url).map((page) => ({ page, ...placeOf(page) }));
  if (!members.length) return null;
  const rootTitle = collection.name.charAt(0).toUpperCase() + collection.name.slice(1);
  const folder = (path: string[]): NavItem => {
    const depth = path.length;
    const inside = members.filter((m) => path.every((s, i) => m.segments[i] === s));
    const index = inside.find((m) => m.index && m.segments.length === depth);
    const leaves = inside.filter((m) => !m.index && m.segments.length === depth + 1).map((m) => m.page).sort(byOrderThenTitle);
    const subfolders = [...new Set(inside.filter((m) => m.segments.length > depth + (m.index ? 0 : 1)).map((m) => m.segments[depth]!))].sort(compareText);
    return {
      url: index?.page.url ?? null,
      title: index?.page.data.title ?? path.at(-1) ?? rootTitle,
      description: index?.page.data.description ?? '',
      children: [...leaves.map((p) => ({ url: p.url, title: p.data.title, description: p.data.description ?? '', children: [] })), ...subfolders.map((name) => folder([...path, name]))],
    };
  };
  return folder([]);
}

export function siteNav(site: Site, urlBySource: ReadonlyMap<string, string>): SiteNav {
  const { config } = site;
  const fallback = config.locales.default;
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const trees: Record<string, NavItem> = {};
  for (const collection of site.collections) {
    if (collection.layout !== 'article' || collection.order !== 'prev-next' || collection.translated) continue;
    const tree = collectionTree(collection, site.pages);
    if (tree) trees[collection.name] = tree;
  }
  // Help sections: the introductions ({page} "index") of the help layout's pages in the default locale.
  const intros = site.pages.filter((p) => p.info.layout === 'help' && p.info.locale === fallback && p.source.endsWith('/index.md')).sort(byOrderThenTitle);
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
  // The home page: the layout home page of the default locale (or of no locale) with the shortest URL.
  const homePage = site.pages
    .filter((p) => p.info.layout === 'home' && p.url && (p.info.locale === undefined || p.info.locale === fallback))
    .sort((a, b) => a.url!.length - b.url!.length || compareText(a.url!, b.url!))[0];
  const home = (locale: string): string | null => {
    if (!homePage) return null;
    if (homePage.info.locale === undefined) return homePage.url;
    return urlBySource.get(`${locale}/${homePage.source.slice(fallback.length + 1)}`) ?? homePage.url;
  };
  const methods: Record<string, string> = {};
  for (const operation of Object.values(site.api?.operations ?? {})) methods[operationAnchor(operation.id)] = operation.method;
  const hasApi = site.pages.some((p) => p.info.layout === 'api');
  return {
    guides: Object.values(trees)[0] ?? null,
    trees,
    help,
    support: (locale) => (hasSupport ? (urlBySource.get(`${locale}/support.md`) ?? null) : null),
    home,
    api: hasApi ? apiUrl(config.versions.default, config.api.defaultLanguage) : null,
    methods,
  };
}
