// The keywords of the document's schemas that the validator (ajv) cannot compile, found
// when the document is loaded. They used to pass build and check and be published: a
// `pattern` of "([" or an `enum: []` failed only when the mock or an example compiled
// the schema, and was reported at the example. Each keyword is checked as the JSON
// Schema 2020-12 meta-schema and ajv's compiler take it, in one pass without recursion
// and without compiling anything but the patterns. An empty value (`minimum:` with
// nothing after it) is as good as none, as in openapi-shape.ts.
import { suggest } from '../did-you-mean.js';
import { patternProblem } from './schema-pattern.js';

export interface KeywordProblem {
  /** Path of the keyword's value in the document (with `key`, of a key of it). */
  path: (string | number)[];
  key?: boolean;
  message: string;
  hint: string;
  /** A keyword that compiles, but says something twice (an enum's value): a warning of its own rule, not openapi-invalid. */
  warning?: { ruleId: string };
}

const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

/** Keywords whose value is a schema, a list of schemas, or a mapping of names to schemas. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is a count: a whole number, 0 or more. */
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'];
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const FLAGS = ['uniqueItems', 'readOnly', 'writeOnly', 'deprecated'];
const TEXTS = ['$ref', 'format', 'title', 'description', '$id', '$anchor', '$comment', 'contentEncoding', 'contentMediaType'];

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Every schema keyword of `document` that cannot be compiled. Schemas are found where
 * OpenAPI puts them (`schema:` of a parameter, a header or a media type, and
 * components.schemas); examples and extensions (x-…) hold data, not schemas, and are skipped.
 * Not in document order.
 */
export function schemaKeywordProblems(document: object, options: { openapi30: boolean }): KeywordProblem[] {
  const problems: KeywordProblem[] = [];
  const stack: { value: unknown; path: (string | number)[]; schema: boolean }[] = [{ value: document, path: [], schema: false }];
  while (stack.length) {
    const { value, path, schema } = stack.pop()!;
    if (schema) {
      checkSchema(value, path, options, problems, (child, childPath) => stack.push({ value: child, path: childPath, schema: true }));
      continue;
    }
    if (Array.isArray(value)) value.forEach((item, i) => stack.push({ value: item, path: [...path, i], schema: false }));
    if (!isObject(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('x-') || key === 'example' || key === 'examples') continue;
      if (key === 'schema') stack.push({ value: child, path: [...path, key], schema: true });
      else if (key === 'schemas' && path.length === 1 && path[0] === 'components' && isObject(child)) {
        for (const [name, named] of Object.entries(child)) stack.push({ value: named, path: [...path, key, name], schema: true });
      } else if (child !== null && typeof child === 'object') stack.push({ value: child, path: [...path, key], schema: false });
    }
  }
  return problems;
}

