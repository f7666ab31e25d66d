// Static markup of a React tree: React's renderToStaticMarkup, and a fast path beside it.
//
// Two renderers, one answer. React's server renderer is the reference and renders any
// tree. The trees a bankdocs theme renders are a small and regular part of what React
// accepts: function components without hooks, host elements, fragments, text. For those,
// fastStaticMarkup writes the same string about five times faster: no tasks, segments or
// chunk arrays, one string built as the tree is walked. It follows React where React does
// more than write elements (react-dom 19.2's Fizz, ported in react-attributes.ts and below):
//   - <html>, <head> and <body> are singletons: their start tags open the document, and
//     <head> holds what React hoists into it, in React's order: <meta charSet>, the
//     viewport <meta>, preloads of the first ten images, later preloads, then <title>,
//     the other <meta> and <link> elements (wherever they were rendered), then the
//     head's own children;
//   - every image not loading lazily gets a <link rel="preload" as="image">;
//   - a leading newline in <pre> is doubled, script text has "</script" escaped, an empty
//     href on <a> is kept, <button>, <form> and <input> write their form props last.
// On anything else it gives up and React renders the tree as a whole: a class component,
// a hook (React's dispatcher is not set, so the call throws), context, Suspense, lazy,
// memo, forwardRef, portals, promises, <select>, <option>, <textarea>, a function as a
// form action, <style>, <noscript>, <picture>, an async script or a stylesheet with a precedence, and
// any error (React then reports it in its own words). A component is called again when
// React takes over, so components must be pure, as React asks of them anyway.
// tests/unit/render/static-markup.test.ts compares both on every rule, and
// tests/integration/static-markup.test.ts on every page of the bundled site.
import type { Element as HastElement, Text as HastText } from 'hast';
import type { Schema } from 'property-information';
import * as React from 'react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BUILTIN_CODE_BLOCK, contentChildren, hastProps, htmlSchema, MarkdownContent, PASS_THROUGH, schemaOf, type MarkdownContentProps } from './markdown-content.js';
import { attribute, customElementAttribute, escapeText } from './react-attributes.js';
import { RAW_TEXT, TagScan, type LinkPool, type ScannedPage } from '../check/scan-html.js';
import { childMode, giveUp, innerHtml, input, isDataUrl, Mode, NOT_CUSTOM, openTag, REACT_ONLY, script, SELF_CLOSING, selfClosing, title, VALID_TAG_RE, writableTags, WRITTEN_LAST, type AttributeWriter, type Props } from './react-elements.js';

/** A link's attributes: React writes an empty href as it is (made once, not per link). */
const anchorAttribute: AttributeWriter = (key, value) => (key === 'href' && value === '' ? ' href=""' : attribute(key, value));

const ELEMENT = Symbol.for('react.transitional.element');
const FRAGMENT = Symbol.for('react.fragment');
const STRICT_MODE = Symbol.for('react.strict_mode');

/** Which renderer wrote each tree (for tests and benchmarks). */
export interface MarkupStats {
  fast: number;
  react: number;
  /** Markdown contents the fast path wrote from their trees (markdown-content.ts). */
  markdown?: number;
}

export interface StaticMarkupOptions {
  /** Render with React alone (BANKDOCS_MARKUP=react does this for every page, to compare). */
  reactOnly?: boolean;
  stats?: MarkupStats;
  /**
   * Markup rendered apart, by the name of the empty custom element that stands in its
   * place in the tree (`<bankdocs-sidebar-slot>`): the element is replaced by it.
   */
  slots?: Readonly<Record<string, string>>;
  /**
   * Read the page's ids and links as it is written, sharing this pool's links (see
   * TagScan); with each slot's own reading, by name (null: read its markup whole).
   */
  scan?: { pool: LinkPool; slots?: Readonly<Record<string, ScannedPage | null>> };
  /**
   * Only the ids and links (`scan`) are wanted (bankdocs check): the fast path reads the
   * tree as it would write it but builds no markup, and gives an empty `html` with `drawn`
   * saying whether the markup would have had anything in it. Where it gives up, React
   * writes the markup as usual.
   */
  scanOnly?: boolean;
}

/** Markup and, when asked for, its ids and links (null where the markup must be read whole: React wrote it, or the writer could not vouch). */
export interface ScannedMarkup {
  html: string;
  scanned: ScannedPage | null;
  /** With `scanOnly`, whether the markup, left unwritten, would have held anything (html is then ""). */
  drawn?: boolean;
}

