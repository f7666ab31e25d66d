// The unified pipeline: Markdown -> mdast (markdown-it, GFM, directives) -> our remark plugins -> hast -> heading
// ids, highlighting -> React elements through rehype-react and the theme's components.
import GithubSlugger from 'github-slugger';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { markdownComponents } from '../../theme/components/markdown.js';
import { documentSlugger, type Heading, type LinkRef, type MarkdownContext } from './context.js';
import { uiStrings } from '../../theme/components/strings.js';
import remarkApi from './remark-api.js';
import remarkApiLanguage from './remark-api-language.js';
import remarkBlockDirectives from './remark-block-directives.js';
import { markdownEngine, type MarkdownEngine } from './engines.js';
import remarkTabs from './remark-tabs.js';
import remarkLinks from './remark-links.js';
import rehypeCodeHighlight from './rehype-code-highlight.js';
import rehypeHeadings from './rehype-headings.js';

export interface ProcessorOptions {
  /** Which parser reads the Markdown (markdown.engine; default "fast"). */
  engine?: MarkdownEngine;
  /**
   * Syntax colouring of code blocks (default true). `bankdocs check` turns it off: it
   * adds neither ids nor links, the only things the check reads from a page.
   */
  highlight?: boolean;
}

export function createMarkdownProcessor({ highlight = true, engine = 'fast' }: ProcessorOptions = {}) {
  return unified()
    .use(markdownEngine, { engine })
    .use(remarkBlockDirectives)
    .use(remarkTabs, { emptyText: (locale: string | null) => uiStrings(locale ?? 'en').emptyTab })
    .use(remarkApi, { engine })
    .use(remarkLinks)
    .use(remarkApiLanguage)
    .use(remarkRehype)
    .use(rehypeHeadings)
    .use(rehypeCodeHighlight, { colour: highlight })
    .use(rehypeReact, { Fragment, jsx, jsxs, components: markdownComponents })
    .freeze();
}

export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

export interface RenderedMarkdown {
  element: ReactElement;
  headings: Heading[];
  links: LinkRef[];
}

export type MarkdownInput = Omit<MarkdownContext, 'headings' | 'links' | 'slugger'> & { slugger?: GithubSlugger };

export function renderMarkdown(processor: MarkdownProcessor, body: string, input: MarkdownInput): RenderedMarkdown {
  const ctx: MarkdownContext = { ...input, slugger: input.slugger ?? documentSlugger(), headings: [], links: [] };
  const file = new VFile({ path: input.file, value: body, data: { ctx } });
  try {
    processor.processSync(file);
  } catch (error) {
    // A plugin failing on odd input is our bug, but the writer still needs the place.
    const place = (error as { place?: { line?: number; column?: number } }).place;
    ctx.diagnostics.push({
      ruleId: 'markdown-error',
      severity: 'error',
      message: `the Markdown could not be rendered: ${(error as Error).message}`,
      hint: 'simplify the construct at this place; if it looks valid, report it as a bankdocs bug',
      file: input.file,
      line: place?.line ?? 1,
      column: place?.column ?? 1,
    });
    return { element: jsx(Fragment, {}), headings: ctx.headings, links: ctx.links };
  }
  for (const message of file.messages) {
    ctx.diagnostics.push({
      ruleId: message.ruleId ?? message.source ?? 'markdown',
      severity: message.fatal ? 'error' : 'warning',
      message: message.reason,
      file: input.file,
      line: message.line ?? 1,
      column: message.column ?? 1,
    });
  }
  return { element: file.result as ReactElement, headings: ctx.headings, links: ctx.links };
}
