// GFM autolink literals (www.example.com, https://…, someone@example.com) with the
// reference's own code: mdast-util-gfm-autolink-literal's transform, the one remark-gfm
// runs, applied to each text node, so both engines link exactly the same text
// (markdown-it's linkify differs on 5 of the GFM spec's examples). The pieces a text
// node is cut into are placed within its position.
import type { PhrasingContent, Root, Text } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import type { SourceText } from './offsets.js';

const transform = gfmAutolinkLiteralFromMarkdown().transforms![0]!;
/** Cheap test before the transform's regular expressions: what every literal holds. */
const CANDIDATE_RE = /www\.|:\/\/|@/i;

export function linkLiterals(children: PhrasingContent[], text: SourceText): PhrasingContent[] {
  if (!children.some(mayHoldLiteral)) return children;
  return children.flatMap((child): PhrasingContent[] => {
    if (child.type === 'text') return CANDIDATE_RE.test(child.value) ? split(child, text) : [child];
    if (child.type === 'link' || child.type === 'linkReference' || !('children' in child)) return [child];
    (child as { children: PhrasingContent[] }).children = linkLiterals(child.children as PhrasingContent[], text);
    return [child];
  });
}

function mayHoldLiteral(node: PhrasingContent): boolean {
  if (node.type === 'text') return CANDIDATE_RE.test(node.value);
  if (node.type === 'link' || node.type === 'linkReference' || !('children' in node)) return false;
  return (node.children as PhrasingContent[]).some(mayHoldLiteral);
}

function split(node: Text, text: SourceText): PhrasingContent[] {
  // GFM: "<" ends a literal at once (micromark's tokenizer does that before the transform).
  const segments = node.value.split(/(?=<)/).map((value): Text => ({ type: 'text', value }));
  const root: Root = { type: 'root', children: [{ type: 'paragraph', children: segments }] };
  transform(root);
  const pieces = mergeText(withoutTrailingEntities((root.children[0] as { children: PhrasingContent[] }).children));
  if (pieces.length === 1 && pieces[0]!.type === 'text') return [node];
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return pieces;
  let cursor = start;
  let pendingText: PhrasingContent | null = null;
  const placeText = (to: number) => {
    if (pendingText) pendingText.position = { start: text.point(cursor), end: text.point(Math.max(cursor, to)) };
    pendingText = null;
  };
  for (const piece of pieces) {
    if (piece.type !== 'link') {
      pendingText = piece;
      continue;
    }
    const label = piece.children[0]?.type === 'text' ? piece.children[0].value : '';
    const at = text.src.indexOf(label, cursor);
    if (!label || at < 0 || at + label.length > end) return pieces; // written with escapes: left unplaced
    placeText(at);
    piece.position = { start: text.point(at), end: text.point(at + label.length) };
    piece.children[0]!.position = piece.position;
    cursor = at + label.length;
  }
  placeText(end);
  return pieces;
}

/**
 * GFM: a literal that ends like an entity reference ("…&hl;") ends before it. The
 * transform has already left the ";" out as trailing punctuation.
 */
function withoutTrailingEntities(pieces: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  pieces.forEach((piece, k) => {
    out.push(piece);
    const next = pieces[k + 1];
    if (piece.type !== 'link' || piece.url.startsWith('mailto:') || piece.children[0]?.type !== 'text' || next?.type !== 'text' || !next.value.startsWith(';')) return;
    const entity = /&[A-Za-z0-9]+$/.exec(piece.children[0].value);
    if (!entity) return;
    piece.children[0].value = piece.children[0].value.slice(0, entity.index);
    piece.url = piece.url.slice(0, piece.url.length - entity[0].length);
    out.push({ type: 'text', value: entity[0] });
  });
  return out;
}

function mergeText(pieces: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last?.type === 'text' && piece.type === 'text') last.value += piece.value;
    else out.push(piece);
  }
  return out;
}
