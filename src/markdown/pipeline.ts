// The unified pipeline: Markdown -> mdast (markdown-it, GFM, directives) -> our remark plugins -> the site's
// remark plugins -> hast -> heading ids, highlighting -> the site's rehype plugins -> React elements through
// rehype-react and the theme's components (HTML elements and the named elements our plugins
// emit: src/theme/named-elements.ts).
import type { Element, Root as HastRoot } from 'hast';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { shownPath, type Diagnostic } from '../diagnostics.js';
import { DocumentSlugger, type Heading, type LinkRef, type MarkdownContext } from './context.js';
import { builtinTheme } from '../../theme/index.js';
import { markdownComponents } from '../theme/named-elements.js';
import { markdownContent } from '../render/markdown-content.js';
import type { Theme } from '../theme/contract.js';
import { siteStrings, type StringsOf } from '../theme/strings.js';
import remarkApi from './remark-api.js';
import remarkAlerts from './remark-alerts.js';
import remarkApiLanguage from './remark-api-language.js';
import remarkBlockDirectives from './remark-block-directives.js';
import remarkPluginDirectives from './remark-plugin-directives.js';
import { markdownEngine, type MarkdownEngine } from './engines.js';
import { NO_PLUGINS, PluginError, sitePluggables, syntaxPluggables, type MarkdownPlugins } from './plugins.js';
import remarkTabs from './remark-tabs.js';
import remarkCodeTitle from './remark-code-title.js';
import remarkDetails from './remark-details.js';
import remarkForeignSyntax from './remark-foreign-syntax.js';
import remarkLinks from './remark-links.js';
import rehypeCodeHighlight from './rehype-code-highlight.js';
import rehypeFootnoteWords, { rehypeFootnoteIds } from './rehype-footnotes.js';
import rehypeHeadings from './rehype-headings.js';
import remarkHeadingIds from './remark-heading-ids.js';
import rehypeImageSize from './rehype-image-size.js';
import rehypeSearchText, { type SearchSection } from './rehype-search-text.js';
import rehypeClasses from './rehype-classes.js';
import remarkTwin from './remark-twin.js';

export interface ProcessorOptions {
  /** Which parser reads the Markdown (markdown.engine; default "fast"). */
  engine?: MarkdownEngine;
  /**
   * Syntax colouring of code blocks (default true). `bankdocs check` turns it off: it
   * adds neither ids nor links, the only things the check reads from a page.
   */
  highlight?: boolean;
  /** The site's own plugins (markdown.remarkPlugins, markdown.rehypePlugins), loaded in this thread. */
  plugins?: MarkdownPlugins;
  /** Collect each page's text by heading for the search index (search.enabled; default false). */
  search?: boolean;
  /** The theme's components (with the site's overrides): HTML and named elements render with them. Default: the built-in theme's. */
  components?: Theme['components'];
  /** The site's interface strings (a tab's empty-state text, the API reference's labels). Default: the built-in theme's. */
  strings?: StringsOf;
  /** The locale of pages of no locale (guides, the API reference): locales.default. Default: "en". */
  defaultLocale?: string;
}

export function createMarkdownProcessor({ highlight = true, engine = 'fast', plugins = NO_PLUGINS, search = false, components = builtinTheme.components, strings = siteStrings(builtinTheme), defaultLocale = 'en' }: ProcessorOptions = {}) {
  const elements = markdownComponents(components);
  const stringsIn = (locale: string | null) => strings(locale ?? defaultLocale);
  return unified()
    .use(markdownEngine, { engine, syntax: syntaxPluggables(plugins) })
    // First: the Markdown twin reads the tree as parsed (it does nothing unless asked).
    .use(remarkTwin)
    // Before the directives: what they replace has no place in the file.
    .use(remarkForeignSyntax)
    .use(remarkCodeTitle)
    // Before the directives and alerts, which may stand in a folding section, and before links report raw HTML.
    .use(remarkDetails)
    .use(remarkBlockDirectives, { directives: plugins.directives })
    .use(remarkTabs, { emptyText: (locale: string | null) => stringsIn(locale).emptyTab })
    .use(remarkApi, { engine, strings: stringsIn })
    // After the API reference's directives: the OpenAPI document's descriptions have alerts too.
    .use(remarkAlerts, { strings: stringsIn, directives: plugins.directives })
    // The site plugins' directives, after bankdocs' own and before links are resolved.
    .use(remarkPluginDirectives, { directives: plugins.directives, t: plugins.t })
    .use(remarkLinks)
    .use(remarkApiLanguage)
    .use(remarkHeadingIds)
    // The site's plugins see bankdocs' trees (links resolved, other languages' examples
    // gone, heading ids set), and whatever they make is rendered by React like the rest.
    .use(sitePluggables(plugins.remark))
    .use(remarkRehype)
    // Before the headings are read: the footnotes' heading is listed in the table of contents.
    .use(rehypeFootnoteWords, { strings: stringsIn })
    .use(rehypeHeadings)
    .use(rehypeFootnoteIds)
    .use(highlight ? [rehypeImageSize] : [])
    // Before the site's rehype plugins: the index holds what the writer wrote.
    .use(search ? [rehypeSearchText] : [])
    .use(rehypeCodeHighlight, { colour: highlight })
    .use(sitePluggables(plugins.rehype))
    // After the site's plugins: a cell one of them aligns, a link one of them makes, gets its class too.
    .use(rehypeClasses)
    .use(rehypeReact, { Fragment, jsx, jsxs, components: elements })
    .data('markdownComponents', elements)
    .freeze();
}

