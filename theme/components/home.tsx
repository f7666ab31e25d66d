// The landing page and the 404 page (issue #19), drawn from what the site already
// has: the home page's title and description, the guides, the help sections, the API
// reference and support. No front matter of their own.
import type { NavItem, NotFoundLayoutProps, PageLayoutProps } from '../../src/theme-api.js';
import { uiL10n } from './chrome.js';
import { firstPage } from './frame.js';

interface Card {
  url: string;
  title: string;
  text: string;
  /** The language of title and text when it is not the page's (guides are in the default locale). */
  lang?: string;
}

function Cards({ cards }: { cards: Card[] }) {
  return (
    <ul className="cards">
      {cards.map((card) => (
        <li key={card.url} className="card-item" lang={card.lang}>
          <a className="card" href={card.url}>
            <span className="card-title">{card.title}</span>
            {card.text ? <span className="card-text">{card.text}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A titled group of cards. No ids here: a content heading could take the same one. */
function CardSection({ title, cards }: { title: string; cards: Card[] }) {
  if (!cards.length) return null;
  return (
    <div className="card-section">
      <h2>{title}</h2>
      <Cards cards={cards} />
    </div>
  );
}

export function HomeLayout({ ctx, doc, content }: PageLayoutProps) {
  const { nav, strings } = ctx;
  const { FallbackNotice } = ctx.components;
  // The page trees as this locale shows them (a translated collection's in this locale):
  // the first is the guides, beside the API reference; each other has a section of its own.
  const [[guidesName, guides] = ['', null], ...otherTrees] = Object.entries(nav.treesIn(ctx.locale));
  const start = guides?.url ?? guides?.children.find((c) => c.url)?.url ?? null;
  const cardsOf = (tree: NavItem): Card[] => tree.children.flatMap((g) => (g.url ? [{ url: g.url, title: g.title, text: g.description, ...(g.lang ? { lang: g.lang } : {}) }] : []));
  const labelOf = (name: string) => (nav.labels[name] ? ctx.label(nav.labels[name]) : null);
  const guideCards: Card[] = [
    ...(guides ? cardsOf(guides) : []),
    ...(nav.api ? [{ url: nav.api, title: strings.apiReference, text: strings.apiReferenceText }] : []),
  ];
  const support = nav.support(ctx.locale);
  const helpCards: Card[] = [
    ...nav.help(ctx.locale).map((s) => ({ url: s.url, title: s.title, text: s.description, ...(s.lang !== ctx.locale ? { lang: s.lang } : {}) })),
    ...(support ? [{ url: support, title: strings.searchGroups.support, text: strings.supportText }] : []),
  ];
  return (
    <div className="home">
      <FallbackNotice ctx={ctx} doc={doc} />
      <div className="hero">
        <p className="hero-tag">{ctx.config.product.tag}</p>
        <h1>{doc.title}</h1>
        {doc.description ? <p className="lead">{doc.description}</p> : null}
        {start || nav.api ? (
          <p className="hero-actions">
            {start ? (
              <a className="button button-primary" href={start}>
                {strings.heroPrimary}
              </a>
            ) : null}
            {nav.api ? (
              <a className="button" href={nav.api}>
                {strings.heroSecondary}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <CardSection title={labelOf(guidesName) ?? strings.exploreGuides} cards={guideCards} />
      {otherTrees.map(([name, tree]) => (
        <CardSection key={name} title={labelOf(name) ?? tree.title} cards={cardsOf(tree)} />
      ))}
      <CardSection title={strings.helpSections} cards={helpCards} />
      <article className="prose home-body">{content}</article>
    </div>
  );
}

/**
 * The 404 page, which is also the spec's resolver (its head script redirects what can be
 * resolved before this shows): a search box when search is on, and the main sections.
 * It is not translated: the runtime shows its words in the stored locale.
 */
export function NotFoundLayout({ ctx }: NotFoundLayoutProps) {
  const { nav, strings } = ctx;
  // A link's address in another locale: its own there, else that locale's home page, else this one's.
  const byLocale = (pick: (locale: string) => string | null) => (locale: string) => pick(locale) ?? nav.home(locale) ?? pick(ctx.locale) ?? '';
  const home = nav.home(ctx.locale);
  // The guides' own page, else their first page.
  const guidesIn = (locale: string) => {
    const guides = Object.values(nav.treesIn(locale))[0];
    return guides ? firstPage(guides) : null;
  };
  const guidesStart = guidesIn(ctx.locale);
  // Translated guides have their start page in each locale.
  const guidesMoved = ctx.config.locales.available.some((locale) => guidesIn(locale) !== guidesStart);
  const links: { href: string; text: string; l10n: { 'data-l10n'?: string } }[] = [
    ...(home ? [{ href: home, text: strings.backHome, l10n: uiL10n(ctx, (s) => s.backHome, byLocale((l) => nav.home(l))) }] : []),
    ...(guidesStart ? [{ href: guidesStart, text: strings.exploreGuides, l10n: uiL10n(ctx, (s) => s.exploreGuides, guidesMoved ? byLocale(guidesIn) : undefined) }] : []),
    ...(nav.api ? [{ href: nav.api, text: strings.apiReference, l10n: uiL10n(ctx, (s) => s.apiReference) }] : []),
    ...(nav.help(ctx.locale)[0] ? [{ href: nav.help(ctx.locale)[0]!.url, text: strings.helpSections, l10n: uiL10n(ctx, (s) => s.helpSections, byLocale((l) => nav.help(l)[0]?.url ?? null)) }] : []),
    ...(nav.support(ctx.locale) ? [{ href: nav.support(ctx.locale)!, text: strings.searchGroups.support, l10n: uiL10n(ctx, (s) => s.searchGroups.support, byLocale((l) => nav.support(l))) }] : []),
  ];
  return (
    <div className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 {...uiL10n(ctx, (s) => s.notFoundTitle)}>{ctx.doc.title}</h1>
      <p {...uiL10n(ctx, (s) => s.notFoundText)}>{strings.notFoundText}</p>
      {ctx.config.search.enabled ? (
        // Opens the site's search with what was typed (theme/client/search-trigger.ts): a
        // static host has no search to send the form to, so it needs JavaScript.
        <form className="not-found-search" role="search" data-search-form="">
          <label>
            <span className="visually-hidden" {...uiL10n(ctx, (s) => s.notFoundSearch)}>
              {strings.notFoundSearch}
            </span>
            <input type="search" name="q" autoComplete="off" enterKeyHint="search" placeholder={strings.notFoundSearch} {...uiL10n(ctx, (s) => s.notFoundSearch)} />
          </label>
          <button type="submit" {...uiL10n(ctx, (s) => s.search)}>
            {strings.search}
          </button>
        </form>
      ) : null}
      <p {...uiL10n(ctx, (s) => s.notFoundSections)}>{strings.notFoundSections}</p>
      <ul className="not-found-links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} {...link.l10n}>
              {link.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
