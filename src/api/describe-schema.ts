// Human-readable facts about a JSON Schema, for the reference's parameter and attribute
// tables: its type, its rules (enum, lengths, ranges, pattern, default) and its fields.
import type { Operation, Parameter, ResponseHeader, Schema } from './openapi.js';
import { refName } from './resolve-refs.js';
import { snakeCase } from '../check/requests.js';

export interface FieldRow {
  name: string;
  type: string;
  /** The resource (a component of the document) whose fields this row's value has: its own list shows them (a response's Account). */
  resource?: string;
  /** A relationship of a resource: what it leads to (the schema of that resource, else the type it gives) and whether to one or many; null when it says neither. */
  relation?: { many: boolean; to: string } | null;
  required: boolean;
  /** Each rule is text; values in backticks are code. */
  rules: string[];
  description: string;
}

/**
 * Types inside types ("array of array of …") are spelled out this deep; below, "any".
 * Schemas are finite, but may be deep, and share parts (a $ref used by every variant of
 * a variant): labels are remembered per schema, so shared parts are labelled once.
 */
const MAX_LABEL_DEPTH = 8;

/**
 * The document's named schemas (components.schemas) by the schema each is once its $refs
 * are resolved: a variant that is one of them is called by its name ("Circle or Square").
 * Also by its `properties`: a $ref with a description beside it is resolved to a copy
 * with the component's own properties (resolve-refs.ts), and is that component still.
 */
export type SchemaNames = ReadonlyMap<object, string>;

export function schemaNames(named: Readonly<Record<string, Schema>>): SchemaNames {
  const names = new Map<object, string>();
  for (const [name, component] of Object.entries(named)) {
    names.set(component, name);
    if (component.properties && !names.has(component.properties)) names.set(component.properties, name);
  }
  return names;
}

function componentName(schema: Schema, names: SchemaNames): string | null {
  return names.get(schema) ?? (schema.properties ? names.get(schema.properties) : undefined) ?? null;
}

export function typeLabel(schema: Schema, names: SchemaNames = new Map()): string {
  return label(schema, 0, new Map(), names);
}

/** The name of a JSON:API resource of the document's components (a Synchronization), or null for any other schema. */
export function resourceName(schema: Schema, names: SchemaNames): string | null {
  const name = componentName(schema, names);
  return name !== null && schemaFields(schema) !== schema ? name : null;
}

/** A variant's name: its title, else the name of the component it is; null for neither. */
function nameOf(variant: Schema, names: SchemaNames): string | null {
  return (typeof variant.title === 'string' && variant.title) || componentName(variant, names);
}

function label(schema: Schema, depth: number, known: Map<Schema, string>, names: SchemaNames): string {
  const remembered = known.get(schema);
  if (remembered !== undefined) return remembered;
  if (depth > MAX_LABEL_DEPTH) return 'any';
  // A resource inside another (an account's meta.latestSynchronization) is called by its
  // name: its fields are its own table's (resourceName).
  const resource = resourceName(schema, names);
  if (resource !== null) return resource;
  // A $ref left in place is a recursive schema (see resolve-refs.ts): shown by its name.
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  const variants = schema.anyOf ?? schema.oneOf;
  const types = typesBesideNull(schema);
  // 3.1 writes null as a type, 3.0 as nullable: true.
  const nullable = (Array.isArray(schema.type) && schema.type.includes('null')) || schema.nullable === true;
  let text: string;
  if (variants) {
    // A variant without a type of its own has its parent's: `type: string` beside an
    // `anyOf` of formats is a string either way ("string (ipv4 or ipv6)", not "any").
    const typed = (variant: Schema): Schema => (types.length && isUntypedPart(variant) ? { ...variant, type: types.length === 1 ? types[0] : types } : variant);
    // A `{ type: 'null' }` variant (3.1's way to make a $ref nullable) is said once, at the end.
    const nulls = variants.filter(isNullOnly);
    const others = variants.filter((variant) => !isNullOnly(variant));
    // A variant that is a named object (a $ref to a Circle) is called by its name, as a body's variants are (bodyVariants): "object" says nothing.
    text = others.length ? joinVariants([...new Set(others.map((variant) => (hasFields(variant) ? nameOf(variant, names) : null) ?? label(typed(variant), depth + 1, known, names)))]) : 'null';
    if ((nullable || nulls.length) && others.length && !text.endsWith(', nullable')) text = `${text}, nullable`;
  } else {
    text = types.length ? types.join(' or ') : schema.enum ? valuesLabel(schema.enum) : schema.allOf?.length === 1 ? label(schema.allOf[0]!, depth + 1, known, names) : schema.allOf ? 'object' : 'any';
    if (types.length === 1 && types[0] === 'array' && schema.items) text = `array of ${label(schema.items, depth + 1, known, names)}`;
    const values = mapValues(schema);
    if (values) text = `map of ${label(values, depth + 1, known, names)}`;
    if (schema.format) text += ` (${schema.format})`;
    if (nullable) text = `${text}, nullable`;
  }
  known.set(schema, text);
  return text;
}

