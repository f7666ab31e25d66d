// renderDocuments: each planned document -> { path, html } plus the ids it defines and
// the internal links it contains (for the anchor check). No file system access here.
import { createElement, type ComponentType, type ReactElement } from 'react';
import { operationAnchor, type ApiModel } from '../api/openapi.js';
import { referenceIds } from '../api/reference-lists.js';
import { schemaNames, type SchemaNames } from '../api/describe-schema.js';
import type { ScannedPage } from '../check/scan-html.js';
import type { LinkItem, LocalizedString } from '../config/schema.js';
import type { Page, Site } from '../content/site.js';
import type { Diagnostic } from '../diagnostics.js';
import { DocumentSlugger, type Heading, type LinkRef } from '../markdown/context.js';
import { createMarkdownProcessor, renderMarkdown, type MarkdownProcessor } from '../markdown/pipeline.js';
import { schemasShown } from '../markdown/remark-api.js';
import { apiTwinText, pageTwinText, twinRedirects } from './render-markdown.js';
import { directLinks } from '../routes/direct-links.js';
import type { SiteFacts } from '../routes/resolve.js';
import type { MarkdownPlugins } from '../markdown/plugins.js';
import type { SearchSection } from '../markdown/rehype-search-text.js';
import { isSearchable } from '../search/entries.js';
import { join } from 'node:path';
import { localizePath, outputPath, splitHash } from '../routes/paths.js';
import type { ApiDocument, DocumentPlan, PageDocument, RoutePlan } from '../routes/plan.js';
import type { ApiSectionView, Theme, ThemeContext } from '../theme/contract.js';
import { loadSiteTheme, OverrideOutputError, overrideFileOf } from '../theme/load-theme.js';
import { runtimeStringsFile } from './runtime-strings.js';
import type { SiteNav } from '../theme/nav.js';
import type { StringsOf } from '../theme/strings.js';
import { translatedSegments } from '../routes/route-rules.js';
import { siteNav } from './site-nav.js';
import { scannedMarkup, type MarkupStats, type ScannedMarkup } from './static-markup.js';
import type { LinkPool } from '../check/scan-html.js';

export interface BuiltAssets {
  css: string;
  script: string | null;
  /** The route resolver, inlined into 404.html and the redirect stubs. */
  redirectScript: string;
}

export interface RenderInput {
  site: Site;
  plan: Pick<RoutePlan, 'latestLegal' | 'latestVersion' | 'urlBySource'>;
  /** Route facts as JSON (see src/routes/facts.ts), for the browser resolver. */
  factsJson: string;
  assets: BuiltAssets;
  buildYear: number;
  /** false: pages only read for ids and links (bankdocs check); no syntax colouring. */
  forOutput?: boolean;
}

export interface FileLink extends LinkRef {
  file: string;
}

export interface RenderedDocument {
  url: string;
  path: string;
  /** The page; empty once handed to the page sink (written, or scanned by the check). */
  html: string;
  /** Set when the rendering thread wrote the page into the output folder itself. */
  written?: boolean;
  /** Set when the rendering thread wrote the page's Markdown twin too (page-sink.ts). */
  twinWritten?: boolean;
  /** Set when the page was not rendered: the output folder holds it from the last build (src/cache/). */
  kept?: boolean;
  /** The document's cache key (src/cache/document-key.ts), when the run uses the cache. */
  cacheKey?: string;
  /** Ids and links read from the HTML by the rendering thread (bankdocs check). */
  scanned?: ScannedPage;
  ids: string[];
  links: FileLink[];
  /** The text by heading, for the search index (documents search covers, when search is on). */
  search?: SearchSection[];
  /** The page's Markdown twin (issue #18; when building with llms.enabled). */
  markdown?: string;
  diagnostics: Diagnostic[];
}

export interface Renderer {
  render(doc: DocumentPlan): RenderedDocument;
  /** Milliseconds spent in Markdown (parsing, plugins, the HTML tree) by this renderer so far; the rest of rendering is the layout and writing the markup. */
  readonly markdownMs: number;
}

