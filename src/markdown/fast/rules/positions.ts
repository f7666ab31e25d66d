// Where tokens come from. markdown-it gives block tokens a line range only and inline
// tokens nothing, while mdast gives every node a start and an end. Each rule is wrapped
// (through the public Ruler.at) to note, on the tokens it pushes, their offsets:
//   block rules: `start`, the file offset of the block's first character;
//   inline rules: `start` and `end` in the inline content, and for links, images and
//   autolinks `inner` (where their text starts and ends) and `reference` (how a
//   reference link was written: mdast keeps linkReference nodes).
// Text has no position of its own here: it fills the gaps between its siblings
// (to-mdast/inline.ts).
import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';
import autolink from 'markdown-it/lib/rules_inline/autolink.mjs';
import backticks from 'markdown-it/lib/rules_inline/backticks.mjs';
import emphasis from 'markdown-it/lib/rules_inline/emphasis.mjs';
import escape from 'markdown-it/lib/rules_inline/escape.mjs';
import htmlInline from 'markdown-it/lib/rules_inline/html_inline.mjs';
import image from 'markdown-it/lib/rules_inline/image.mjs';
import link from 'markdown-it/lib/rules_inline/link.mjs';
import newline from 'markdown-it/lib/rules_inline/newline.mjs';
import blockquote from 'markdown-it/lib/rules_block/blockquote.mjs';
import code from 'markdown-it/lib/rules_block/code.mjs';
import fence from 'markdown-it/lib/rules_block/fence.mjs';
import heading from 'markdown-it/lib/rules_block/heading.mjs';
import hr from 'markdown-it/lib/rules_block/hr.mjs';
import htmlBlock from 'markdown-it/lib/rules_block/html_block.mjs';
import lheading from 'markdown-it/lib/rules_block/lheading.mjs';
import list from 'markdown-it/lib/rules_block/list.mjs';
import paragraph from 'markdown-it/lib/rules_block/paragraph.mjs';
import table from 'markdown-it/lib/rules_block/table.mjs';

export type ReferenceType = 'shortcut' | 'collapsed' | 'full';

/** A token with what the wrapped rules noted about where it came from. */
export type Located = Token & {
  /** Block tokens: file offset of the first character. Inline tokens: offset in the inline content. */
  start?: number;
  /** Inline tokens: offset just after the last character, in the inline content. */
  end?: number;
  /** Links, images, autolinks: where their text (or alt) starts and ends. */
  inner?: { start: number; end: number };
  /** A link or image written as a reference: `[text][label]`, `[label][]` or `[label]`. */
  reference?: { type: ReferenceType; label: string };
};

export type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
export type InlineRule = (state: StateInline, silent: boolean) => boolean;

/**
 * markdown-it's own block rules, by the names its Ruler knows them under, with the rules
 * each may interrupt (its `alt` list, as markdown-it's parser_block.mjs declares it:
 * Ruler.at would otherwise reset it).
 */
const P = 'paragraph';
const R = 'reference';
export const BLOCK_RULES: Record<string, [BlockRule, string[]]> = {
  table: [table, [P, R]],
  code: [code, []],
  fence: [fence, [P, R, 'blockquote', 'list']],
  blockquote: [blockquote, [P, R, 'blockquote', 'list']],
  hr: [hr, [P, R, 'blockquote', 'list']],
  list: [list, [P, R, 'blockquote']],
  html_block: [htmlBlock, [P, R, 'blockquote']],
  heading: [heading, [P, R, 'blockquote']],
  lheading: [lheading, []],
  paragraph: [paragraph, []],
};

/** A block rule that notes the first character's offset on the first token it pushes. */
export function locateBlock(fn: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const count = state.tokens.length;
    if (!fn(state, startLine, endLine, silent)) return false;
    if (!silent && state.tokens.length > count) (state.tokens[count] as Located).start = state.bMarks[startLine]! + state.tShift[startLine]!;
    return true;
  };
}

