// The API reference's directives:
//   :::operation{id="createPayment"} prose and examples :::
//     -> heading (summary, anchor "create-payment"), then a `bankdocs-operation` element
//        (method, path, scopes, authentication) holding the prose, the parameter and
//        attribute lists generated from the OpenAPI document (`bankdocs-fields`), and the
//        examples (curl, ruby, and the `json response` block; `bankdocs-example`);
//   ::schema{name="Payment"}
//     -> a `bankdocs-schema` element with the list of the entity's attributes.
// The theme's Operation, Fields, Field, Example and Schema components draw them
// (src/theme/named-elements.ts).
import type { BlockContent, Code, Heading, PhrasingContent, Root, RootContent } from 'mdast';
import type { Position } from 'unist';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { MAX_FIELD_ROWS, nameInLanguage, schemaNames } from '../api/describe-schema.js';
import { operationLists, rowType, schemaAnchor, schemaLists, unlistedCount, type FieldList, type ListSources, type ListedRow } from '../api/reference-lists.js';
import { describeSecurity } from '../api/auth.js';
import { operationAnchor, serverBasePath, successKey, type Operation, type Schema, operationOf } from '../api/openapi.js';
import type { UiStrings } from '../theme/contract.js';
import { siteStrings } from '../theme/strings.js';
import { builtinTheme } from '../../theme/index.js';
import { EXAMPLE, FIELD, FIELDS, OPERATION, SCHEMA, SLOT } from '../theme/named-elements.js';
import { compareText } from '../collate.js';
import { nearest } from '../did-you-mean.js';
import { attributePlace } from './attribute-place.js';
import { isLineBreakHtml, isToldHtml } from './remark-links.js';
import { contextOf, type SitePlaces } from './context.js';
import { shownPath, type Diagnostic } from '../diagnostics.js';
// Descriptions in the OpenAPI document are Markdown: `code`, links, and blocks.
import { hasDirectives, parseWith, type MarkdownEngine } from './engines.js';

/** Markdown of the document, with what it describes ("operation createPayment"), which a problem in it names. */
type Blocks = (text: string, of: string) => RootContent[];
/** A description of a field (its name, "response 201"): its text, and whether that is blocks (see describedAt). */
type Describe = (text: string, of: string) => { children: RootContent[]; blocks: boolean };

/** Raw HTML of the document's descriptions, which this file reports (remark-links.ts reports the page's own). */
export interface DescribedHtmlData {
  openapiDescription?: boolean;
}

/** Raw HTML found in the descriptions a directive shows: the tag, and what the description is of. */
interface DescribedHtml {
  value: string;
  of: string;
}

/**
 * Markdown of the OpenAPI document (descriptions), parsed and placed at the directive that
 * shows it: its own places are in another file, so a finding in it (a broken link, raw
 * HTML) names the `:::operation` or `::schema` that brought it into the page. Its raw HTML
 * (Open Banking UK's `<br />`) is gathered in `html`, to be told once with the
 * descriptions it is in (rawHtmlFound): the page shows none of it.
 */
function describedAt(engine: MarkdownEngine, position: Position | undefined): { describe: Describe; blocks: Blocks; html: DescribedHtml[] } {
  const html: DescribedHtml[] = [];
  // `within`: the type of the nodes' parent (a paragraph's children are text; blocks stand in the root).
  const place = <T extends object>(nodes: T[], of: string, within: string): T[] => {
    const stack: [object, string][] = nodes.map((node) => [node, within]);
    while (stack.length) {
      const [any, parentType] = stack.pop()!;
      const node = any as { type?: string; value?: string; position?: Position; children?: object[]; data?: DescribedHtmlData };
      if (position) node.position = position;
      else delete node.position;
      if (node.type === 'html') {
        node.data = { ...node.data, openapiDescription: true };
        const value = String(node.value).trim();
        // A <br> in text is a line break (remark-links.ts makes it one), not HTML left out.
        if (isToldHtml(value) && !isLineBreakHtml(value, parentType)) html.push({ value, of });
      }
      if (node.children) for (const child of node.children) stack.push([child, node.type ?? '']);
    }
    return nodes;
  };
  // A field's description of one paragraph is its text, for the row's <p>, as it always
  // was; one of several blocks, or of a list, code, a quote or an alert, stays blocks (as
  // Redocly shows GitHub's and Stripe's descriptions): the paragraphs run together
  // otherwise, a list's items into one line, and code was lost.
  const describe: Describe = (text, of) => {
    const { children } = parseWith(engine, text);
    const first = children[0];
    if (!first || (children.length === 1 && first.type === 'paragraph')) return { children: place(first ? first.children : [], of, 'paragraph'), blocks: false };
    // In the row's description slot, a paragraph (slot()).
    return { children: place(headingsAsText(children), of, 'paragraph'), blocks: true };
  };
  return { describe, blocks: (text, of) => place(parseWith(engine, text).children, of, 'root'), html };
}

