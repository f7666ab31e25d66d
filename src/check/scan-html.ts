// Reads what the link checker needs from a rendered page: every id, and every link and
// image with the order it appears in.
//
// Two readers, one answer. htmlparser2 (a streaming parser: no tree is built) is the
// reference and reads any HTML. The pages bankdocs writes are React's markup, a small and
// regular part of HTML (lower-case names, every value in double quotes, "<" and "&"
// escaped outside scripts), and scanOwnMarkup reads that part about ten times faster. It
// gives up on the first thing outside that part (a comment, a single-quoted value, an
// entity in a value it reports, an upper-case name, a raw-text element it does not know),
// and the page is then read by htmlparser2 as a whole. tests/integration/scan-html.test.ts
// proves both equal on every page of the bundled site, on generated pages and on the
// edge cases.
import { Parser } from 'htmlparser2';
import { customValue, plainValue, urlValue } from '../render/react-attributes.js';

export interface ScannedPage {
  ids: Set<string>;
  links: { href: string; tag: 'a' | 'img' }[];
}

type Link = ScannedPage['links'][number];

/**
 * One object per distinct link, shared by every page that has it: menus, sidebars and
 * footers repeat the same links on every page, and a site of 10 000 pages would otherwise
 * hold ten million of them. Pass the same map for every page a thread scans. Keys: the
 * href of a link, "\0" and the src of an image.
 */
export type LinkPool = Map<string, Link>;

export function scanHtml(html: string, pool: LinkPool = new Map()): ScannedPage {
  return scanOwnMarkup(html, pool) ?? scanAnyHtml(html, pool);
}

function pooled(pool: LinkPool, href: string, tag: Link['tag']): Link {
  let shared = pool.get(tag === 'a' ? href : `\0${href}`);
  if (!shared) {
    // Kept as a copy, key and all: see own().
    const copy = own(href);
    pool.set(tag === 'a' ? copy : `\0${copy}`, (shared = { href: copy, tag }));
  }
  return shared;
}

/**
 * A copy of `text`, which is a piece of a page's HTML: V8 keeps a piece of a long string
 * as a view into it, so one id or link kept per page would keep every page's HTML in
 * memory (38 MB at 1000 pages, in the thread that holds the scans until the build ends).
 */
function own(text: string): string {
  return (' ' + text).slice(1);
}

/** The reference reader: htmlparser2, for any HTML. */
export function scanAnyHtml(html: string, pool: LinkPool = new Map()): ScannedPage {
  const ids = new Set<string>();
  const links: ScannedPage['links'] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) ids.add(own(attributes.id));
        if (name === 'a' && attributes.name) ids.add(own(attributes.name));
        if (name === 'a' && attributes.href !== undefined) links.push(pooled(pool, attributes.href, 'a'));
        if (name === 'img' && attributes.src !== undefined) links.push(pooled(pool, attributes.src, 'img'));
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { ids, links };
}

/** Elements whose content is text up to their end tag (htmlparser2's special elements). */
export const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'iframe', 'noembed', 'noframes', 'xmp']);
const GT = 62; // >
const SLASH = 47; // /
const EQ = 61; // =
const QUOTE = 34; // "
const SPACE = 32;

const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 45; // letters, digits, -
// Attribute names as React writes them: data-*, aria-*, xlink:href, xml:lang, viewBox.
const isAttrChar = (c: number) => isNameChar(c) || c === 58 || c === 95; // and : _

interface StartTag {
  /** Index of the ">" that ends the tag. */
  end: number;
  id?: string;
  anchorName?: string;
  href?: string;
  src?: string;
}

/**
 * The attributes of a start tag in React's markup, from `j` (just after its name) to its
 * ">" or "/>": ( " " name ( '="' value '"' )? )*. Null on anything else, and on an entity
 * in a value the link checker reads (the reference decodes them).
 */
