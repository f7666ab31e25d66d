// Site chrome: header with the menu (spec §2 "Other links seen") and the footer.
import { holdsPage, type LinkItem, type ThemeContext, type UiStrings } from '../../src/theme-api.js';
import { localeName } from './strings.js';

const HOME_RE = /^\/[a-z]{2}$/;
/** The API reference's URLs: /api, /api/curl, /1/api, /1/api/curl. */
const API_RE = /^\/(?:[^/]+\/)?api(?:\/[^/]+)?$/;

/**
 * Whether the page is in the part of the site a menu link leads into, when the link names
 * one page of it: the API reference (any version and language), a page tree (the guides,
 * whichever of their pages the link names) or the help sections.
 */
function sameSection(ctx: ThemeContext, href: string): boolean {
  const url = ctx.doc.url;
  if (API_RE.test(href)) return ctx.doc.kind === 'api';
  if (Object.values(ctx.nav.treesIn(ctx.locale)).some((tree) => holdsPage(tree, href) && holdsPage(tree, url))) return true;
  const help = ctx.nav.help(ctx.locale);
  const isHelp = (u: string) => help.some((s) => s.url === u || s.faq === u);
  return isHelp(href) && isHelp(url);
}

/**
 * Whether the runtime may swap the page's interface words for the stored locale's: on a
 * page that is not translated, of a site with more than one locale (a site of one has no
 * other words to swap in; carrying them was a tenth of such a page's frame, about 2 % of
 * its build).
 */
const swapsWords = (ctx: ThemeContext): boolean => !ctx.translated && ctx.config.locales.available.length > 1;

/** On pages that are not translated, every locale's label and link, for the runtime. */
function l10n(ctx: ThemeContext, item: LinkItem): { 'data-l10n'?: string } {
  if (!swapsWords(ctx)) return {};
  const entries = ctx.config.locales.available.map((locale) => [locale, [ctx.label(item.label, locale), ctx.hrefOf(item, locale)]]);
  return { 'data-l10n': JSON.stringify(Object.fromEntries(entries)) };
}

function MenuLink({ ctx, item, className }: { ctx: ThemeContext; item: LinkItem; className?: string }) {
  const text = ctx.label(item.label);
  if ('action' in item) {
    return (
      <button type="button" className={className} data-action={item.action} {...l10n(ctx, item)}>
        {text}
      </button>
    );
  }
  const href = ctx.hrefOf(item)!;
  const external = 'href' in item;
  // A section link is current on its sub-pages too, but Home ("/en") only on itself.
  const current = !external && (ctx.doc.url === href || (!HOME_RE.test(href) && ctx.doc.url.startsWith(`${href}/`)) || sameSection(ctx, href));
  return (
    <a
      href={href}
      className={className}
      {...(external ? { rel: 'noopener', target: '_blank' } : {})}
      {...(current ? { 'aria-current': 'page' as const } : {})}
      {...l10n(ctx, item)}
    >
      {text}
    </a>
  );
}

/**
 * On pages that are not translated, an interface string (and a link's address) in every
 * locale, for the runtime to swap in the stored locale's (theme/client/locale.ts).
 */
export function uiL10n(ctx: ThemeContext, pick: (strings: UiStrings) => string, href?: (locale: string) => string): { 'data-l10n'?: string } {
  return textL10n(ctx, (locale) => pick(ctx.stringsOf(locale)), href);
}

/** The same for any text the site gives per locale (a collection's label). */
export function textL10n(ctx: ThemeContext, text: (locale: string) => string, href?: (locale: string) => string): { 'data-l10n'?: string } {
  if (!swapsWords(ctx)) return {};
  const entries = ctx.config.locales.available.map((locale) => [locale, [text(locale), href ? href(locale) : null]]);
  return { 'data-l10n': JSON.stringify(Object.fromEntries(entries)) };
}

/** The same for a landmark's name (aria-label), which the runtime swaps as it swaps text. */
export function labelL10n(ctx: ThemeContext, text: (locale: string) => string): { 'data-l10n-label'?: string } {
  const { 'data-l10n': entries } = textL10n(ctx, text);
  return entries ? { 'data-l10n-label': entries } : {};
}

/**
 * An interface string inside other words ("← Previous"): the text alone on translated
 * pages; on the others in a span the runtime swaps (and marks with its language).
 */
export function UiText({ ctx, pick }: { ctx: ThemeContext; pick: (strings: UiStrings) => string }) {
  const l10n = uiL10n(ctx, pick);
  return l10n['data-l10n'] ? <span {...l10n}>{pick(ctx.strings)}</span> : <>{pick(ctx.strings)}</>;
}

/**
 * Light or dark (issue #19): follows prefers-color-scheme until the reader picks one; the
 * choice is kept (theme/client/color-scheme.ts) and applied before first paint (BOOT_SCRIPT).
 */
