// The two Markdown engines behind the pipeline's one parser slot (markdown.engine):
//   remark  remark-parse + remark-gfm + remark-directive, the reference, used as they are;
//   fast    markdown-it turned into the same mdast (parse.ts), about six times faster,
//           the default while tests/unit/markdown prove it equal on the CommonMark and
//           GFM spec examples, on every file of the repository and on generated documents.
// Both give block directives only: bankdocs has no inline directive, and "Priority:high"
// in prose must stay text, so the remark engine's text directives are put back as text.
import type { Root, RootContent, Text } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type PluggableList, type Processor } from 'unified';
import { nestingLimit, nestingTooDeep, parseMarkdown } from './fast/index.js';
import { setAttribute } from './fast/rules/directive.js';
import { PARSED_WITHOUT_DIRECTIVES } from './fast/to-mdast/blocks.js';
import type { VFile } from 'vfile';

export const MARKDOWN_ENGINES = ['fast', 'remark'] as const;
export type MarkdownEngine = (typeof MARKDOWN_ENGINES)[number];

/**
 * A unified plugin that makes `engine` the processor's parser. `syntax`: the site's remark
 * plugins that add Markdown syntax (markdown.remarkPlugins), which the remark engine's
 * parser takes too; the config refuses them with the fast engine.
 */
export function markdownEngine(this: Processor, options: { engine?: MarkdownEngine; syntax?: PluggableList } = {}) {
  const engine = options.engine ?? 'fast';
  const extended = engine === 'remark' && options.syntax?.length ? createRemark(options.syntax) : null;
  this.parser = (document: string, file: VFile): Root => {
    const tooDeep = engine === 'fast' ? null : nestingTooDeep(document);
    // Too deep for the remark engine's time: read with the fast engine's limit instead.
    const tree = tooDeep !== null || engine === 'fast' ? parseMarkdown(document) : extended ? parseRemarkWith(extended, document) : parseRemark(document);
    const line = (tree.data as { tooDeep?: number } | undefined)?.tooDeep ?? tooDeep;
    if (line !== null && line !== undefined) {
      const message = file.message(`lists, quotes or emphasis are nested more than ${nestingLimit()} levels deep here; what lies deeper is not rendered`, { place: { line, column: 1 }, ruleId: 'markdown-too-deep', source: 'bankdocs' });
      message.fatal = true;
    }
    for (const { line } of unclosedBlocks(tree, document, 'code', FENCE_OPEN_RE, closesFence)) {
      file.message('this code fence is never closed: everything after it, to the end of its container, is shown as code', { place: { line, column: 1 }, ruleId: 'code-fence-unclosed', source: 'bankdocs' });
    }
    for (const { node, line, column, opener: colons } of hasDirectives(tree) ? unclosedBlocks(tree, document, 'containerDirective', DIRECTIVE_OPEN_RE, closesDirective) : []) {
      const name = (node as { name?: string }).name ?? '';
      const message = file.message(`"${colons}${name}" is never closed: everything after it, to the end of its container, is part of it`, { place: { line, column }, ruleId: 'directive-unclosed', source: 'bankdocs' });
      message.note = `end it with a line of "${colons}" where it should end`;
    }
    return tree;
  };
}

