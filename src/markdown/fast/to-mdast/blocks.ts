// Block tokens -> mdast, with the positions remark-parse gives (start and end of every
// node). Inline content goes to inline.ts.
import type { Token } from 'markdown-it';
import { unescapeAll } from 'markdown-it/lib/common/utils.mjs';
import type {
  Blockquote,
  Code,
  Definition,
  FootnoteDefinition,
  Heading,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { Point, Position } from 'unist';
import type { DefinitionMeta } from '../rules/definition.js';
import type { Located } from '../rules/positions.js';
import { inlineNodes } from './inline.js';
import { CellMapper, InlineMapper, SourceText } from './offsets.js';

/**
 * Trees this parser made without a block directive, so hasDirectives (engines.ts) need not
 * walk them: told apart here rather than in the tree's data, which stays as remark-parse
 * leaves it.
 */
export const PARSED_WITHOUT_DIRECTIVES = new WeakSet<Root>();

export class Converter {
  private i = 0;
  private readonly text: SourceText;

  constructor(
    src: string,
    private readonly tokens: Token[],
  ) {
    this.text = new SourceText(src);
  }

  /** Set when the document holds a directive: most do not, and plugins skip their walk. */
  private directives = false;

  root(): Root {
    const children = this.blocks(null);
    const end = this.point(this.text.src.length);
    const root: Root = { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end } };
    if (this.directives) root.data = { directives: true } as Root['data'];
    else PARSED_WITHOUT_DIRECTIVES.add(root);
    return root;
  }

  // Positions ---------------------------------------------------------------------------

  private point(offset: number): Point {
    return this.text.point(offset);
  }

  private blockPosition(token: Located): Position | undefined {
    if (!token.map) return undefined;
    const [first, last] = token.map;
    const start = token.start ?? this.text.firstNonBlank(first);
    // markdown-it's line range may take in the blank lines after a block; the block ends
    // on its last non-blank line, as in micromark.
    let endLine = Math.max(first, last - 1);
    while (endLine > first && this.text.firstNonBlank(endLine) === this.text.lineEnd(endLine)) endLine--;
    return { start: this.point(start), end: this.point(Math.max(start, this.text.lineEnd(endLine))) };
  }

  // Blocks ------------------------------------------------------------------------------

  /** Converts block tokens until the closing token of type `until` (or the end). */
  private blocks(until: string | null): RootContent[] {
    const out: RootContent[] = [];
    const tokens = this.tokens;
    while (this.i < tokens.length) {
      const token = tokens[this.i]! as Located;
      if (until !== null && token.type === until) {
        this.i++;
        return out;
      }
      const node = this.block(token);
      if (Array.isArray(node)) out.push(...node);
      else if (node) out.push(node);
    }
    return out;
  }

  private block(token: Located): RootContent | RootContent[] | null {
    const position = this.blockPosition(token);
    switch (token.type) {
      case 'paragraph_open': {
        this.i++;
        const inline = this.tokens[this.i++]! as Located;
        const skipped = (inline.meta as { skipped?: number } | null)?.skipped;
        if (skipped && position) position.start = this.point(position.start.offset! + skipped); // a task list marker
        this.i++; // paragraph_close
        if (token.meta?.directiveLabel && inline.start !== undefined && position) {
          // A container directive's [label]: the paragraph is the brackets.
          position.end = this.point(inline.start + inline.content.length + 1);
          const node: Paragraph = { type: 'paragraph', children: this.inlineOf(inline, inline.start), position, data: { directiveLabel: true } as never };
          return node;
        }
        const node: Paragraph = { type: 'paragraph', children: this.inlineOf(inline, position?.start.offset), position };
        return node;
      }
      case 'heading_open': {
        this.i++;
        const from = (position?.start.offset ?? 0) + (token.markup.startsWith('#') ? token.markup.length : 0);
        const children = this.inlineOf(this.tokens[this.i++]! as Located, from, true);
        this.i++;
        const node: Heading = { type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children, position };
        return node;
      }
      case 'blockquote_open': {
        this.i++;
        const node: Blockquote = { type: 'blockquote', children: this.blocks('blockquote_close') as Blockquote['children'], position };
        return node;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(token, position);
      case 'fence':
      case 'code_block': {
        this.i++;
        if (token.type === 'code_block' && position) {
          // An indented block starts at its indentation (four columns), as in micromark.
          let offset = position.start.offset!;
          for (let n = 0; n < 4 && offset > 0 && this.text.src[offset - 1] === ' '; n++) offset--;
          position.start = this.point(offset);
        }
        const info = token.type === 'fence' ? token.info.trim() : '';
        const space = info.search(/\s/);
        const lang = info ? (space < 0 ? info : info.slice(0, space)) : null;
        const meta = info && space >= 0 ? info.slice(space).trim() || null : null;
        const node: Code = { type: 'code', lang: lang ? unescapeAll(lang) : null, meta: meta ? unescapeAll(meta) : null, value: token.content.replace(/\n$/, ''), position };
        return node;
      }
      case 'hr':
        this.i++;
        return { type: 'thematicBreak', position };
      case 'definition': {
        this.i++;
        const meta = token.meta as DefinitionMeta;
        const node: Definition = { type: 'definition', identifier: normalizeIdentifier(meta.label).toLowerCase(), label: unescapeAll(meta.label), url: meta.url, title: meta.title, position };
        return node;
      }
      case 'html_block': {
        this.i++;
        // A block of kinds 1 to 5 (<script>, <!--, <?, <!X, <![CDATA[) that runs to the end
        // of the document without its end condition keeps its last line ending in micromark.
        const open = /^\s*<(?:(script|pre|style|textarea)(?=[\s>]|$)|(!--)|(\?)|(![A-Za-z])|(!\[CDATA\[))/i.exec(token.content);
        const ends = open && [/<\/(?:script|pre|style|textarea)>/i, /-->/, /\?>/, />/, /\]\]>/][open.slice(1).findIndex(Boolean)]!;
        const unclosed = ends !== null && ends !== undefined && !ends.test(token.content.slice(open![0].length)) && token.map?.[1] === this.text.lineStarts.length - (this.text.src.endsWith('\n') ? 1 : 0);
        return { type: 'html', value: unclosed ? token.content : token.content.replace(/\n$/, ''), position };
      }
      case 'table_open':
        return this.table(token, position);
      case 'directive_leaf': {
        this.i++;
        this.directives = true;
        let children: PhrasingContent[] = [];
        const next = this.tokens[this.i] as Located | undefined;
        if (next?.type === 'inline' && next.map?.[0] === token.map?.[0]) {
          this.i++;
          children = this.inlineOf(next, next.start);
        }
        const node: LeafDirective = { type: 'leafDirective', name: token.info, attributes: (token.meta?.attributes ?? {}) as Record<string, string>, children, position };
        return node;
      }
      case 'directive_container_open': {
        this.i++;
        this.directives = true;
        const children = this.blocks('directive_container_close');
        const node: ContainerDirective = {
          type: 'containerDirective',
          name: token.info,
          attributes: (token.meta?.attributes ?? {}) as Record<string, string>,
          children: children as ContainerDirective['children'],
          position,
        };
        return node;
      }
      case 'footnote_block_open': {
        this.i++;
        const defs: RootContent[] = [];
        while (this.i < this.tokens.length && this.tokens[this.i]!.type !== 'footnote_block_close') {
          const open = this.tokens[this.i]!;
          if (open.type !== 'footnote_open') {
            this.i++;
            continue;
          }
          this.i++;
          const meta = open.meta as { id: number; label?: string };
          const label = meta.label ?? String(meta.id + 1);
          const def: FootnoteDefinition = { type: 'footnoteDefinition', identifier: label.toLowerCase(), label, children: this.blocks('footnote_close') as FootnoteDefinition['children'] };
          defs.push(def);
        }
        this.i++;
        return defs;
      }
      default:
        // An unknown token from a plugin: skip it (and its children).
        this.skip();
        return null;
    }
  }

  private skip(): void {
    const token = this.tokens[this.i++]!;
    if (token.nesting !== 1) return;
    let depth = 1;
    while (this.i < this.tokens.length && depth > 0) depth += this.tokens[this.i++]!.nesting;
  }

  private list(token: Located, position: Position | undefined): List {
    const ordered = token.type === 'ordered_list_open';
    const close = ordered ? 'ordered_list_close' : 'bullet_list_close';
    const startAttr = token.attrGet('start');
    const node: List = { type: 'list', ordered, start: ordered ? (startAttr === null ? 1 : Number(startAttr)) : null, spread: false, children: [], position };
    // markdown-it hides the paragraphs of tight lists (those two levels below the list).
    let loose = false;
    for (let j = this.i + 1; j < this.tokens.length; j++) {
      const t = this.tokens[j]!;
      if (t.type === close && t.level === token.level) break;
      if (t.type === 'paragraph_open' && t.level === token.level + 2 && !t.hidden) {
        loose = true;
        break;
      }
    }
    this.i++;
    while (this.i < this.tokens.length && this.tokens[this.i]!.type !== close) {
      const item = this.tokens[this.i]! as Located;
      if (item.type !== 'list_item_open') {
        this.skip();
        continue;
      }
      if (item.start === undefined && item.map) {
        // The list rule pushes items itself: find the marker on the item's first line.
        const marker = ordered ? item.info + item.markup : item.markup;
        const from = item.map[0] === token.map?.[0] && token.start !== undefined ? token.start : this.text.lineStarts[item.map[0]]!;
        const at = this.text.src.indexOf(marker, from);
        if (at >= 0 && at <= this.text.lineEnd(item.map[0])) item.start = at;
      }
      const itemPosition = this.blockPosition(item);
      this.i++;
      const children = this.blocks('list_item_close') as ListItem['children'];
      const listItem: ListItem = { type: 'listItem', spread: false, checked: null, children, position: itemPosition };
      const checked = (item.meta as { checked?: boolean } | null)?.checked;
      if (checked !== undefined) listItem.checked = checked;
      node.children.push(listItem);
    }
    this.i++; // list close
    // As mdast-util-from-markdown: an item is spread when blank lines separate its
    // children, the list when blank lines separate its items. mdast-util-to-hast renders
    // a list loose when either holds, which is markdown-it's looseness.
    let spreadItem = false;
    for (const item of node.children) {
      item.spread = item.children.some((child, k) => {
        const prev = item.children[k - 1];
        return prev?.position && child.position ? child.position.start.line > prev.position.end.line + 1 : false;
      });
      spreadItem ||= item.spread;
    }
    let between = false;
    for (let k = 1; k < node.children.length; k++) {
      const prev = node.children[k - 1]!;
      const lastLine = prev.children.at(-1)?.position?.end.line ?? prev.position?.start.line;
      const nextLine = node.children[k]!.position?.start.line;
      if (lastLine !== undefined && nextLine !== undefined && nextLine > lastLine + 1) between = true;
    }
    node.spread = between || (loose && !spreadItem);
    return node;
  }

  private table(token: Located, position: Position | undefined): Table {
    const node: Table = { type: 'table', align: [], children: [], position };
    this.i++;
    let inHead = false;
    let row: TableRow | null = null;
    let cells: { start: number; end: number }[] = [];
    while (this.i < this.tokens.length) {
      const t = this.tokens[this.i++]! as Located;
      if (t.type === 'table_close') break;
      if (t.type === 'thead_open') inHead = true;
      else if (t.type === 'thead_close') inHead = false;
      else if (t.type === 'tr_open') {
        row = { type: 'tableRow', children: [], position: this.blockPosition(t) };
        cells = t.map ? cellRanges(this.text.src, this.text.firstNonBlank(t.map[0]), this.text.lineEnd(t.map[0])) : [];
      } else if (t.type === 'tr_close' && row) {
        node.children.push(row);
        row = null;
      } else if ((t.type === 'th_open' || t.type === 'td_open') && row) {
        if (inHead) {
          const style = String(t.attrGet('style') ?? '');
          const align = /text-align:(left|right|center)/.exec(style)?.[1] as 'left' | 'right' | 'center' | undefined;
          node.align!.push(align ?? null);
        }
        const inline = this.tokens[this.i] as Located;
        let children: PhrasingContent[] = [];
        let cellPosition: Position | undefined;
        const range = cells[row.children.length];
        if (inline?.type === 'inline') {
          this.i++;
          if (range) {
            cellPosition = { start: this.point(range.start), end: this.point(range.end) };
            children = inlineNodes(inline, new CellMapper(this.text.src, inline.content, range.start), this.text);
          } else children = this.inlineOf(inline, undefined, true);
        }
        this.i++; // th/td close
        const cell: TableCell = { type: 'tableCell', children, position: cellPosition };
        row.children.push(cell);
      }
    }
    return node;
  }

  // Inline ------------------------------------------------------------------------------

  /**
   * Phrasing content of an inline token. `from` is the file offset where the inline
   * content starts; `singleLine` content (headings, cells, labels) maps offsets directly.
   */
  private inlineOf(inline: Located, from: number | undefined, singleLine = false): PhrasingContent[] {
    return inlineNodes(inline, new InlineMapper(this.text, inline, from, singleLine), this.text);
  }
}

/** Where the cells of a table row lie (between unescaped pipes, blanks trimmed). */
function cellRanges(src: string, from: number, to: number): { start: number; end: number }[] {
  const bounds: number[] = [];
  let pos = from;
  if (src[pos] === '|') pos++;
  let cellStart = pos;
  for (; pos < to; pos++) {
    if (src[pos] === '\\') pos++;
    else if (src[pos] === '|') {
      bounds.push(cellStart, pos);
      cellStart = pos + 1;
    }
  }
  if (src.slice(cellStart, to).trim() !== '') bounds.push(cellStart, to);
  const ranges: { start: number; end: number }[] = [];
  for (let k = 0; k < bounds.length; k += 2) {
    let start = bounds[k]!;
    let end = bounds[k + 1]!;
    while (start < end && (src[start] === ' ' || src[start] === '\t')) start++;
    while (end > start && (src[end - 1] === ' ' || src[end - 1] === '\t')) end--;
    ranges.push({ start, end });
  }
  return ranges;
}
