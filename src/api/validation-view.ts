// What the validator compiles: the OpenAPI document as JSON Schema 2020-12 sees it, for
// one direction of the exchange. Two things of OpenAPI are no JSON Schema:
//
// - readOnly properties are sent by the server only, and writeOnly ones by the client
//   only: a schema used both ways (a User with a read-only id and a write-only password)
//   requires each only in its own direction. The view of requests leaves required
//   read-only properties out of `required`, the view of responses write-only ones.
// - OpenAPI 3.0 schemas are an older dialect: `nullable: true` adds null to the schema's
//   values, and `exclusiveMinimum: true` makes `minimum` exclusive. The 3.0 view writes
//   them as 2020-12 does (`type: [string, "null"]`, `exclusiveMinimum: 5`). A nullable
//   schema without a type (`nullable: true` beside an `allOf` of a $ref, as many generated
//   documents write a nullable reference) becomes `anyOf: [{…the rest}, {type: "null"}]`.
//   A 3.1 document's nullable (left from a 3.0 one) is read the same way.
//
// A view is a copy of the document with the same places (the validator compiles the
// schema at a place of it), made once per document and direction, without recursion.

import { pointerSegments } from './resolve-refs.js';

export type Direction = 'request' | 'response';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The OpenAPI version of a parsed document: true for 3.0.x (and 2.x-style documents bankdocs reads as 3.0). */
export function isOpenApi30(document: object): boolean {
  return /^3\.0(?:\.|$)/.test(String((document as Json).openapi ?? ''));
}

/** The view of `document` for one direction; a schema without a document (`{}`) is a document of its own. */
export function validationView(document: object, direction: Direction, dialect30 = isOpenApi30(document)): object {
  const copy = (value: unknown): unknown => (Array.isArray(value) ? [...value] : isObject(value) ? { ...value } : value);
  const root = copy(document) as object;
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    const children = Array.isArray(node) ? node : isObject(node) ? node : null;
    if (!children) continue;
    for (const key of Object.keys(children)) {
      const child = copy((children as Json)[key]);
      (children as Json)[key] = child;
      stack.push(child);
    }
    if (isObject(node)) {
      modernise(node, dialect30);
      leaveOutOtherDirection(node, direction, document);
    }
  }
  return root;
}

/**
 * OpenAPI 3.0's nullable and boolean exclusive bounds, written as JSON Schema 2020-12. A
 * nullable left in a 3.1 document (often one converted from 3.0) means what it meant: a
 * boolean exclusive bound is only 3.0's (in 3.1 it is a mistake, reported as such).
 */
function modernise(schema: Json, dialect30: boolean): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (!dialect30 || typeof schema[flag] !== 'boolean') continue;
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else delete schema[flag];
  }
  if (typeof schema.nullable !== 'boolean') return;
  const nullable = schema.nullable;
  delete schema.nullable;
  if (!nullable) return;
  if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    return;
  }
  if (Array.isArray(schema.type)) {
    if (!schema.type.includes('null')) schema.type = [...schema.type, 'null'];
    return;
  }
  // No type: the schema's own rules, or null.
  const rest: Json = {};
  for (const key of Object.keys(schema)) {
    if (key === 'description' || key === 'title' || key === 'example' || key === 'default' || key === 'readOnly' || key === 'writeOnly' || key === 'deprecated') continue;
    rest[key] = schema[key];
    delete schema[key];
  }
  schema.anyOf = [rest, { type: 'null' }];
}

/** Leaves the properties only the other side sends out of `required`. */
function leaveOutOtherDirection(schema: Json, direction: Direction, document: object): void {
  if (!Array.isArray(schema.required) || !isObject(schema.properties)) return;
  const flag = direction === 'request' ? 'readOnly' : 'writeOnly';
  const properties = schema.properties;
  const kept = schema.required.filter((name) => typeof name !== 'string' || !isObject(properties[name]) || !flagged(properties[name], flag, document));
  if (kept.length !== schema.required.length) schema.required = kept;
}

/** Whether a property's schema, or a schema it refers to inside the document, has the flag. */
function flagged(schema: Json, flag: 'readOnly' | 'writeOnly', document: object): boolean {
  let at: unknown = schema;
  for (let hops = 0; isObject(at) && hops < 8; hops++) {
    if (at[flag] === true) return true;
    if (typeof at.$ref !== 'string' || !at.$ref.startsWith('#/')) return false;
    at = pointerSegments(at.$ref.slice(1)).reduce<unknown>((value, segment) => (isObject(value) || Array.isArray(value) ? (value as Json)[segment] : undefined), document);
  }
  return false;
}
