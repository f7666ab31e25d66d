// Block directives (the generic directives proposal, as micromark-extension-directive
// reads them), a markdown-it block rule.
import type { StateBlock } from 'markdown-it';
import { unescapeAll } from 'markdown-it/lib/common/utils.mjs';
import type { Located } from './positions.js';

const COLON = 0x3a;

// `::name[label]{attributes}` (leaf) and `:::name[label]{attributes}` … `:::` (container;
// the closing fence has at least as many colons). Only block forms: the inline form
// would turn "Priority:high" or "10:30" in prose into directives.

interface DirectiveHead {
  name: string;
  label: string | null;
  attributes: Record<string, string>;
}

const NAME_RE = /^[A-Za-z][\w-]*/;

export function parseDirectiveHead(text: string, places?: Map<string, number>): DirectiveHead | null {
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
    const end = parseAttributes(text, pos + 1, attributes, places);
    if (end < 0) return null;
    pos = end;
  }
  return text.slice(pos).trim() === '' ? { name, label, attributes } : null;
}

/**
 * Reads `#id .class key=value key="value" key='value' key` up to `}`; -1 when invalid.
 * `places`: where each attribute starts in `text` (the last of a repeated one, as its value).
 */
function parseAttributes(text: string, from: number, out: Record<string, string>, places?: Map<string, number>): number {
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
      places?.set(ch === '#' ? 'id' : 'class', pos);
      const m = /^[^\s"'<=>`{}.#]+/.exec(text.slice(pos + 1));
      if (!m) return -1;
      if (ch === '#') out.id = m[0];
      else classes.push(m[0]);
      pos += 1 + m[0].length;
      continue;
    }
    const key = /^[A-Za-z_:][\w.:-]*/.exec(text.slice(pos))?.[0];
    if (!key) return -1;
    places?.set(key, pos);
    pos += key.length;
    skip();
    if (text[pos] !== '=') {
      setAttribute(out, key, '');
      continue;
    }
    pos++;
    skip();
    const quote = text[pos];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, pos + 1);
      if (close < 0) return -1;
      setAttribute(out, key, decodeEntities(text.slice(pos + 1, close)));
      pos = close + 1;
    } else {
      const m = /^[^\s"'<=>`{}]+/.exec(text.slice(pos));
      if (!m) return -1;
      setAttribute(out, key, decodeEntities(m[0]));
      pos += m[0].length;
    }
  }
  if (classes.length) out.class = classes.join(' ');
  return pos + 1;
}

/**
 * An attribute as an own property, whatever its name: `out[key] = value` with the key
 * "__proto__" set the object's prototype instead (a string is ignored there), and the
 * attribute was dropped unreported.
 */
export function setAttribute(out: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

function decodeEntities(text: string): string {
  return text.includes('&') ? unescapeAll(text) : text;
}

/** Where each attribute of a directive's opening line (`:::name[label]{…}`) starts, as offsets into `line`. */
export function attributeOffsets(line: string): Map<string, number> {
  const colons = /^:*/.exec(line)![0].length;
  const places = new Map<string, number>();
  parseDirectiveHead(line.slice(colons), places);
  return new Map([...places].map(([name, offset]) => [name, offset + colons]));
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
}

export function directive(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
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