const FENCE_OPEN_RE = /^[ \t>*+\-\d.)]*?(`{3,}|~{3,})/;
const DIRECTIVE_OPEN_RE = /^[ \t>*+\-\d.)]*?(:{3,})/;

/** A code fence's closing line: the same character, at least as many times, alone. */
const closesFence = (last: string, fence: string) => last.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(last);
/** A container directive's closing line: colons alone, at least as many. */
const closesDirective = (last: string, colons: string) => /^:+$/.test(last) && last.length >= colons.length;

/**
 * Blocks opened by a line of marks (a code fence, a container directive's colons) that run
 * to the end of their container without a closing line: CommonMark and the directive
 * syntax allow it, and it is rarely meant.
 */
function unclosedBlocks(tree: Root, source: string, type: 'code' | 'containerDirective', open: RegExp, closes: (last: string, opener: string) => boolean): { node: RootContent; line: number; column: number; opener: string }[] {
  const found: { node: RootContent; line: number; column: number; opener: string }[] = [];
  const visit = (node: RootContent | Root): void => {
    if (node.type === type && node.position) {
      const { start, end } = node.position;
      const first = source.slice(start.offset! - (start.column - 1), source.indexOf('\n', start.offset!) >>> 0);
      const opener = open.exec(first)?.[1];
      if (opener) {
        const last = source.slice(source.lastIndexOf('\n', end.offset! - 1) + 1, end.offset!).replace(/^[ \t>]*/, '').trimEnd();
        if (!(end.line > start.line && closes(last, opener))) found.push({ node: node as RootContent, line: start.line, column: start.column, opener });
      }
    }
    if ('children' in node) for (const child of node.children as RootContent[]) visit(child);
  };
  visit(tree);
  return found;
}

/** Parses a whole document (front matter already blanked) into mdast with `engine`. */
export function parseWith(engine: MarkdownEngine, source: string): Root {
  return engine === 'fast' ? parseMarkdown(source) : parseRemark(source);
}

/** Whether the document has a block directive (so directive plugins can skip the walk). */
export function hasDirectives(tree: Root): boolean {
  if (PARSED_WITHOUT_DIRECTIVES.has(tree)) return false;
  const flag = (tree.data as { directives?: boolean } | undefined)?.directives;
  if (flag !== undefined) return flag;
  const found = tree.children.some(function has(node: RootContent): boolean {
    return node.type === 'containerDirective' || node.type === 'leafDirective' || ('children' in node && (node.children as RootContent[]).some(has));
  });
  tree.data = { ...tree.data, directives: found } as Root['data'];
  return found;
}

let remark: ReturnType<typeof createRemark> | null = null;
const createRemark = (syntax: PluggableList = []) => unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(ownDirectiveAttributes).use(syntax).freeze();

type AttributesExit = (this: { data: { directiveAttributes?: [string, string][] }; stack: { attributes?: Record<string, string> | null }[] }, token: unknown) => void;

/**
 * remark-directive's attributes, each an own property: it collects them in an object
 * literal, where "__proto__" sets the prototype, so {__proto__="x"} was dropped unreported
 * instead of reported as an attribute the directive does not take (as the fast engine does).
 */
function ownDirectiveAttributes(this: Processor) {
  for (const extension of (this.data('fromMarkdownExtensions') ?? []) as { exit?: Record<string, AttributesExit> }[]) {
    for (const type of ['directiveContainerAttributes', 'directiveLeafAttributes']) {
      const exit = extension.exit?.[type];
      if (!exit) continue;
      extension.exit![type] = function (token) {
        const written = this.data.directiveAttributes ?? [];
        exit.call(this, token);
        const attributes = this.stack.at(-1)?.attributes;
        for (const [name, value] of written) if (attributes && !Object.hasOwn(attributes, name)) setAttribute(attributes, name, value);
      };
    }
  }
}

function parseRemark(source: string): Root {
  remark ??= createRemark();
  return parseRemarkWith(remark, source);
}

function parseRemarkWith(processor: ReturnType<typeof createRemark>, source: string): Root {
  const tree = processor.parse(source) as Root;
  restoreTextDirectives(tree, source);
  return tree;
}

type Parent = { children: RootContent[] };

/** Text directives (":name[label]{…}") back to the text they were written as, merged with their neighbours. */
function restoreTextDirectives(node: Parent | Root, source: string): void {
  let changed = false;
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]!;
    if (child.type === 'textDirective') {
      const { start, end } = child.position!;
      node.children[i] = { type: 'text', value: source.slice(start.offset!, end.offset!), position: child.position } as Text;
      changed = true;
    } else if ('children' in child) {
      restoreTextDirectives(child as Parent, source);
    }
  }
  if (!changed) return;
  const merged: RootContent[] = [];
  for (const child of node.children) {
    const last = merged.at(-1);
    if (last?.type === 'text' && child.type === 'text') {
      last.value += child.value;
      if (last.position && child.position) last.position = { start: last.position.start, end: child.position.end };
    } else merged.push(child);
  }
  node.children = merged;
}