/** Replaces markdown-it's block rules by located ones, keeping their order and `alt` lists. */
export function locateBlockRules(md: MarkdownIt): void {
  for (const [name, [fn, alt]] of Object.entries(BLOCK_RULES)) md.block.ruler.at(name, locateBlock(fn), { alt });
}

const BRACKET_OPEN = 0x5b;
const PAREN_CLOSE = 0x29;
const SPACE = 0x20;

/**
 * The inline rules whose tokens become mdast nodes, wrapped to note their offsets. A rule
 * first flushes pending text into a text token (StateInline.push): that token is text,
 * placed later, and skipped here.
 */
export function locateInlineRules(md: MarkdownIt, extra: Record<string, InlineRule>): void {
  const rules: Record<string, InlineRule> = {
    newline,
    escape,
    backticks,
    emphasis: emphasis.tokenize!,
    link: withLabel(link, 0),
    image: withLabel(image, 1),
    autolink,
    html_inline: htmlInline,
    ...extra,
  };
  for (const [name, fn] of Object.entries(rules)) md.inline.ruler.at(name, locateInline(fn));
}

function locateInline(fn: InlineRule): InlineRule {
  return (state, silent) => {
    const before = state.pos;
    const count = state.tokens.length + (state.pending ? 1 : 0);
    if (!fn(state, silent)) return false;
    if (silent) return true;
    const after = state.pos;
    const pushed = state.tokens.length - count;
    if (pushed <= 0) return true;
    const first = state.tokens[count] as Located;
    const last = state.tokens[state.tokens.length - 1] as Located;
    if (first.type === 'text' && pushed > 1 && state.tokens.slice(count).every((t) => t.type === 'text')) {
      // A run of delimiters (emphasis): one token per character.
      state.tokens.slice(count).forEach((t, k) => Object.assign(t, { start: before + k, end: before + k + 1 }));
      return true;
    }
    first.start ??= before;
    last.end ??= after;
    if (first.type === 'hardbreak' && state.src.charCodeAt(before) === 0x0a) {
      // "foo  \n": the break starts at the first trailing space.
      let start = before;
      while (start > 0 && state.src.charCodeAt(start - 1) === SPACE) start--;
      first.start = start;
    }
    if (first.type === 'link_open' && first.markup === 'autolink') first.inner = { start: before + 1, end: after - 1 };
    return true;
  };
}

/**
 * Links and images: where the label ends (markdown-it's own helper, called the way its
 * rule calls it), and whether the destination was a reference. `offset` is 1 for images
 * ("![").
 */
function withLabel(fn: InlineRule, offset: number): InlineRule {
  return (state, silent) => {
    const start = state.pos;
    if (state.src.charCodeAt(start + offset) !== BRACKET_OPEN) return false;
    const count = state.tokens.length + (state.pending ? 1 : 0);
    if (!fn(state, silent)) return false;
    if (silent) return true;
    const labelEnd = state.md.helpers.parseLinkLabel(state, start + offset, offset === 0);
    const token = state.tokens[count] as Located | undefined;
    if (!token || labelEnd < 0) return true;
    token.inner = { start: start + offset + 1, end: labelEnd };
    token.reference = referenceOf(state.src, labelEnd, state.pos);
    return true;
  };
}

/** How a link whose label ends at `labelEnd` and which ends at `end` points at its destination. */
function referenceOf(src: string, labelEnd: number, end: number): Located['reference'] {
  if (src.charCodeAt(end - 1) === PAREN_CLOSE && src.charCodeAt(labelEnd + 1) === 0x28) return undefined; // [text](url)
  if (end === labelEnd + 1) return { type: 'shortcut', label: '' };
  if (end === labelEnd + 3) return { type: 'collapsed', label: '' };
  return { type: 'full', label: src.slice(labelEnd + 2, end - 1) };
}
