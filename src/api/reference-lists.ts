// The lists of the API reference, as the page (src/markdown/remark-api.ts) and its Markdown
// twin (src/render/render-markdown.ts) show them: an operation's parameters, body and
// responses, a `::schema`'s fields. One function for each, so that the two say the same.
import { bodyVariants, fieldRows, parameterRows, responseRows, schemaFields, schemaNames, type FieldRow } from './describe-schema.js';
import { bodyFields, isJsonMediaType, type Operation, type Schema } from './openapi.js';
import type { UiStrings } from '../theme/contract.js';

export interface FieldList {
  /** An operation's parameters, its body (or one of its variants), its responses; a schema's fields. */
  kind: 'parameters' | 'body' | 'responses' | 'schema';
  /** "Parameters", "Body (application/json): Circle"; null for a schema of one body. */
  caption: string | null;
  rows: FieldRow[];
}

type CaptionWords = Pick<UiStrings, 'fieldsParameters' | 'fieldsAttributes' | 'fieldsBody' | 'fieldsForm' | 'fieldsResponses'>;

/** The lists of an operation, in the page's order: parameters, the body's fields (a list for each variant of a body that is one of several), the responses. */
export function operationLists(operation: Operation, schemas: Readonly<Record<string, Schema>>, words: CaptionWords): FieldList[] {
  const lists: FieldList[] = [];
  if (operation.parameters.length) lists.push({ kind: 'parameters', caption: words.fieldsParameters, rows: parameterRows(operation.parameters) });
  const fields = bodyFields(operation);
  if (fields) {
    const caption = fieldsCaption(operation, fields.wrapped, words);
    const names = schemaNames(schemas);
    const variants = bodyVariants(fields.schema, schemas);
    if (variants) for (const variant of variants) lists.push({ kind: 'body', caption: `${caption}: ${variant.name}`, rows: fieldRows(variant.schema, 'request', names) });
    else lists.push({ kind: 'body', caption, rows: fieldRows(fields.schema, 'request', names) });
  }
  // What the operation answers (200, 404, …): the statuses a client handles.
  const responses = responseRows(operation);
  if (responses.length) lists.push({ kind: 'responses', caption: words.fieldsResponses, rows: responses });
  return lists;
}

/** The lists of a `::schema`: its fields, or a list for each of its variants, named after it. */
export function schemaLists(schema: Schema, schemas: Readonly<Record<string, Schema>>): FieldList[] {
  const names = schemaNames(schemas);
  const variants = bodyVariants(schema, schemas);
  if (!variants) return [{ kind: 'schema', caption: null, rows: fieldRows(schemaFields(schema), 'schema', names) }];
  return variants.map((variant) => ({ kind: 'schema', caption: variant.name, rows: fieldRows(schemaFields(variant.schema), 'schema', names) }));
}

/**
 * "Attributes (data.attributes; data.type = "payment")", "Body (application/json)", "Form
 * fields (application/x-www-form-urlencoded)". The resource type a JSON:API body must name
 * (`integrationAccount`, not `integration-account`) is otherwise only in the example.
 */
export function fieldsCaption(operation: Operation, wrapped: boolean, words: CaptionWords): string {
  const type = operation.requestBody!.mediaType;
  if (wrapped) {
    const named = operation.requestBody!.schema.properties?.data?.properties?.type;
    const values = named?.enum ?? (named?.const !== undefined ? [named.const] : []);
    const resource = values.length === 1 && typeof values[0] === 'string' ? `; data.type = "${values[0]}"` : '';
    return `${words.fieldsAttributes} (data.attributes${resource})`;
  }
  return `${isJsonMediaType(type) ? words.fieldsBody : words.fieldsForm} (${type})`;
}