/**
 * Caches what every document shares (processor, lookups); cheap to create per worker.
 * The dev server passes its processor back in, so a patch does not rebuild it. `plugins`:
 * the site's plugins (site.markdownPlugins), loaded in this thread by the caller.
 */
export function createRenderer(input: RenderInput, options: { processor?: MarkdownProcessor; plugins?: MarkdownPlugins; stats?: MarkupStats; scanOnly?: boolean } = {}): Renderer & { processor: MarkdownProcessor } {
  const { site } = input;
  // React writes the pages, or a fast path proven to write the same (static-markup.ts);
  // BANKDOCS_MARKUP=react renders with React alone, to compare.
  const reactOnly = process.env.BANKDOCS_MARKUP === 'react';
  // Each page's ids and links are read as it is written, for the link graph (pages the
  // writer cannot vouch for are read whole by the page sink). One pool of links per thread.
  const pool: LinkPool = new Map();
  // A page only read for ids and links (bankdocs check) is read as it would be written, not
  // written (options.scanOnly: false writes it anyway, to compare).
  const scanOnly = options.scanOnly ?? input.forOutput === false;
  const markup: Markup = (node, slots) =>
    scannedMarkup(node, {
      reactOnly,
      scanOnly,
      ...(options.stats ? { stats: options.stats } : {}),
      ...(slots ? { slots: Object.fromEntries(Object.entries(slots).map(([name, slot]) => [name, slot.html])), scan: { pool, slots: Object.fromEntries(Object.entries(slots).map(([name, slot]) => [name, slot.scanned])) } } : { scan: { pool } }),
    });
  // The built-in theme with the site's overrides (theme: in docs.config.yaml), loaded in this thread.
  const { theme, strings } = loadSiteTheme(site.config, site.theme);
  const processor =
    options.processor ??
    createMarkdownProcessor({ highlight: input.forOutput !== false, engine: site.config.markdown.engine, search: site.config.search.enabled, components: theme.components, strings, defaultLocale: site.config.locales.default, ...(options.plugins ? { plugins: options.plugins } : {}) });
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const urlBySource = new Map(Object.entries(input.plan.urlBySource));
  const assets = new Set(site.assets.map((a) => a.rel));
  // What hints name: the folders and files the config sets, not the default ones.
  const places = { contentDir: site.contentDir, configFile: site.configFile, openapi: join(site.contentDir, site.config.api.openapi) };
  // The sidebar, breadcrumbs, landing and 404 pages read the site's structure (issue #19).
  const nav = siteNav(site, urlBySource);
  // Menu and footer paths of translated collections get the page's locale.
  const translated = translatedSegments(site.collections);
  // Pages that are not translated also name the file of the runtime's words in every locale.
  const stringsFile = runtimeStringsFile(site);
  const runtimeConfigOf = (withStrings: boolean) => JSON.stringify({
    locales: site.config.locales,
    versions: site.config.versions,
    languages: { available: site.config.api.languages, default: site.config.api.defaultLanguage },
    runtime: site.config.runtime,
    // The API reference's menu retitles its page (theme/client/api-menu.ts): a page of the default locale.
    titleTemplate: typeof site.config.site.titleTemplate === 'string' ? site.config.site.titleTemplate : site.config.site.titleTemplate[site.config.locales.default]!,
    productionHosts: site.config.site.productionHosts,
    monitoring: site.config.monitoring ?? null,
    services: site.config.services,
    ...(withStrings && stringsFile ? { strings: stringsFile.url } : {}),
  }).replace(/</g, '\\u003c');
  const runtimeConfigs = { translated: runtimeConfigOf(false), untranslated: runtimeConfigOf(true) };

  // Where site paths redirect, for the twins (twinRedirects): made when the first twin asks.
  let redirects: ReturnType<typeof twinRedirects> | null = null;
  const redirectOf = () => (redirects ??= twinRedirects(JSON.parse(input.factsJson) as SiteFacts));
  // Where links to redirecting routes land (direct-links.ts): made when the first page asks.
  let direct: ReturnType<typeof directLinks> | null = null;
  const directOf = () => (direct ??= directLinks(JSON.parse(input.factsJson) as SiteFacts));
  let markdownMs = 0;
  return {
    processor,
    get markdownMs() {
      return markdownMs;
    },
    render(doc) {
      const diagnostics: Diagnostic[] = [];
      const ids: string[] = [];
      const links: FileLink[] = [];
      const ctx = themeContext({ input, doc, nav, theme, strings, translated });
      const search: SearchSection[] = [];
      // The Markdown twin, made from each source as it is parsed here anyway (remark-twin.ts).
      const twin = input.forOutput !== false && site.config.llms.enabled && doc.kind !== 'not-found' ? { url: doc.url, locale: doc.locale, siteUrl: site.config.site.url, redirectOf: redirectOf() } : null;
      const twinParts: { title: string; text: string }[] = [];
      const markdown = (page: Page, options: MarkdownOptions = {}) => {
        const started = performance.now();
        const result = renderMarkdown(processor, page.body, {
          source: page.source,
          file: page.file,
          urlBySource,
          assets,
          locale: page.info.locale ?? null,
          api: site.api,
          places,
          ...(site.apiFailed ? { apiFailed: true } : {}),
          apiLanguage: options.apiLanguage ?? null,
          ...(options.schemasShown ? { apiSchemasShown: options.schemasShown } : {}),
          ...(options.schemaNames ? { apiSchemaNames: options.schemaNames } : {}),
          apiLanguages: site.config.api.languages,
          diagnostics,
          ...(options.slugger ? { slugger: options.slugger } : {}),
          twin,
          // A page in no locale is read in any (its readers' stored one); a translated one, or its fallback, in the document's.
          directLink: (path) => directOf()(path, page.info.locale == null ? null : doc.locale, options.apiLanguage ?? null),
        });
        ids.push(...result.headings.map((h) => h.id));
        links.push(...result.links.map((l) => ({ ...l, file: page.file })));
        search.push(...(options.section ? sectionSearch(options.section, result.search) : result.search));
        if (result.twin !== undefined) twinParts.push({ title: page.data.title, text: result.twin });
        const ms = performance.now() - started;
        markdownMs += ms;
        if (ms > SLOW_PAGE_MS) diagnostics.push(slowPage(page, ms));
        return result;
      };
      const pageOf = (source: string) => {
        const page = bySource.get(source);
        if (!page) throw new Error(`Internal error: the plan names ${source}, which was not loaded`);
        return page;
      };

      let framed: ScannedMarkup;
      try {
        let body: PageBody;
        if (doc.kind === 'page') body = renderPageBody({ ctx, theme, doc, page: pageOf(doc.source), markdown, markup });
        else if (doc.kind === 'api') body = renderApiBody({ ctx, theme, doc, pages: doc.sections.map(pageOf), markdown, ids, markup, api: site.api });
        else body = layoutBody(theme, markup, 'not-found', { ctx });

        const { Document } = theme.components;
        framed = markup(
          <Document ctx={ctx} runtimeConfig={ctx.translated ? runtimeConfigs.translated : runtimeConfigs.untranslated} sidebar={body.sidebar}>
            {body.main}
          </Document>,
          body.sidebarHtml ? { [SIDEBAR_SLOT]: body.sidebarHtml } : undefined,
        );
      } catch (error) {
        // A component of the site's theme that throws on this page is the site's mistake,
        // reported at its file; anything else is bankdocs' own.
        // bankdocs throws only Errors: anything else (`throw null`) came from the overrides,
        // which cannot be told apart without a stack: the first one is named.
        const file = site.theme ? (overrideFileOf(error, site.theme) ?? (error instanceof Error ? null : (site.theme.files[0] ?? null))) : null;
        if (!file) {
          // The site's Markdown plugins shape the page's tree: a node they made that HTML
          // cannot hold ("my tag" as an element's name) fails here, and is theirs.
          const source = !site.markdownPlugins?.length ? null : doc.kind === 'page' ? pageOf(doc.source) : doc.kind === 'api' && doc.sections[0] ? pageOf(doc.sections[0]) : null;
          if (!source) throw error;
          diagnostics.push({
            ruleId: 'markdown-error',
            severity: 'error',
            message: `the page ${doc.url} could not be written: ${error instanceof Error ? error.message : `${String(error)} was thrown`} (the site's Markdown plugins shape it: one may have made a node HTML cannot hold)`,
            hint: "check what the site's plugins (plugins, markdown.remarkPlugins, markdown.rehypePlugins) add to the page",
            file: source.file,
            line: 1,
            column: 1,
          });
          return { url: doc.url, path: outputPath(doc.url), html: '', ids, links, diagnostics };
        }
        diagnostics.push({
          ruleId: 'theme-component-failed',
          severity: 'error',
          message: `the theme override failed while rendering ${doc.url}: ${error instanceof Error ? error.message : `it threw ${String(error)}`}`,
          hint: error instanceof OverrideOutputError ? 'return an element, text, a list of them or null' : 'fix the component for this page (it threw while rendering); BANKDOCS_DEBUG=1 prints the stack',
          file,
          line: 1,
          column: 1,
        });
        return { url: doc.url, path: outputPath(doc.url), html: '', ids, links, diagnostics };
      }
      const html = `<!DOCTYPE html>${framed.html}`;
      const searched = site.config.search.enabled && isSearchable(doc, site);
      const markdownTwin = !twin ? null : doc.kind === 'api' ? apiTwinText(doc, twinParts, twin.siteUrl) : doc.kind === 'page' ? pageTwinText(doc, twinParts[0]?.text ?? '', strings(doc.locale)) : null;
      return { url: doc.url, path: outputPath(doc.url), html, ...(framed.scanned ? { scanned: framed.scanned } : {}), ids, links, ...(searched ? { search } : {}), ...(markdownTwin !== null ? { markdown: markdownTwin } : {}), diagnostics };
    },
  };
}

