// Markdown -> mdast. markdown-it does the parsing (CommonMark, GFM tables, strikethrough,
// autolink literals, task lists, footnotes, and our block directives); this module turns
// its token stream into the same mdast that remark-parse + remark-gfm +
// micromark-extension-directive produce, positions included, so every remark/rehype
// plugin after it is unchanged. Why not remark-parse: micromark needs about 7 ms of CPU
// per 6 KB page, markdown-it about 0.3 ms, and a cold 1000-page build has 2 s in all
// (README, "How it works"). tests/unit/markdown/parse.test.ts compares the two parsers'
// trees and positions on every Markdown file of the repository.
import { lineIndexAt, lineStarts } from '../line-index.js';
import type {
  Blockquote,
  Code,
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
import createMarkdownIt, { type MarkdownIt, type StateBlock, type StateCore, type StateInline, type Token } from 'markdown-it';
import type { Point, Position } from 'unist';
import footnote from 'markdown-it-footnote';

/** A token with the source offset of its first character, where we know it. */
type Located = Token & { start?: number };

const COLON = 0x3a;

let shared: MarkdownIt | null = null;

/** The configured parser; one per thread (it holds no per-document state). */
export function markdownIt(): MarkdownIt {
  if (shared) return shared;
  const md = createMarkdownIt('default', { html: true, linkify: true });
  // mdast keeps destinations as written (escapes and entities decoded); hast encodes them.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  // micromark keeps javascript: destinations as links; so do we, and remark-links reports
  // them (unsafe-link) instead of markdown-it silently turning them into text.
  md.validateLink = () => true;
  // GFM autolink literals: URLs with a scheme, www. addresses and e-mail addresses, but
  // not bare domains ("example.com"), which linkify-it would link (filtered below). GFM
  // takes any top-level domain; linkify-it reads its list as regular expression source,
  // so one pattern stands for them all.
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true }).tlds('[a-z][a-z0-9-]*[a-z0-9]', true);
  const match = md.linkify.match.bind(md.linkify);
  md.linkify.match = (text: string) => {
    const found = match(text);
    return found && found.filter((m: { schema: string; raw: string }) => m.schema !== '' || /^www\./i.test(m.raw) || m.raw.includes('@'));
  };
  // The fuzzy patterns are costly regular expressions: only text that could hold a
  // www. or e-mail link meets them (links with a scheme are found while parsing).
  const test = md.linkify.test.bind(md.linkify);
  md.linkify.test = (text: string) => (text.includes('www.') || text.includes('@')) && test(text);
  md.inline.ruler.at('strikethrough', strikethrough);
  md.inline.ruler2.at('strikethrough', strikethroughPairs);
  md.core.ruler.after('block', 'task_list', taskList);
  md.use(footnote);
  // GFM has footnote references and definitions, not inline footnotes ("^[text]"), and
  // "[^1]" is a footnote reference before anything else ("[^1][ref]" too).
  md.inline.ruler.disable('footnote_inline');
  const footnoteRef = (md.inline.ruler as unknown as RuleList<InlineRule>).__rules__.find((r) => r.name === 'footnote_ref')!.fn;
  md.inline.ruler.disable('footnote_ref');
  md.inline.ruler.before('link', 'gfm_footnote_ref', footnoteRef);
  md.block.ruler.before('fence', 'directive', directive, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  recordPositions(md);
  shared = md;
  return md;
}

/** Parses a whole document (front matter already blanked) into mdast. */
export function parseMarkdown(source: string): Root {
  const src = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  const tokens = markdownIt().parse(src, {});
  return new Converter(src, tokens).root();
}

// ---------------------------------------------------------------------------------------
// Positions. Block rules run with the line's container prefix already skipped, so
// bMarks + tShift is the block's first character. Inline rules see the inline content
// only; their offsets are mapped to the file when a node needs a place (links, images).

/** The rule list of a Ruler (public in markdown-it's source, absent from its types). */
type RuleList<F> = { __rules__: { name: string; fn: F; alt: string[] }[] };
type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

