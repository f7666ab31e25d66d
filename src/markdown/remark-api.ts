// The API reference's directives:
//   :::operation{id="createPayment"} prose and examples :::
//     -> heading (summary, anchor "create-payment"), method, path, scope, the parameter
//        and attribute tables generated from the OpenAPI document, the prose, and the
//        examples (curl, ruby, and the `json response` block) in their own column;
//   ::schema{name="Payment"}
//     -> the table of the entity's attributes.
import type { BlockContent, Code, Heading, PhrasingContent, Root, RootContent, Table, TableRow } from 'mdast';
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

function fieldTable(rows: FieldRow[], showRequired: boolean, inline: Inline): Table {
  const head = ['Name', 'Type', ...(showRequired ? ['Required'] : []), 'Rules', 'Description'];
  const row = (cells: PhrasingContent[][]): TableRow => ({ type: 'tableRow', children: cells.map((children) => ({ type: 'tableCell', children })) });
  return {
    type: 'table',
    align: head.map(() => null),
    children: [
      row(head.map((h) => [text(h)])),
      ...rows.map((r) =>
        row([
          [code(r.name)],
          [text(r.type)],
          ...(showRequired ? [[text(r.required ? 'required' : 'optional')]] : []),
          r.rules.flatMap((rule, i) => [...(i ? [text('; ')] : []), ...withCode(rule)]),
          inline(r.description),
        ]),
      ),
    ],
  };
}

function subheading(value: string): BlockContent {
  return box('p', 'table-caption', [text(value)]);
}

function operationNodes(operation: Operation, body: RootContent[], inline: Inline): RootContent[] {
  const examples = body.filter((n): n is Code => n.type === 'code');
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
    main.push(fieldTable(params.map((p) => ({ ...fieldRows({ properties: { [p.name]: p.schema } })[0]!, required: p.required, description: p.description || p.schema.description || '' })), true, inline));
  }
  const fields = bodyFields(operation);
  if (fields) {
    main.push(subheading(fields.wrapped ? 'Attributes (data.attributes)' : `Form fields (${operation.requestBody!.mediaType})`));
    main.push(fieldTable(fieldRows(fields.schema), true, inline));
  }
  const exampleNodes = examples.map((example): RootContent => {
    const response = /^response\b\s*(\d{3})?/.exec(example.meta ?? '');
    if (!response) return example;
    const status = response[1] ?? Object.keys(operation.responses).find((s) => s.startsWith('2')) ?? '';
    return box('figure', 'example-response', [box('figcaption', 'example-label', [text(`Response ${status}`.trim())]), example]);
  });
  return [
    heading,
    box('div', 'operation', [box('div', 'operation-main', main), box('div', 'operation-examples', exampleNodes)], { dataOperation: operation.id }),
  ];
}

function schemaNodes(schema: Schema, inline: Inline): RootContent[] {
  const attributes = schema.properties?.attributes ?? schema;
  return [box('div', 'schema-fields', [fieldTable(fieldRows(attributes), false, inline)])];
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
        parent.children.splice(index, 1, ...(operationNodes(operation, body, inline) as never[]));
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
