// Resolves links and images written as source paths ("../guides/x.md#step",
// "./diagram.svg") to built URLs, and records every internal link for the anchor check.
import { posix } from 'node:path';
import { decodedPath } from '../url-decode.js';
import type { Break, Definition, Html, Image, Link, Parent, PhrasingContent, Root, Text } from 'mdast';
import type { Position } from 'unist';
import { walk, type WalkNode } from './walk.js';
import type { VFile } from 'vfile';
import { splitHash } from '../routes/paths.js';
import { contextOf, type MarkdownContext } from './context.js';
import { suggest } from '../did-you-mean.js';
import { shownFolder } from '../diagnostics.js';
import type { DescribedHtmlData } from './remark-api.js';

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;
// Browsers ignore tabs and newlines inside a scheme and leading spaces and controls.
const UNSAFE_URL_RE = /^[\u0000-\u0020]*(?:j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t|vbscript|data)[\t\n\r]*:/i;
const DATA_IMAGE_RE = /^data:image\/(?:png|jpe?g|gif|webp|avif);/i;

/** Raw HTML that is told (trimmed): a closing tag is told with its opening tag, and a comment is a writer's note. */
export function isToldHtml(value: string): boolean {
  return value !== '' && !value.startsWith('</') && !/^<!--[\s\S]*-->$/.test(value);
}

/**
 * Raw HTML is not rendered (remark-rehype drops it, so pages cannot carry script); it
 * used to vanish without a word (issue #20). Comments are writers' notes: kept quiet.
 */
/** `<br>`, `<br/>`, `<br />` in any case: a line break, the one tag Markdown has no other way to write inside a table's cell. */
const LINE_BREAK_RE = /^<br\s*\/?>$/i;

/** Nodes that hold text, where a `<br>` breaks a line; alone on its line between blocks there is no line to break. */
const TEXT_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

/** Whether raw HTML `value` in a node of type `parentType` is a `<br>` in text, which is rendered as the line break it is. */
export function isLineBreakHtml(value: string, parentType: string | undefined): boolean {
  return parentType !== undefined && TEXT_PARENTS.has(parentType) && LINE_BREAK_RE.test(value.trim());
}

function rawHtml(node: Html, parent: Parent | undefined, ctx: MarkdownContext): void {
  const value = node.value.trim();
  // A <br> in text (a paragraph, a heading, a table's cell; an OpenAPI description's too)
  // is the line break it says, as GitHub and Redocly show it: no raw HTML reaches the page.
  if (isLineBreakHtml(value, parent?.type)) {
    const lineBreak = node as unknown as Break & { value?: string };
    lineBreak.type = 'break';
    delete lineBreak.value;
    return;
  }
  const parentPosition = parent?.position;
  // The OpenAPI document's is told by the directive that shows it (remark-api.ts).
  if (!isToldHtml(value) || (node.data as DescribedHtmlData | undefined)?.openapiDescription) return;
  // Inline HTML has no position of its own from the fast parser: its paragraph's then.
  const place = node.position?.start ?? parentPosition?.start;
  const component = MDX_COMPONENT_RE.exec(value)?.[1];
  if (component !== undefined && component !== component.toUpperCase()) {
    ctx.diagnostics.push({
      ruleId: 'foreign-syntax',
      severity: 'error',
      message: `"<${component}>" is an MDX component, which bankdocs does not run: the tag is left out of the page, and what is between its tags shows as ordinary Markdown`,
      hint: componentHint(component),
      file: ctx.file,
      line: place?.line ?? 1,
      column: place?.column ?? 1,
    });
    return;
  }
  ctx.diagnostics.push({
    ruleId: 'raw-html',
    severity: 'warning',
    message: `raw HTML is not rendered: "${value.slice(0, 40)}${value.length > 40 ? '…' : ''}" is left out of the page`,
    hint: rawHtmlHint(value),
    file: ctx.file,
    line: place?.line ?? 1,
    column: place?.column ?? 1,
  });
}

