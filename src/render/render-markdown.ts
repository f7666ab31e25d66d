// The Markdown twin of a page (issue #18): its source as a reader (or an AI tool) would
// want it. Front matter becomes a title line and the description; the text is the
// writer's own Markdown, cut out of the source by node positions, so it keeps its
// formatting; only what the HTML page shows differently is rewritten:
//   - links and images written as source paths ("../x.md#step", "./flow.svg") become the
//     built page's absolute URL, as do site paths and #anchors;
//   - the API reference's directives become readable Markdown: an operation its heading,
//     method and path, scope, parameter and attribute tables and the examples of the
//     page's language; ::schema its attribute table; a tab view each tab under its title;
//   - on an API page, the examples of other languages are left out; raw HTML (not shown
//     on the page either) too. The only HTML a twin has is its own: an empty `<a id>`
//     before each row of the reference's tables (and each `::schema`'s), the row's id on
//     the page, so that a link to a field leads to it in the twin as well, and the <br>
//     that keeps the blocks of a description apart in its row's one line (cellLines).
import { describeSecurity } from '../api/auth.js';
import type { Code, Definition, Image, Link, Root } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { nameInLanguage, schemaNames, type SchemaNames } from '../api/describe-schema.js';
import { type ApiModel, type Operation, operationOf, serverBasePath } from '../api/openapi.js';
import { operationLists, rowType, schemaAnchor, schemaLists, unlistedCount, type FieldList, type ListedRow, type ListSources } from '../api/reference-lists.js';
import { schemasShown } from '../markdown/remark-api.js';
import type { Page } from '../content/site.js';
import { parseWith, type MarkdownEngine } from '../markdown/engines.js';
import { linkedSource } from '../markdown/remark-links.js';
import { explicitId } from '../markdown/remark-heading-ids.js';
import { splitHash } from '../routes/paths.js';
import { resolveRoute, type SiteFacts } from '../routes/resolve.js';
import type { ApiDocument, PageDocument } from '../routes/plan.js';
import { builtinTheme, fallbackNoticeText } from '../../theme/index.js';
import type { UiStrings } from '../theme/contract.js';
import { themeStrings } from '../theme/strings.js';

const builtinStrings = (locale: string) => themeStrings(builtinTheme, locale);

/** What a twin's text needs besides its page: where the site's pages and files are, the API, the public address. */
export interface TwinSources {
  api: ApiModel | null;
  apiLanguages: readonly string[];
  /** Built URL of every page by source (RoutePlan.urlBySource). */
  urlBySource: ReadonlyMap<string, string>;
  /** Files copied from content/, by path under it. */
  assets: ReadonlySet<string>;
  /** The public site URL (site.url): links in a twin are absolute, so copied text keeps working. */
  siteUrl: string;
  /** The schemas whose lists the document shows (schemasShown): its responses and fields link to them; by default, those of the page itself. */
  apiSchemasShown?: ReadonlySet<string>;
  /** Which component each of the document's schemas is (schemaNames), found once for the whole document; by default, once for the page. */
  apiSchemaNames?: SchemaNames;
  /** Where a site path redirects a reader of this locale and API language (twinRedirects), or null: a twin's reader follows no script. */
  redirectOf?: (path: string, locale: string, language: string | null) => string | null;
}

/**
 * Where each site path sends a reader of the twin's page ("/api" -> "/1/api/curl", or the
 * Ruby page from the Ruby reference; "/support" -> "/nl/support" from a Dutch page), as
 * the browser would with that locale and API language stored: a twin's readers (AI tools,
 * people who copy the text) get a redirect stub's page, whose script they never run, so
 * a twin links the page it leads to.
 */
export function twinRedirects(facts: SiteFacts): NonNullable<TwinSources['redirectOf']> {
  const known = new Map<string, string | null>();
  return (path, locale, language) => {
    const key = `${locale}\u0000${language ?? ''}\u0000${path}`;
    let to = known.get(key);
    if (to === undefined) {
      const resolved = resolveRoute(path, '', { storedLocale: locale, storedLanguage: language }, facts);
      known.set(key, (to = resolved.type === 'redirect' ? resolved.to : null));
    }
    return to;
  };
}