function checkSchema(
  schema: unknown,
  path: (string | number)[],
  options: { openapi30: boolean },
  problems: KeywordProblem[],
  walk: (child: unknown, path: (string | number)[]) => void,
): void {
  if (schema === null || typeof schema === 'boolean') return;
  if (!isObject(schema)) {
    problems.push({ path, message: 'a schema is a mapping of keywords (type, properties, …), or true or false', hint: 'write the schema as a mapping, or point at one with $ref: "#/components/schemas/…"' });
    return;
  }
  const problem = (keyword: string, message: string, hint: string, key?: string) => problems.push({ path: key === undefined ? [...path, keyword] : [...path, keyword, key], ...(key === undefined ? {} : { key: true }), message, hint });
  for (const [keyword, value] of Object.entries(schema)) {
    if (value === null) continue;
    if (ONE_SCHEMA.includes(keyword)) {
      if (Array.isArray(value) && keyword === 'items') problem(keyword, 'items takes one schema; a list of schemas, one for each place, is prefixItems', 'write one schema under items, or rename it prefixItems for a tuple');
      else walk(value, [...path, keyword]);
    } else if (SCHEMA_LISTS.includes(keyword)) {
      if (!Array.isArray(value) || value.length === 0) problem(keyword, `${keyword} takes a list of one or more schemas`, `write each schema as an item of the list ("- type: …"), or remove ${keyword}`);
      else value.forEach((item, i) => walk(item, [...path, keyword, i]));
    } else if (SCHEMA_MAPS.includes(keyword)) {
      if (!isObject(value)) problem(keyword, `${keyword} takes a mapping of names to schemas`, 'write each name as a key with its schema under it');
      else {
        for (const [name, child] of Object.entries(value)) {
          const broken = keyword === 'patternProperties' ? patternProblem(name) : null;
          if (broken) problem(keyword, `the pattern "${name}" is not a regular expression: ${broken}`, PATTERN_HINT, name);
          walk(child, [...path, keyword, name]);
        }
      }
    } else if (keyword === 'pattern') {
      const broken = typeof value === 'string' ? patternProblem(value) : 'it is not a text';
      if (broken) problem(keyword, `the pattern ${JSON.stringify(value)} is not a regular expression: ${broken}`, PATTERN_HINT);
    } else if (keyword === 'enum') {
      if (!Array.isArray(value)) problem(keyword, 'enum takes a list of the values allowed', 'write the values as a list: enum: [a, b]');
      else if (value.length === 0) problem(keyword, 'the enum lists no values, so no value would be valid', 'list the values it takes, or remove the enum');
      else enumRepeats(value, [...path, keyword], problems);
    } else if (keyword === 'type') {
      const names = Array.isArray(value) ? value : [value];
      const bad = names.find((name) => typeof name !== 'string' || !TYPES.includes(name));
      if (bad !== undefined || names.length === 0) {
        problem(keyword, `${bad === undefined ? 'an empty list' : JSON.stringify(bad)} is not a JSON Schema type`, typeof bad === 'string' ? suggest(bad, TYPES, TYPES_HINT) : TYPES_HINT);
      }
    } else if (keyword === 'required') {
      if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) problem(keyword, 'required takes a list of property names', 'write the names as a list: required: [id, name]');
      else if (new Set(value).size !== value.length) problem(keyword, `required names "${value.find((name, i) => value.indexOf(name) !== i)}" twice`, 'list each property once');
    } else if (keyword === 'dependentRequired') {
      if (!isObject(value) || Object.values(value).some((names) => !Array.isArray(names) || names.some((name) => typeof name !== 'string'))) problem(keyword, 'dependentRequired takes a mapping of property names to lists of property names', 'write it as: dependentRequired: { iban: [bic] }');
    } else if (COUNTS.includes(keyword)) {
      if (!Number.isInteger(value) || (value as number) < 0) problem(keyword, `${keyword} takes a whole number, 0 or more`, `write a count, as in ${keyword}: 1`);
    } else if (NUMBERS.includes(keyword)) {
      if (typeof value === 'boolean' && (keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum')) {
        // OpenAPI 3.0's form: the validator reads it as 3.0 does (validation-view.ts).
        if (!options.openapi30) problem(keyword, `${keyword} is a number in OpenAPI 3.1, the bound itself; ${keyword}: ${String(value)} beside ${keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum'} is OpenAPI 3.0`, `write the bound as ${keyword}: <number> in place of ${keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum'}, or declare the document as openapi: 3.0.3`);
      } else if (typeof value !== 'number' || !Number.isFinite(value)) problem(keyword, `${keyword} takes a number`, `write a number, as in ${keyword}: 1`);
      else if (keyword === 'multipleOf' && value <= 0) problem(keyword, 'multipleOf takes a number greater than 0', 'write the step the values go by, as in multipleOf: 0.01');
    } else if (FLAGS.includes(keyword)) {
      if (typeof value !== 'boolean') problem(keyword, `${keyword} takes true or false`, `write ${keyword}: true, or remove it`);
    } else if (TEXTS.includes(keyword)) {
      if (typeof value !== 'string') problem(keyword, `${keyword} takes a text`, keyword === '$ref' ? 'point at a schema of the document as a text: $ref: "#/components/schemas/Name"' : `write the ${keyword} in quotes`);
    }
  }
}

/**
 * An enum's values listed again (Open Banking UK's frequency codes list `WEEK` twice): the
 * validator takes them, and the reference shows each once, but the document says it twice;
 * told at each repetition, naming the value and where it is listed first.
 */
function enumRepeats(values: readonly unknown[], path: (string | number)[], problems: KeywordProblem[]): void {
  const first = new Map<string, number>();
  values.forEach((value, i) => {
    const key = JSON.stringify(value) ?? String(value);
    const before = first.get(key);
    if (before === undefined) first.set(key, i);
    else problems.push({ path: [...path, i], message: `the enum lists ${key} twice, as values ${before + 1} and ${i + 1}`, hint: 'list each value once: remove this one', warning: { ruleId: 'openapi-enum-repeated' } });
  });
}

const PATTERN_HINT = 'write a JavaScript regular expression (JSON Schema reads patterns so, with the u flag): escape a "(", "[" or "{" meant as itself with "\\"';
const TYPES_HINT = `use one of ${TYPES.join(', ')}, or a list of them`;
