// The parts of the page frame around the content (issue #19): breadcrumbs and the
// sidebars of guides, help sections and legal versions. Each sidebar folds behind a
// button on narrow screens (theme/client/sidebar.ts); without JavaScript it stays open.
import type { ReactNode } from 'react';
import { guidePath, holdsPage, pagesOf, type Crumb, type NavItem, type PageDocument, type PageSidebarProps, type ThemeContext, type UiStrings } from '../../src/theme-api.js';
import { labelL10n, textL10n, uiL10n } from './chrome.js';
import { dateIn } from './strings.js';

export type { Crumb };

/** The page tree (ctx.nav.treesIn, in the page's locale) that holds the page at `url`, and its collection's name, if any. */
function namedTreeOf(ctx: ThemeContext, url: string): [string, NavItem] | null {
  return Object.entries(ctx.nav.treesIn(ctx.locale)).find(([, tree]) => guidePath(tree, url).length > 0) ?? null;
}

function treeOf(ctx: ThemeContext, url: string): NavItem | null {
  return namedTreeOf(ctx, url)?.[1] ?? null;
}

/** Home first; the last crumb is the page itself (aria-current, no link). */
export function Breadcrumbs({ ctx, crumbs, lang }: { ctx: ThemeContext; crumbs: Crumb[]; lang?: string }) {
  if (!crumbs.length) return null;
  const homeUrl = ctx.nav.home(ctx.locale);
  const home: Crumb[] = homeUrl ? [{ url: homeUrl, title: ctx.strings.home, l10n: uiL10n(ctx, (s) => s.home, (locale) => ctx.nav.home(locale) ?? homeUrl) }] : [];
  const all = [...home, ...crumbs];
  return (
    <nav className="breadcrumbs" aria-label={ctx.strings.breadcrumbs} lang={lang} {...labelL10n(ctx, (locale) => ctx.stringsOf(locale).breadcrumbs)}>
      <ol>
        {all.map((crumb, i) => (
          <li key={i}>
            {i === all.length - 1 ? (
              <span aria-current="page" lang={crumb.lang}>
                {crumb.title}
              </span>
            ) : crumb.url ? (
              <a href={crumb.url} lang={crumb.lang} {...crumb.l10n}>
                {crumb.title}
              </a>
            ) : (
              <span lang={crumb.lang}>{crumb.title}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The crumbs above a page: its folders in a page tree, its help section, or nothing but Home. */
export function crumbsOf(ctx: ThemeContext, doc: PageDocument): Crumb[] {
  // A tree without a page of its own at the top (no "developers.md") has no crumb for it.
  const path = guidePath(treeOf(ctx, doc.url), doc.url).filter((item, i) => i > 0 || item.url !== null);
  if (path.length) return path.map((item) => ({ url: item.url, title: item.title, ...(item.lang ? { lang: item.lang } : {}) }));
  // A title shown in the default locale's text (a page not yet translated) says so, in a trail in the page's language.
  const section = ctx.nav.help(ctx.locale).find((s) => s.url === doc.url || s.faq === doc.url);
  if (section) {
    const crumb: Crumb = { url: section.url, title: section.title, ...(section.lang && section.lang !== ctx.locale ? { lang: section.lang } : {}) };
    return section.url === doc.url ? [crumb] : [crumb, { url: doc.url, title: ctx.strings.faq }];
  }
  const own = doc.fallback ? { lang: ctx.config.locales.default } : {};
  if (doc.legalVersions.length) {
    const current = doc.legalVersions.find((v) => v.url === doc.url);
    return [{ url: doc.legalVersions[0]!.url, title: doc.title, ...own }, ...(current ? [{ url: current.url, title: current.version }] : [])];
  }
  return [{ url: doc.url, title: doc.title, ...own }];
}

/**
 * A sidebar: a heading that is a toggle on narrow screens (with JavaScript), and its
 * navigation. `label` names the navigation landmark.
 */
function Sidebar({ label, l10n, children }: { label: string; l10n?: { 'data-l10n'?: string }; children: ReactNode }) {
  return (
    <aside className="sidebar">
      {/* The landmark's name follows the interface locale with its heading. */}
      <nav className="sidebar-nav" aria-label={label} {...(l10n?.['data-l10n'] ? { 'data-l10n-label': l10n['data-l10n'] } : {})}>
        <button type="button" className="sidebar-toggle" aria-expanded="false">
          <span {...l10n}>{label}</span>
        </button>
        <p className="sidebar-title" aria-hidden="true" {...l10n}>
          {label}
        </p>
        <div className="sidebar-body">{children}</div>
      </nav>
    </aside>
  );
}

/** The first page of each folder, found once: every page's sidebar links the folders it is not in. */
const firstPages = new WeakMap<NavItem, string | null>();

/** The first page of a folder, for a folder without an index page. */
export function firstPage(item: NavItem): string | null {
  if (item.url !== null) return item.url;
  let url = firstPages.get(item);
  if (url === undefined) {
    url = null;
    for (const child of item.children) if ((url = firstPage(child)) !== null) break;
    firstPages.set(item, url);
  }
  return url;
}

/** Where each item stands among its siblings, found once per list (a folder of 1000 pages is searched once, not once per page). */
const positions = new WeakMap<readonly NavItem[], Map<string, number>>();

/** The index of the item in `items` that is or holds the page at `url`, or -1. */
function positionOf(items: readonly NavItem[], url: string): number {
  let byUrl = positions.get(items);
  if (!byUrl) {
    byUrl = new Map();
    for (const [i, item] of items.entries()) for (const page of pagesOf(item)) if (!byUrl.has(page)) byUrl.set(page, i);
    positions.set(items, byUrl);
  }
  return byUrl.get(url) ?? -1;
}

/** An open folder lists at most this many of its pages: those around the current one. */
export const SIDEBAR_WINDOW = 40;

/**
 * The guide tree with only the current page's branch open: a folder the reader is not in
 * shows as one link, and a long folder lists the SIDEBAR_WINDOW pages around the current
 * one, with a link to the pages before and after; so every page carries a bounded part of
 * the tree, not the whole site (a site of 1000 guides would otherwise put 1000 links on
 * each page, and its build would grow with the square of its size).
 */
function GuideList({ ctx, items, current }: { ctx: ThemeContext; items: NavItem[]; current: string }) {
  let shown = items;
  let before: NavItem | null = null;
  let after: NavItem | null = null;
  let hiddenBefore = 0;
  let hiddenAfter = 0;
  if (items.length > SIDEBAR_WINDOW) {
    const at = Math.max(0, positionOf(items, current));
    const start = Math.min(Math.max(0, at - Math.floor(SIDEBAR_WINDOW / 2)), items.length - SIDEBAR_WINDOW);
    shown = items.slice(start, start + SIDEBAR_WINDOW);
    hiddenBefore = start;
    hiddenAfter = items.length - start - SIDEBAR_WINDOW;
    before = start > 0 ? items[start - 1]! : null;
    after = hiddenAfter > 0 ? items[start + SIDEBAR_WINDOW]! : null;
  }
  const more = (item: NavItem | null, count: number, pick: (strings: UiStrings) => [string, string]) => {
    const url = item && firstPage(item);
    const text = (strings: UiStrings) => {
      const [many, one] = pick(strings);
      return count === 1 ? one : many.replace('{count}', String(count));
    };
    return url ? (
      <li className="sidebar-more">
        <a href={url} {...uiL10n(ctx, text)}>
          {text(ctx.strings)}
        </a>
      </li>
    ) : null;
  };
  return (
    <ul>
      {more(before, hiddenBefore, (s) => [s.earlierPages, s.earlierPagesOne])}
      {shown.map((item, i) => {
        const open = item.children.length > 0 && holdsPage(item, current);
        const url = open || !item.children.length ? item.url : firstPage(item);
        return (
          <li key={item.url ?? i}>
            {url ? (
              <a href={url} lang={item.lang} {...(url === current ? { 'aria-current': 'page' as const } : {})}>
                {item.title}
              </a>
            ) : (
              <span className="sidebar-folder" lang={item.lang}>
                {item.title}
              </span>
            )}
            {open ? <GuideList ctx={ctx} items={item.children} current={current} /> : null}
          </li>
        );
      })}
      {more(after, hiddenAfter, (s) => [s.laterPages, s.laterPagesOne])}
    </ul>
  );
}

/** A tree's top level as its sidebar lists it: the tree's own page, then its items (one list per tree, for positionOf). */
const topLevels = new WeakMap<NavItem, NavItem[]>();

/** The page tree of the article's collection (guides), when it has one. */
export function ArticleSidebar({ ctx, doc }: PageSidebarProps) {
  const named = namedTreeOf(ctx, doc.url);
  if (!named) return null;
  const [name, tree] = named;
  let items = topLevels.get(tree);
  // The tree's own page first, when it has one (a collection without "developers.md" has none).
  if (!items) topLevels.set(tree, (items = tree.url !== null ? [{ ...tree, children: [] }, ...tree.children] : tree.children));
  // The collection's own label (collections[].label), else the interface's "Guides".
  const own = ctx.nav.labels[name];
  return (
    <Sidebar label={own ? ctx.label(own) : ctx.strings.guides} l10n={own ? textL10n(ctx, (locale) => ctx.label(own, locale)) : uiL10n(ctx, (s) => s.guides)}>
      <GuideList ctx={ctx} items={items} current={doc.url} />
    </Sidebar>
  );
}

/** Every help section; under the current one its introduction and FAQ (`.section-nav`). */
export function HelpSidebar({ ctx, doc }: PageSidebarProps) {
  const sections = ctx.nav.help(ctx.locale);
  if (!sections.length) return null;
  return (
    <Sidebar label={ctx.strings.helpSections} l10n={uiL10n(ctx, (s) => s.helpSections)}>
      <ul>
        {sections.map((section) => {
          const here = section.url === doc.url || section.faq === doc.url;
          return (
            <li key={section.url}>
              <a href={section.url} lang={section.lang === ctx.locale ? undefined : section.lang} {...(here && section.url === doc.url ? { 'aria-current': 'page' as const } : {})}>
                {section.title}
              </a>
              {here && section.faq ? (
                <div className="section-nav">
                  <a href={section.url} {...(doc.url === section.url ? { 'aria-current': 'page' as const } : {})}>
                    {ctx.strings.introduction}
                  </a>
                  <a href={section.faq} {...(doc.url === section.faq ? { 'aria-current': 'page' as const } : {})}>
                    {ctx.strings.faq}
                  </a>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Sidebar>
  );
}

/**
 * A legal version's date as the page's locale writes it, the date as written in dateTime;
 * on pages that are not translated the runtime swaps it with the interface's locale.
 */
export function EffectiveDate({ ctx, date }: { ctx: ThemeContext; date: string }) {
  return (
    <time dateTime={date} {...textL10n(ctx, (locale) => dateIn(date, locale))}>
      {dateIn(date, ctx.locale)}
    </time>
  );
}

export function LegalSidebar({ ctx, doc }: PageSidebarProps) {
  return (
    <Sidebar label={ctx.strings.versions} l10n={uiL10n(ctx, (s) => s.versions)}>
      <ol className="legal-versions">
        {doc.legalVersions.map((v) => (
          <li key={v.version}>
            <a href={v.url} {...(v.url === doc.url ? { 'aria-current': 'page' as const } : {})}>
              {v.version}
            </a>{' '}
            {/* Date and badge wrap together: a long "latest" goes under the date, not under the next version's link. */}
            <span className="legal-version-facts">
              {v.effective ? <EffectiveDate ctx={ctx} date={v.effective} /> : null}
              {v.latest ? <span className="badge">{ctx.strings.latest}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </Sidebar>
  );
}