/** The document a Markdown source is part of: its URL (for #anchors), its locale, its API language. */
export interface TwinTarget {
  url: string;
  locale: string;
  apiLanguage: string | null;
}

/** For twins made apart from rendering (they read their sources again). */
export interface TwinContext extends TwinSources {
  engine: MarkdownEngine;
  /** The site's interface strings (the theme's with theme.strings over them); default: the built-in theme's. */
  strings?: (locale: string) => UiStrings;
  /** Parsed API sections, owned by the caller: read once for every version and language. */
  trees: Map<string, Root>;
}

type AnyNode = { type: string; position?: { start: { offset?: number }; end: { offset?: number } }; children?: AnyNode[]; [key: string]: unknown };

/** What an emitted node becomes when it is left out; the blank lines after it go too. */
const REMOVED = '\u0000';
const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The twin's text of one Markdown source, from its parse tree as the parser made it
 * (the renderer hands it over before any plugin changes it: src/markdown/remark-twin.ts).
 */
export function twinText(tree: Root, page: Pick<Page, 'source' | 'body'>, target: TwinTarget, sources: TwinSources): string {
  return new TwinWriter(page, target, sources).emit(tree as unknown as AnyNode).trim();
}

/** A page's twin: its title, description and notices around its text. */
export function pageTwinText(doc: PageDocument, text: string, strings: UiStrings = builtinStrings(doc.locale)): string {
  const head = [`# ${doc.title}`];
  if (doc.description) head.push(quote(doc.description));
  // A fallback shows the default locale's page: its source is under that locale's folder.
  if (doc.fallback) head.push(`*${fallbackNoticeText(strings.fallbackNotice, doc.source.slice(0, doc.source.indexOf('/')), doc.locale)}*`);
  // The version line and the note of the legal layout (theme/components/layouts.tsx), not of any versioned page.
  const version = doc.layout === 'legal' ? doc.legalVersions.find((v) => v.url === doc.url) : undefined;
  if (version) head.push(`${strings.youAreReading} ${version.version}${version.effective ? ` · ${strings.effectiveFrom} ${version.effective}` : ''}`);
  const latest = version && !version.latest ? doc.legalVersions.find((v) => v.latest) : undefined;
  if (latest) head.push(`*${strings.newerVersion.replace('{version}', `[${latest.version}](${latest.url})`)}*`);
  const tail = version && strings.legalSample ? [`*${strings.legalSample}*`] : [];
  return joinBlocks([...head, text, ...tail]);
}

/** The API reference's twin for one version and language: its sections under their titles. */
export function apiTwinText(doc: ApiDocument, sections: readonly { title: string; text: string }[], siteUrl: string): string {
  const blocks = [`# ${doc.title}`, quote(doc.description)];
  if (doc.openapi) blocks.push(`OpenAPI ${doc.openapi.version}: [openapi.yaml](${new URL(doc.openapi.yaml, siteUrl).href}) · [openapi.json](${new URL(doc.openapi.json, siteUrl).href})`);
  for (const section of sections) blocks.push(`## ${section.title}`, section.text);
  return joinBlocks(blocks);
}

export function pageTwin(doc: PageDocument, page: Page, ctx: TwinContext): string {
  return pageTwinText(doc, body(page, { url: doc.url, locale: doc.locale, apiLanguage: null }, ctx), ctx.strings?.(doc.locale));
}

export function apiTwin(doc: ApiDocument, sections: readonly Page[], ctx: TwinContext): string {
  const shown = { ...ctx, apiSchemasShown: schemasShown(sections.map((section) => section.body)), apiSchemaNames: schemaNames(ctx.api?.schemas ?? {}) };
  return apiTwinText(doc, sections.map((section) => ({ title: section.data.title, text: body(section, { url: doc.url, locale: doc.locale, apiLanguage: doc.language }, shown) })), ctx.siteUrl);
}