/** Descriptions and tags named one by one in the raw-html warning, then counted. */
const MAX_HTML_NAMED = 3;

/**
 * The raw HTML of the descriptions a directive shows, told once at the directive: which
 * descriptions hold it and which tags, and that the document is where to change them. It
 * was told as the page's own HTML, so the writer looked for it in the Markdown file.
 */
function rawHtmlFound(found: readonly DescribedHtml[], document: string): Omit<Diagnostic, 'file' | 'line' | 'column'> | null {
  if (!found.length) return null;
  const list = (items: string[]) => {
    const shown = items.slice(0, MAX_HTML_NAMED);
    const rest = items.length - shown.length;
    return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]!;
  };
  const of = [...new Set(found.map((h) => h.of))];
  const tags = [...new Set(found.map((h) => `"${h.value.slice(0, 40)}${h.value.length > 40 ? '…' : ''}"`))];
  return {
    ruleId: 'raw-html',
    severity: 'warning',
    message: `raw HTML in the OpenAPI document's description${of.length > 1 ? 's' : ''} of ${list(of)} is not rendered: ${list(tags)} ${tags.length > 1 ? 'are' : 'is'} left out of the page`,
    hint: `write it in Markdown in ${shownPath(document)}, or remove it there; this directive shows ${of.length > 1 ? 'those descriptions' : 'that description'}`,
    paths: [document],
  };
}

/**
 * An operation the page shows already (the same `:::operation` in two sections, or twice in
 * one): the page keeps both, the second with numbered ids ("create-payment-1"), so links to
 * the operation lead to the first. The spec gives each operation one place; this is a
 * warning, as the page still works.
 */
function shownTwice(operation: Operation, { first, source }: { first: { source: string; line: number }; source: string }): Omit<Diagnostic, 'file' | 'line' | 'column'> {
  const where = first.source === source ? `on line ${first.line}` : `on line ${first.line} of ${first.source}`;
  const anchor = operationAnchor(operation.id);
  return {
    ruleId: 'operation-duplicate',
    severity: 'warning',
    message: `the operation ${operation.id} is shown already, ${where}: this one's heading and fields get numbered ids (#${anchor}-1), and links to #${anchor} lead to the first`,
    hint: `remove one of the two; to point to the operation from here, link to it ([${operation.summary}](#${anchor}))`,
  };
}

/**
 * A list cut at its length (MAX_FIELD_ROWS), told at the directive that shows it: the page
 * says so under the list, and the writer should know it too, with where the cut starts.
 */
function listCut({ caption, rows, unlisted }: FieldList, of: string): Omit<Diagnostic, 'file' | 'line' | 'column'> {
  const list = caption === null ? 'the field list' : `the list "${caption}"`;
  return {
    ruleId: 'api-fields-unlisted',
    severity: 'warning',
    message: `${list} of ${of} is cut at ${rows.length} rows: ${unlistedCount(unlisted!)} more fields, from ${unlisted!.first} on, are not listed`,
    hint: `a list shows nested fields until it has ${MAX_FIELD_ROWS} rows, and says under it how many it leaves out; to list the rest, show a nested object's schema on its own (::schema{name="…"}), or leave it so`,
  };
}

/**
 * A description's headings as paragraphs of bold text: a field's row is no section of the
 * page, so its description adds no heading id and no entry to the table of contents.
 */
function headingsAsText(nodes: RootContent[]): RootContent[] {
  const stack: RootContent[][] = [nodes];
  while (stack.length) {
    const list = stack.pop()!;
    for (let i = 0; i < list.length; i++) {
      const node = list[i]!;
      if (node.type === 'heading') list[i] = { type: 'paragraph', children: [{ type: 'strong', children: node.children }], ...(node.position ? { position: node.position } : {}) };
      else if ('children' in node && node.type !== 'paragraph') stack.push(node.children as RootContent[]);
    }
  }
  return nodes;
}

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

/**
 * A named element (src/theme/named-elements.ts): its data as props of the theme's component;
 * `search`, the words it shows that its children lack, or null for an element whose words
 * the search leaves out (rehype-search-text.ts).
 */
