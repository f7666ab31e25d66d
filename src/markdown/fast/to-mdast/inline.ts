// An inline token's children -> mdast phrasing content, every node placed. Tokens of the
// wrapped rules carry their offsets in the inline content (rules/positions.ts); a text
// node fills the gap between its siblings, inside its parent's content (a link's label,
// an emphasis between its markers); spans are then mapped to file positions.
import type { Token } from 'markdown-it';
import { unescapeAll } from 'markdown-it/lib/common/utils.mjs';
import type { Link, LinkReference, Parent, PhrasingContent } from 'mdast';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { Located } from '../rules/positions.js';
import { linkLiterals } from './autolink-literal.js';
import { nestingLimit } from '../index.js';
import type { ContentMapper, SourceText } from './offsets.js';

interface Span {
  start: number;
  end: number;
}

interface Frame {
  node: { children: PhrasingContent[] };
  /** Where the children lie, in content offsets. */
  inner: Span;
  /** The opening token, for the node's start. */
  open?: Located;
}

/** Spans in content offsets, until they are turned into positions. */
type Spans = Map<object, Span>;

export function inlineNodes(inline: Located, mapper: ContentMapper, text: SourceText): PhrasingContent[] {
  const content = inline.content;
  const spans: Spans = new Map();
  const inners = new Map<object, Span>();
  const root: Frame = { node: { children: [] }, inner: { start: 0, end: content.length } };
  const stack: Frame[] = [root];
  /** Opening markers read as text, past the nesting limit, whose closing ones are text too. */
  let flattened = 0;
  const top = () => stack[stack.length - 1]!;
  const pushText = (value: string) => {
    const siblings = top().node.children;
    const last = siblings[siblings.length - 1];
    if (last?.type === 'text') last.value += value;
    else siblings.push({ type: 'text', value });
  };
  const pushPlaced = (node: PhrasingContent, t: Located) => {
    if (t.start !== undefined && t.end !== undefined) spans.set(node, { start: t.start, end: t.end });
    top().node.children.push(node);
  };

  for (const token of inline.children ?? []) {
    const t = token as Located;
    switch (t.type) {
      case 'text':
      case 'text_special':
        if (t.content) pushText(t.content);
        break;
      case 'softbreak':
        pushText('\n');
        break;
      case 'hardbreak':
        pushPlaced({ type: 'break' }, t);
        break;
      case 'code_inline':
        pushPlaced({ type: 'inlineCode', value: t.content }, t);
        break;
      case 'html_inline':
        pushPlaced({ type: 'html', value: t.content }, t);
        break;
      case 'image':
        pushPlaced(image(t, content), t);
        break;
      case 'footnote_ref': {
        const meta = t.meta as { id: number; label?: string };
        const label = meta.label ?? String(meta.id + 1);
        pushPlaced({ type: 'footnoteReference', identifier: label.toLowerCase(), label }, t);
        break;
      }
      case 'em_open':
      case 'strong_open':
      case 's_open':
      case 'link_open': {
        // Deeper than the engine reads (index.ts reports it as markdown-too-deep), and than
        // recursion over the tree could walk: its markers are text.
        if (flattened || stack.length > nestingLimit()) {
          flattened++;
          pushText(t.markup);
          break;
        }
        const node = (t.type === 'link_open' ? link(t, content) : { type: t.type === 'em_open' ? 'emphasis' : t.type === 'strong_open' ? 'strong' : 'delete', children: [] }) as PhrasingContent & { children: PhrasingContent[] };
        top().node.children.push(node);
        const inner = t.inner ?? (t.end !== undefined ? { start: t.end, end: content.length } : { start: 0, end: content.length });
        stack.push({ node, inner, open: t });
        break;
      }
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close': {
        if (flattened) {
          flattened--;
          pushText(t.markup);
          break;
        }
        if (stack.length === 1) break;
        const frame = stack.pop()!;
        const open = frame.open!;
        // A strong's tokens are the inner characters of its "**" runs (markdown-it's emphasis).
        const extra = t.type === 'em_close' || t.type === 'strong_close' ? t.markup.length - 1 : 0;
        if (!open.inner && t.start !== undefined) frame.inner.end = t.start;
        if (open.start !== undefined && t.end !== undefined) spans.set(frame.node, { start: open.start - extra, end: t.end + extra });
        inners.set(frame.node, frame.inner);
        break;
      }
      default:
        if (t.content) pushText(t.content);
    }
  }
  while (stack.length > 1) {
    const frame = stack.pop()!;
    inners.set(frame.node, frame.inner);
  }
  inners.set(root.node, root.inner);
  fillText(root.node, spans, inners);
  place(root.node, spans, mapper, text, content);
  return linkLiterals(root.node.children, text);
}

/** A text child spans from where its previous sibling ends to where the next begins. */
function fillText(parent: { children: PhrasingContent[] }, spans: Spans, inners: Map<object, Span>): void {
  const inner = inners.get(parent);
  if (!inner) return;
  let cursor = inner.start;
  parent.children.forEach((child, k) => {
    if (child.type === 'text') {
      const next = parent.children[k + 1];
      const end = next ? (spans.get(next)?.start ?? cursor) : inner.end;
      spans.set(child, { start: cursor, end: Math.max(cursor, end) });
      cursor = Math.max(cursor, end);
      return;
    }
    const span = spans.get(child);
    if (span) cursor = span.end;
    if ('children' in child) fillText(child as { children: PhrasingContent[] }, spans, inners);
  });
}

/** Content spans -> file positions, on every node that has one. */
function place(parent: { children: PhrasingContent[] }, spans: Spans, mapper: ContentMapper, text: SourceText, content: string): void {
  for (const child of parent.children) {
    const span = spans.get(child);
    if (span) {
      // Text that ends with a line ending ends there, before the next line's indentation.
      const end = span.end > span.start && content.charCodeAt(span.end - 1) === 10 ? mapper.fileOffset(span.end - 1) + 1 : mapper.fileOffset(span.end);
      child.position = { start: text.point(mapper.fileOffset(span.start)), end: text.point(end) };
    }
    if ('children' in child) place(child as Parent as { children: PhrasingContent[] }, spans, mapper, text, content);
  }
}

function link(t: Located, content: string): Link | LinkReference {
  const reference = referenceOf(t, content);
  if (reference) return { type: 'linkReference', ...reference, children: [] };
  const title = t.attrGet('title');
  return { type: 'link', url: String(t.attrGet('href') ?? ''), title: title === null ? null : String(title), children: [] };
}

function image(t: Located, content: string): PhrasingContent {
  const alt = plainText(t.children ?? []);
  const reference = referenceOf(t, content);
  if (reference) return { type: 'imageReference', ...reference, alt };
  const title = t.attrGet('title');
  return { type: 'image', url: String(t.attrGet('src') ?? ''), title: title === null ? null : String(title), alt };
}

/** mdast's fields of a reference link or image, as mdast-util-from-markdown sets them. */
function referenceOf(t: Located, content: string): Pick<LinkReference, 'identifier' | 'label' | 'referenceType'> | null {
  if (!t.reference || !t.inner) return null;
  const raw = t.reference.type === 'full' ? t.reference.label : content.slice(t.inner.start, t.inner.end);
  return { identifier: normalizeIdentifier(raw).toLowerCase(), label: unescapeAll(raw), referenceType: t.reference.type };
}

function plainText(tokens: Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'softbreak' || t.type === 'hardbreak') out += '\n';
    else if (t.type === 'image') out += plainText(t.children ?? []);
    else out += t.content;
  }
  return out;
}