/** A JSX element's opening tag, "<Tabs>", "<TabItem value=…>", "<Foo.Bar />": a capital, where HTML's tags are lower case. */
const MDX_COMPONENT_RE = /^<([A-Z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)[\s/>]/;

/** What bankdocs has for a component of Docusaurus or Starlight, by its name. */
function componentHint(name: string): string {
  if (/^Tab/.test(name)) return 'write a tab view: ::::tabs, then :::tab{title="…"}, its content and ::: for each tab, then ::::';
  if (/^(Admonition|Aside|Callout)$/.test(name)) return 'write a note: :::note (or tip, warning, danger), its text, then :::';
  return 'write what it shows in Markdown, or remove it: bankdocs pages are Markdown, not MDX';
}

/** What to write in Markdown for the HTML GitHub's and Docusaurus' pages use most, by its first tag. */
function rawHtmlHint(value: string): string {
  const tag = /^<([a-z][a-z0-9]*)/i.exec(value)?.[1]?.toLowerCase();
  if (tag === 'details' || tag === 'summary') return 'write a folding section as <details>, then <summary>its title</summary> on the next line, a blank line, its Markdown, a blank line, and </details> on a line of its own';
  if (tag === 'img' || /^<(?:div|p|center)\b[^>]*>\s*<img\b/i.test(value)) return 'write the image in Markdown, ![what it shows](path "title"): it is centred and sized by the theme';
  if (tag === 'br') return 'a <br> breaks a line inside text; alone on its line it breaks nothing: start a new paragraph with a blank line';
  return 'write it in Markdown (a ::: directive for tabs and API operations), or remove it';
}

/** "[text][label]" or "[text][]" left as text: a reference whose definition is missing. */
const UNDEFINED_REFERENCE_RE = /\[([^\[\]\n]+)\]\[([^\[\]\n]*)\]/g;

/**
 * A full or collapsed reference link whose label has no definition is no link: Markdown
 * shows its brackets as text, without a word. (A bare "[text]" is too often meant as text.)
 */
function undefinedReference(node: Text, ctx: MarkdownContext): void {
  const start = node.position?.start;
  if (!start) return;
  for (const match of node.value.matchAll(UNDEFINED_REFERENCE_RE)) undefinedReferenceAt(node.value, start, match, ctx);
}

function undefinedReferenceAt(value: string, start: Position['start'], match: RegExpMatchArray, ctx: MarkdownContext): void {
  const label = match[2] || match[1]!;
  const before = value.slice(0, match.index!);
  const lines = before.split('\n');
  ctx.diagnostics.push({
    ruleId: 'link-reference-undefined',
    severity: 'warning',
    message: `"${match[0].slice(0, 60)}" names the link definition [${label}], which the page does not have: it shows as plain text`,
    hint: `add a line "[${label}]: <address>" to the page, or write the link inline: [${match[1]}](<address>)`,
    file: ctx.file,
    line: start.line + lines.length - 1,
    column: lines.length > 1 ? lines.at(-1)!.length + 1 : start.column + before.length,
  });
}

/**
 * An image without alternative text: a screen reader says nothing of it (or reads its file
 * name), a link made of it has no name, and it is not offered for zooming
 * (theme/client/zoom-trigger.ts). Markdown has no other way to write a picture, so it is
 * told, not refused.
 */
function altMissing(node: Pick<Image, 'position'>, ctx: MarkdownContext): void {
  ctx.diagnostics.push({
    ruleId: 'image-alt-missing',
    severity: 'warning',
    message: 'this image has no alternative text: a screen reader says nothing of it, and it cannot be enlarged',
    hint: 'say what it shows between the brackets, e.g. ![Payment flow from your application to the bank](…)',
    file: ctx.file,
    line: node.position?.start.line ?? 1,
    column: node.position?.start.column ?? 1,
  });
}

export default function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    walk(tree as WalkNode, (any, index, parent) => {
      if (any.type === 'html') {
        rawHtml(any as unknown as Html, parent as unknown as Parent | undefined, ctx);
        return;
      }
      if (any.type === 'text') {
        if ((any as unknown as Text).value.includes('][')) undefinedReference(any as unknown as Text, ctx);
        return;
      }
      if ((any.type === 'image' || any.type === 'imageReference') && !(any as unknown as Image).alt?.trim()) altMissing(any as unknown as Image, ctx);
      const node = any as unknown as Link | Image | Definition;
      if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
      const url = node.url;
      const line = node.position?.start.line ?? 1;
      const column = node.position?.start.column ?? 1;
      if (!url) return;
      if (UNSAFE_URL_RE.test(url) && !(node.type === 'image' && DATA_IMAGE_RE.test(url))) {
        ctx.diagnostics.push({
          ruleId: 'unsafe-link',
          severity: 'error',
          message: `"${url.slice(0, 40)}${url.length > 40 ? '…' : ''}" runs script from a link`,
          hint: 'link to a page, an anchor or an https: address instead',
          file: ctx.file,
          line,
          column,
        });
        // Never emitted, whatever the command: a link's text (an image's alt) stays, as text.
        node.url = '';
        if (parent && typeof index === 'number' && node.type !== 'definition') {
          const text: PhrasingContent[] = node.type === 'link' ? node.children : node.alt ? [{ type: 'text', value: node.alt }] : [];
          (parent as unknown as Parent).children.splice(index, 1, ...text);
          return index;
        }
        return;
      }
      if (SCHEME_RE.test(url) || url.startsWith('//')) {
        // Off-site: kept whole, with its place, for `bankdocs check --external`.
        ctx.links.push({ path: url, hash: null, line, column });
        return;
      }
      const [path, hash] = splitHash(url);
      const problem = (message: string, hint: string, paths?: string[]) => {
        ctx.diagnostics.push({ ruleId: 'broken-link', severity: 'error', message, hint, ...(paths ? { paths } : {}), file: ctx.file, line, column, subject: url });
        // Kept as written in the page: the link checks must not report it a second time.
        ctx.links.push({ path, hash: hash ?? null, line, column, reported: true });
      };

      if (path.startsWith('/')) {
        // A route that redirects ("/api#x"): linked where it lands. A reference definition
        // has no element to carry the language for the runtime, so it keeps a path that swaps it.
        const direct = node.type === 'image' ? null : (ctx.directLink?.(path) ?? null);
        if (direct && (node.type === 'link' || direct.language === null)) {
          node.url = hash === undefined ? direct.to : `${direct.to}#${hash}`;
          if (direct.language !== null) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, dataDefaultLanguage: direct.language } };
          ctx.links.push({ path: direct.to, hash: hash ?? null, line, column, written: url });
          return;
        }
        ctx.links.push({ path, hash: hash ?? null, line, column });
        return;
      }
      if (path === '') {
        ctx.links.push({ path: '', hash: hash ?? null, line, column });
        return;
      }
      const target = linkedSourceOrNull(ctx.source, path);
      if (target === null) {
        problem(`"${url}" has a "%" that starts no escape`, 'write "%25" for a percent sign, or a valid escape such as "%20"');
        return;
      }
      if (target.startsWith('../')) {
        problem(`"${url}" points outside the content folder, ${shownFolder(ctx.places.contentDir)}`, 'link to a page by its URL (starting with "/") or by a path to a file inside that folder', [ctx.places.contentDir]);
        return;
      }
      if (target.endsWith('.md')) {
        const pageUrl = ctx.urlBySource.get(target);
        if (!pageUrl) {
          problem(`"${url}" points to ${target}, which is not a page`, suggest(target, [...ctx.urlBySource.keys()]));
          return;
        }
        node.url = hash === undefined ? pageUrl : `${pageUrl}#${hash}`;
        // Messages quote the path the writer wrote too: "/guides/a#x" is nowhere in the file.
        ctx.links.push({ path: pageUrl, hash: hash ?? null, line, column, written: url });
        return;
      }
      if (!ctx.assets.has(target)) {
        // "payments/refunds": a page written without its ".md", as its URL would be; "payments/", a folder, as on GitHub.
        const bare = target.replace(/\/$/, '');
        const page = (bare === target ? [`${bare}.md`, `${bare}/index.md`] : [`${bare}/index.md`]).find((source) => ctx.urlBySource.has(source));
        const asPage = page === undefined ? null : `${path.replace(/\/$/, '')}${page.endsWith('/index.md') ? '/index.md' : '.md'}${hash === undefined ? '' : `#${hash}`}`;
        problem(`"${url}" points to ${target}, which is not a file under ${shownFolder(ctx.places.contentDir)}`, asPage !== null ? `did you mean "${asPage}"? A page is linked by its Markdown file, with ".md", or by its URL (${ctx.urlBySource.get(page!)})` : suggest(target, [...ctx.assets]), [ctx.places.contentDir]);
        return;
      }
      node.url = `/${target}${hash === undefined ? '' : `#${hash}`}`;
    });
  };
}

/**
 * The content-relative path a relative link in the source file `from` names (its query
 * left out, percent-escapes decoded): "../guides/x.md" from "developers/a.md" is
 * "guides/x.md"; one starting "../" points outside content/. Throws on a malformed escape.
 */
export function linkedSource(from: string, path: string): string {
  const target = linkedSourceOrNull(from, path);
  if (target === null) throw new URIError(`malformed percent escape in ${path}`);
  return target;
}

/** linkedSource, or null when the path has a malformed escape ("foo%zz.md"). */
export function linkedSourceOrNull(from: string, path: string): string | null {
  const decoded = decodedPath(path.split('?')[0]!);
  // posix.join normalises ("a/./b/../c" -> "a/c").
  return decoded === null ? null : posix.join(posix.dirname(from), decoded);
}
