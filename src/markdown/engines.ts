// The two Markdown engines behind the pipeline's one parser slot (markdown.engine):
//   remark  remark-parse + remark-gfm + remark-directive, the reference, used as they are;
//   fast    markdown-it turned into the same mdast (parse.ts), about six times faster,
//           the default while tests/unit/markdown prove it equal on the CommonMark and
//           GFM spec examples, on every file of the repository and on generated documents.
// Both give block directives only: bankdocs has no inline directive, and "Priority:high"
// in prose must stay text, so the remark engine's text directives are put back as text.
import type { PhrasingContent, Root, RootContent, Text } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type PluggableList, type Processor } from 'unified';
import { nestingLimit, nestingTooDeep, parseMarkdown } from './fast/index.js';
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
    for (const line of unclosedFences(tree, document)) {
      file.message('this code fence is never closed: everything after it, to the end of its container, is shown as code', { place: { line, column: 1 }, ruleId: 'code-fence-unclosed', source: 'bankdocs' });
    }
    for (const { line, column, colons, name } of hasDirectives(tree) ? unclosedDirectives(tree, document) : []) {
      const message = file.message(`"${colons}${name}" is never closed: everything after it, to the end of its container, is part of it`, { place: { line, column }, ruleId: 'directive-unclosed', source: 'bankdocs' });
      message.note = `end it with a line of "${colons}" where it should end`;
    }
    return tree;
  };
}

const DIRECTIVE_OPEN_RE = /^[ \t>*+\-\d.)]*?(:{3,})/;

/** Lines of container directives (:::operation, ::::tabs) that run to the end of their container without a closing line of colons. */
function unclosedDirectives(tree: Root, source: string): { line: number; column: number; colons: string; name: string }[] {
  const lines: { line: number; column: number; colons: string; name: string }[] = [];
  const visit = (node: RootContent | Root): void => {
    if (node.type === 'containerDirective' && node.position) {
      const { start, end } = node.position;
      const first = source.slice(start.offset! - (start.column - 1), source.indexOf('\n', start.offset!) >>> 0);
      const colons = DIRECTIVE_OPEN_RE.exec(first)?.[1];
      if (colons) {
        const last = source.slice(source.lastIndexOf('\n', end.offset! - 1) + 1, end.offset!).replace(/^[ \t>]*/, '').trimEnd();
        const closed = end.line > start.line && /^:+$/.test(last) && last.length >= colons.length;
        if (!closed) lines.push({ line: start.line, column: start.column, colons, name: node.name });
      }
    }
    if ('children' in node) for (const child of node.children as RootContent[]) visit(child);
  };
  visit(tree);
  return lines;
}

const FENCE_OPEN_RE = /^[ \t>*+\-\d.)]*?(`{3,}|~{3,})/;

/** Lines of fenced code blocks that run to the end of their container without a closing fence (CommonMark allows it; it is rarely meant). */
function unclosedFences(tree: Root, source: string): number[] {
  const lines: number[] = [];
  const visit = (node: RootContent | Root): void => {
    if (node.type === 'code' && node.position) {
      const { start, end } = node.position;
      const first = source.slice(start.offset! - (start.column - 1), source.indexOf('\n', start.offset!) >>> 0);
      const fence = FENCE_OPEN_RE.exec(first)?.[1];
      if (fence) {
        const lastLineStart = source.lastIndexOf('\n', end.offset! - 1) + 1;
        const last = source.slice(lastLineStart, end.offset!).replace(/^[ \t>]*/, '').trimEnd();
        const closed = end.line > start.line && last.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(last);
        if (!closed) lines.push(start.line);
      }
    }
    if ('children' in node) for (const child of node.children as RootContent[]) visit(child);
  };
  visit(tree);
  return lines;
}

/** Parses a whole document (front matter already blanked) into mdast with `engine`. */
export function parseWith(engine: MarkdownEngine, source: string): Root {
  return engine === 'fast' ? parseMarkdown(source) : parseRemark(source);
}

/** Parses inline Markdown (a description, a label) into phrasing content. */
export function parseInlineWith(engine: MarkdownEngine, source: string): PhrasingContent[] {
  const root = parseWith(engine, source);
  return root.children.flatMap((block, i) => [
    ...(i ? [{ type: 'text', value: ' ' } as PhrasingContent] : []),
    ...('children' in block ? (block.children as PhrasingContent[]) : []),
  ]);
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
const createRemark = (syntax: PluggableList = []) => unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(syntax).freeze();

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
