// The HTML document around every page: head (title template, description, canonical,
// hreflang, social metadata), header, main, footer.
import { markdownTwinUrl, xDefaultUrl, type DocumentPlan, type DocumentProps } from '../../src/theme-api.js';
import { textL10n, uiL10n } from './chrome.js';

/** The usual territory of a language, for Open Graph's locales ("en" -> "en_US"). */
const TERRITORY: Record<string, string> = {
  en: 'US', nl: 'NL', fr: 'FR', es: 'ES', de: 'DE', it: 'IT', pt: 'PT', pl: 'PL', sv: 'SE', da: 'DK', nb: 'NO', no: 'NO', fi: 'FI',
  cs: 'CZ', sk: 'SK', hu: 'HU', ro: 'RO', el: 'GR', bg: 'BG', hr: 'HR', sl: 'SI', et: 'EE', lv: 'LV', lt: 'LT', ga: 'IE', ca: 'ES',
  ja: 'JP', zh: 'CN', ko: 'KR', uk: 'UA', tr: 'TR', ru: 'RU', ar: 'AR', he: 'IL',
};

/**
 * A locale as Open Graph writes it, language_TERRITORY ("nl" -> "nl_NL", "en-GB" ->
 * "en_GB"); undefined for a language whose territory is not known (the tag is then left
 * out rather than wrong).
 */
export function ogLocale(locale: string): string | undefined {
  const [language, region] = locale.split(/[-_]/);
  const territory = region ?? TERRITORY[language!.toLowerCase()];
  return territory && /^[A-Za-z]{2}$/.test(territory) ? `${language!.toLowerCase()}_${territory.toUpperCase()}` : undefined;
}

/** The page type, for the frame's grid: reference, home, not-found or article. */
function frameOf(doc: DocumentPlan): string {
  if (doc.kind !== 'page') return doc.kind;
  return doc.layout === 'home' ? 'home' : 'article';
}

/**
 * Runs before first paint, so the narrow-screen menu starts collapsed, a chosen colour
 * scheme shows from the first frame (no flash; theme/client/color-scheme.ts keeps the
 * key) and a tab view opens on the stored example language (data-stored-language, which
 * theme/client/tabs.ts takes over; LANGUAGE_STORAGE_KEY). Its hash is in the CSP
 * (src/build/derived-files.ts hashes it).
 */
export const BOOT_SCRIPT =
  "var d=document.documentElement;d.classList.add('js');try{var s=localStorage.getItem('bankdocs:color-scheme');if(s==='dark'||s==='light')d.dataset.colorScheme=s;s=localStorage.getItem('bankdocs:language');if(s)d.dataset.storedLanguage=s}catch(e){}";

export function Document({ ctx, children, sidebar, runtimeConfig }: DocumentProps) {
  const { doc, config } = ctx;
  const { Header, Footer, Consent } = ctx.components;
  // The versions of a legal document share its title: each page's names its version (tabs, bookmarks, search results).
  const version = doc.kind === 'page' ? doc.legalVersions.find((v) => v.url === doc.url)?.version : undefined;
  const title = ctx.label(config.site.titleTemplate).replace('%s', () => (version ? `${doc.title} ${version}` : doc.title));
  const notFound = doc.kind === 'not-found';
  // A fallback page shows the default locale's text: that page is the canonical one.
  const reference = doc.kind === 'page' && doc.fallback ? doc.alternates.find((a) => a.locale === config.locales.default)?.url : undefined;
  const canonical = ctx.absolute(reference ?? doc.url);
  // The language of the content, which <html lang> need not be: on pages that are not
  // translated the runtime switches <html lang> to the stored locale with the chrome,
  // and a fallback page shows the default locale's text under its own locale's chrome.
  const contentLocale = doc.kind === 'page' && doc.fallback ? config.locales.default : doc.locale;
  return (
    <html
      lang={doc.locale}
      data-page-kind={doc.kind}
      data-translated={String(ctx.translated)}
      data-copy-label={ctx.strings.copy}
      data-copied-label={ctx.strings.copied}
      data-copy-failed-label={ctx.strings.copyFailed}
      data-close-label={ctx.strings.close}
      data-load-error={ctx.strings.loadError}
      data-service-error={ctx.strings.serviceError}
    >
      <head>
        <meta charSet="utf-8" />
        {ctx.resolver ? (
          <>
            <script type="application/json" id="bankdocs-routes" dangerouslySetInnerHTML={{ __html: ctx.resolver.facts }} />
            <script dangerouslySetInnerHTML={{ __html: ctx.resolver.script }} />
          </>
        ) : null}
        {/* Before first paint, so the narrow-screen menu starts collapsed: no layout shift. */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The 404 page's title follows the interface locale with its heading. */}
        <title {...(notFound ? textL10n(ctx, (locale) => ctx.label(config.site.titleTemplate, locale).replace('%s', () => ctx.stringsOf(locale).notFoundTitle)) : {})}>{title}</title>
        {doc.description ? <meta name="description" content={doc.description} /> : null}
        {notFound ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
        {doc.alternates.length > 1
          ? [
              ...doc.alternates.map((alt) => <link key={alt.locale} rel="alternate" hrefLang={alt.locale} href={ctx.absolute(alt.url)} />),
              <link key="x-default" rel="alternate" hrefLang="x-default" href={ctx.absolute(xDefaultUrl(doc.alternates, config.locales.default) ?? doc.url)} />,
            ]
          : null}
        {/* The page as Markdown, for AI tools (issue #18; src/build/llms-files.ts). */}
        {config.llms.enabled && !notFound ? <link rel="alternate" type="text/markdown" href={markdownTwinUrl(doc.url)} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={config.product.name} />
        <meta property="og:title" content={title} />
        {/* The canonical URL: a fallback page's shares and previews go to the page it shows. */}
        {notFound ? null : <meta property="og:url" content={canonical} />}
        <meta property="og:image" content={ctx.absolute(ctx.assets.socialImage)} />
        {doc.description ? <meta property="og:description" content={doc.description} /> : null}
        {ogLocale(contentLocale) ? <meta property="og:locale" content={ogLocale(contentLocale)!} /> : null}
        {doc.alternates.filter((alt) => alt.locale !== contentLocale && ogLocale(alt.locale)).map((alt) => (
          <meta key={`og-${alt.locale}`} property="og:locale:alternate" content={ogLocale(alt.locale)!} />
        ))}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:image" content={ctx.absolute(ctx.assets.socialImage)} />
        <link rel="icon" href={ctx.assets.logo} />
        <link rel="stylesheet" href={ctx.assets.css} />
        {ctx.assets.script ? <script type="module" src={ctx.assets.script} /> : null}
        <script type="application/json" id="bankdocs-runtime" dangerouslySetInnerHTML={{ __html: runtimeConfig }} />
      </head>
      <body>
        <a className="skip-link" href="#main" {...uiL10n(ctx, (s) => s.skipToContent)}>
          {ctx.strings.skipToContent}
        </a>
        <Header ctx={ctx} />
        {/* One frame for every page type: an optional sidebar, then the page (issue #19). */}
        <div className={sidebar ? 'frame frame-with-sidebar' : 'frame'} data-frame={frameOf(doc)}>
          {sidebar}
          <main id="main" tabIndex={-1} lang={contentLocale}>
            {children}
          </main>
        </div>
        <Footer ctx={ctx} />
        <Consent ctx={ctx} />
      </body>
    </html>
  );
}