function recordPositions(md: MarkdownIt): void {
  for (const rule of [...(md.block.ruler as unknown as RuleList<BlockRule>).__rules__]) {
    const fn = rule.fn;
    md.block.ruler.at(
      rule.name,
      (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
        const count = state.tokens.length;
        if (!fn(state, startLine, endLine, silent)) return false;
        if (!silent && state.tokens.length > count) (state.tokens[count] as Located).start = state.bMarks[startLine]! + state.tShift[startLine]!;
        return true;
      },
      { alt: rule.alt },
    );
  }
  for (const name of ['link', 'image', 'autolink', 'linkify', 'gfm_footnote_ref']) {
    const rule = (md.inline.ruler as unknown as RuleList<InlineRule>).__rules__.find((r) => r.name === name);
    if (!rule) continue;
    const fn = rule.fn;
    md.inline.ruler.at(
      name,
      (state: StateInline, silent: boolean) => {
        const start = state.pos;
        const count = state.tokens.length;
        if (!fn(state, silent)) return false;
        if (silent) return true;
        for (let i = count; i < state.tokens.length; i++) {
          const token = state.tokens[i] as Located;
          if (token.type === 'link_open' || token.type === 'image' || token.type === 'footnote_ref') {
            // linkify is tried at the ":" of "https://"; the link starts at the scheme.
            token.start = name === 'linkify' ? start - (state.tokens[i + 1]?.content.indexOf(':') ?? 0) : start;
            break;
          }
        }
        return true;
      },
      { alt: rule.alt },
    );
  }
}

// ---------------------------------------------------------------------------------------
// GFM task list items: "[ ]" or "[x]" and a blank at the start of an item's first
// paragraph. Read before inline parsing, so "[x]" is never taken for a reference link.

const TASK_RE = /^\[([ xX])\](?=\s|$)[ \t]?/;

function taskList(state: StateCore): boolean {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
    const task = TASK_RE.exec(inline.content);
    if (!task) continue;
    inline.content = inline.content.slice(task[0].length);
    inline.meta = { ...inline.meta, skipped: task[0].length };
    tokens[i - 2]!.meta = { ...tokens[i - 2]!.meta, checked: task[1] !== ' ' };
  }
  return true;
}

// ---------------------------------------------------------------------------------------
// GFM strikethrough: `~one~` or `~~two~~`, opener and closer of the same length; longer
// runs are text. (markdown-it's own rule knows `~~` only.)

const TILDE = 0x7e;
/** A marker code for single tildes, so `~` never pairs with `~~`. */
const SINGLE_TILDE = -TILDE;