/** Nothing a twin rewrites (links, images, definitions, raw HTML, directives) can be in a text without these. */
const REWRITE_RE = /\]\(|\]:|<|^ {0,3}::|\n {0,3}::|\{#/;

function body(page: Page, target: TwinTarget, ctx: TwinContext): string {
  // Most of the cost is parsing: a text with nothing to rewrite is taken as it is.
  if (target.apiLanguage === null && !REWRITE_RE.test(page.body)) return page.body.trim();
  let tree = ctx.trees.get(page.source);
  if (!tree) {
    tree = parseWith(ctx.engine, page.body);
    // Only the API sections are read again (once per version and language).
    if (target.apiLanguage !== null) ctx.trees.set(page.source, tree);
  }
  return twinText(tree, page, target, ctx);
}

class TwinWriter {
  private readonly source: string;
  /** "https://docs.example": site paths are appended to it (a URL parser per link adds up on large sites). */
  private readonly origin: string;
  private lists: ListSources | undefined;

  constructor(
    private readonly page: Pick<Page, 'source' | 'body'>,
    private readonly target: TwinTarget,
    private readonly ctx: TwinSources,
  ) {
    this.source = page.body;
    this.origin = new URL(ctx.siteUrl).origin;
  }

  emit(node: AnyNode): string {
    switch (node.type) {
      case 'code': {
        const lang = (node as unknown as Code).lang ?? '';
        if (this.target.apiLanguage && this.ctx.apiLanguages.includes(lang) && lang !== this.target.apiLanguage) return REMOVED;
        return this.slice(node);
      }
      case 'html':
        return REMOVED;
      case 'heading': {
        // A heading's own id ("## Install {#install}") is the page's anchor, not its text: other Markdown readers would show the braces.
        const text = this.children(node);
        const underline = text.lastIndexOf('\n');
        const line = underline === -1 ? text : text.slice(0, underline);
        const found = explicitId(line);
        return found ? line.slice(0, found.end) + (underline === -1 ? '' : text.slice(underline)) : text;
      }
      case 'containerDirective':
      case 'leafDirective':
        return this.directive(node as unknown as ContainerDirective | LeafDirective) ?? this.children(node);
      case 'link': {
        const link = node as unknown as Link;
        const target = this.targetOf(link.url);
        if (target === null || !link.children.length) return this.children(node);
        const first = link.children[0]!.position?.start.offset;
        const last = link.children[link.children.length - 1]!.position?.end.offset;
        if (first === undefined || last === undefined) return this.children(node);
        return `[${this.range(node.children ?? [], first, last)}](${target}${link.title ? ` "${link.title.replace(/"/g, '\\"')}"` : ''})`;
      }
      case 'image': {
        const image = node as unknown as Image;
        const target = this.targetOf(image.url);
        return target === null ? this.slice(node) : `![${image.alt ?? ''}](${target}${image.title ? ` "${image.title.replace(/"/g, '\\"')}"` : ''})`;
      }
      case 'definition': {
        const definition = node as unknown as Definition;
        const target = this.targetOf(definition.url);
        return target === null ? this.slice(node) : `[${definition.label ?? definition.identifier}]: <${target}>${definition.title ? ` "${definition.title.replace(/"/g, '\\"')}"` : ''}`;
      }
      default:
        return this.children(node);
    }
  }

  /** The node's source, its children emitted in place. */
  private children(node: AnyNode): string {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return '';
    return node.children?.length ? this.range(node.children, start, end) : this.source.slice(start, end);
  }

  /** Source from `start` to `end` with each child emitted in its place; verbatim if the children are not placed in order. */
  private range(children: AnyNode[], start: number, end: number): string {
    let out = '';
    let at = start;
    let dropGap = false;
    for (const child of children) {
      const from = child.position?.start.offset;
      const to = child.position?.end.offset;
      if (from === undefined || to === undefined || from < at || to > end) return this.source.slice(start, end);
      const gap = this.source.slice(at, from);
      if (!(dropGap && !gap.trim())) out += gap;
      const text = this.emit(child);
      dropGap = text === REMOVED;
      if (!dropGap) out += text;
      at = to;
    }
    const tail = this.source.slice(at, end);
    return dropGap && !tail.trim() ? out : out + tail;
  }

  private slice(node: AnyNode): string {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return start === undefined || end === undefined ? '' : this.source.slice(start, end);
  }

  /** The absolute URL a link or image should have in the twin, or null to keep it as written. */
  private targetOf(url: string): string | null {
    if (!url || SCHEME_RE.test(url) || url.startsWith('//')) return null;
    const [path, hash] = splitHash(url);
    const withHash = (base: string) => this.absolute(hash === undefined ? base : `${base}#${hash}`);
    if (path === '') return withHash(this.target.url);
    if (path.startsWith('/')) {
      const to = this.ctx.redirectOf?.(path, this.target.locale, this.target.apiLanguage);
      if (!to) return this.absolute(url);
      const [toPath, toHash] = splitHash(to);
      return this.absolute(hash !== undefined ? `${toPath}#${hash}` : toHash !== undefined ? `${toPath}#${toHash}` : toPath);
    }
    let target: string;
    try {
      target = linkedSource(this.page.source, path);
    } catch {
      return null;
    }
    if (target.startsWith('../')) return null;
    if (target.endsWith('.md')) {
      const pageUrl = this.ctx.urlBySource.get(target);
      return pageUrl ? withHash(pageUrl) : null;
    }
    return this.ctx.assets.has(target) ? withHash(`/${target}`) : null;
  }

  private absolute(path: string): string {
    if (/^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/.test(path)) return `${this.origin}${path}`;
    return new URL(path, this.ctx.siteUrl).href;
  }

  private directive(node: ContainerDirective | LeafDirective): string | null {
    if (node.name === 'operation') {
      const operation = operationOf(this.ctx.api, node.attributes?.id ?? '');
      return operation ? this.operation(operation, node.type === 'containerDirective' ? (node.children as unknown as AnyNode[]) : []) : REMOVED;
    }
    if (node.name === 'schema') {
      const name = node.attributes?.name ?? '';
      const schema = this.ctx.api?.schemas[name];
      if (!schema) return REMOVED;
      // The lists' id, which a response's "Fields: Account" leads to, as on the page.
      return joinBlocks([anchor(schemaAnchor(name)), ...schemaLists(name, schema, this.sources()).flatMap((list) => this.listBlocks(list))]).trim();
    }
    if (node.name === 'tabs' && node.type === 'containerDirective') {
      const tabs = (node.children as unknown as AnyNode[]).filter((c) => c.type === 'containerDirective' && (c as unknown as ContainerDirective).name === 'tab');
      const blocks = tabs.map((tab, i) => {
        const directive = tab as unknown as ContainerDirective;
        const content = this.blocks(tab.children ?? []);
        const empty = directive.attributes?.empty ?? builtinStrings(this.target.locale).emptyTab;
        return joinBlocks([`**${directive.attributes?.title ?? `Tab ${i + 1}`}**`, content || `*${empty}*`]).trim();
      });
      return blocks.join('\n\n');
    }
    return null;
  }

  /** Block children one after the other, without directive labels and what was left out. */
  private blocks(children: AnyNode[]): string {
    return children
      .filter((c) => !(c.type === 'paragraph' && (c.data as { directiveLabel?: boolean } | undefined)?.directiveLabel))
      .map((c) => this.emit(c))
      .filter((text) => text !== REMOVED && text.trim())
      .join('\n\n');
  }

  /** The document's named schemas and those it lists: the page's own unless the document's were given (an API reference's sections). */
  private sources(): ListSources {
    const schemas = this.ctx.api?.schemas ?? {};
    return (this.lists ??= { schemas, shown: this.ctx.apiSchemasShown ?? schemasShown([this.page.body]), names: this.ctx.apiSchemaNames ?? schemaNames(schemas) });
  }

  /** A list of the reference as the twin writes it: its caption, then its table; a row leads to the list of its value's fields as on the page. */
  private listBlocks(list: FieldList): string[] {
    const fieldsLink = (row: ListedRow) => (row.fieldsAt ? `${TWIN_WORDS.fieldsOf.replace('{name}', `[${row.fieldsAt.name}](${this.absolute(`${this.target.url}#${row.fieldsAt.id}`)})`)}` : '');
    const rows = list.kind === 'responses' ? responseTable(list.rows, fieldsLink) : table(list.rows, list.kind !== 'schema', this.target.apiLanguage, fieldsLink);
    const needed = list.required === undefined ? '' : `, ${list.required ? 'required' : 'optional'}`;
    // A response's headers: a table of their own after the responses', named by its status, as the page lists them under it.
    const headers = list.rows.flatMap((row) => (row.headers?.length ? [`${TWIN_WORDS.fieldsHeaders} (${row.name}):`, table(row.headers, true, null, fieldsLink)] : []));
    // A list cut at its length says so under its table, as the page does.
    const cut = list.unlisted ? [TWIN_WORDS.fieldsUnlisted.replace('{count}', unlistedCount(list.unlisted)).replace('{first}', codeSpan(list.unlisted.first))] : [];
    return [...(list.caption === null ? [rows] : [`${list.caption}${needed}:`, rows]), ...cut, ...headers];
  }

  private operation(operation: Operation, children: AnyNode[]): string {
    const examples = children.filter((c) => c.type === 'code') as unknown as Code[];
    const prose = this.blocks(children.filter((c) => c.type !== 'code'));
    // The twin's words are English, as its tables' (the page says them in the site's language).
    const auth = describeSecurity(operation.security, TWIN_WORDS);
    const parts = [
      `### ${operation.summary}`,
      // The full path, after the server's (Open Banking UK's /open-banking/v4.0/aisp/accounts), as the page shows it.
      `\`${operation.method.toUpperCase()} ${serverBasePath(this.ctx.api?.servers[0])}${operation.path}\`${operation.deprecated ? ' (deprecated)' : ''}`,
      `Scope: ${operation.scopes.length ? operation.scopes.map((s) => `\`${s}\``).join(', ') : 'none'} · Authentication: ${auth}`,
      prose || operation.description,
    ];
    for (const list of operationLists(operation, this.sources(), TWIN_WORDS)) parts.push(...this.listBlocks(list));
    for (const example of examples) {
      const lang = example.lang ?? '';
      if (this.target.apiLanguage && this.ctx.apiLanguages.includes(lang) && lang !== this.target.apiLanguage) continue;
      const response = /^response\b\s*(\d{3})?/.exec(example.meta ?? '');
      if (response) parts.push(`Response ${response[1] ?? Object.keys(operation.responses).find((s) => s.startsWith('2')) ?? ''}:`.replace(' :', ':'));
      parts.push(fence(lang, example.value));
    }
    return joinBlocks(parts.filter(Boolean)).trim();
  }
}

const TWIN_WORDS = builtinStrings('en');

/**
 * Markdown in a table's cell, on one line: a pipe ends the cell unless escaped, so one that
 * is not gets its backslash. Nothing else is escaped: a code span keeps its backslashes as
 * written (a pattern's `^\d{1,13}$` read `^\\d{1,13}$`, another pattern, when every
 * backslash was doubled), and a description's own escapes keep their meaning.
 */
const cell = (text: string) => text.replace(/(\\*)\|/g, (_, run: string) => (run.length % 2 ? `${run}|` : `${run}\\|`)).replace(/\s*\n\s*/g, ' ');

/**
 * A description in a table's cell, whose row must stay on one line. One paragraph is left
 * as it is (cell() joins its lines with spaces). One of several blocks (GitHub's and
 * Stripe's OpenAPI descriptions: paragraphs, lists, code, alerts) has each block on a line
 * of its own, joined with <br> (HTML, which Markdown keeps in a cell, as it keeps the rows'
 * anchors): with spaces the paragraphs ran together and a list's items into one sentence.
 * A list's items are lines of their own too, each with its marker; a code block's lines are
 * code spans; a quote's lines keep its "> ", and an alert's marker ("> [!NOTE]") its line.
 * Read with the fast engine whatever the site's: both give the same blocks
 * (tests/unit/markdown), and only where the blocks start and end is used here.
 */
function cellLines(description: string): string {
  if (!description.includes('\n')) return description;
  const { children } = parseWith('fast', description);
  if (children.length === 1 && children[0]!.type === 'paragraph') return description;
  return blockLines(children as unknown as AnyNode[], description).join('<br>');
}

/** The lines of Markdown blocks as cellLines() writes them. */
function blockLines(nodes: readonly AnyNode[], source: string, inQuote = false): string[] {
  const lines: string[] = [];
  for (const node of nodes) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    // The block's own lines, without the marks of the quotes and lists around it.
    const written = source.slice(start, end).split('\n').map((line, i) => (i ? line.replace(/^[ \t>]*/, '') : line).trim());
    switch (node.type) {
      case 'list': {
        const first = (node.start as number | null | undefined) ?? 1;
        (node.children ?? []).forEach((item, i) => {
          const [head = '', ...rest] = blockLines(item.children ?? [], source);
          lines.push(`${node.ordered ? `${first + i}.` : '-'} ${head}`, ...rest);
        });
        break;
      }
      case 'blockquote':
        lines.push(...blockLines(node.children ?? [], source, true).map((line) => `> ${line}`));
        break;
      case 'code':
        for (const line of String(node.value).split('\n')) if (line.trim()) lines.push(codeSpan(line));
        break;
      case 'table':
        lines.push(...written);
        break;
      default: {
        // An alert's marker keeps its line ("[!NOTE]", then its text).
        const marker = inQuote && !lines.length && /^\[![a-z]+\]$/i.test(written[0] ?? '') && written.length > 1;
        lines.push(...(marker ? [written[0]!, written.slice(1).join(' ')] : [written.join(' ')]));
      }
    }
  }
  return lines;
}

/** A line of code as a code span, fenced by more backticks than it holds in a row. */
function codeSpan(line: string): string {
  const ticks = '`'.repeat(longestTicks(line) + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${line}${pad}${ticks}`;
}