function named(name: string, props: Record<string, unknown>, children: RootContent[], search?: string | null): BlockContent {
  const searched = search === null ? { dataUnsearched: '' } : search ? { dataSearch: search } : {};
  return { type: 'paragraph', data: { hName: name, hProperties: { dataProps: JSON.stringify(props), ...searched } as never }, children: children as never };
}

function slot(name: string, children: RootContent[]): RootContent {
  return { type: 'paragraph', data: { hName: SLOT, hProperties: { dataSlot: name } as never }, children: children as never };
}

function withCode(rule: string): PhrasingContent[] {
  return rule.split(/(`[^`]*`)/).filter(Boolean).map((part) => (part.startsWith('`') ? code(part.slice(1, -1)) : text(part)));
}

/**
 * Parameters and attributes: the theme's Fields and Field components (the built-in ones a
 * stacked list that never clips, issue #19). A field's name, type and requiredness are
 * its data (and its search words); its rules and description are Markdown slots.
 */
/** What the lists of one page share: its words, the OpenAPI document's named schemas and those it shows, its example languages, and its ids. */
interface ApiPage {
  ui: UiStrings;
  sources: ListSources;
  languages: { shown: string | null; all: readonly string[] };
  /** The id of a field or schema on this page: its own, or "-1" where the page holds it already (DocumentSlugger). */
  claim: (id: string) => string;
  /** The path of the API's (first) server, which operations' paths follow ("/open-banking/v4.0/aisp"); "" for none. */
  basePath: string;
  /** Tells the writer that a list is cut at its length (api-fields-unlisted), at the directive. */
  cut: (list: FieldList) => void;
}

function fieldList({ kind, caption, rows, required: body, unlisted }: FieldList, describe: Describe, page: ApiPage): BlockContent {
  const { ui, languages, claim } = page;
  // A response is no field: no "required" beside it, and no name in another language; nor is a header's name a client's keyword.
  const showRequired = kind === 'parameters' || kind === 'body' || kind === 'headers';
  const language = kind === 'responses' || kind === 'headers' ? null : languages.shown;
  const label = language ? ui.fieldInLanguage.replace('{language}', language) : '';
  const field = (r: ListedRow): RootContent => {
    const written = nameInLanguage(language, r.name);
    const inLanguage = written === null ? {} : { inLanguage: { label, name: written } };
    const required = showRequired ? r.required : null;
    const rules = r.rules.length ? [slot('rules', r.rules.flatMap((rule, i) => [...(i ? [text('; ')] : []), ...withCode(rule)]))] : [];
    const described = r.description ? describe(r.description, kind === 'responses' ? `response ${r.name}` : kind === 'headers' ? `header ${r.name}` : r.name) : null;
    const description = described ? [slot('description', described.children)] : [];
    const requiredLabel = required === null ? null : required ? ui.fieldRequired : ui.fieldOptional;
    const type = rowType(r, ui);
    // A relationship names another resource, whose own section a search for it should find
    // (searching "mandate" is not answered by every resource that relates to a mandate).
    const words = r.relation !== undefined ? null : [r.name, type, ...(requiredLabel === null ? [] : [requiredLabel])].join(' ');
    const fieldsOf = r.fieldsAt ? { fieldsOf: { label: ui.fieldsOf, name: r.fieldsAt.name, href: `#${r.fieldsAt.id}` } } : {};
    const blocks = described?.blocks ? { descriptionBlocks: true } : {};
    const id = claim(r.id);
    // A response's headers: their rows under it, with their caption.
    const headers = r.headers?.length ? [slot('headers', [fieldList({ kind: 'headers', caption: ui.fieldsHeaders, rows: r.headers }, describe, page)])] : [];
    return named(FIELD, { id, name: r.name, type, required, ...(requiredLabel === null ? {} : { requiredLabel }), ...inLanguage, ...fieldsOf, ...blocks }, [...rules, ...description, ...headers], words);
  };
  // Whether the operation needs its body at all, beside the body's caption (OpenAPI's requestBody.required).
  const needed = body === undefined ? {} : { required: body, requiredLabel: body ? ui.fieldRequired : ui.fieldOptional };
  if (unlisted) page.cut({ kind, caption, rows, unlisted });
  const cut = unlisted ? { unlisted: { label: ui.fieldsUnlisted.replace('{count}', unlistedCount(unlisted)), first: unlisted.first } } : {};
  return named(FIELDS, { caption, ...needed, ...cut }, rows.map(field));
}

function operationNodes(operation: Operation, body: RootContent[], { describe, blocks }: { describe: Describe; blocks: Blocks }, page: ApiPage): RootContent[] {
  const { ui, languages } = page;
  // Another language's example leaves here, not later (remark-api-language.ts), so that
  // no labelled figure is left empty around it.
  const other = (n: Code) => languages.shown !== null && n.lang !== null && n.lang !== undefined && languages.all.includes(n.lang) && n.lang !== languages.shown;
  const examples = body.filter((n): n is Code => n.type === 'code' && !other(n));
  const prose = body.filter((n) => n.type !== 'code');
  const heading: Heading = {
    type: 'heading',
    depth: 3,
    children: [text(operation.summary)],
    data: { hProperties: { id: operationAnchor(operation.id), dataOperationHeading: operationAnchor(operation.id) } as never },
  };
  // The page's prose, else the operation's description (CommonMark: paragraphs, lists, code).
  const main: RootContent[] = prose.length ? prose : blocks(operation.description, `operation ${operation.id}`);
  for (const list of operationLists(operation, page.sources, ui)) main.push(fieldList(list, describe, page));
  // The example panel (issue #19): the request in the page's language, then the response
  // with its status code; the theme's Example labels them.
  const exampleNodes = examples.map((example): RootContent => {
    const response = /^response\b\s*(\d{3})?/.exec(example.meta ?? '');
    if (!response) {
      const request = example.lang && languages.all.includes(example.lang);
      return named(EXAMPLE, { kind: request ? 'request' : 'other', method: operation.method, status: '' }, [example]);
    }
    const status = response[1] ?? successKey(operation) ?? '';
    return named(EXAMPLE, { kind: 'response', method: operation.method, status }, [example]);
  });
  const auth = operation.auth ?? 'none';
  const facts = { scope: ui.operationScope, none: ui.operationNone, auth: ui.operationAuth, authText: describeSecurity(operation.security, ui), ...(operation.deprecated ? { deprecated: ui.operationDeprecated } : {}) };
  const data = { id: operation.id, method: operation.method, path: operation.path, ...(page.basePath ? { basePath: page.basePath } : {}), scopes: operation.scopes, auth, ...(operation.apiKey ? { apiKey: operation.apiKey } : {}), facts };
  // dataOperation: search ties the section to its operation (rehype-search-text.ts).
  const element = named(OPERATION, data, [...main, slot('examples', exampleNodes)]);
  (element.data!.hProperties as Record<string, unknown>).dataOperation = operation.id;
  return [heading, element];
}

function schemaNodes(name: string, schema: Schema, describe: Describe, page: ApiPage): RootContent[] {
  return [named(SCHEMA, { name, id: page.claim(schemaAnchor(name)) }, schemaLists(name, schema, page.sources).map((list) => fieldList(list, describe, page)))];
}

/**
 * The schemas a page's Markdown shows (`::schema{name="Account"}` lines outside code
 * fences), read before it is rendered: the API page reserves their ids, and an operation's
 * responses, which may come first, link to them.
 */
export function schemasShown(bodies: readonly string[]): Set<string> {
  const shown = new Set<string>();
  for (const body of bodies) {
    if (!body.includes('::schema')) continue;
    let fence: string | null = null;
    for (const line of body.split('\n')) {
      const mark = FENCE_RE.exec(line)?.[1];
      if (fence !== null) {
        if (mark && mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) fence = null;
      } else if (mark) fence = mark;
      else {
        const name = SCHEMA_LINE_RE.exec(line)?.slice(1).find((part) => part !== undefined);
        if (name) shown.add(name);
      }
    }
  }
  return shown;
}

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
const SCHEMA_LINE_RE = /^\s*::schema\{[^}]*?\bname=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))[^}]*\}\s*$/;

