// The site's navigation as the theme reads it (ThemeContext.nav): plain data built once per
// render thread by src/render/site-nav.ts. Pure: the browser bundle may import it too.
import type { LocalizedString } from '../config/localized.js';

export interface NavItem {
  /** null for a folder without an index page. */
  url: string | null;
  title: string;
  description: string;
  children: NavItem[];
  /** The language of title and description when it is not the locale's the tree is shown in: a missing translation's, or an untranslated collection's (the default locale). */
  lang?: string;
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
  /** The guides: the first collection with layout article and previous/next order (null without one), in the default locale. */
  guides: NavItem | null;
  /** The page tree of each such collection, by collection name, in the default locale: the article layout's sidebar. */
  trees: Readonly<Record<string, NavItem>>;
  /**
   * The page trees as a page in `locale` shows them: a translated collection's with that
   * locale's URLs and titles (a missing translation's in the default locale's, marked with
   * `lang`), an untranslated one's with `lang` set to the default locale.
   */
  treesIn(locale: string): Readonly<Record<string, NavItem>>;
  /** The label of each collection that has one (collections[].label), by name: its tree's sidebar heading. */
  labels: Readonly<Record<string, LocalizedString>>;
  /** Help sections in a locale, in their `order`; a missing translation shows the default locale's title. */
  help(locale: string): HelpSection[];
  /** The support page in a locale: the page of the collection named "support" (null without one). */
  support(locale: string): string | null;
  /** The home page (layout: home) in a locale: the default locale's URL for that locale when it is translated, else its one URL (null without one). */
  home(locale: string): string | null;
  /** The API reference in the default version and language (null without API sections). */
  api: string | null;
  /** HTTP method of each operation by its anchor, for the API menu's badges. */
  methods: Readonly<Record<string, string>>;
}

/** Every page of a tree with its chain of items from the root, made once per tree (not once per page: 1000 pages would walk 1000 trees). */
const chains = new WeakMap<NavItem, Map<string, NavItem[]>>();
/** Every page URL under an item, made once per item. */
const pagesUnder = new WeakMap<NavItem, Set<string>>();

function chainsOf(tree: NavItem): Map<string, NavItem[]> {
  let map = chains.get(tree);
  if (!map) {
    map = new Map();
    const walk = (item: NavItem, above: NavItem[]) => {
      const chain = [...above, item];
      if (item.url !== null && !map!.has(item.url)) map!.set(item.url, chain);
      for (const child of item.children) walk(child, chain);
    };
    walk(tree, []);
    chains.set(tree, map);
  }
  return map;
}

/** The chain of items from the tree's root down to `url` (empty if the tree does not hold it). */
export function guidePath(tree: NavItem | null, url: string): NavItem[] {
  return tree ? (chainsOf(tree).get(url) ?? []) : [];
}

/** Whether `item` is the page at `url` or holds it, at any depth. */
export function holdsPage(item: NavItem, url: string): boolean {
  return pagesOf(item).has(url);
}

/** The URLs of the item's page and of every page it holds, in tree order. */
export function pagesOf(item: NavItem): ReadonlySet<string> {
  let urls = pagesUnder.get(item);
  if (!urls) {
    urls = new Set(chainsOf(item).keys());
    pagesUnder.set(item, urls);
  }
  return urls;
}
