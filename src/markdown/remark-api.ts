// The API reference's directives:
//   :::operation{id="createPayment"} prose and examples :::
//     -> heading (summary, anchor "create-payment"), method, path, scope, the parameter
//        and attribute tables generated from the OpenAPI document, the prose, and the
//        examples (curl, ruby, and the `json response` block) in their own column;
//   ::schema{name="Payment"}
//     -> the table of the entity's attributes.
import type { BlockContent, Code, Heading, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { fieldRows, type FieldRow } from '../api/describe-schema.js';
import { bodyFields, operationAnchor, type Operation, type Schema } from '../api/openapi.js';
import { contextOf } from './context.js';
// Inline Markdown: descriptions in the OpenAPI document may use `code` and links.
import { hasDirectives, parseInlineWith, type MarkdownEngine } from './engines.js';

type Inline = (text: string) => PhrasingContent[];

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

function box(tagName: string, className: string, children: RootContent[], extra: Record<string, unknown> = {}): BlockContent {
  return { type: 'paragraph', data: { hName: tagName, hProperties: { className: [className], ...extra } as never }, children: children as never };
}


function withCode(rule: string): PhrasingContent[] {
  return rule.split(/(`[^`]*`)/).filter(Boolean).map((part) => (part.startsWith('`') ? code(part.slice(1, -1)) : text(part)));
}

/**
 * Parameters and attributes as a stacked list (issue #19): each field's name, type and
 * whether it is required on one line, its rules and description below. A list never
 * clips in a narrow column the way a five-column table did.
 */
function fieldList(rows: FieldRow[], showRequired: boolean, inline: Inline): BlockContent {
  const field = (r: FieldRow): RootContent => {
    const head = box('p', 'field-head', [
      box('code', 'field-name', [text(r.name)]) as never,
      text(' '),
      box('span', 'field-type', [text(r.type)]) as never,
      ...(showRequired ? [text(' '), box('span', r.required ? 'field-required' : 'field-optional', [text(r.required ? 'required' : 'optional')]) as never] : []),
    ]);
    const rules = r.rules.length ? [box('p', 'field-rules', r.rules.flatMap((rule, i) => [...(i ? [text('; ')] : []), ...withCode(rule)]))] : [];
    const description = r.description ? [box('p', 'field-description', inline(r.description))] : [];
    return box('li', 'field', [head, ...rules, ...description]);
  };
  return box('ul', 'fields', rows.map(field));
}

function subheading(value: string): BlockContent {
  return box('p', 'table-caption', [text(value)]);
}

function operationNodes(operation: Operation, body: RootContent[], inline: Inline, languages: { shown: string | null; all: readonly string[] }): RootContent[] {
  // Another language's example leaves here, not later (remark-api-language.ts), so that
  // no labelled figure is left empty around it.
  const other = (n: Code) => languages.shown !== null && n.lang !== null && n.lang !== undefined && languages.all.includes(n.lang) && n.lang !== languages.shown;
  const examples = body.filter((n): n is Code => n.type === 'code' && !other(n));
  const prose = body.filter((n) => n.type !== 'code');
  const heading: Heading = {
    type: 'heading',
    depth: 3,
    children: [text(operation.summary)],
    data: { hProperties: { id: operationAnchor(operation.id) } },
  };
  const auth = operation.auth === 'basic' ? 'basic authentication with the client credentials' : operation.auth === 'bearer' ? 'bearer access token' : 'none';
  const endpoint = box('p', 'endpoint', [
    box('span', `method method-${operation.method}`, [text(operation.method.toUpperCase())]) as never,
    text(' '),
    code(operation.path),
  ]);
  const facts = box('p', 'operation-facts', [
    text('Scope: '),
    ...(operation.scopes.length ? operation.scopes.flatMap((s, i) => [...(i ? [text(', ')] : []), code(s)]) : [text('none')]),
    text(` · Authentication: ${auth}`),
  ]);
  const main: RootContent[] = [endpoint, facts, ...(prose.length ? prose : [{ type: 'paragraph', children: inline(operation.description) } as RootContent])];
  const params = operation.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  if (params.length) {
    main.push(subheading('Parameters'));
    main.push(fieldList(params.map((p) => ({ ...fieldRows({ properties: { [p.name]: p.schema } })[0]!, required: p.required, description: p.description || p.schema.description || '' })), true, inline));
  }
  const fields = bodyFields(operation);
  if (fields) {
    main.push(subheading(fields.wrapped ? 'Attributes (data.attributes)' : `Form fields (${operation.requestBody!.mediaType})`));
    main.push(fieldList(fieldRows(fields.schema), true, inline));
  }
  // The example panel (issue #19): the request in the page's language, then the response
  // with its status code, each labelled; theme/client/code.ts adds the copy buttons.
  const exampleNodes = examples.map((example): RootContent => {
    const response = /^response\b\s*(\d{3})?/.exec(example.meta ?? '');
    if (!response) {
      const request = example.lang && languages.all.includes(example.lang);
      if (!request) return example;
      return box('figure', 'example-request', [box('figcaption', 'example-label', [text('Request '), box('span', `method method-${operation.method}`, [text(operation.method.toUpperCase())]) as never]), example]);
    }
    const status = response[1] ?? Object.keys(operation.responses).find((s) => s.startsWith('2')) ?? '';
    const statusClass = `status status-${status.slice(0, 1) || 'x'}xx`;
    return box('figure', 'example-response', [box('figcaption', 'example-label', [text('Response '), ...(status ? [box('span', statusClass, [text(status)]) as never] : [])]), example]);
  });
  return [
    heading,
    box('div', 'operation', [box('div', 'operation-main', main), box('div', 'operation-examples', exampleNodes)], { dataOperation: operation.id }),
  ];
}

function schemaNodes(schema: Schema, inline: Inline): RootContent[] {
  const attributes = schema.properties?.attributes ?? schema;
  return [box('div', 'schema-fields', [fieldList(fieldRows(attributes), false, inline)])];
}

export default function remarkApi(options: { engine?: MarkdownEngine } = {}) {
  const inline: Inline = (text) => parseInlineWith(options.engine ?? 'fast', text);
  return (tree: Root, file: VFile) => {
    if (!hasDirectives(tree)) return; // no directive: skip the walk (most pages)
    const ctx = contextOf(file);
    const problem = (node: ContainerDirective | LeafDirective, message: string, hint: string) =>
      ctx.diagnostics.push({ ruleId: 'api-directive-invalid', severity: 'error', message, hint, file: ctx.file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });

    visit(tree, (node, index, parent) => {
      if ((node.type !== 'containerDirective' && node.type !== 'leafDirective') || !parent || index === undefined) return;
      if (node.name === 'operation') {
        const id = node.attributes?.id ?? '';
        const operation = ctx.api?.operations[id];
        if (!operation) {
          problem(node, ctx.api ? `no operation "${id}" in the OpenAPI document` : 'an operation needs the OpenAPI document, and there is none', 'use an operationId of content/api/openapi.yaml, e.g. :::operation{id="createPayment"}');
          parent.children.splice(index, 1);
          return index;
        }
        const body = node.type === 'containerDirective' ? (node.children.filter((c) => !(c.type === 'paragraph' && c.data?.directiveLabel)) as RootContent[]) : [];
        parent.children.splice(index, 1, ...(operationNodes(operation, body, inline, { shown: ctx.apiLanguage, all: ctx.apiLanguages }) as never[]));
        return index + 2;
      }
      if (node.name === 'schema') {
        const name = node.attributes?.name ?? '';
        const schema = ctx.api?.schemas[name];
        if (!schema) {
          problem(node, `no schema "${name}" in the OpenAPI document's components`, 'use a name under components.schemas, e.g. ::schema{name="Payment"}');
          parent.children.splice(index, 1);
          return index;
        }
        parent.children.splice(index, 1, ...(schemaNodes(schema, inline) as never[]));
        return index + 1;
      }
      return undefined;
    });
  };
}
