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
import { parseMarkdown } from './fast/index.js';

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
  this.parser = extended ? (document: string): Root => parseRemarkWith(extended, document) : (document: string): Root => parseWith(engine, document);
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
