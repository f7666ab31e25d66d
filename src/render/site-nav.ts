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
  // The page trees, in the order of the collections. A translated collection's tree is made
  // from the default locale's pages (its order, as previous/next has it: src/routes/plan.ts)
  // and shown in each locale with that locale's URLs and titles (treesIn).
  const made: { name: string; tree: NavItem; translated: boolean }[] = [];
  for (const collection of site.collections) {
    if (collection.layout !== 'article' || collection.order !== 'prev-next') continue;
    const pages = collection.translated ? site.pages.filter((p) => p.info.locale === fallback) : site.pages;
    const tree = collectionTree(collection, pages);
    if (tree) made.push({ name: collection.name, tree, translated: collection.translated });
  }
  const sourceByUrl = new Map(site.pages.flatMap((p) => (p.url && p.info.locale === fallback ? [[p.url, p.source] as const] : [])));
  const treesByLocale = new Map<string, Readonly<Record<string, NavItem>>>();
  const treesIn = (locale: string) => {
    let trees = treesByLocale.get(locale);
    if (!trees) {
      trees = Object.fromEntries(made.map(({ name, tree, translated }) => [name, localizedTree(tree, locale, translated)]));
      treesByLocale.set(locale, trees);
    }
    return trees;
  };
  /**
   * A tree as a page in `locale` shows it: in the default locale as made; a translated
   * collection's items with the locale's URL and, where translated, title and description;
   * any other title in the default locale's language is marked with it (`lang`).
   */
  const localizedTree = (tree: NavItem, locale: string, translated: boolean): NavItem => {
    if (locale === fallback) return tree;
    const localize = (item: NavItem): NavItem => {
      const key = item.url === null ? undefined : sourceByUrl.get(item.url)?.slice(fallback.length + 1);
      const own = translated && key !== undefined ? bySource.get(`${locale}/${key}`) : undefined;
      const url = translated && key !== undefined ? (urlBySource.get(`${locale}/${key}`) ?? item.url) : item.url;
      // A folder without an index page is named after its folder: no language of its own.
      const text = own ? { title: own.data.title, description: own.data.description ?? '' } : { title: item.title, description: item.description, ...(item.url !== null ? { lang: fallback } : {}) };
      return { url, ...text, children: item.children.map(localize) };
    };
    return localize(tree);
  };
  // Help sections: the introductions ("…/index.md", beside their "faq.md") of the help
  // layout's pages in the default locale, or of no locale (an untranslated collection).
  const intros = site.pages
    .filter((p) => p.info.layout === 'help' && p.url && (p.info.locale === fallback || p.info.locale === undefined) && (p.source === 'index.md' || p.source.endsWith('/index.md')))
    .sort(byOrderThenTitle);
  const helpCache = new Map<string, HelpSection[]>();
  const help = (locale: string) => {
    let sections = helpCache.get(locale);
    if (!sections) {
      sections = intros.flatMap((intro) => {
        if (intro.info.locale === undefined) {
          const faq = bySource.get(intro.source.replace(/index\.md$/, 'faq.md'))?.url ?? null;
          return [{ url: intro.url!, title: intro.data.title, description: intro.data.description ?? '', faq, lang: fallback }];
        }
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
  // The support page: the first page of the collection named "support" (spec §2's), in the
  // default locale or of no locale, whatever its file is called.
  const supportPage = site.pages
    .filter((p) => p.info.collection === 'support' && p.url && (p.info.locale === undefined || p.info.locale === fallback))
    .sort((a, b) => compareText(a.source, b.source))[0];
  const support = (locale: string): string | null => {
    if (!supportPage) return null;
    if (supportPage.info.locale === undefined) return supportPage.url;
    return urlBySource.get(`${locale}/${supportPage.source.slice(fallback.length + 1)}`) ?? null;
  };
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
    guides: made[0]?.tree ?? null,
    trees: treesIn(fallback),
    treesIn,
    labels: Object.fromEntries(site.collections.flatMap((c) => (c.label !== undefined ? [[c.name, c.label]] : []))),
    help,
    support,
    home,
    api: hasApi ? apiUrl(config.versions.default, config.api.defaultLanguage) : null,
    methods,
  };
}
