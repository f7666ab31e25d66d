// The request examples of the site, for `check --execute`: the same blocks the static
// check reads (check-examples.ts). In API sections every ```curl and ```ruby block; in
// guides and help pages the shell blocks that run curl against the API's server, and
// the Ruby blocks that use the client.
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { parseSection, type Example } from '../api/examples.js';
import type { ApiModel } from '../api/openapi.js';
import type { Page } from '../content/site.js';
import type { MarkdownEngine } from '../markdown/engines.js';

export interface RequestExample {
  lang: 'curl' | 'ruby';
  example: Example;
}

export const SHELL_LANGS = ['curl', 'shell', 'sh', 'bash', 'zsh', 'console'];

/**
 * A shell block in prose that calls the API with curl (the static check's rule for guides):
 * a curl command on any line (after comments, variables, other commands, or a console
 * prompt "$ "), calling one of the API's servers.
 */
export function isShellCurl(node: Pick<Code, 'lang' | 'value'>, servers: readonly string[]): boolean {
  return SHELL_LANGS.includes(node.lang ?? '') && /(?:^|[\n;&|(])[ \t]*(?:\$[ \t]+)?curl[ \t\\]/.test(node.value) && (!servers.length || servers.some((server) => node.value.includes(server.replace(/\/+$/, ''))));
}

export function requestExamples(pages: readonly Page[], api: ApiModel, options: { engine?: MarkdownEngine; rubyNamespace?: string | null } = {}): RequestExample[] {
  const found: RequestExample[] = [];
  for (const page of pages) {
    // The API reference's sections (layout: api, whatever their collection's name), and
    // the shell blocks of every other page.
    const inApi = page.info.layout === 'api';
    if (!page.body.includes('```') && !page.body.includes('~~~')) continue;
    visit(parseSection(page.body, options.engine), 'code', (node: Code) => {
      const example: Example = { operationId: '', lang: node.lang ?? '', response: false, status: null, value: node.value, file: page.file, line: (node.position?.start.line ?? 0) + 1, column: node.position?.start.column ?? 1 };
      if ((inApi && node.lang === 'curl') || isShellCurl(node, api.servers)) found.push({ lang: 'curl', example });
      else if (node.lang === 'ruby' && (inApi || (options.rubyNamespace && node.value.includes(`${options.rubyNamespace}::`)))) found.push({ lang: 'ruby', example });
    });
  }
  return found;
}