/** A page whose Markdown takes longer than this to render is named in a warning: one page must not stall a release unnoticed (issue #13). */
export const SLOW_PAGE_MS = 3000;

function slowPage(page: Page, ms: number): Diagnostic {
  return {
    ruleId: 'render-slow',
    severity: 'warning',
    message: `rendering this page took ${(ms / 1000).toFixed(1)} s`,
    hint: 'look for very long lines, huge tables or deeply nested lists in it, and split or shorten them',
    file: page.file,
    line: 1,
    column: 1,
  };
}

interface MarkdownOptions {
  slugger?: DocumentSlugger;
  apiLanguage?: string;
  /** The API reference section this Markdown is (its heading is the layout's). */
  section?: { id: string; title: string };
  /** The schemas the whole document lists (an API reference's sections together). */
  schemasShown?: ReadonlySet<string>;
  /** Which component each of the document's schemas is (schemaNames), found once for its sections. */
  schemaNames?: SchemaNames;
}

type MarkdownFn = (page: Page, options?: MarkdownOptions) => { element: ReactElement; headings: Heading[] };

/** An API section's text before its first heading belongs to the section's own heading. */
function sectionSearch(section: { id: string; title: string }, sections: SearchSection[]): SearchSection[] {
  const intro = sections[0]?.id === '' ? sections[0] : null;
  return [{ id: section.id, title: section.title, depth: 2, text: intro?.text ?? '' }, ...sections.filter((s) => s.id !== '')];
}

