// Link reference definitions ("[label]: /url 'title'"). markdown-it reads them into
// env.references and leaves no token; mdast keeps a definition node where each was
// written (and linkReference nodes that point at it), so the reference rule is wrapped
// to push a `definition` token with what it read.
import type { StateBlock } from 'markdown-it';
import reference from 'markdown-it/lib/rules_block/reference.mjs';
import lheading from 'markdown-it/lib/rules_block/lheading.mjs';
import paragraph from 'markdown-it/lib/rules_block/paragraph.mjs';
import { locateBlock, type BlockRule, type Located } from './positions.js';

export interface DefinitionMeta {
  /** The label as written between the brackets. */
  label: string;
  url: string;
  title: string | null;
}

const SPACE_RE = /[ \t\n]/;

export const definition: BlockRule = (state, startLine, endLine, silent) => {
  if (!reference(state, startLine, endLine, silent)) return false;
  if (silent) return true;
  const meta = readDefinition(state, startLine);
  if (meta) {
    const token = state.push('definition', '', 0);
    token.map = [startLine, state.line];
    token.meta = meta;
  }
  continueParagraph(state, startLine, endLine);
  return true;
};

/**
 * In CommonMark a definition is read out of the start of a paragraph: a next line that
 * cannot interrupt a paragraph (an indented line, "10. ten", a setext underline's text)
 * is that paragraph's text, as micromark reads it; markdown-it would start a new block.
 */
function continueParagraph(state: StateBlock, startLine: number, endLine: number): void {
  const next = state.line;
  if (next >= endLine || state.isEmpty(next) || state.sCount[next]! < state.blkIndent || reference(state, next, endLine, true)) return;
  const oldParent = state.parentType;
  state.parentType = 'paragraph';
  const interrupted = state.md.block.ruler.getRules('paragraph').some((rule) => rule(state, next, endLine, true));
  state.parentType = oldParent;
  if (interrupted) return;
  const count = state.tokens.length;
  if (!located.lheading(state, next, endLine, false)) located.paragraph(state, next, endLine, false);
  // A setext heading's content takes in the definition lines before it (all of a run).
  let first = startLine;
  for (let k = count - 1; k >= 0; k--) {
    const map = state.tokens[k]!.type === 'definition' ? state.tokens[k]!.map : null;
    if (!map || (map[0] !== first && map[1] !== first)) break;
    first = map[0];
  }
  if (state.tokens[count]?.type === 'heading_open') (state.tokens[count] as Located).start = state.bMarks[first]! + state.tShift[first]!;
}

const located = { lheading: locateBlock(lheading), paragraph: locateBlock(paragraph) };

/** Reads again what the reference rule accepted on the lines from `startLine` to state.line. */
function readDefinition(state: StateBlock, startLine: number): DefinitionMeta | null {
  const src = state.src;
  const from = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[state.line - 1]!;
  let pos = from + 1;
  while (pos < max && src[pos] !== ']') pos += src[pos] === '\\' ? 2 : 1;
  const label = src.slice(from + 1, pos);
  pos += 2; // "]:"
  while (pos < max && SPACE_RE.test(src[pos]!)) pos++;
  const destination = state.md.helpers.parseLinkDestination(src, pos, max);
  if (!destination.ok) return null;
  pos = destination.pos;
  let title: string | null = null;
  const afterUrl = pos;
  while (pos < max && SPACE_RE.test(src[pos]!)) pos++;
  if (pos > afterUrl && pos < max) {
    const parsed = state.md.helpers.parseLinkTitle(src, pos, max);
    if (parsed.ok) title = parsed.str;
  }
  return { label, url: destination.str, title };
}