function strikethrough(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false;
  const scanned = state.scanDelims(state.pos, true);
  const token = state.push('text', '', 0);
  token.content = '~'.repeat(scanned.length);
  if (scanned.length <= 2) {
    state.delimiters.push({
      marker: scanned.length === 2 ? TILDE : SINGLE_TILDE,
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += scanned.length;
  return true;
}

function strikethroughPairs(state: StateInline): boolean {
  const pair = (delimiters: StateInline['delimiters']) => {
    for (const open of delimiters) {
      if ((open.marker !== TILDE && open.marker !== SINGLE_TILDE) || open.end === -1) continue;
      const close = delimiters[open.end]!;
      for (const [token, nesting] of [[state.tokens[open.token]!, 1], [state.tokens[close.token]!, -1]] as const) {
        token.type = nesting === 1 ? 's_open' : 's_close';
        token.tag = 's';
        token.nesting = nesting;
        token.markup = token.content;
        token.content = '';
      }
    }
  };
  pair(state.delimiters);
  for (const meta of state.tokens_meta) if (meta?.delimiters) pair(meta.delimiters);
  return true;
}

// ---------------------------------------------------------------------------------------
// Block directives (the generic directives proposal, as micromark-extension-directive
// reads them): `::name[label]{attributes}` (leaf) and `:::name[label]{attributes}` …
// `:::` (container; the closing fence has at least as many colons). Only block forms:
// the inline form would turn "Priority:high" or "10:30" in prose into directives.

interface DirectiveHead {
  name: string;
  label: string | null;
  attributes: Record<string, string>;
}

const NAME_RE = /^[A-Za-z][\w-]*/;

export function parseDirectiveHead(text: string): DirectiveHead | null {
  const name = NAME_RE.exec(text)?.[0];
  if (!name) return null;
  let pos = name.length;
  let label: string | null = null;
  if (text[pos] === '[') {
    let depth = 0;
    let end = -1;
    for (let i = pos; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\\') i++;
      else if (ch === '[') depth++;
      else if (ch === ']' && --depth === 0) {
        end = i;
        break;
      }
    }
    if (end < 0) return null;
    label = text.slice(pos + 1, end);
    pos = end + 1;
  }
  const attributes: Record<string, string> = {};
  if (text[pos] === '{') {
    const end = parseAttributes(text, pos + 1, attributes);
    if (end < 0) return null;
    pos = end;
  }
  return text.slice(pos).trim() === '' ? { name, label, attributes } : null;
}

/** Reads `#id .class key=value key="value" key='value' key` up to `}`; -1 when invalid. */
function parseAttributes(text: string, from: number, out: Record<string, string>): number {
  const classes: string[] = [];
  let pos = from;
  const skip = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  for (;;) {
    skip();
    const ch = text[pos];
    if (ch === undefined) return -1;
    if (ch === '}') break;
    if (ch === '#' || ch === '.') {
      const m = /^[^\s"'<=>`{}.#]+/.exec(text.slice(pos + 1));
      if (!m) return -1;
      if (ch === '#') out.id = m[0];
      else classes.push(m[0]);
      pos += 1 + m[0].length;
      continue;
    }
    const key = /^[A-Za-z_:][\w.:-]*/.exec(text.slice(pos))?.[0];
    if (!key) return -1;
    pos += key.length;
    skip();
    if (text[pos] !== '=') {
      out[key] = '';
      continue;
    }
    pos++;
    skip();
    const quote = text[pos];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, pos + 1);
      if (close < 0) return -1;
      out[key] = decodeEntities(text.slice(pos + 1, close));
      pos = close + 1;
    } else {
      const m = /^[^\s"'<=>`{}]+/.exec(text.slice(pos));
      if (!m) return -1;
      out[key] = decodeEntities(m[0]);
      pos += m[0].length;
    }
  }
  if (classes.length) out.class = classes.join(' ');
  return pos + 1;
}

function decodeEntities(text: string): string {
  return text.includes('&') ? markdownIt().utils.unescapeAll(text) : text;
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
}

function directive(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.src.charCodeAt(start) !== COLON || state.src.charCodeAt(start + 1) !== COLON) return false;
  const text = lineText(state, startLine);
  const colons = /^:+/.exec(text)![0].length;
  const head = parseDirectiveHead(text.slice(colons));
  if (!head) return false;
  if (silent) return true;
  if (colons === 2) {
    const token = state.push('directive_leaf', '', 0) as Located;
    token.info = head.name;
    token.meta = { attributes: head.attributes };
    token.content = head.label ?? '';
    token.map = [startLine, startLine + 1];
    if (head.label !== null) {
      const inline = state.push('inline', '', 0);
      inline.content = head.label;
      inline.map = [startLine, startLine + 1];
      inline.children = [];
      (inline as Located).start = start + colons + head.name.length + 1;
    }
    state.line = startLine + 1;
    return true;
  }
  // Find the closing fence, skipping nested containers and fenced code.
  let close = -1;
  let depth = 0;
  let fence: string | null = null;
  for (let line = startLine + 1; line < endLine; line++) {
    if (state.sCount[line]! < state.blkIndent && state.bMarks[line]! + state.tShift[line]! < state.eMarks[line]!) break;
    const t = lineText(state, line);
    if (fence) {
      if (t.startsWith(fence) && t.slice(fence.length).trim() === '') fence = null;
      continue;
    }
    const f = /^(`{3,}|~{3,})/.exec(t);
    if (f) {
      fence = f[1]!;
      continue;
    }
    const run = /^:{3,}/.exec(t)?.[0];
    if (!run) continue;
    if (t.slice(run.length).trim() === '') {
      if (depth === 0 && run.length >= colons) {
        close = line;
        break;
      }
      if (depth > 0) depth--;
    } else if (parseDirectiveHead(t.slice(run.length))) depth++;
  }
  const contentEnd = close < 0 ? endLine : close;
  const open = state.push('directive_container_open', '', 1) as Located;
  open.info = head.name;
  open.meta = { attributes: head.attributes };
  open.map = [startLine, close < 0 ? endLine : close + 1];
  if (head.label !== null) {
    const p = state.push('paragraph_open', 'p', 1);
    p.meta = { directiveLabel: true };
    p.map = [startLine, startLine + 1];
    (p as Located).start = start + colons + head.name.length;
    const inline = state.push('inline', '', 0);
    inline.content = head.label;
    inline.map = [startLine, startLine + 1];
    inline.children = [];
    (inline as Located).start = start + colons + head.name.length + 1;
    state.push('paragraph_close', 'p', -1);
  }
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  state.parentType = 'directive' as never;
  state.lineMax = contentEnd;
  state.md.block.tokenize(state, startLine + 1, contentEnd);
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.push('directive_container_close', '', -1);
  state.line = close < 0 ? endLine : close + 1;
  return true;
}

// ---------------------------------------------------------------------------------------
// Tokens -> mdast.


class Converter {
  private i = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    private readonly src: string,
    private readonly tokens: Token[],
  ) {
    for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** Set when the document holds a directive: most do not, and plugins skip their walk. */
  private directives = false;

  root(): Root {
    const children = this.blocks(null);
    const end = this.point(this.src.length);
    const root: Root = { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end } };
    if (this.directives) root.data = { directives: true } as Root['data'];
    return root;
  }

  // Positions ---------------------------------------------------------------------------

  private point(offset: number): Point {
    const index = lineIndexAt(this.lineStarts, offset);
    return { line: index + 1, column: offset - this.lineStarts[index]! + 1, offset };
  }

  private lineEnd(line: number): number {
    const next = this.lineStarts[line + 1];
    return next === undefined ? this.src.length : next - 1;
  }

  /** Offset of the first non-blank character of a 0-based line. */
  private firstNonBlank(line: number): number {
    const start = this.lineStarts[line] ?? this.src.length;
    const end = this.lineEnd(line);
    let pos = start;
    while (pos < end && (this.src.charCodeAt(pos) === 32 || this.src.charCodeAt(pos) === 9)) pos++;
    return pos;
  }

  private blockPosition(token: Located): Position | undefined {
    if (!token.map) return undefined;
    const [first, last] = token.map;
    const start = token.start ?? this.firstNonBlank(first);
    // markdown-it's line range may take in the blank lines after a block; the block ends
    // on its last non-blank line, as in micromark.
    let endLine = Math.max(first, last - 1);
    while (endLine > first && this.firstNonBlank(endLine) === this.lineEnd(endLine)) endLine--;
    return { start: this.point(start), end: this.point(Math.max(start, this.lineEnd(endLine))) };
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
        const children = this.inlineOf(inline, position?.start.offset);
        this.i++; // paragraph_close
        const node: Paragraph = { type: 'paragraph', children, position };
        if (token.meta?.directiveLabel) node.data = { directiveLabel: true } as never;
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
          for (let n = 0; n < 4 && offset > 0 && this.src[offset - 1] === ' '; n++) offset--;
          position.start = this.point(offset);
        }
        const info = token.type === 'fence' ? token.info.trim() : '';
        const space = info.search(/\s/);
        const lang = info ? (space < 0 ? info : info.slice(0, space)) : null;
        const meta = info && space >= 0 ? info.slice(space).trim() || null : null;
        const { unescapeAll } = markdownIt().utils;
        const node: Code = { type: 'code', lang: lang ? unescapeAll(lang) : null, meta: meta ? unescapeAll(meta) : null, value: token.content.replace(/\n$/, ''), position };
        return node;
      }
      case 'hr':
        this.i++;
        return { type: 'thematicBreak', position };
      case 'html_block':
        this.i++;
        return { type: 'html', value: token.content.replace(/\n$/, ''), position };
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
        const from = item.map[0] === token.map?.[0] && token.start !== undefined ? token.start : this.lineStarts[item.map[0]]!;
        const at = this.src.indexOf(marker, from);
        if (at >= 0 && at <= this.lineEnd(item.map[0])) item.start = at;
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
    let cursor = 0;
    while (this.i < this.tokens.length) {
      const t = this.tokens[this.i++]! as Located;
      if (t.type === 'table_close') break;
      if (t.type === 'thead_open') inHead = true;
      else if (t.type === 'thead_close') inHead = false;
      else if (t.type === 'tr_open') {
        row = { type: 'tableRow', children: [], position: this.blockPosition(t) };
        cursor = t.map ? this.lineStarts[t.map[0]]! : 0;
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
        if (inline?.type === 'inline') {
          this.i++;
          const start = inline.content ? this.src.indexOf(inline.content, cursor) : -1;
          if (start >= 0) {
            cursor = start + inline.content.length;
            cellPosition = { start: this.point(start), end: this.point(cursor) };
          }
          children = this.inlineOf(inline, start >= 0 ? start : undefined, true);
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
    const children = inline.children ?? [];
    const mapper = new InlineMapper(this, inline, from, singleLine);
    const stack: { node: { children: PhrasingContent[] } }[] = [{ node: { children: [] } }];
    const push = (node: PhrasingContent) => {
      const siblings = stack[stack.length - 1]!.node.children;
      const last = siblings[siblings.length - 1];
      if (node.type === 'text' && last?.type === 'text' && !last.position && !node.position) last.value += node.value;
      else siblings.push(node);
    };
    for (let k = 0; k < children.length; k++) {
      const t = children[k]! as Located;
      switch (t.type) {
        case 'text':
        case 'text_special':
          if (t.content) push({ type: 'text', value: t.content });
          break;
        case 'softbreak':
          push({ type: 'text', value: '\n' });
          break;
        case 'hardbreak':
          push({ type: 'break' });
          break;
        case 'code_inline':
          push({ type: 'inlineCode', value: t.content });
          break;
        case 'html_inline':
          push({ type: 'html', value: t.content });
          break;
        case 'em_open':
        case 'strong_open':
        case 's_open':
        case 'link_open': {
          let node: PhrasingContent & { children: PhrasingContent[] };
          if (t.type === 'link_open') {
            const title = t.attrGet('title');
            const offset = t.start ?? mapper.find(t.markup === 'linkify' ? (children[k + 1]?.content ?? '') : '');
            node = { type: 'link', url: String(t.attrGet('href') ?? ''), title: title === null ? null : String(title), children: [], position: mapper.position(offset) };
          } else node = { type: t.type === 'em_open' ? 'emphasis' : t.type === 'strong_open' ? 'strong' : 'delete', children: [] };
          push(node);
          stack.push({ node });
          break;
        }
        case 'em_close':
        case 'strong_close':
        case 's_close':
        case 'link_close':
          if (stack.length > 1) stack.pop();
          break;
        case 'image': {
          const title = t.attrGet('title');
          push({ type: 'image', url: String(t.attrGet('src') ?? ''), title: title === null ? null : String(title), alt: plainText(t.children ?? []), position: mapper.position(t.start) });
          break;
        }
        case 'footnote_ref': {
          const meta = t.meta as { id: number; label?: string };
          const label = meta.label ?? String(meta.id + 1);
          push({ type: 'footnoteReference', identifier: label.toLowerCase(), label, position: mapper.position(t.start) });
          break;
        }
        default:
          if (t.content) push({ type: 'text', value: t.content });
      }
    }
    return stack[0]!.node.children;
  }

  /** Used by InlineMapper. */
  sourceLine(line: number): { start: number; end: number } {
    return { start: this.lineStarts[line] ?? this.src.length, end: this.lineEnd(line) };
  }
  source(): string {
    return this.src;
  }
  pointAt(offset: number): Point {
    return this.point(offset);
  }
}

/**
 * Maps offsets in an inline token's content to file offsets. A paragraph's content is its
 * lines with the container prefix and leading blanks removed, joined by "\n"; each line
 * is found again in its source line.
 */
class InlineMapper {
  private lineOffsets: number[] | null = null;
  private contentStarts: number[] | null = null;
  private searchFrom = 0;

  constructor(
    private readonly conv: Converter,
    private readonly inline: Located,
    private readonly from: number | undefined,
    private readonly singleLine: boolean,
  ) {}

  private offsets(): number[] {
    if (this.lineOffsets) return this.lineOffsets;
    const src = this.conv.source();
    const lines = this.inline.content.split('\n');
    const first = this.inline.map?.[0] ?? 0;
    this.lineOffsets = lines.map((text, k) => {
      if (k === 0 && this.from !== undefined) {
        const at = this.singleLine ? src.indexOf(text, this.from) : -1;
        return at >= 0 ? at : this.from;
      }
      const { start, end } = this.conv.sourceLine(first + k);
      const body = text.trimStart();
      const lead = text.length - body.length;
      const line = src.slice(start, end);
      const at = k < lines.length - 1 && line.endsWith(body) ? line.length - body.length : line.indexOf(body);
      return (at >= 0 ? start + at : start) - lead;
    });
    return this.lineOffsets;
  }

  /** File offset of an inline-content offset. */
  fileOffset(offset: number): number {
    this.contentStarts ??= lineStarts(this.inline.content);
    const line = lineIndexAt(this.contentStarts, offset);
    const lineStart = this.contentStarts[line]!;
    const offsets = this.offsets();
    return (offsets[line] ?? offsets[0] ?? 0) + (offset - lineStart);
  }

  /** Inline-content offset of `text`, searched after the previous hit; 0 when absent. */
  find(text: string): number {
    const at = text ? this.inline.content.indexOf(text, this.searchFrom) : -1;
    if (at < 0) return this.searchFrom;
    this.searchFrom = at + text.length;
    return at;
  }

  position(offset: number | undefined): Position | undefined {
    if (offset === undefined) return undefined;
    const start = this.conv.pointAt(this.fileOffset(offset));
    return { start, end: start };
  }
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