declare module 'unified' {
  interface Data {
    /** rehype-react's components: the fast markup path draws the same elements with them (src/render/markdown-content.ts). */
    markdownComponents?: Record<string, unknown>;
  }
}

export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

export interface RenderedMarkdown {
  element: ReactElement;
  headings: Heading[];
  links: LinkRef[];
  /** The page's text by heading, when the processor collects it (ProcessorOptions.search). */
  search: SearchSection[];
  /** The page's Markdown twin, when the input asks for it (MarkdownContext.twin). */
  twin?: string;
}

export type MarkdownInput = Omit<MarkdownContext, 'headings' | 'links' | 'slugger'> & { slugger?: DocumentSlugger };

/**
 * The Markdown through the pipeline's plugins, as the element that draws it: rehype-react
 * compiles the tree when React renders the element (or the fast markup path writes the
 * tree itself: src/render/markdown-content.ts).
 */
export function renderMarkdown(processor: MarkdownProcessor, body: string, input: MarkdownInput): RenderedMarkdown {
  const ctx: MarkdownContext = { ...input, slugger: input.slugger ?? new DocumentSlugger(), headings: [], links: [] };
  const file = new VFile({ path: input.file, value: body, data: { ctx } });
  let tree: HastRoot;
  try {
    tree = processor.runSync(processor.parse(file), file) as HastRoot;
  } catch (error) {
    reportFailure(ctx, file.messages, error, input.file);
    return { element: jsx(Fragment, {}), headings: ctx.headings, links: ctx.links, search: [] };
  }
  ctx.diagnostics.push(...messageDiagnostics(file.messages, input.file));
  const compile = () => {
    const reported = file.messages.length;
    try {
      return processor.stringify(tree, file) as ReactElement;
    } catch (error) {
      reportFailure(ctx, file.messages.slice(reported), error, input.file);
      return null;
    }
  };
  const compileNode = (node: Element) => processor.stringify({ type: 'root', children: [node] }, file) as ReactElement;
  const element = markdownContent({ tree, components: processor.data('markdownComponents') ?? {}, compile, compileNode });
  return { element, headings: ctx.headings, links: ctx.links, search: file.data.search ?? [], ...(file.data.twin !== undefined ? { twin: file.data.twin } : {}) };
}

/** What was reported before a failure still counts; a plugin's file.fail() is one of those messages. */
function reportFailure(ctx: MarkdownContext, messages: VFile['messages'], error: unknown, path: string): void {
  ctx.diagnostics.push(...messageDiagnostics(messages, path));
  if (!messages.includes(error as VFile['messages'][number])) ctx.diagnostics.push(renderError(error, path, ctx.places.configFile));
}

/** What plugins reported through the vfile, at their place in the Markdown file. */
function messageDiagnostics(messages: VFile['messages'], path: string): Diagnostic[] {
  return messages.map((message) => ({
    ruleId: message.ruleId ?? message.source ?? 'markdown',
    severity: message.fatal ? 'error' : 'warning',
    message: message.reason,
    ...(message.note ? { hint: message.note } : {}),
    file: path,
    line: message.line ?? 1,
    column: message.column ?? 1,
  }));
}

function renderError(error: unknown, path: string, configFile: string): Diagnostic {
  // A plugin failing on odd input is a bug (ours, or that of a site plugin, which is named), but the writer still needs the place.
  const raw = (error as { place?: unknown } | null)?.place;
  const place = (raw && typeof raw === 'object' && 'start' in raw ? raw.start : raw) as { line?: number; column?: number } | undefined;
  const plugin = error instanceof PluginError ? error.spec : null;
  const config = shownPath(configFile);
  return {
    ruleId: 'markdown-error',
    severity: 'error',
    message: `the Markdown could not be rendered: ${(error as Error | null)?.message ?? String(error)}`,
    hint: plugin?.from
      ? `a ${plugin.kind} plugin of the plugin "${plugin.from}" (plugins: in ${config}) failed on this page: check its options, or report it to its authors`
      : plugin
      ? `the ${plugin.kind} plugin "${plugin.name}" (markdown.${plugin.kind}Plugins in ${config}) failed on this page: check its options, or report it to its authors`
      : 'simplify the construct at this place; if it looks valid, report it as a bankdocs bug',
    ...(plugin ? { paths: [configFile] } : {}),
    file: path,
    line: place?.line ?? 1,
    column: place?.column ?? 1,
  };
}