/** What a layout puts in the frame: the page, and the sidebar beside it if it has one. */
interface PageBody {
  main: ReactElement;
  sidebar?: ReactElement | null;
  /** The sidebar as rendered, put in the page in place of its slot (SIDEBAR_SLOT). */
  sidebarHtml?: ScannedMarkup;
}

/**
 * Where the sidebar goes: it was rendered once already (to know whether it draws anything),
 * so the frame gets an empty element in its place and the page gets that HTML instead (the
 * sidebar uses no React context, so standalone it renders the same).
 */
const SIDEBAR_SLOT = 'bankdocs-sidebar-slot';

/** The components of a layout (Theme.layouts): the page, and its sidebar if the layout has one. */
type Markup = (node: ReactElement, slots?: Record<string, ScannedMarkup>) => ScannedMarkup;

function layoutBody<P extends object>(theme: Theme, markup: Markup, layout: keyof Theme['layouts'], props: P): PageBody {
  const parts = theme.layouts[layout];
  const Main = theme.components[parts.main] as unknown as ComponentType<P>;
  const Sidebar = parts.sidebar ? (theme.components[parts.sidebar] as unknown as ComponentType<P>) : null;
  const sidebar = Sidebar ? <Sidebar {...props} /> : null;
  // A sidebar with nothing to show (an article outside any page tree) is no sidebar: the
  // frame then has one column. Only a render says whether a component draws anything.
  const sidebarHtml = sidebar ? markup(sidebar) : null;
  const drawn = sidebarHtml ? (sidebarHtml.drawn ?? sidebarHtml.html !== '') : false;
  return { main: <Main {...props} />, sidebar: drawn ? createElement(SIDEBAR_SLOT) : null, ...(drawn && sidebarHtml ? { sidebarHtml } : {}) };
}

