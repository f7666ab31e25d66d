// One layout per kind of page. Each gets the rendered Markdown and the page's facts.
import type { ReactNode } from 'react';
import type { Heading } from '../../src/markdown/context.js';
import { markdownTwinUrl } from '../../src/routes/markdown-twin.js';
import type { ApiDocument, NavLink, PageDocument } from '../../src/routes/plan.js';
import type { ThemeContext } from './theme-context.js';

/**
 * "Copy page as Markdown" (issue #18): copies the page's .md twin; theme/client/copy-page.ts
 * does the work, so without JavaScript the button is not shown (CSS, under .js).
 */
function CopyPageButton({ ctx, url, lang }: { ctx: ThemeContext; url: string; lang?: string }) {
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

export interface ApiSectionView {
  id: string;
  title: string;
  headings: Heading[];
  content: ReactNode;
}

function Toc({ ctx, headings, lang }: { ctx: ThemeContext; headings: Heading[]; lang?: string }) {
  const items = headings.filter((h) => h.depth === 2);
  if (items.length < 2) return null;
  return (
    <nav className="toc" aria-label={ctx.strings.onThisPage}>
      <h2 lang={lang}>{ctx.strings.onThisPage}</h2>
      <ul>
        {items.map((h) => (
          <li key={h.id}>
            <a href={`#${h.id}`}>{h.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PrevNext({ ctx, prev, next, lang }: { ctx: ThemeContext; prev: NavLink | null; next: NavLink | null; lang?: string }) {
  if (!prev && !next) return null;
  return (
    <nav lang={lang} className="prev-next" aria-label={`${ctx.strings.previous} / ${ctx.strings.next}`}>
      {prev ? (
        <a className="card prev" href={prev.url} rel="prev">
          <span className="card-label">← {ctx.strings.previous}</span>
          <span className="card-title">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="card next" href={next.url} rel="next">
          <span className="card-label">{ctx.strings.next} →</span>
          <span className="card-title">{next.title}</span>
        </a>
      ) : null}
    </nav>
  );
}

function FallbackNotice({ ctx, doc }: { ctx: ThemeContext; doc: PageDocument }) {
  if (!doc.fallback) return null;
  return (
    <p className="notice fallback-notice" role="note" lang={ctx.locale}>
      {ctx.strings.fallbackNotice}
    </p>
  );
}

export function HomeLayout({ ctx, doc, content }: { ctx: ThemeContext; doc: PageDocument; content: ReactNode }) {
  return (
    <div className="home">
      <FallbackNotice ctx={ctx} doc={doc} />
      <section className="hero">
        <h1>{doc.title}</h1>
        <p className="lead">{doc.description}</p>
      </section>
      <article className="prose home-body">{content}</article>
    </div>
  );
}

export function ArticleLayout({ ctx, doc, content, headings, aside }: { ctx: ThemeContext; doc: PageDocument; content: ReactNode; headings: Heading[]; aside?: ReactNode }) {
  return (
    <div className="article-layout">
      {aside}
      <article className="prose">
        <FallbackNotice ctx={ctx} doc={doc} />
        <h1>{doc.title}</h1>
        <CopyPageButton ctx={ctx} url={doc.url} {...uiLang(ctx, doc)} />
        {content}
        <PrevNext ctx={ctx} prev={doc.prev} next={doc.next} {...uiLang(ctx, doc)} />
      </article>
      <Toc ctx={ctx} headings={headings} {...uiLang(ctx, doc)} />
    </div>
  );
}

export function LegalLayout({ ctx, doc, content, headings }: { ctx: ThemeContext; doc: PageDocument; content: ReactNode; headings: Heading[] }) {
  const current = doc.legalVersions.find((v) => v.url === doc.url);
  const aside = (
    <nav className="legal-versions" aria-label={ctx.strings.versions} {...uiLang(ctx, doc)}>
      <h2>{ctx.strings.versions}</h2>
      <ol>
        {doc.legalVersions.map((v) => (
          <li key={v.version}>
            <a href={v.url} {...(v.url === doc.url ? { 'aria-current': 'page' as const } : {})}>
              {v.version}
            </a>{' '}
            <time dateTime={v.effective}>{v.effective}</time>
            {v.latest ? <span className="badge">{ctx.strings.latest}</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
  return (
    <ArticleLayout
      ctx={ctx}
      doc={doc}
      headings={headings}
      aside={aside}
      content={
        <>
          {current ? (
            <p className="legal-meta" {...uiLang(ctx, doc)}>
              {ctx.strings.youAreReading} {current.version} · {ctx.strings.effectiveFrom} <time dateTime={current.effective}>{current.effective}</time>
            </p>
          ) : null}
          {content}
          <p className="notice legal-sample" role="note" {...uiLang(ctx, doc)}>
            {ctx.strings.legalSample}
          </p>
        </>
      }
    />
  );
}

export function ApiLayout({ ctx, doc, sections }: { ctx: ThemeContext; doc: ApiDocument; sections: ApiSectionView[] }) {
  return (
    <div className="api-layout" data-api-language={doc.language} data-api-version={doc.version}>
      <button type="button" className="api-menu-toggle" aria-controls="api-menu" aria-expanded="true">
        {ctx.strings.toggleApiMenu}
      </button>
      <nav className="api-menu" id="api-menu" aria-label={`${ctx.config.product.name} API`}>
        <ul>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} data-section={s.id}>
                {s.title}
              </a>
              {s.headings.some((h) => h.depth === 3) ? (
                <ul>
                  {s.headings
                    .filter((h) => h.depth === 3)
                    .map((h) => (
                      <li key={h.id}>
                        <a href={`#${h.id}`} data-section={h.id}>
                          {h.text}
                        </a>
                      </li>
                    ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      <div className="api-content">
        <header className="api-header">
          <h1>
            {doc.title} <span className="product-tag">{ctx.config.product.tag}</span>
          </h1>
          {doc.openapi ? (
            <p className="api-downloads">
              OpenAPI 3.1: <a href={doc.openapi.yaml} download>openapi.yaml</a> · <a href={doc.openapi.json} download>openapi.json</a>
            </p>
          ) : null}
          <nav className="language-picker" aria-label={ctx.strings.exampleLanguage}>
            {doc.languages.map((l) => (
              <a key={l.language} href={l.url} data-language={l.language} {...(l.language === doc.language ? { 'aria-current': 'page' as const } : {})}>
                {l.language}
              </a>
            ))}
          </nav>
          <CopyPageButton ctx={ctx} url={doc.url} />
        </header>
        {sections.map((s) => (
          <section key={s.id} className="api-section prose" aria-labelledby={s.id}>
            <h2 id={s.id}>
              {s.title}
              <a className="heading-anchor" href={`#${s.id}`} aria-label={`Link to “${s.title}”`}>
                #
              </a>
            </h2>
            {s.content}
          </section>
        ))}
      </div>
    </div>
  );
}

export function NotFoundLayout({ ctx }: { ctx: ThemeContext }) {
  return (
    <div className="not-found prose">
      <h1>{ctx.doc.title}</h1>
      <p>{ctx.strings.notFoundText}</p>
      <p>
        <a href={`/${ctx.locale}`}>{ctx.strings.backHome}</a>
      </p>
    </div>
  );
}