/** renderToStaticMarkup(node), by the fast path when it can. */
export function staticMarkup(node: ReactNode, options: StaticMarkupOptions = {}): string {
  return scannedMarkup(node, options).html;
}

/** renderToStaticMarkup(node), by the fast path when it can, with the ids and links read as it was written (options.scan). */
export function scannedMarkup(node: ReactNode, { reactOnly = false, stats, slots = {}, scan, scanOnly = false }: StaticMarkupOptions = {}): ScannedMarkup {
  const fast = reactOnly ? null : writeFast(node, slots, stats, scan, scanOnly && scan !== undefined);
  if (stats) stats[fast === null ? 'react' : 'fast']++;
  if (fast !== null) return fast;
  let html = renderToStaticMarkup(node);
  for (const [name, markup] of Object.entries(slots)) html = html.replace(`<${name}></${name}>`, () => markup);
  return { html, scanned: null };
}

/** The markup React would write for `node` (with `slots` in place), or null where only React can tell. */
export function fastStaticMarkup(node: ReactNode, slots: Readonly<Record<string, string>> = {}, stats?: MarkupStats): string | null {
  return writeFast(node, slots, stats)?.html ?? null;
}

function writeFast(node: ReactNode, slots: Readonly<Record<string, string>>, stats?: MarkupStats, scan?: StaticMarkupOptions['scan'], scanOnly = false): ScannedMarkup | null {
  // A hook gives up at once, without the "invalid hook call" React logs outside a render.
  const previous = hooks?.H;
  if (hooks) hooks.H = NO_HOOKS;
  try {
    const writer = new Writer(slots, scan, scanOnly);
    const html = writer.document(node);
    if (stats && writer.markdown) stats.markdown = (stats.markdown ?? 0) + writer.markdown;
    if (scanOnly) return { html: '', scanned: writer.scan!.page(), drawn: writer.drawn || html !== '' };
    return { html, scanned: writer.scan?.page() ?? null };
  } catch {
    return null;
  } finally {
    if (hooks) hooks.H = previous;
  }
}

