// The markdown-it instance of the fast engine: CommonMark, GFM tables, strikethrough,
// task lists and footnotes, block directives, reference definitions as tokens, and every
// rule wrapped to note where its tokens come from (rules/positions.ts). GFM autolink
// literals are not markdown-it's linkify: the reference's own transform runs on the mdast
// (to-mdast/autolink-literal.ts), so both engines link exactly the same text.
import createMarkdownIt, { type MarkdownIt } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import { definition } from './rules/definition.js';
import { directive } from './rules/directive.js';
import { locateBlock, locateBlockRules, locateInlineRules, type InlineRule } from './rules/positions.js';
import { strikethrough, strikethroughPairs } from './rules/strikethrough.js';
import { taskList } from './rules/task-list.js';

let shared: MarkdownIt | null = null;

/** The configured parser; one per thread (it holds no per-document state). */
export function markdownIt(): MarkdownIt {
  if (shared) return shared;
  const md = createMarkdownIt('default', { html: true, linkify: false });
  // mdast keeps destinations as written (escapes and entities decoded); hast encodes them.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  // micromark keeps javascript: destinations as links; so do we, and remark-links reports
  // them (unsafe-link) instead of markdown-it silently turning them into text.
  md.validateLink = () => true;
  md.inline.ruler.at('strikethrough', strikethrough);
  md.inline.ruler2.at('strikethrough', strikethroughPairs);
  md.core.ruler.after('block', 'task_list', taskList);
  md.use(footnote);
  // GFM has footnote references and definitions, not inline footnotes ("^[text]"), and
  // "[^1]" is a footnote reference before anything else ("[^1][ref]" too). The plugin
  // exports no rule functions, so its footnote_ref rule is read from the Ruler's list
  // (the one private access left) and put before the link rule.
  md.inline.ruler.disable('footnote_inline');
  const footnoteRef = (md.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] }).__rules__.find((r) => r.name === 'footnote_ref')!.fn;
  md.inline.ruler.disable('footnote_ref');
  md.inline.ruler.before('link', 'gfm_footnote_ref', footnoteRef);
  md.block.ruler.at('reference', locateBlock(definition));
  md.block.ruler.before('fence', 'directive', locateBlock(directive), { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  locateBlockRules(md);
  locateInlineRules(md, { gfm_footnote_ref: footnoteRef });
  shared = md;
  return md;
}
