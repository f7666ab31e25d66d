// The examples of the API reference, read from the section sources: every fenced block
// inside a `:::operation{id}` container, with its place in the file.
import type { Code, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { Page } from '../content/site.js';
import { parseWith, type MarkdownEngine } from '../markdown/engines.js';

export interface Example {
  operationId: string;
  /** The fence's language: "curl", "ruby", "json", … */
  lang: string;
  /** True for the response example (```json response [status]). */
  response: boolean;
  status: string | null;
  value: string;
  file: string;
  /** 1-based line and column of the first line of code (after the fence). */
  line: number;
  column: number;
}

export interface OperationBlock {
  operationId: string;
  file: string;
  line: number;
  column: number;
  examples: Example[];
}

export function parseSection(body: string, engine: MarkdownEngine = 'fast'): Root {
  return parseWith(engine, body);
}

export function operationBlocks(page: Pick<Page, 'body' | 'file'>, tree: Root = parseSection(page.body)): OperationBlock[] {
  const blocks: OperationBlock[] = [];
  visit(tree, 'containerDirective', (node: ContainerDirective) => {
    if (node.name !== 'operation') return;
    const operationId = node.attributes?.id ?? '';
    const examples: Example[] = [];
    visit(node, 'code', (codeNode: Code) => {
      const response = /^response\b\s*(\d{3})?/.exec(codeNode.meta ?? '');
      examples.push({
        operationId,
        lang: codeNode.lang ?? '',
        response: Boolean(response),
        status: response?.[1] ?? null,
        value: codeNode.value,
        file: page.file,
        line: (codeNode.position?.start.line ?? 0) + 1,
        column: codeNode.position?.start.column ?? 1,
      });
    });
    blocks.push({ operationId, file: page.file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1, examples });
  });
  return blocks;
}
