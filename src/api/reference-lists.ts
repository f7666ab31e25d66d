// The lists of the API reference, as the page (src/markdown/remark-api.ts) and its Markdown
// twin (src/render/render-markdown.ts) show them: an operation's parameters, body and
// responses, a `::schema`'s fields. One function for each, so that the two say the same.
import { idPart, kebabCase } from './anchors.js';
import { bodyVariants, fieldTable, headerRows, parameterRows, responseRows, schemaNames, schemaTable, type FieldRow, type FieldTable, type SchemaNames } from './describe-schema.js';
import { bodyFields, isJsonMediaType, operationAnchor, type ApiModel, type Operation, type Schema } from './openapi.js';
import type { UiStrings } from '../theme/contract.js';

export interface FieldList {
  /** An operation's parameters, its body (or one of its variants), its responses, a response's headers; a schema's fields. */
  kind: 'parameters' | 'body' | 'responses' | 'headers' | 'schema';
  /** "Parameters", "Body (application/json): Circle"; null for a schema of one body. */
  caption: string | null;
  rows: ListedRow[];
  /** A body's list: whether the operation needs the body (`requestBody.required`, false when not said). */
  required?: boolean;
  /** A body's or a schema's list that stops at its last row with fields still to list (fieldTable): how many, and the first. */
  unlisted?: NonNullable<FieldTable['unlisted']>;
}

/** A row and its id on the page: its operation's anchor (or its schema's) and its path, "create-payment-creditorname". */
export interface ListedRow extends FieldRow {
  id: string;
  /** The list of the page that shows the fields of the row's value (`resource`): a response's Account, at "#account-object". */
  fieldsAt?: { name: string; id: string };
  /** A response's headers (Location, Retry-After), listed under it; their ids are the operation's anchor, the status and "header" before the name ("create-payment-201-header-location"). */
  headers?: ListedRow[];
}

/** What the lists of a page are drawn from: the OpenAPI document's named schemas, and those the page shows a list of (`::schema`). */
export interface ListSources {
  schemas: Readonly<Record<string, Schema>>;
  shown: ReadonlySet<string>;
  /**
   * Which component each of `schemas` is (schemaNames), found once for a page: found for
   * each operation, it cost the whole document each time (GitHub's 1223 operations by its
   * 969 schemas, several times over: 7 of the 44 s of a check with twice as many of each).
   */
  names: SchemaNames;
}

type CaptionWords = Pick<UiStrings, 'fieldsParameters' | 'fieldsAttributes' | 'fieldsBody' | 'fieldsForm' | 'fieldsResponses'>;

/** The lists of an operation, in the page's order: parameters, the body's fields (a list for each variant of a body that is one of several), the responses. */
export function operationLists(operation: Operation, { shown, names }: ListSources, words: CaptionWords): FieldList[] {
  const lists: FieldList[] = [];
  const ids = new RowIds(operationAnchor(operation.id), shown);
  if (operation.parameters.length) lists.push({ kind: 'parameters', caption: words.fieldsParameters, rows: ids.of(parameterRows(operation.parameters)) });
  const fields = bodyFields(operation);
  if (fields) {
    const caption = fieldsCaption(operation, fields.wrapped, words);
    const required = operation.requestBody!.required;
    const variants = bodyVariants(fields.schema, names);
    if (variants) for (const variant of variants) lists.push({ kind: 'body', caption: `${caption}: ${variant.name}`, ...ids.ofTable(fieldTable(variant.schema, 'request', names), variant.name), required });
    else lists.push({ kind: 'body', caption, ...ids.ofTable(fieldTable(fields.schema, 'request', names)), required });
  }
  // What the operation answers (200, 404, …): the statuses a client handles.
  const responses = ids.of(responseRows(operation, names), 'response').map((row) => {
    const headers = operation.responses[row.name]?.headers;
    return headers?.length ? { ...row, headers: ids.of(headerRows(headers), `${row.name}-header`) } : row;
  });
  if (responses.length) lists.push({ kind: 'responses', caption: words.fieldsResponses, rows: responses });
  return lists;
}