function renderPageBody({ ctx, theme, doc, page, markdown, markup }: { ctx: ThemeContext; theme: Theme; doc: PageDocument; page: Page; markdown: MarkdownFn; markup: Markup }): PageBody {
  const { element, headings } = markdown(page);
  // The layout the page's collection declares (collections[].layout), not its name.
  return layoutBody(theme, markup, page.info.layout, { ctx, doc, content: element, headings });
}

function renderApiBody({ ctx, theme, doc, pages, markdown, ids, markup, api }: { ctx: ThemeContext; theme: Theme; doc: ApiDocument; pages: Page[]; markdown: MarkdownFn; ids: string[]; markup: Markup; api: ApiModel | null }): PageBody {
  // One slugger for the whole page: ids stay unique across sections; the operations'
  // anchors and their fields' ids are theirs, whatever heading comes first.
  const shown = schemasShown(pages.map((page) => page.body));
  const names = schemaNames(api?.schemas ?? {});
  const slugger = new DocumentSlugger({ operations: Object.keys(api?.operations ?? {}).map(operationAnchor), fields: api ? referenceIds(api, shown, ctx.strings) : [] });
  const sections: ApiSectionView[] = pages.map((page) => {
    const id = slugger.take(page.data.title, { kind: 'section', at: { source: page.source } });
    ids.push(id);
    const { element, headings } = markdown(page, { slugger, apiLanguage: doc.language, section: { id, title: page.data.title }, schemasShown: shown, schemaNames: names });
    return { id, title: page.data.title, headings, content: element };
  });
  return layoutBody(theme, markup, 'api', { ctx, doc, sections });
}

function themeContext({ input, doc, nav, theme, strings, translated }: { input: RenderInput; doc: DocumentPlan; nav: SiteNav; theme: Theme; strings: StringsOf; translated: readonly string[] }): ThemeContext {
  const { config } = input.site;
  const label = (text: LocalizedString, locale = doc.locale) => (typeof text === 'string' ? text : (text[locale] ?? text[config.locales.default] ?? ''));
  const hrefOf = (item: LinkItem, locale = doc.locale) => {
    if ('href' in item) return item.href;
    if ('action' in item) return null;
    const localized = localizePath(item.to, locale, translated);
    // A versioned document ("/en/terms-and-conditions", "/en/policies/cookies"): its latest version, not the redirect.
    const [pathname = '', hash] = splitHash(localized);
    const latest = pathname.startsWith(`/${locale}/`) ? input.plan.latestLegal[locale]?.[pathname.slice(locale.length + 2)] : input.plan.latestVersion[pathname.slice(1)];
    return latest === undefined ? localized : hash === undefined ? latest : `${latest}#${hash}`;
  };
  const logo = `/${config.site.logo}`;
  const locale = doc.locale;
  return {
    config,
    doc,
    locale,
    translated: doc.alternates.length > 0,
    resolver: doc.kind === 'not-found' ? { facts: input.factsJson, script: input.assets.redirectScript } : null,
    strings: strings(locale),
    stringsOf: strings,
    components: theme.components,
    hrefOf,
    label,
    absolute: (path) => new URL(path, config.site.url).href,
    assets: { css: input.assets.css, script: input.assets.script, logo, socialImage: config.site.socialImage ? `/${config.site.socialImage}` : logo },
    buildYear: input.buildYear,
    nav,
  };
}