/**
 * An empty element with the id of a row (or a schema's lists) on the page, as inline HTML
 * Markdown keeps: a link to the page's `#payment-object-amount` leads there in the twin too.
 * Ids are slugs (reference-lists.ts), which need no escaping.
 */
function anchor(id: string): string {
  return `<a id="${id}"></a>`;
}

/**
 * A table of fields, each name after its row's anchor; on a page of an example language that
 * names them otherwise (Ruby), its name beside each: "`creditorName` (ruby: `creditor_name`)".
 */
function table(rows: ListedRow[], showRequired: boolean, language: string | null, fieldsLink: (row: ListedRow) => string): string {
  const head = ['Name', 'Type', ...(showRequired ? ['Required'] : []), 'Rules', 'Description'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const written = nameInLanguage(language, r.name);
    const cells = [`${anchor(r.id)}\`${r.name}\`${written === null ? '' : ` (${language}: \`${written}\`)`}`, rowType(r, TWIN_WORDS), ...(showRequired ? [r.required ? 'required' : 'optional'] : []), r.rules.join('; '), [cellLines(r.description), fieldsLink(r)].filter(Boolean).join(' ')];
    lines.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The responses; one whose resource the page lists ends "Fields: [Account](…#account-object)", as the page's row links to it. */
function responseTable(rows: ListedRow[], fieldsLink: (row: ListedRow) => string): string {
  const lines = ['| Status | Media type | Description |', '|---|---|---|'];
  for (const r of rows) lines.push(`| ${[`${anchor(r.id)}\`${r.name}\``, r.type, [cellLines(r.description), fieldsLink(r)].filter(Boolean).join(' ')].map(cell).join(' | ')} |`);
  return lines.join('\n');
}

/** The longest run of backticks in a text: a fence or code span around it needs one more. */
function longestTicks(value: string): number {
  let longest = 0;
  for (const run of value.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  return longest;
}

function fence(lang: string, value: string): string {
  const ticks = '`'.repeat(Math.max(3, longestTicks(value) + 1));
  return `${ticks}${lang}\n${value}\n${ticks}`;
}

function quote(text: string): string {
  return `> ${text.replace(/\s*\n\s*/g, ' ')}`;
}

function joinBlocks(blocks: string[]): string {
  return `${blocks.map((b) => b.trim()).filter((b) => b && b !== REMOVED).join('\n\n')}\n`;
}