/** Where the document belongs, as the config says (api.openapi, under site.contentDir), from the working folder. */
const noDocument = (places: SitePlaces): string => `add the OpenAPI document as ${shownPath(places.openapi)} (api.openapi in ${shownPath(places.configFile)} names it), or remove this directive`;

/**
 * The hint for a name the OpenAPI document lacks: the nearest of its names written as the
 * directive, else a few of them, else that it has none.
 */
function nameHint(wanted: string, known: readonly string[], directive: (name: string) => string, words: { some: string; none: string }): string {
  const near = wanted ? nearest(wanted, known) : null;
  if (near !== null) return `did you mean ${directive(near)}?`;
  if (!known.length) return `${words.none}: add one there, or remove this directive`;
  const shown = [...known].sort(compareText).slice(0, MAX_NAMES_SHOWN);
  return `use ${words.some}, e.g. ${directive(shown[0]!)} (${shown.join(', ')}${known.length > shown.length ? `, and ${known.length - shown.length} more` : ''})`;
}

/** How many of the document's names a hint lists. */
const MAX_NAMES_SHOWN = 8;

export default function remarkApi(options: { engine?: MarkdownEngine; strings?: (locale: string | null) => UiStrings } = {}) {
  const engine = options.engine ?? 'fast';
  const stringsIn = options.strings ?? ((locale: string | null) => siteStrings(builtinTheme)(locale ?? 'en'));
  return (tree: Root, file: VFile) => {
    if (!hasDirectives(tree)) return; // no directive: skip the walk (most pages)
    const ctx = contextOf(file);
    const ui = stringsIn(ctx.locale);
    const pageAt = (node: ContainerDirective | LeafDirective, of: string): ApiPage => ({
      ui,
      sources: { schemas: ctx.api?.schemas ?? {}, shown: (ctx.apiSchemasShown ??= schemasShown([String(file.value)])), names: (ctx.apiSchemaNames ??= schemaNames(ctx.api?.schemas ?? {})) },
      languages: { shown: ctx.apiLanguage, all: ctx.apiLanguages },
      basePath: serverBasePath(ctx.api?.servers[0]),
      claim: (id) => ctx.slugger.claimReserved(id, { kind: 'field', at: { source: ctx.source, ...(node.position ? { line: node.position.start.line } : {}) } }),
      cut: (list) => ctx.diagnostics.push({ ...listCut(list, of), file: ctx.file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 }),
    });
    // At the attribute that names what the document lacks (the directive's own place when it has none).
    const problem = (node: ContainerDirective | LeafDirective, message: string, hint: string, attribute?: string) =>
      ctx.diagnostics.push({ ruleId: 'api-directive-invalid', severity: 'error', message, hint, paths: ctx.api ? [ctx.api.file] : [ctx.places.openapi, ctx.places.configFile], file: ctx.file, ...attributePlace(String(file.value), node, attribute) });

    const htmlFound = (node: ContainerDirective | LeafDirective, found: readonly DescribedHtml[]) => {
      const warning = rawHtmlFound(found, ctx.api?.file ?? ctx.places.openapi);
      if (warning) ctx.diagnostics.push({ ...warning, file: ctx.file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
    };

    visit(tree, (node, index, parent) => {
      if ((node.type !== 'containerDirective' && node.type !== 'leafDirective') || !parent || index === undefined) return;
      if (node.name === 'operation') {
        const id = node.attributes?.id ?? '';
        const operation = operationOf(ctx.api, id);
        if (!operation) {
          if (!ctx.api) {
            if (!ctx.apiFailed) problem(node, 'an operation needs the OpenAPI document, and the site has none', noDocument(ctx.places));
          } else problem(node, `no operation "${id}" in ${ctx.api.shown}`, nameHint(id, Object.keys(ctx.api.operations), (near) => `:::operation{id="${near}"}`, { some: `an operationId of ${ctx.api.shown}`, none: `${ctx.api.shown} has no operation with an operationId` }), 'id');
          parent.children.splice(index, 1);
          return index;
        }
        const line = node.position?.start.line ?? 1;
        const first = ctx.slugger.operationShown(operation.id, { source: ctx.source, line });
        if (first) ctx.diagnostics.push({ ...shownTwice(operation, { first, source: ctx.source }), file: ctx.file, line, column: node.position?.start.column ?? 1 });
        const body = node.type === 'containerDirective' ? (node.children.filter((c) => !(c.type === 'paragraph' && c.data?.directiveLabel)) as RootContent[]) : [];
        const described = describedAt(engine, node.position);
        parent.children.splice(index, 1, ...(operationNodes(operation, body, described, pageAt(node, `operation ${operation.id}`)) as never[]));
        htmlFound(node, described.html);
        return index + 2;
      }
      if (node.name === 'schema') {
        const name = node.attributes?.name ?? '';
        const schema = ctx.api?.schemas[name];
        if (!schema) {
          if (!ctx.api) {
            if (!ctx.apiFailed) problem(node, 'a schema needs the OpenAPI document, and the site has none', noDocument(ctx.places));
          } else problem(node, `no schema "${name}" under components.schemas in ${ctx.api.shown}`, nameHint(name, Object.keys(ctx.api.schemas), (near) => `::schema{name="${near}"}`, { some: `a name under components.schemas in ${ctx.api.shown}`, none: `${ctx.api.shown} has no components.schemas` }), 'name');
          parent.children.splice(index, 1);
          return index;
        }
        const described = describedAt(engine, node.position);
        parent.children.splice(index, 1, ...(schemaNodes(name, schema, described.describe, pageAt(node, `schema ${name}`)) as never[]));
        htmlFound(node, described.html);
        return index + 1;
      }
      return undefined;
    });
  };
}
