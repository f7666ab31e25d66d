// The fast engine: Markdown -> mdast through markdown-it. markdown-it does the parsing
// (markdown-it.ts and rules/); to-mdast/ turns its tokens into the mdast that
// remark-parse + remark-gfm + remark-directive give, positions included, so every
// remark/rehype plugin after it is unchanged. Why: micromark needs about 7 ms of CPU per
// 6 KB page, markdown-it about 0.3 ms (README, "Markdown engines"). The tests of
// tests/unit/markdown compare both engines on the CommonMark and GFM spec examples, on
// every Markdown file of the repository and on generated documents.
import type { Token } from 'markdown-it';
import type { Root } from 'mdast';
import { markdownIt } from './markdown-it.js';
import { Converter } from './to-mdast/blocks.js';

/** Parses a whole document (front matter already blanked) into mdast. */
export function parseMarkdown(source: string): Root {
  const src = normalize(source);
  const tokens = markdownIt().parse(src, {});
  const tree = new Converter(src, tokens).root();
  const tooDeep = deepest(tokens);
  if (tooDeep !== null) tree.data = { ...tree.data, tooDeep } as Root['data'];
  return tree;
}

/**
 * The 1-based line where the document nests deeper than markdown-it reads (its
 * maxNesting: lists in lists, quotes in quotes), or null. markdown-it drops what lies
 * deeper, and micromark's time grows with the cube of the depth (800 nested lists: 19 s),
 * so such a document is reported, and both engines read it with markdown-it's limit.
 */
export function nestingTooDeep(source: string): number | null {
  return deepest(markdownIt().parse(normalize(source), {}));
}

function deepest(tokens: Token[]): number | null {
  const limit = nestingLimit();
  let line: number | null = null;
  // Indexed loops, and no empty array for a token without children: once per page, and
  // the iterators and arrays were 2 % of a cold build's garbage.
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.level >= limit) return (token.map?.[0] ?? line ?? 0) + 1;
    if (token.map) line = token.map[0];
    // Emphasis, strike-through and links: markdown-it pairs their markers after the fact,
    // without a level, so "*a *a *a … b* b* b*" nests as deep as it is long.
    const children = token.children;
    if (!children) continue;
    let depth = 0;
    for (let k = 0; k < children.length; k++) {
      const child = children[k]!;
      if (child.level >= limit || (depth += child.nesting) >= limit) return (token.map?.[0] ?? 0) + 1;
    }
  }
  return null;
}

/** Token levels markdown-it reads to (its maxNesting, less the item and paragraph levels). */
export function nestingLimit(): number {
  return ((markdownIt().options as { maxNesting?: number }).maxNesting ?? 100) - 2;
}

function normalize(source: string): string {
  return source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
}