function readAttributes(html: string, j: number): StartTag | null {
  const tag: StartTag = { end: j };
  // Which of id, name, href and src came already: the first of two equal names counts, as in htmlparser2.
  let seen = 0;
  for (;;) {
    const c = html.charCodeAt(j);
    if (c === GT) break;
    if (c === SLASH && html.charCodeAt(j + 1) === GT) {
      j++;
      break;
    }
    if (c !== SPACE) return null;
    const start = ++j;
    while (isAttrChar(html.charCodeAt(j))) j++;
    if (j === start) return null;
    const kind = attributeKind(html, start, j);
    let from = j;
    let to = j;
    if (html.charCodeAt(j) === EQ) {
      if (html.charCodeAt(j + 1) !== QUOTE) return null;
      const end = html.indexOf('"', j + 2);
      if (end === -1) return null;
      from = j + 2;
      to = end;
      j = end + 1;
    }
    if (kind === 0 || seen & kind) continue;
    seen |= kind;
    const value = html.slice(from, to);
    if (value.includes('&') || value.includes('<')) return null; // entities: the reference decodes them
    if (kind === ID) tag.id = value;
    else if (kind === NAME) tag.anchorName = value;
    else if (kind === HREF) tag.href = value;
    else tag.src = value;
  }
  tag.end = j;
  return tag;
}

const ID = 1;
const NAME = 2;
const HREF = 4;
const SRC = 8;

/** ID, NAME, HREF or SRC for the attribute name html[start, end) in any case, or 0 for another. */
function attributeKind(html: string, start: number, end: number): number {
  // Attribute names hold letters, digits, "-", ":" and "_": "| 32" lowers letters and maps nothing else onto one.
  const at = (i: number) => html.charCodeAt(start + i) | 32;
  switch (end - start) {
    case 2:
      return at(0) === 105 && at(1) === 100 ? ID : 0; // id
    case 3:
      return at(0) === 115 && at(1) === 114 && at(2) === 99 ? SRC : 0; // src
    case 4:
      if (at(0) === 110 && at(1) === 97 && at(2) === 109 && at(3) === 101) return NAME; // name
      return at(0) === 104 && at(1) === 114 && at(2) === 101 && at(3) === 102 ? HREF : 0; // href
  }
  return 0;
}

/**
 * The fast reader, for React's markup; null when the page holds anything else, so the
 * caller reads it with htmlparser2 instead. Never a different answer: only a null.
 */
export function scanOwnMarkup(html: string, pool: LinkPool = new Map()): ScannedPage | null {
  const ids = new Set<string>();
  const links: ScannedPage['links'] = [];
  const n = html.length;
  // htmlparser2 ignores a <form> inside an open one, and reads <style> and <script> in SVG
  // and MathML as elements, not text: open forms and foreign elements are counted.
  let forms = 0;
  let foreign = 0;
  let i = html.startsWith('<!DOCTYPE html>') ? html.indexOf('<', 15) : html.indexOf('<');
  while (i !== -1 && i < n) {
    let c = html.charCodeAt(i + 1);
    if (c === SLASH) {
      // An end tag: </name>
      let j = i + 2;
      if (!isLetter(html.charCodeAt(j))) return null;
      while (isNameChar(html.charCodeAt(j))) j++;
      if (html.charCodeAt(j) !== GT) return null;
      const name = html.slice(i + 2, j).toLowerCase();
      // A stray end tag closes nothing, for htmlparser2 either.
      if (name === 'form') forms = Math.max(0, forms - 1);
      else if (name === 'svg' || name === 'math') foreign = Math.max(0, foreign - 1);
      i = html.indexOf('<', j + 1);
      continue;
    }
    if (!isLetter(c)) return null; // a comment, a declaration, a stray "<"
    let j = i + 1;
    while (isNameChar(html.charCodeAt(j))) j++;
    const name = html.slice(i + 1, j).toLowerCase();
    // <image> is read as <img>, and <plaintext> ends the markup: left to the reference.
    if (name === 'image' || name === 'plaintext' || (name === 'form' && forms++ > 0)) return null;
    const tag = readAttributes(html, j);
    if (!tag) return null;
    j = tag.end;
    const { id, anchorName, href, src } = tag;
    const selfClosing = html.charCodeAt(j - 1) === SLASH;
    if ((name === 'svg' || name === 'math') && !selfClosing) foreign++;
    if (id) ids.add(own(id));
    if (name === 'a') {
      if (anchorName) ids.add(own(anchorName));
      if (href !== undefined) links.push(pooled(pool, href, 'a'));
    } else if (name === 'img' && src !== undefined) links.push(pooled(pool, src, 'img'));
    if (RAW_TEXT.has(name)) {
      if (foreign > 0 || selfClosing) return null;
      // Text up to the end tag; React's markup closes it plainly ("</script>").
      const close = html.indexOf(`</${name}`, j + 1);
      if (close === -1 || html.charCodeAt(close + 2 + name.length) !== GT) return null;
      // An upper-case "</SCRIPT" earlier would end it for the reference: give up on that.
      const text = html.slice(j + 1, close);
      if (text.toLowerCase().includes(`</${name}`)) return null;
      j = close + 2 + name.length;
    }
    i = html.indexOf('<', j + 1);
  }
  return { ids, links };
}

