// The page's Markdown twin (issue #18), taken while the page is rendered: the parser's
// tree, before any other plugin changes it, with the positions that let
// src/render/render-markdown.ts cut the writer's own text out of the source. Reading
// every page a second time only for its twin cost more than the twins themselves.
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { twinText } from '../render/render-markdown.js';
import { contextOf } from './context.js';

declare module 'vfile' {
  interface DataMap {
    /** The twin's text of this Markdown source, when MarkdownContext.twin asks for it. */
    twin: string;
  }
}

export default function remarkTwin() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    if (!ctx.twin) return;
    file.data.twin = twinText(tree, { source: ctx.source, body: String(file.value) }, { url: ctx.twin.url, locale: ctx.twin.locale, apiLanguage: ctx.apiLanguage }, { ...ctx, siteUrl: ctx.twin.siteUrl, ...(ctx.twin.redirectOf ? { redirectOf: ctx.twin.redirectOf } : {}) });
  };
}
