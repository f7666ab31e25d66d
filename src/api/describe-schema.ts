// Human-readable facts about a JSON Schema, for the reference's parameter and attribute
// tables: its type, its rules (enum, lengths, ranges, pattern, default) and its fields.
import type { Schema } from './openapi.js';
import { refName } from './resolve-refs.js';

export interface FieldRow {
  name: string;
  type: string;
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

export function typeLabel(schema: Schema): string {
  return label(schema, 0, new Map());
}

function label(schema: Schema, depth: number, known: Map<Schema, string>): string {
  const remembered = known.get(schema);
  if (remembered !== undefined) return remembered;
  if (depth > MAX_LABEL_DEPTH) return 'any';
  // A $ref left in place is a recursive schema (see resolve-refs.ts): shown by its name.
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  const variants = schema.anyOf ?? schema.oneOf;
  let text: string;
  if (variants) {
    text = [...new Set(variants.map((variant) => label(variant, depth + 1, known)))].join(' or ');
  } else {
    const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== 'null');
    const nullable = Array.isArray(schema.type) && schema.type.includes('null');
    text = types.length ? types.join(' or ') : schema.enum ? 'string' : 'any';
    if (types.length === 1 && types[0] === 'array' && schema.items) text = `array of ${label(schema.items, depth + 1, known)}`;
    if (schema.format) text += ` (${schema.format})`;
    if (nullable) text = `${text}, nullable`;
  }
  known.set(schema, text);
  return text;
}

const PATTERN_WORDS: Record<string, string> = {
  "^[A-Za-z0-9/\\-?:().,'+ ]*$": "letters, digits, space and `/ - ? : ( ) . , ' +`",
};

export function rulesOf(schema: Schema): string[] {
  const rules: string[] = [];
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values) rules.push(`one of ${values.filter((v) => v !== null).map((v) => `\`${String(v)}\``).join(', ')}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) rules.push(`${schema.minLength} to ${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined && schema.minLength > 0) rules.push(`at least ${schema.minLength} characters`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) rules.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) rules.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) rules.push(`at most ${schema.maximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) rules.push(`at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) rules.push(PATTERN_WORDS[schema.pattern] ?? `matches \`${schema.pattern}\``);
  if (schema.default !== undefined) rules.push(`default \`${JSON.stringify(schema.default)}\``);
  if (schema.readOnly) rules.push('read-only');
  return rules;
}

/** The fields of an object schema, one level of nested objects and arrays of objects expanded. */
export function fieldRows(schema: Schema, prefix = '', depth = 0): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const row: FieldRow = { name: prefix + name, type: typeLabel(field), required: required.has(name), rules: rulesOf(field), description: field.description ?? '' };
    if (depth >= 1) return [row];
    const nested = field.items?.properties ? { schema: field.items, path: `${prefix}${name}[].` } : field.properties ? { schema: field, path: `${prefix}${name}.` } : null;
    return nested ? [row, ...fieldRows(nested.schema, nested.path, depth + 1)] : [row];
  });
}
