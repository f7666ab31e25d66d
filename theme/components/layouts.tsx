// One layout per kind of page. Each gets the rendered Markdown and the page's facts.
import { markdownTwinUrl, type Heading, type PageDocument, type PageLayoutProps, type ThemeContext } from '../../src/theme-api.js';
import { labelL10n, UiText } from './chrome.js';
import { crumbsOf, EffectiveDate } from './frame.js';
import { fallbackNoticeText } from './strings.js';

/**
 * "Copy page as Markdown" (issue #18): copies the page's .md twin; theme/client/copy-page.ts
 * does the work, so without JavaScript the button is not shown (CSS, under .js).
 */
export function CopyPageButton({ ctx, url, lang }: { ctx: ThemeContext; url: string; lang?: string }) {
  if (!ctx.config.llms.enabled) return null;
  return (
    <button type="button" lang={lang} className="copy-page" data-markdown={markdownTwinUrl(url)} data-done={ctx.strings.copyPageDone} data-failed={ctx.strings.copyPageFailed}>
      {ctx.strings.copyPage}
    </button>
  );
}

/**
 * On a fallback page <main> carries the default locale (the text's language); the
 * interface strings inside it are in the page's own locale and say so.
 */
function uiLang(ctx: ThemeContext, doc: PageDocument): { lang?: string } {
  return doc.fallback ? { lang: ctx.locale } : {};
}

/** The language of a fallback page's text (the default locale's). */
function contentLang(ctx: ThemeContext): string {
  return ctx.config.locales.default;
}

export function Toc({ ctx, headings, lang }: { ctx: ThemeContext; headings: Heading[]; lang?: string }) {
  const items = headings.filter((h) => h.depth === 2);
  if (items.length < 2) return null;
  return (
    <nav className="toc" aria-label={ctx.strings.onThisPage} lang={lang} {...labelL10n(ctx, (locale) => ctx.stringsOf(locale).onThisPage)}>
      <h2>
        <UiText ctx={ctx} pick={(s) => s.onThisPage} />
      </h2>
      <ul>
        {items.map((h) => (
          <li key={h.id}>
            {/* data-section: theme/client/toc.ts marks the entry of the section being read. */}
            <a href={`#${h.id}`} data-section={h.id} lang={lang ? contentLang(ctx) : undefined}>
              {h.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PrevNext({ ctx, doc, lang }: { ctx: ThemeContext; doc: PageDocument; lang?: string }) {
  const { prev, next } = doc;
  if (!prev && !next) return null;
  return (
    <nav lang={lang} className="prev-next" aria-label={`${ctx.strings.previous} / ${ctx.strings.next}`} {...labelL10n(ctx, (locale) => `${ctx.stringsOf(locale).previous} / ${ctx.stringsOf(locale).next}`)}>
      {prev ? (
        <a className="card prev" href={prev.url} rel="prev">
          <span className="card-label">
            ← <UiText ctx={ctx} pick={(s) => s.previous} />
          </span>
          <span className="card-title" lang={prev.lang}>
            {prev.title}
          </span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="card next" href={next.url} rel="next">
          <span className="card-label">
            <UiText ctx={ctx} pick={(s) => s.next} /> →
          </span>
          <span className="card-title" lang={next.lang}>
            {next.title}
          </span>
        </a>
      ) : null}
    </nav>
  );
}

export function FallbackNotice({ ctx, doc }: { ctx: ThemeContext; doc: PageDocument }) {
  if (!doc.fallback) return null;
  return (
    <p className="notice fallback-notice" role="note" lang={ctx.locale}>
      {fallbackNoticeText(ctx.strings.fallbackNotice, ctx.config.locales.default, ctx.locale)}
    </p>
  );
}

export function ArticleLayout({ ctx, doc, content, headings, before }: PageLayoutProps) {
  const { Breadcrumbs, FallbackNotice, CopyPageButton, PrevNext, Toc } = ctx.components;
  return (
    <div className="article-layout">
      <article className="prose">
        <Breadcrumbs ctx={ctx} crumbs={crumbsOf(ctx, doc)} {...uiLang(ctx, doc)} />
        <FallbackNotice ctx={ctx} doc={doc} />
        <h1>{doc.title}</h1>
        <CopyPageButton ctx={ctx} url={doc.url} {...uiLang(ctx, doc)} />
        {before}
        {content}
        <PrevNext ctx={ctx} doc={doc} {...uiLang(ctx, doc)} />
      </article>
      <Toc ctx={ctx} headings={headings} {...uiLang(ctx, doc)} />
    </div>
  );
}

/** A help section's page (introduction or FAQ): an article; its sidebar links the sections. */
export function HelpLayout(props: PageLayoutProps) {
  const { ArticleLayout } = props.ctx.components;
  return <ArticleLayout {...props} />;
}

export function LegalLayout({ ctx, doc, content, headings }: PageLayoutProps) {
  const current = doc.legalVersions.find((v) => v.url === doc.url);
  // An older version says so where it is read: on a phone the list of versions is folded away.
  const latest = current && !current.latest ? doc.legalVersions.find((v) => v.latest) : undefined;
  const [beforeLatest, afterLatest = ''] = ctx.strings.newerVersion.split('{version}');
  const { ArticleLayout } = ctx.components;
  return (
    <ArticleLayout
      ctx={ctx}
      doc={doc}
      headings={headings}
      before={
        current ? (
          <>
            <p className="legal-meta" {...uiLang(ctx, doc)}>
              {ctx.strings.youAreReading} {current.version}
              {current.effective ? (
                <>
                  {' · '}
                  {ctx.strings.effectiveFrom} <EffectiveDate ctx={ctx} date={current.effective} />
                </>
              ) : null}
            </p>
            {latest ? (
              <p className="notice legal-newer" role="note" {...uiLang(ctx, doc)}>
                {beforeLatest}
                <a href={latest.url}>{latest.version}</a>
                {afterLatest}
              </p>
            ) : null}
          </>
        ) : null
      }
      content={
        <>
          {content}
          {ctx.strings.legalSample ? (
            <p className="notice legal-sample" role="note" {...uiLang(ctx, doc)}>
              {ctx.strings.legalSample}
            </p>
          ) : null}
        </>
      }
    />
  );
}
