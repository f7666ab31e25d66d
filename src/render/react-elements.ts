// How React's server renderer writes one element, ported from react-dom 19.2
// (react-dom-server-legacy.node.production.js: pushStartInstance and the functions it
// calls; MIT, Meta Platforms, Inc. and affiliates) for the fast path in static-markup.ts,
// which walks the tree and keeps the document's state (what is hoisted into <head>).
// Attributes are written by react-attributes.ts.
import { attribute, escapeText } from './react-attributes.js';

export type Props = Record<string, unknown>;

/** Where an element is, as React's insertion modes (getChildFormatContext). */
export const enum Mode {
  Root = 0,
  Html = 1,
  Body = 2,
  Head = 3,
  Svg = 4,
  Math = 5,
  Table = 6,
  TableBody = 7,
  Row = 8,
  ColumnGroup = 9,
}

/** Thrown where the tree needs React itself. */
export class GiveUp extends Error {}
export const giveUp = (): never => {
  throw new GiveUp();
};

export function childMode(parent: Mode, type: string): Mode {
  switch (type) {
    case 'svg':
      return Mode.Svg;
    case 'math':
      return Mode.Math;
    case 'foreignObject':
      return Mode.Body;
    case 'table':
      return Mode.Table;
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return Mode.TableBody;
    case 'colgroup':
      return Mode.ColumnGroup;
    case 'tr':
      return Mode.Row;
    case 'head':
      if (parent < Mode.Body) return Mode.Head;
      break;
    case 'html':
      if (parent === Mode.Root) return Mode.Html;
  }
  return parent >= Mode.Table || parent < Mode.Body ? Mode.Body : parent;
}

/** Elements React writes with "/>" and no end tag. */
export const SELF_CLOSING = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'keygen', 'param', 'source', 'track', 'wbr']);
/** Elements React leaves to its full renderer (form state, selected values, style resources, scopes). */
export const REACT_ONLY = new Set(['select', 'option', 'textarea', 'menuitem', 'object', 'style', 'noscript', 'picture']);
/** Names with a hyphen that are SVG or MathML elements, not custom elements: React writes their props as any element's. */
export const NOT_CUSTOM = new Set(['annotation-xml', 'color-profile', 'font-face', 'font-face-src', 'font-face-uri', 'font-face-format', 'font-face-name', 'missing-glyph']);
export const VALID_TAG_RE = /^[a-zA-Z][a-zA-Z:_.\-\d]*$/;
/** Tag names checked once: valid, and none of REACT_ONLY. */
export const writableTags = new Set<string>();
const SCRIPT_END_RE = /(<\/|<)(s)(cript)/gi;
/** Props React writes after all others, in this order (a function as the action is left to React: it adds fields). */
export const FORM_PROPS = ['name', 'formAction', 'formEncType', 'formMethod', 'formTarget'];
export const WRITTEN_LAST: Record<string, readonly string[]> = { button: FORM_PROPS, form: ['action', 'encType', 'method', 'target'] };

export function isDataUrl(url: unknown): boolean {
  return typeof url === 'string' && url[4] === ':' && url.slice(0, 4).toLowerCase() === 'data';
}

export function selfClosing(type: string, props: Props): string {
  let out = `<${type}`;
  for (const key in props) {
    if (!Object.prototype.hasOwnProperty.call(props, key)) continue;
    const value = props[key];
    if (value == null) continue;
    // React throws: children or inner HTML on a void element.
    if (key === 'children' || key === 'dangerouslySetInnerHTML') return giveUp();
    out += attribute(key, value);
  }
  return `${out}/>`;
}

/** <input>: form props last, then checked and value (or their defaults). */
export function input(props: Props): string {
  if (typeof props.formAction === 'function' || props.children != null || props.dangerouslySetInnerHTML != null) return giveUp();
  let out = '<input';
  for (const key in props) {
    if (!Object.prototype.hasOwnProperty.call(props, key)) continue;
    const value = props[key];
    if (value == null || FORM_PROPS.includes(key) || key === 'checked' || key === 'defaultChecked' || key === 'value' || key === 'defaultValue') continue;
    out += attribute(key, value);
  }
  for (const key of FORM_PROPS) if (props[key] != null) out += attribute(key, props[key]);
  const checked = props.checked ?? props.defaultChecked;
  if (checked != null && checked && typeof checked !== 'function' && typeof checked !== 'symbol') out += ' checked=""';
  const value = props.value ?? props.defaultValue;
  if (value != null) out += attribute('value', value);
  return `${out}/>`;
}

export function title(props: Props): string {
  const { tag, children, html } = openTag('title', props);
  let out = tag;
  out += '>';
  const text = Array.isArray(children) ? (children.length < 2 ? (children[0] as unknown) : null) : children;
  if (typeof text === 'object' && text !== null) return giveUp();
  if (typeof text !== 'function' && typeof text !== 'symbol' && text != null) out += escapeText(`${text as string}`);
  if (html !== null) out += innerHtml(html, children);
  return `${out}</title>`;
}

export function script(props: Props): string {
  const { tag, children, html } = openTag('script', props);
  let out = tag;
  out += '>';
  if (html !== null) out += innerHtml(html, children);
  if (typeof children === 'string') out += children.replace(SCRIPT_END_RE, (_, prefix: string, s: string, suffix: string) => `${prefix}${s === 's' ? '\\u0073' : '\\u0053'}${suffix}`);
  return `${out}</script>`;
}

export type AttributeWriter = (key: string, value: unknown) => string;

/** "<type" and the props written as attributes, and the props that are the content. */
export function openTag(type: string, props: Props, write: AttributeWriter = attribute): { tag: string; children: unknown; html: unknown } {
  let tag = `<${type}`;
  let children: unknown = null;
  let html: unknown = null;
  for (const key in props) {
    if (!Object.prototype.hasOwnProperty.call(props, key)) continue;
    const value = props[key];
    if (value == null) continue;
    if (key === 'children') children = value;
    else if (key === 'dangerouslySetInnerHTML') html = value;
    else tag += write(key, value);
  }
  return { tag, children, html };
}

/** dangerouslySetInnerHTML, as React checks it. */
export function innerHtml(html: unknown, children: unknown): string {
  if (children != null || typeof html !== 'object' || html === null || !('__html' in html)) return giveUp();
  const inner = (html as { __html: unknown }).__html;
  return inner === null || inner === undefined ? '' : `${inner as string}`;
}
