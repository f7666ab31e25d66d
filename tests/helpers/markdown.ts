// Renders one Markdown body through the real pipeline, for unit tests of our plugins.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ApiModel } from '../../src/api/openapi.js';
import type { Diagnostic } from '../../src/diagnostics.js';
import type { DocumentSlugger } from '../../src/markdown/context.js';
import type { MarkdownEngine } from '../../src/markdown/engines.js';
import { createMarkdownProcessor, renderMarkdown } from '../../src/markdown/pipeline.js';

/** Where a site of the unit tests keeps its files (the config's defaults, under /s). */
export const PLACES = { contentDir: '/s/content', configFile: '/s/docs.config.yaml', openapi: '/s/content/api/openapi.yaml' };

export function renderBody(body: string, options: { highlight?: boolean; assets?: string[]; engine?: MarkdownEngine; file?: string; api?: ApiModel | null; apiLanguage?: string | null; locale?: string | null; urlBySource?: Map<string, string>; slugger?: DocumentSlugger } = {}) {
  const diagnostics: Diagnostic[] = [];
  const result = renderMarkdown(createMarkdownProcessor({ highlight: options.highlight ?? true, engine: options.engine ?? 'fast' }), body, {
    source: 'developers/x.md',
    file: options.file ?? '/s/content/developers/x.md',
    urlBySource: options.urlBySource ?? new Map([['developers/y.md', '/developers/y']]),
    assets: new Set(options.assets ?? []),
    api: options.api ?? null,
    places: PLACES,
    locale: options.locale ?? null,
    apiLanguage: options.apiLanguage ?? null,
    apiLanguages: ['curl', 'ruby'],
    diagnostics,
    ...(options.slugger ? { slugger: options.slugger } : {}),
  });
  return { html: renderToStaticMarkup(result.element), diagnostics, headings: result.headings, element: result.element };
}