/** Tag names the reader reads as written (lower case, letters, digits, "-"; not <image> or <plaintext>), by name. */
const NAMES = new Map<string, boolean>();
const TAG_NAME_RE = /^[a-z][a-z0-9-]*$/;
/** The attributes the link checker reads. */
const READ = new Set(['id', 'name', 'href', 'src']);

/**
 * Ids and links read as a page is written (static-markup.ts) rather than from the written
 * page: the writer hands over each element, in document order, and this reads its props
 * as React writes them and the reference reads them back. What the reference would read
 * otherwise than it was written (raw text it cannot vouch for, a form in a form, inner
 * HTML, a prop spelled in another case) the writer reports with unsure(), as this does
 * for a tag name the fast reader would not read; page() is then null and the page is
 * read whole. tests/integration/static-markup.test.ts proves both readings equal on every
 * page.
 */
export class TagScan {
  private readonly ids = new Set<string>();
  private readonly links: Link[] = [];
  private sure = true;

  constructor(private readonly pool: LinkPool) {}

  /**
   * An element as the writer writes it: its tag name and props, read as React writes them
   * and the reader reads them back (it decodes the entities React escapes, so a prop's
   * value is the attribute's). `custom`: a custom element, whose props React writes its
   * own way. Call before its content.
   */
  element(name: string, props: Readonly<Record<string, unknown>>, custom: boolean): void {
    if (!this.sure) return;
    let known = NAMES.get(name);
    if (known === undefined) NAMES.set(name, (known = TAG_NAME_RE.test(name) && name !== 'image' && name !== 'plaintext'));
    if (!known) {
      this.sure = false;
      return;
    }
    const isA = name === 'a';
    if (isA || name === 'img') {
      // The reader lowers attribute names: "HREF" beside "href" is left to the whole reading.
      for (const key in props) {
        if (key.length >= 2 && key.length <= 4 && key !== key.toLowerCase() && READ.has(key.toLowerCase())) {
          this.sure = false;
          return;
        }
      }
    } else if (props.ID != null || props.Id != null || props.iD != null) {
      this.sure = false;
      return;
    }
    const id = props.id == null ? undefined : custom ? customValue(props.id) : plainValue(props.id);
    if (id) this.ids.add(id);
    if (isA) {
      const anchor = props.name == null ? undefined : plainValue(props.name);
      if (anchor) this.ids.add(anchor);
      // React keeps an empty href on an anchor.
      const href = props.href === '' ? '' : urlValue(props.href);
      if (href !== undefined) this.links.push(pooled(this.pool, href, 'a'));
    } else if (name === 'img') {
      const src = urlValue(props.src);
      if (src !== undefined) this.links.push(pooled(this.pool, src, 'img'));
    }
  }

  /** Markup written apart and put in this page here (a slot), as read when it was written. */
  add(part: ScannedPage | null): void {
    if (!part) this.sure = false;
    if (!this.sure) return;
    for (const id of part!.ids) this.ids.add(id);
    for (const link of part!.links) this.links.push(link);
  }

  /** The page holds something only the whole page's reading can tell. */
  unsure(): void {
    this.sure = false;
  }

  page(): ScannedPage | null {
    return this.sure ? { ids: this.ids, links: this.links } : null;
  }
}