/**
 * The values of a map, an object whose names are the data (`additionalProperties` a schema
 * with something to say, and no fields of its own): a gist's `files` by file name. Null for
 * any other schema.
 */
function mapValues(schema: Schema): Schema | null {
  const values = schema.additionalProperties;
  if (!values || typeof values !== 'object' || Object.keys(values).length === 0 || hasFields(schema)) return null;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  return types.every((type) => type === 'object' || type === 'null') ? values : null;
}

/** The types a schema names, null aside (3.1 writes a nullable string as ['string', 'null']). */
function typesBesideNull(schema: Schema): string[] {
  return (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== 'null');
}

function isNullOnly(schema: Schema): boolean {
  return schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null') || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);
}

/** A variant that only narrows its parent (a format, a pattern, a length): no type, shape or variants of its own. */
function isUntypedPart(schema: Schema): boolean {
  return schema.type === undefined && schema.$ref === undefined && schema.enum === undefined && schema.const === undefined && !schema.anyOf && !schema.oneOf && !schema.allOf && !schema.properties && !schema.items;
}

/** "string (ipv4)" and "string (ipv6)" are "string (ipv4 or ipv6)"; other labels are joined with "or". */
function joinVariants(labels: string[]): string {
  const parts = labels.map((text) => /^([^()]+) \(([^()]+)\)$/.exec(text));
  const base = parts[0]?.[1];
  if (labels.length > 1 && parts.every((part) => part !== null && part[1] === base)) return `${base} (${parts.map((part) => part![2]).join(' or ')})`;
  return labels.join(' or ');
}

/** The type of an enum without one, from its values ("integer", "string", "integer or string"). */
function valuesLabel(values: readonly unknown[]): string {
  const kinds = new Set(values.filter((v) => v !== null).map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v === 'boolean' ? 'boolean' : 'string')));
  return kinds.size ? [...kinds].join(' or ') : 'any';
}

const PATTERN_WORDS: Record<string, string> = {
  "^[A-Za-z0-9/\\-?:().,'+ ]*$": "letters, digits, space and `/ - ? : ( ) . , ' +`",
};

export function rulesOf(schema: Schema): string[] {
  const rules = valueRules(schema);
  // The rules of a list's values (a scope list's `ai`, `pi`, `dashboard`): an object's are
  // its fields' rows, and a list of lists says only its own.
  const items = schema.items;
  if (items && !hasFields(items) && !items.items) rules.push(...valueRules(items).map((rule) => `each item: ${rule}`));
  if (schema.default !== undefined) rules.push(`default \`${JSON.stringify(schema.default)}\``);
  const example = exampleOf(schema);
  if (example !== null) rules.push(`example \`${example}\``);
  if (schema.readOnly) rules.push('read-only');
  if (schema.writeOnly) rules.push('write-only');
  if (schema.deprecated === true) rules.push('deprecated');
  return rules;
}

/** Longer examples (a whole object) are the example panel's to show. */
const MAX_EXAMPLE_LENGTH = 60;

/**
 * A field's example as code: the first of 3.1's `examples`, else 3.0's `example`; a
 * string as written (`authorizationInvalid`), a number or boolean as JSON; none for an
 * object or a list, or a value too long or with a backtick to show as code.
 */
function exampleOf(schema: Schema): string | null {
  return exampleText(Array.isArray(schema.examples) && schema.examples.length ? schema.examples[0] : schema.example);
}