/** React's current hook dispatcher (what a hook calls; null outside a render), if this React version has it where 19 does. */
const hooks = (React as unknown as Record<string, { H: unknown } | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE ?? null;
const NO_HOOKS = new Proxy({}, { get: () => giveUp() });

/** A prop read, not written (Writer.readContainer): only where writing it would throw does it matter (a style that is not an object). */
const unwritten: AttributeWriter = (key, value) => (key === 'style' && typeof value !== 'object' ? giveUp() : '');

/** Children of a Markdown element not made into React elements: the fast path writes them from hast. */
class UnmadeChildren {
  constructor(
    readonly nodes: (HastElement | HastText)[],
    readonly schema: Schema,
    readonly components: Readonly<Record<string, unknown>>,
    readonly compileNode: MarkdownContentProps['compileNode'],
  ) {}
}

/** An element's children as its `children` prop would hold them: none, its one text, or the nodes to write. */
function unmade(node: HastElement, schema: Schema, within: UnmadeChildren): string | UnmadeChildren | undefined {
  const nodes = contentChildren(node);
  if (!nodes.length) return undefined;
  if (nodes.length === 1 && nodes[0]!.type === 'text') return nodes[0]!.value || undefined;
  return new UnmadeChildren(nodes, schema, within.components, within.compileNode);
}

const rawTextEnds = new Map<string, RegExp>();

/** Whether the element's content holds its own end tag before the end (in any case): the reader would end it there. */
function rawTextEndsEarly(type: string, html: string): boolean {
  let end = rawTextEnds.get(type);
  if (!end) rawTextEnds.set(type, (end = new RegExp(`</${type}`, 'gi')));
  end.lastIndex = html.indexOf('>') + 1;
  const found = end.exec(html);
  return found !== null && found.index !== html.length - type.length - 3;
}

interface ImagePreload {
  html: string;
  flushed: boolean;
}

class Writer {
  private htmlStart: string | null = null;
  private headStart: string | null = null;
  private bodyStart: string | null = null;
  private headChildren = '';
  private charset = '';
  private viewport = '';
  private hoisted = '';
  private readonly images = new Set<string>();
  /** Bulk image preloads a later high-priority image can promote, by key. */
  private readonly promotable = new Map<string, ImagePreload>();
  private readonly highImages: ImagePreload[] = [];
  private readonly bulkImages: ImagePreload[] = [];
  /** Markdown contents written from their trees. */
  markdown = 0;
  /** Each slot is filled once, as String.replace fills the first match on React's side. */
  private readonly slots: Map<string, string>;
  /** The page's ids and links, read element by element as written (options.scan). */
  readonly scan: TagScan | null;
  private readonly slotScans: Readonly<Record<string, ScannedPage | null>>;
  /** <form> elements open where the writer is (the reader ignores a form in a form). */
  private forms = 0;

  /** Whether a container or text was met (scanOnly: they are read, not written). */
  drawn = false;

  constructor(
    slots: Readonly<Record<string, string>>,
    scan?: StaticMarkupOptions['scan'],
    private readonly scanOnly = false,
  ) {
    this.slots = new Map(Object.entries(slots));
    this.scan = scan ? new TagScan(scan.pool) : null;
    this.slotScans = scan?.slots ?? {};
  }

  /** Text as React escapes it; read only, when only the scan is wanted. */
  private text(text: string): string {
    if (!this.scanOnly) return escapeText(text);
    if (text !== '') this.drawn = true;
    return '';
  }

  /** A whole element written by react-elements.ts (start tag, and any content and end tag), read as written. */
  private read(type: string, props: Props, html: string, mode: Mode): string {
    const scan = this.scan;
    if (!scan) return html;
    scan.element(type, props, false);
    // Text up to the end tag: read as text only outside SVG and MathML, and only if nothing in it ends it early.
    if (RAW_TEXT.has(type) && (mode === Mode.Svg || mode === Mode.Math || rawTextEndsEarly(type, html))) scan.unsure();
    return html;
  }

  document(node: ReactNode): string {
    const body = this.node(node, Mode.Root);
    let out = '';
    if (this.htmlStart !== null) out += this.htmlStart + (this.headStart ?? '<head>');
    else if (this.headStart !== null) out += this.headStart;
    out += this.charset + this.viewport;
    for (const image of this.highImages) {
      out += image.html;
      image.flushed = true;
    }
    for (const image of this.bulkImages) if (!image.flushed) out += image.html;
    out += this.hoisted + this.headChildren;
    if (this.htmlStart !== null || this.headStart !== null) out += '</head>';
    if (this.bodyStart !== null) out += this.bodyStart;
    out += body;
    if (this.bodyStart !== null) out += '</body>';
    if (this.htmlStart !== null) out += '</html>';
    return out;
  }

  private node(node: unknown, mode: Mode): string {
    if (node === null || node === undefined || typeof node === 'boolean') return '';
    if (typeof node === 'string') return this.text(node);
    if (typeof node === 'number' || typeof node === 'bigint') return this.text(`${node}`);
    if (typeof node !== 'object') return '';
    if (Array.isArray(node)) {
      let out = '';
      for (const child of node) out += this.node(child, mode);
      return out;
    }
    const element = node as { $$typeof?: unknown; type?: unknown; props?: Props };
    if (element.$$typeof === ELEMENT) return this.element(element.type, element.props!, mode);
    if (node instanceof UnmadeChildren) return this.hast(node, mode);
    if (element.$$typeof === undefined && typeof (node as Iterable<unknown>)[Symbol.iterator] === 'function') {
      let out = '';
      for (const child of node as Iterable<unknown>) out += this.node(child, mode);
      return out;
    }
    // Portals, lazy nodes, promises, context, or objects React rejects.
    return giveUp();
  }

  private element(type: unknown, props: Props, mode: Mode): string {
    if (type === MarkdownContent) {
      const { tree, components, compileNode } = props as unknown as MarkdownContentProps;
      this.markdown++;
      return this.hast(new UnmadeChildren(contentChildren(tree), htmlSchema, components, compileNode), mode);
    }
    if (typeof type === 'string') return this.host(type, props, mode);
    if (typeof type === 'function') {
      if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) return giveUp();
      return this.node((type as (props: Props, secondArg: undefined) => unknown)(props, undefined), mode);
    }
    if (type === FRAGMENT || type === STRICT_MODE) return this.node(props.children, mode);
    return giveUp();
  }

  private host(type: string, props: Props, mode: Mode): string {
    if (this.slots.size) {
      const slot = this.slots.get(type);
      if (slot !== undefined && props.children == null && Object.keys(props).length === 0) {
        this.slots.delete(type);
        this.scan?.add(this.slotScans[type] ?? null);
        if (!this.scanOnly) return slot;
        if (slot !== '') this.drawn = true;
        return '';
      }
    }
    if (!writableTags.has(type)) {
      if (REACT_ONLY.has(type) || !VALID_TAG_RE.test(type)) return giveUp();
      writableTags.add(type);
    }
    switch (type) {
      case 'title':
        if (mode === Mode.Svg || props.itemProp != null) return this.read(type, props, title(props), mode);
        this.hoisted += this.read(type, props, title(props), mode);
        return '';
      case 'meta': {
        const meta = this.read(type, props, selfClosing('meta', props), mode);
        if (mode === Mode.Svg || props.itemProp != null) return meta;
        if (typeof props.charSet === 'string') this.charset += meta;
        else if (props.name === 'viewport') this.viewport += meta;
        else this.hoisted += meta;
        return '';
      }
      case 'link': {
        const { rel, href } = props;
        if (mode === Mode.Svg || props.itemProp != null || typeof rel !== 'string' || typeof href !== 'string' || href === '') return this.read(type, props, selfClosing('link', props), mode);
        if (rel === 'stylesheet') {
          if (typeof props.precedence !== 'string' || props.disabled != null || props.onLoad || props.onError) return this.read(type, props, selfClosing('link', props), mode);
          return giveUp();
        }
        if (props.onLoad || props.onError) return this.read(type, props, selfClosing('link', props), mode);
        this.hoisted += this.read(type, props, selfClosing('link', props), mode);
        return '';
      }
      case 'script': {
        const { src, async } = props;
        const inPlace = typeof src !== 'string' || !src || !async || typeof async === 'function' || typeof async === 'symbol' || props.onLoad || props.onError || mode === Mode.Svg || props.itemProp != null;
        return inPlace ? this.read(type, props, script(props), mode) : giveUp();
      }
      case 'img':
        this.preloadImage(props);
        return this.read(type, props, selfClosing('img', props), mode);
      case 'input':
        return this.read(type, props, input(props), mode);
      case 'html':
      case 'head':
      case 'body':
        return this.singleton(type, props, mode);
    }
    if (SELF_CLOSING.has(type)) return this.read(type, props, selfClosing(type, props), mode);
    return this.container(type, props, mode);
  }

  /** Markdown content as hast (markdown-content.ts): each element written as the element rehype-react would make of it. */
  private hast(unmadeChildren: UnmadeChildren, mode: Mode): string {
    const { nodes, schema, components, compileNode } = unmadeChildren;
    let out = '';
    for (const node of nodes) {
      if (node.type === 'text') {
        out += this.text(node.value);
        continue;
      }
      const inner = schemaOf(node, schema);
      const type = Object.prototype.hasOwnProperty.call(components, node.tagName) ? components[node.tagName] : node.tagName;
      const props = hastProps(node, inner);
      const children = unmade(node, inner, unmadeChildren);
      if (children !== undefined) props.children = children;
      if (typeof type === 'string' || PASS_THROUGH.has(type)) {
        out += this.element(type, props, mode);
        continue;
      }
      // The built-in code block reads its code element's class: that element is made, its content not.
      const code = node.children.length === 1 ? node.children[0]! : null;
      if (type === BUILTIN_CODE_BLOCK && code?.type === 'element' && code.tagName === 'code' && !Object.prototype.hasOwnProperty.call(components, 'code')) {
        const codeProps = hastProps(code, schemaOf(code, inner));
        const codeChildren = unmade(code, schemaOf(code, inner), unmadeChildren);
        if (codeChildren !== undefined) codeProps.children = codeChildren;
        out += this.element(type, { ...props, children: createElement('code', codeProps) }, mode);
        continue;
      }
      // Any other component is given what rehype-react gives it (the tree's schema is HTML there).
      if (schema.space !== 'html') return giveUp();
      out += this.node(compileNode(node), mode);
    }
    return out;
  }

  /** An element with content and an end tag (React's pushStartGenericElement and its variants). */
  private container(type: string, props: Props, mode: Mode): string {
    const custom = type.includes('-') && !NOT_CUSTOM.has(type);
    if (this.scanOnly && !custom) return this.readContainer(type, props, mode);
    const last = WRITTEN_LAST[type];
    const write: AttributeWriter = custom ? customElementAttribute : last ? (key, value) => (last.includes(key) ? '' : attribute(key, value)) : type === 'a' ? anchorAttribute : attribute;
    const opened = openTag(type, props, write);
    let out = opened.tag;
    const { children, html } = opened;
    if (last) {
      if (typeof props.formAction === 'function' || typeof props.action === 'function') return giveUp();
      for (const key of last) if (props[key] != null) out += attribute(key, props[key]);
    }
    const scan = this.scan;
    if (scan) {
      scan.element(type, props, write === customElementAttribute);
      // Inner HTML is markup the writer did not write; a raw-text element's content is not
      // markup to the reader; it ignores a form in a form.
      if (html !== null || RAW_TEXT.has(type) || (type === 'form' && this.forms > 0)) scan.unsure();
    }
    out += '>';
    if (html !== null) {
      const inner = innerHtml(html, children);
      out += (type === 'pre' || type === 'listing') && inner.startsWith('\n') ? `\n${inner}` : inner;
    }
    if ((type === 'pre' || type === 'listing') && typeof children === 'string' && children[0] === '\n') out += '\n';
    // React writes a string child of a plain element itself; custom elements' go through the tree walk (same text).
    if (type === 'form') this.forms++;
    out += this.node(children, childMode(mode, type));
    if (type === 'form') this.forms--;
    return `${out}</${type}>`;
  }

  /**
   * container() when only the scan is wanted: the element read as container() writes it,
   * giving up where it does (a function as a form's action, inner HTML beside children, a
   * style that is not an object), without its markup.
   */
  private readContainer(type: string, props: Props, mode: Mode): string {
    if (WRITTEN_LAST[type] && (typeof props.formAction === 'function' || typeof props.action === 'function')) return giveUp();
    const { children, html } = openTag(type, props, unwritten);
    this.drawn = true;
    const scan = this.scan!;
    scan.element(type, props, false);
    if (html !== null || RAW_TEXT.has(type) || (type === 'form' && this.forms > 0)) scan.unsure();
    if (html !== null) innerHtml(html, children);
    if (type === 'form') this.forms++;
    this.node(children, childMode(mode, type));
    if (type === 'form') this.forms--;
    return '';
  }

  /** <html>, <head> and <body> at the top of a document: their start tags go to the preamble. */
  private singleton(type: 'html' | 'head' | 'body', props: Props, mode: Mode): string {
    const top = type === 'html' ? mode === Mode.Root : mode < Mode.Body;
    if (!top) return this.container(type, props, mode);
    const { tag, children, html } = openTag(type, props);
    let start = tag;
    this.scan?.element(type, props, false);
    if (html !== null) this.scan?.unsure();
    start += '>';
    if (html !== null) start += innerHtml(html, children);
    const inner = childMode(mode, type);
    if (type === 'html') {
      if (this.htmlStart !== null) return giveUp();
      this.htmlStart = start;
      return this.node(children, inner);
    }
    if (type === 'body') {
      if (this.bodyStart !== null) return giveUp();
      this.bodyStart = start;
      return this.node(children, inner);
    }
    if (this.headStart !== null) return giveUp();
    this.headStart = start;
    this.headChildren += this.node(children, inner);
    return '';
  }

  /** React preloads each image that does not load lazily, from the document's head. */
  private preloadImage(props: Props): void {
    const { src, srcSet } = props;
    if (props.loading === 'lazy' || (!src && !srcSet) || (typeof src !== 'string' && src != null) || (typeof srcSet !== 'string' && srcSet != null) || props.fetchPriority === 'low') return;
    if (isDataUrl(src) || isDataUrl(srcSet)) return;
    const sizes = typeof props.sizes === 'string' ? props.sizes : undefined;
    const key = srcSet ? `${srcSet as string}\n${sizes ?? ''}` : (src as string);
    const high = props.fetchPriority === 'high';
    const known = this.promotable.get(key);
    if (known) {
      if (high || this.highImages.length < 10) {
        this.promotable.delete(key);
        this.highImages.push(known);
      }
      return;
    }
    if (this.images.has(key)) return;
    this.images.add(key);
    const crossOrigin = typeof props.crossOrigin === 'string' ? (props.crossOrigin === 'use-credentials' ? props.crossOrigin : '') : undefined;
    const preload: ImagePreload = {
      html: selfClosing('link', {
        rel: 'preload',
        as: 'image',
        href: srcSet ? undefined : src,
        imageSrcSet: srcSet,
        imageSizes: sizes,
        crossOrigin,
        integrity: props.integrity,
        type: props.type,
        fetchPriority: props.fetchPriority,
        referrerPolicy: props.referrerPolicy,
      }),
      flushed: false,
    };
    if (high || this.highImages.length < 10) this.highImages.push(preload);
    else {
      this.bulkImages.push(preload);
      this.promotable.set(key, preload);
    }
  }
}
