// The API reference: its menu (the frame's sidebar) and the page. Operations themselves
// (endpoint, fields, example panel) are the Operation, Fields and Example components
// (operation.tsx), which the API sections' Markdown renders with.
import type { ApiLayoutProps, ApiSectionView, ThemeContext, UiStrings } from '../../src/theme-api.js';
import { labelL10n, UiText } from './chrome.js';

export type { ApiSectionView };

/**
 * The menu, with a method badge per operation (drawn from data-method by CSS, so the
 * link's text stays the operation's name: the runtime puts it in the page title). On
 * wide screens the toggle folds the column away; on narrow ones the menu is a drawer
 * with its own scroll and a close button, opened by a button that stays in reach.
 */
/** An interface string as an element's name, which follows the stored locale on pages that are not translated (the API reference is one). */
function uiLabel(ctx: ThemeContext, pick: (strings: UiStrings) => string) {
  return labelL10n(ctx, (locale) => pick(ctx.stringsOf(locale)));
}

export function ApiSidebar({ ctx, sections }: ApiLayoutProps) {
  const { strings } = ctx;
  return (
    <aside className="sidebar api-sidebar">
      <button type="button" className="api-menu-toggle" aria-controls="api-menu" aria-expanded="true" aria-label={strings.toggleApiMenu} lang={ctx.locale} {...uiLabel(ctx, (s) => s.toggleApiMenu)}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span className="api-menu-toggle-text" aria-hidden="true">
          <UiText ctx={ctx} pick={(s) => s.menu} />
        </span>
      </button>
      <nav className="api-menu" id="api-menu" aria-label={`${ctx.config.product.name} API`} lang={ctx.config.locales.default}>
        <button type="button" className="api-menu-close" aria-label={strings.closeMenu} lang={ctx.locale} {...uiLabel(ctx, (s) => s.closeMenu)}>
          <span aria-hidden="true">×</span>
        </button>
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
                    .map((h) => {
                      // An operation the page shows twice has its badge both times (its second heading's id is "…-1").
                      const method = ctx.nav.methods[h.operation ?? h.id];
                      return (
                        <li key={h.id}>
                          <a href={`#${h.id}`} data-section={h.id} {...(method ? { 'data-method': method, className: 'has-method' } : {})}>
                            {h.text}
                          </a>
                        </li>
                      );
                    })}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

export function ApiLayout({ ctx, doc, sections }: ApiLayoutProps) {
  const { CopyPageButton } = ctx.components;
  return (
    <div className="api-layout" data-api-language={doc.language} data-api-version={doc.version}>
      <header className="api-header">
        <h1>
          {doc.title} <span className="product-tag">{ctx.config.product.tag}</span>
        </h1>
        {doc.openapi ? (
          <p className="api-downloads">
            OpenAPI {doc.openapi.version}: <a href={doc.openapi.yaml} download>openapi.yaml</a> · <a href={doc.openapi.json} download>openapi.json</a>
          </p>
        ) : null}
      </header>
      {/* Sticky over the example column: the language of every example panel in reach. */}
      <div className="api-toolbar">
        <nav className="language-picker" aria-label={ctx.strings.exampleLanguage} lang={ctx.locale} {...uiLabel(ctx, (s) => s.exampleLanguage)}>
          {doc.languages.map((l) => (
            <a key={l.language} href={l.url} data-language={l.language} {...(l.language === doc.language ? { 'aria-current': 'page' as const } : {})}>
              {l.language}
            </a>
          ))}
        </nav>
        <CopyPageButton ctx={ctx} url={doc.url} />
      </div>
      {sections.map((s) => (
        <section key={s.id} className="api-section prose" aria-labelledby={s.id}>
          {/* Its text links to itself, as the sections' own headings do (src/markdown/rehype-headings.ts). */}
          <h2 id={s.id}>
            <a className="heading-link" href={`#${s.id}`}>
              {s.title}
            </a>
          </h2>
          {s.content}
        </section>
      ))}
    </div>
  );
}