function ColorSchemeToggle({ ctx }: { ctx: ThemeContext }) {
  return (
    <button type="button" className="color-scheme-toggle" aria-pressed="false" data-color-scheme-toggle="">
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <path className="icon-moon" d="M16.5 12.2A7 7 0 0 1 7.8 3.5a7 7 0 1 0 8.7 8.7Z" fill="currentColor" />
      </svg>
      <span className="visually-hidden" {...uiL10n(ctx, (s) => s.darkMode)}>
        {ctx.strings.darkMode}
      </span>
    </button>
  );
}

/**
 * Opens the search dialog (theme/client/search.ts, loaded on first focus or shortcut). It
 * needs JavaScript, so the stylesheet shows it only under the `js` class.
 */
function SearchButton({ ctx }: { ctx: ThemeContext }) {
  // On pages that are not translated the runtime swaps the label to the stored locale.
  const l10n = !swapsWords(ctx) ? {} : { 'data-l10n': JSON.stringify(Object.fromEntries(ctx.config.locales.available.map((locale) => [locale, [ctx.stringsOf(locale).search, null]]))) };
  return (
    <button type="button" className="search-button" aria-haspopup="dialog" aria-keyshortcuts="/ Control+K Meta+K" data-search-open="">
      <svg className="search-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="8.5" cy="8.5" r="5.25" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="m12.5 12.5 4.5 4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span className="search-label" {...l10n}>
        {ctx.strings.search}
      </span>
      <kbd className="search-key" aria-hidden="true">
        /
      </kbd>
    </button>
  );
}

/** On pages that are not translated, the home page of each locale, for the brand link to follow the stored locale. */
function homeL10n(ctx: ThemeContext): { 'data-l10n-href'?: string } {
  if (!swapsWords(ctx)) return {};
  const homes = ctx.config.locales.available.map((locale) => [locale, ctx.nav.home(locale)] as const);
  if (homes.every(([, url]) => url === homes[0]![1])) return {};
  return { 'data-l10n-href': JSON.stringify(Object.fromEntries(homes)) };
}

export function Header({ ctx }: { ctx: ThemeContext }) {
  const { config, strings } = ctx;
  const home = ctx.nav.home(ctx.locale);
  const brand = (
    <>
      <img src={ctx.assets.logo} alt="" width={32} height={32} />
      <span>{config.product.name}</span>
    </>
  );
  return (
    <header className="site-header">
      {/* The home page, if the site has one (a collection with layout: home). */}
      {home ? (
        <a className="brand" href={home} {...homeL10n(ctx)}>
          {brand}
        </a>
      ) : (
        <span className="brand">{brand}</span>
      )}
      {config.search.enabled ? <SearchButton ctx={ctx} /> : null}
      <ColorSchemeToggle ctx={ctx} />
      <button type="button" className="menu-toggle" aria-controls="site-menu" aria-expanded="false" aria-label={strings.toggleMenu}>
        <span aria-hidden="true">☰</span> <UiText ctx={ctx} pick={(s) => s.menu} />
      </button>
      <nav id="site-menu" className="site-menu" aria-label={strings.menu} {...labelL10n(ctx, (locale) => ctx.stringsOf(locale).menu)}>
        <ul>
          {config.menu.map((item, i) => (
            <li key={i}>
              <MenuLink ctx={ctx} item={item} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

export function Footer({ ctx }: { ctx: ThemeContext }) {
  const { config } = ctx;
  const copyrightIn = (locale?: string) => ctx.label(config.footer.copyright, locale).replace('{year}', String(ctx.buildYear));
  return (
    <footer className="site-footer">
      <ul className="footer-links">
        {config.footer.links.map((item, i) => (
          <li key={i}>
            <MenuLink ctx={ctx} item={item} className="footer-link" />
          </li>
        ))}
      </ul>
      {/* A site of one locale has nothing to pick: no landmark with a single link. */}
      {ctx.config.locales.available.length > 1 ? (
        <nav className="locale-picker" aria-label={ctx.strings.language} {...labelL10n(ctx, (locale) => ctx.stringsOf(locale).language)}>
          {ctx.config.locales.available.map((locale) => (
            <a
              key={locale}
              href={ctx.translated ? `/${locale}${ctx.doc.url.slice(ctx.locale.length + 1)}` : (ctx.nav.home(locale) ?? '#')}
              hrefLang={locale}
              lang={locale}
              data-locale={locale}
              {...(locale === ctx.locale ? { 'aria-current': 'true' as const } : {})}
            >
              {localeName(locale)}
            </a>
          ))}
        </nav>
      ) : null}
      <p className="copyright" {...textL10n(ctx, copyrightIn)}>
        {copyrightIn()}
      </p>
    </footer>
  );
}