/** The lists of a `::schema`: its fields, or a list for each of its variants, named after it. */
export function schemaLists(name: string, schema: Schema, { shown, names }: ListSources): FieldList[] {
  const ids = new RowIds(schemaAnchor(name), shown);
  const variants = bodyVariants(schema, names);
  if (!variants) return [{ kind: 'schema', caption: null, ...ids.ofTable(schemaTable(schema, names)) }];
  return variants.map((variant) => ({ kind: 'schema', caption: variant.name, ...ids.ofTable(schemaTable(variant.schema, names), variant.name) }));
}

/** The id of a `::schema`'s lists ("bulk-payment-object", as Stripe's reference calls an entity's table): its fields' ids start with it. */
export function schemaAnchor(name: string): string {
  return `${kebabCase(name) || 'schema'}-object`;
}

/**
 * The ids of every row an API reference page may show, with those of the `::schema` lists
 * it shows: the page reserves them (DocumentSlugger), so that a heading of the prose never
 * takes a field's id, whichever comes first.
 */
export function referenceIds(api: Pick<ApiModel, 'operations' | 'schemas'>, shown: ReadonlySet<string>, words: CaptionWords): string[] {
  const ids: string[] = [];
  const sources = { schemas: api.schemas, shown, names: schemaNames(api.schemas) };
  for (const operation of Object.values(api.operations)) for (const list of operationLists(operation, sources, words)) for (const row of list.rows) ids.push(row.id, ...(row.headers ?? []).map((header) => header.id));
  for (const name of shown) {
    const schema = api.schemas[name];
    if (schema) ids.push(schemaAnchor(name), ...schemaLists(name, schema, sources).flatMap((list) => list.rows.map((row) => row.id)));
  }
  return ids;
}

/**
 * Readable ids for the rows of one operation or schema: its anchor, the variant or
 * "response" the row is of, and the row's path, each part slugged ("payments[].amount" is
 * "payments-amount", "page[limit]" "page-limit"); a path that comes to the id of another
 * row of the same operation (a parameter and a field of one name) gets "-1".
 */
const MAP_VALUES_RE = /(^|\.)\*(?=$|[.[])/g;

class RowIds {
  private readonly taken = new Set<string>();
  constructor(
    private readonly anchor: string,
    private readonly shown: ReadonlySet<string>,
  ) {}

  of(rows: FieldRow[], part?: string): ListedRow[] {
    const base = part === undefined ? this.anchor : `${this.anchor}-${idPart(part) || 'variant'}`;
    return rows.map((row) => {
      // A map's values (`files.*`) are "any" in the id: `files-any-content`.
      const wanted = `${base}-${idPart(row.name.replace(MAP_VALUES_RE, '$1any')) || 'field'}`;
      let id = wanted;
      for (let n = 1; this.taken.has(id); n++) id = `${wanted}-${n}`;
      this.taken.add(id);
      // Where the page lists the fields of the row's value, the row leads there.
      const fieldsAt = row.resource !== undefined && this.shown.has(row.resource) ? { fieldsAt: { name: row.resource, id: schemaAnchor(row.resource) } } : {};
      return { ...row, id, ...fieldsAt };
    });
  }

  /** A table's rows with their ids, and what it leaves out. */
  ofTable({ rows, unlisted }: FieldTable, part?: string): Pick<FieldList, 'rows' | 'unlisted'> {
    return { rows: this.of(rows, part), ...(unlisted ? { unlisted } : {}) };
  }
}

/** How many fields a list leaves out, as its note and `check` say it ("347", "10000+" where counting stopped). */
export function unlistedCount(unlisted: NonNullable<FieldList['unlisted']>): string {
  return `${unlisted.count}${unlisted.atLeast ? '+' : ''}`;
}

/** A row's type in the page's words: a relationship's "to one: FinancialInstitution", "to many: Transaction"; else its type. */
export function rowType(row: FieldRow, words: Pick<UiStrings, 'relationToOne' | 'relationToMany'>): string {
  if (!row.relation) return row.type;
  return (row.relation.many ? words.relationToMany : words.relationToOne).replace('{name}', row.relation.to);
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