function exampleText(value: unknown): string | null {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? JSON.stringify(value) : null;
  return text !== null && text.trim() !== '' && text.length <= MAX_EXAMPLE_LENGTH && !/[`\r\n]/.test(text) ? text : null;
}

/** What a value must be: its own rules, and those of the variants it is one of. */
function valueRules(schema: Schema): string[] {
  return [...ownRules(schema), ...variantRules(schema)];
}

/** What a value must be by its own keywords: its values, lengths, bounds, item counts and pattern. */
function ownRules(schema: Schema): string[] {
  const rules: string[] = [];
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  // Each value once, though the document lists one twice (Open Banking UK's `WEEK`; check warns of it: openapi-enum-repeated).
  if (values) rules.push(`one of ${[...new Set(values.filter((v) => v !== null).map((v) => `\`${String(v)}\``))].join(', ')}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) rules.push(`${schema.minLength} to ${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined && schema.minLength > 0) rules.push(`at least ${schema.minLength} characters`);
  // 3.1 writes an exclusive bound as a number of its own, 3.0 as exclusiveMinimum: true beside minimum.
  const low = typeof schema.exclusiveMinimum === 'number' ? { value: schema.exclusiveMinimum, open: true } : schema.minimum !== undefined ? { value: schema.minimum, open: schema.exclusiveMinimum === true } : null;
  const high = typeof schema.exclusiveMaximum === 'number' ? { value: schema.exclusiveMaximum, open: true } : schema.maximum !== undefined ? { value: schema.maximum, open: schema.exclusiveMaximum === true } : null;
  if (low && high && !low.open && !high.open) rules.push(`${low.value} to ${high.value}`);
  else {
    if (low) rules.push(`${low.open ? 'more than' : 'at least'} ${low.value}`);
    if (high) rules.push(`${high.open ? 'less than' : 'at most'} ${high.value}`);
  }
  if (schema.minItems !== undefined && schema.minItems > 0) rules.push(`at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  if (schema.uniqueItems === true) rules.push('no duplicates');
  if (schema.pattern) rules.push(PATTERN_WORDS[schema.pattern] ?? `matches \`${schema.pattern}\``);
  return rules;
}

/**
 * What the values of a field that is one of several plain values (`oneOf` a code list and
 * a pattern: Open Banking UK's Frequency.Type) must be: one variant's rules as its own, or
 * "either …, or …" with each variant's rules (`any string` for one of none), joined with
 * "and". Variants of objects are the labels' and the rows' to name; a variant's own
 * variants are not read (a document may nest them without end).
 */
function variantRules(schema: Schema): string[] {
  const all = schema.anyOf ?? schema.oneOf;
  if (!all) return [];
  const variants = all.filter((variant) => !isNullOnly(variant));
  if (!variants.length || variants.some((variant) => hasFields(variant) || mapValues(variant))) return [];
  const said = variants.map(ownRules);
  if (variants.length === 1) return said[0]!;
  if (said.every((rules) => !rules.length)) return [];
  // A variant without a type of its own has its parent's, as in its label.
  const types = typesBesideNull(schema);
  const typed = (variant: Schema): Schema => (types.length && isUntypedPart(variant) ? { ...variant, type: types } : variant);
  const texts = [...new Set(said.map((rules, i) => (rules.length ? rules.join(' and ') : `any ${typeLabel(typed(variants[i]!))}`)))];
  return texts.length === 1 ? [texts[0]!] : [`either ${texts.join(', or ')}`];
}

/**
 * Whose fields a table lists: a request body's leaves out read-only fields (the server
 * sets them), a response's write-only ones (a password); a schema shown on its own lists
 * both, marked.
 */
export type FieldsOf = 'request' | 'response' | 'schema';

/**
 * The properties and required names of an object schema, with those of the schemas it is
 * made of (`allOf`: a Product and its own extra fields) merged in, as a validator reads them.
 */
function objectParts(schema: Schema, depth = 0): { properties: [string, Schema][]; required: Set<string> } {
  const properties = new Map<string, Schema>();
  const required = new Set<string>();
  const add = (part: Schema, level: number) => {
    if (level > MAX_LABEL_DEPTH) return;
    for (const member of part.allOf ?? []) add(member, level + 1);
    for (const [name, field] of Object.entries(part.properties ?? {})) properties.set(name, field);
    for (const name of part.required ?? []) required.add(name);
  };
  add(schema, depth);
  return { properties: [...properties], required };
}

/**
 * Nested objects are listed this many levels down (nine names, `a.b.c.d.e.f.g.h.i`: Open
 * Banking UK's payments need six, `Data.Initiation.RegulatoryReporting[].Details[].Amount.Amount`,
 * its products nine), and a table nests no further once it has this many rows: schemas
 * share parts (one $ref in many places), so a hostile document could otherwise multiply
 * its rows level by level.
 */
const MAX_FIELD_DEPTH = 8;
export const MAX_FIELD_ROWS = 400;
/** The fields a cut table leaves out are counted up to this many (a hostile document's shared parts may stand for billions). */
const MAX_UNLISTED_COUNTED = 10_000;

/**
 * A table of fields and what it leaves out: once it has MAX_FIELD_ROWS rows it lists no
 * more nested fields (Open Banking UK's products have 752, of which 405 are listed), and
 * says how many it left out (up to MAX_UNLISTED_COUNTED) and the first of them.
 */
export interface FieldTable {
  rows: FieldRow[];
  unlisted: { count: number; atLeast: boolean; first: string } | null;
}

/** The fields of an object schema, with those of its nested objects and lists of objects (`payments[].amount`). */
export function fieldRows(schema: Schema, of: FieldsOf = 'schema', names: SchemaNames = new Map()): FieldRow[] {
  return fieldTable(schema, of, names).rows;
}

/** fieldRows, and what the table leaves out. */
export function fieldTable(schema: Schema, of: FieldsOf = 'schema', names: SchemaNames = new Map()): FieldTable {
  const walk: FieldWalk = { of, names, rows: [], unlisted: 0, first: null };
  addRows(walk, schema, { prefix: '', depth: 0, listed: true });
  return { rows: walk.rows, unlisted: walk.first === null ? null : { count: walk.unlisted, atLeast: walk.unlisted >= MAX_UNLISTED_COUNTED, first: walk.first } };
}

interface FieldWalk {
  of: FieldsOf;
  names: SchemaNames;
  rows: FieldRow[];
  /** Fields the table has no room for, counted (not listed), and the path of the first. */
  unlisted: number;
  first: string | null;
}

/** The rows of a schema's fields under `prefix`; once the table is full, nested fields are counted instead (`listed` false). */
function addRows(walk: FieldWalk, schema: Schema, { prefix, depth, listed }: { prefix: string; depth: number; listed: boolean }): void {
  const { of, names, rows } = walk;
  const { properties, required } = objectParts(schema);
  // A map's values are under any name: `files.*`, and their fields `files.*.content`.
  const values = mapValues(schema);
  const hidden = of === 'request' ? 'readOnly' : of === 'response' ? 'writeOnly' : null;
  for (const [name, field] of values ? [['*', values] as const] : properties) {
    if (hidden && field[hidden] === true) continue;
    const resource = resourceName(field.items ?? field, names);
    if (listed) rows.push({ name: prefix + name, type: typeLabel(field, names), required: !values && required.has(name), rules: rulesOf(field), description: field.description ?? '', ...(resource === null ? {} : { resource }) });
    else {
      if (walk.unlisted >= MAX_UNLISTED_COUNTED) return;
      walk.first ??= prefix + name;
      walk.unlisted++;
    }
    if (depth >= MAX_FIELD_DEPTH) continue;
    // A list of lists of objects is `grid[][].x`.
    let inner = field;
    let path = prefix + name;
    for (let level = 0; inner.items && level < MAX_LABEL_DEPTH; level++) {
      inner = inner.items;
      path += '[]';
    }
    if ((hasFields(inner) || mapValues(inner)) && resourceName(inner, names) === null) addRows(walk, inner, { prefix: `${path}.`, depth: depth + 1, listed: listed && rows.length < MAX_FIELD_ROWS });
  }
}

function hasFields(schema: Schema): boolean {
  return Boolean(schema.properties) || Boolean(schema.allOf?.some((member) => member.properties || member.allOf));
}

/**
 * The bodies a schema stands for when it is one of several (`oneOf`, `anyOf` of objects: a
 * Circle or a Square), each with a name: its title, else the name of the component it is
 * (`named`: the document's components.schemas), else its number. A schema with fields of
 * its own, or whose variants have none, is one body: null.
 */
export function bodyVariants(schema: Schema, names: SchemaNames = new Map()): { name: string; schema: Schema }[] | null {
  const variants = schema.oneOf ?? schema.anyOf;
  if (!variants?.length || schema.properties || !variants.some(hasFields)) return null;
  return variants.map((variant, i) => ({ name: nameOf(variant, names) ?? String(i + 1), schema: variant }));
}

/** The rows of an operation's parameters; a header or cookie parameter says where it goes. */
export function parameterRows(parameters: readonly Parameter[]): FieldRow[] {
  return parameters.map((p) => describedRow(p, p.in === 'header' || p.in === 'cookie' ? [p.in] : []));
}

/** The rows of a response's headers (Location, Retry-After), described as parameters are. */
export function headerRows(headers: readonly ResponseHeader[]): FieldRow[] {
  return headers.map((header) => describedRow(header, []));
}

/** A parameter's or a header's row: its schema's type and rules, `place` first, its own example, and its own description before its schema's. */
function describedRow(p: ResponseHeader, place: string[]): FieldRow {
  const row = fieldRows({ properties: { [p.name]: p.schema } })[0]!;
  // The parameter's own example (a query value such as `2025-03-01`) comes before its schema's.
  const example = p.example === undefined ? null : exampleText(p.example);
  const rules = example === null ? row.rules : [...row.rules.filter((rule) => !rule.startsWith('example ')), `example \`${example}\``];
  return { ...row, required: p.required, rules: [...place, ...rules, ...(p.deprecated ? ['deprecated'] : [])], description: p.description || p.schema.description || '' };
}

/**
 * A field's name as the reference's example language writes it, where that differs: the
 * Ruby client takes and gives snake_case keywords (creditorName is creditor_name,
 * payments[].creditorName payments[].creditor_name, page[limit] page_limit), as `check`
 * reads its calls. null for other languages, and for a name Ruby writes the same.
 */
export function nameInLanguage(language: string | null, name: string): string | null {
  if (language !== 'ruby') return null;
  const written = name.split(/(\[\]|\.)/).map((part) => (part === '[]' || part === '.' ? part : snakeCase(part))).join('');
  return written === name ? null : written;
}

/**
 * The responses an operation documents, in the document's order: the status (or range,
 * or `default`) as the name, the media types it answers with as the type (none for a
 * bodiless answer, a 204), and its description.
 */
export function responseRows(operation: Operation, names: SchemaNames = new Map()): FieldRow[] {
  return Object.entries(operation.responses).map(([status, response]) => {
    const resource = response.schema ? bodyResource(response.schema, names) : null;
    return { name: status, type: response.mediaTypes.join(', '), required: false, rules: [], description: response.description, ...(resource === null ? {} : { resource }) };
  });
}

/** The resource a JSON:API body carries (`data`: an Account, or a list of them), or the named schema the body is. */
function bodyResource(schema: Schema, names: SchemaNames): string | null {
  const data = schema.properties?.data;
  return (data && resourceName(data.items ?? data, names)) ?? componentName(schema, names);
}

/**
 * The fields a `::schema` directive lists: a JSON:API resource's attributes (a schema whose
 * `attributes` stand beside its `id` or `type`, or alone), else the schema's own properties
 * (a Product whose `attributes` is a field of its own, a map of names to values).
 */
export function schemaFields(schema: Schema): Schema {
  const properties = schema.properties ?? {};
  const attributes = properties.attributes;
  const resource = attributes?.properties && (properties.id || properties.type || Object.keys(properties).length === 1);
  return resource ? attributes : schema;
}

/**
 * The rows of a `::schema`: its fields (schemaFields), and beside a JSON:API resource's
 * attributes what else it says of itself, in the API's order and named as the API writes
 * them: its `relationships` (each one's name, the resource it leads to and whether one or
 * many: relationshipRows), its `links` (`links.self`) and its `meta` (an account's
 * `meta.availability`, `meta.synchronizedAt`); none of them only in the prose.
 */
export function schemaRows(schema: Schema, names: SchemaNames = new Map()): FieldRow[] {
  return schemaTable(schema, names).rows;
}

/** schemaRows, and what its tables leave out, together. */
export function schemaTable(schema: Schema, names: SchemaNames = new Map()): FieldTable {
  const fields = schemaFields(schema);
  const table = fieldTable(fields, 'schema', names);
  if (fields === schema) return table;
  const { relationships, links, meta } = schema.properties ?? {};
  const part = (name: string, part: Schema | undefined): FieldTable => (part && Object.keys(part.properties ?? {}).length ? fieldTable({ properties: { [name]: part } }, 'schema', names) : { rows: [], unlisted: null });
  const parts = [table, { rows: relationshipRows(relationships, names), unlisted: null }, part('links', links), part('meta', meta)];
  const cut = parts.flatMap((p) => (p.unlisted ? [p.unlisted] : []));
  const unlisted = cut.length ? { count: cut.reduce((sum, u) => sum + u.count, 0), atLeast: cut.some((u) => u.atLeast), first: cut[0]!.first } : null;
  return { rows: parts.flatMap((p) => p.rows), unlisted };
}

/**
 * A resource's `relationships`: its own row, then one for each relationship, with what it
 * leads to (`relation`) and not the fields of its linkage (`data.id`, `links.related`),
 * which every relationship has.
 */
function relationshipRows(relationships: Schema | undefined, names: SchemaNames): FieldRow[] {
  const entries = Object.entries(relationships?.properties ?? {});
  if (!relationships || !entries.length) return [];
  const types = resourceTypes(names);
  const row = (name: string, schema: Schema): FieldRow => ({ name, type: typeLabel(schema, names), required: false, rules: rulesOf(schema), description: schema.description ?? '' });
  return [
    row('relationships', relationships),
    ...entries.map(([name, relationship]) => {
      const relation = relationOf(name, relationship, types);
      const resource = relation && types.get(relation.to);
      return { ...row(`relationships.${name}`, relationship), relation: relation && { many: relation.many, to: resource ?? relation.to }, ...(resource ? { resource } : {}) };
    }),
  ];
}

/** The document's resources by the `type` they give (`financialInstitution` is FinancialInstitution). */
function resourceTypes(names: SchemaNames): Map<string, string> {
  const types = new Map<string, string>();
  for (const [schema, name] of names) {
    const type = resourceName(schema as Schema, names) === null ? null : typeValue((schema as Schema).properties?.type);
    if (type !== null && !types.has(type)) types.set(type, name);
  }
  return types;
}

/** The one string a `type` field allows (`enum: [account]`, `const: account`), or null. */
function typeValue(schema: Schema | undefined): string | null {
  const values = schema?.enum ?? (schema?.const !== undefined ? [schema.const] : []);
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : null;
}

/**
 * What a relationship leads to: the type its `data` names (an object for one, an array for
 * many; a null beside it is no resource), else, for one given only by its links (a
 * collection's `related`), the resource type its name is or ends with, once or in the plural
 * (`transactions`, `updatedPendingTransactions`: many pendingTransaction); null when neither
 * says it.
 */
function relationOf(name: string, relationship: Schema, types: ReadonlyMap<string, string>): { many: boolean; to: string } | null {
  const data = relationship.properties?.data;
  if (data) {
    const linkage = (data.anyOf ?? data.oneOf)?.find((variant) => !isNullOnly(variant)) ?? data;
    const many = linkage.items !== undefined || linkage.type === 'array' || (Array.isArray(linkage.type) && linkage.type.includes('array'));
    const to = typeValue((many ? linkage.items : linkage)?.properties?.type);
    return to === null ? null : { many, to };
  }
  let found: { many: boolean; to: string } | null = null;
  for (const type of types.keys()) {
    if (found && found.to.length >= type.length) continue;
    const one = [type, type[0]!.toUpperCase() + type.slice(1)];
    const ends = (word: string, i: number) => (i === 0 ? name === word : name.endsWith(word) && name.length > word.length);
    if (one.some(ends)) found = { many: false, to: type };
    else if (one.map(plural).some(ends)) found = { many: true, to: type };
  }
  return found;
}

/** An English plural: "transactions", "entries", "addresses". */
function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}
