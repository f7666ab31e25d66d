// The fast engine: Markdown -> mdast through markdown-it. markdown-it does the parsing
// (markdown-it.ts and rules/); to-mdast/ turns its tokens into the mdast that
// remark-parse + remark-gfm + remark-directive give, positions included, so every
// remark/rehype plugin after it is unchanged. Why: micromark needs about 7 ms of CPU per
// 6 KB page, markdown-it about 0.3 ms (README, "Markdown engines"). The tests of
// tests/unit/markdown compare both engines on the CommonMark and GFM spec examples, on
// every Markdown file of the repository and on generated documents.
import type { Root } from 'mdast';
import { markdownIt } from './markdown-it.js';
import { Converter } from './to-mdast/blocks.js';

/** Parses a whole document (front matter already blanked) into mdast. */
export function parseMarkdown(source: string): Root {
  const src = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  const tokens = markdownIt().parse(src, {});
  return new Converter(src, tokens).root();
}

