// Turns zod issues into diagnostics placed on the YAML node that has to change.
import { isMap, isScalar, isSeq, type ErrorCode } from 'yaml';
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.js';
import { nearest, suggest } from '../did-you-mean.js';
import { yamlErrorWords } from './yaml-words.js';
import { positionAt, positionOfPath, type ParsedYaml } from './yaml-positions.js';

export interface YamlSource {
  file: string;
  parsed: ParsedYaml;
  /** Prefix of the rule ids: "config" or "front-matter". */
  rulePrefix: string;
  /** Words for the thing being validated, e.g. "docs.config.yaml" or "front matter of a guide". */
  what: string;
  /** Whose an unknown key is and what to do instead, for a key of another tool (front matter's sidebar_position); null for others. */
  foreignKey?: (key: string, known: readonly string[]) => { tool: string; hint: string } | null;
}

/**
 * The YAML syntax errors of a file: each repeated key (each is a mistake of its own), and
 * of the other errors the first, with how many follow it. The parser goes on after a
 * broken line and stumbles over what comes next: one unclosed "[" gave three errors.
 */
export function yamlSyntaxDiagnostics(source: YamlSource, options: { except?: readonly ErrorCode[] } = {}): Diagnostic[] {
  const all = options.except ? source.parsed.doc.errors.filter((error) => !options.except!.includes(error.code)) : source.parsed.doc.errors;
  const structural = all.filter((error) => error.code !== 'DUPLICATE_KEY');
  const errors = all.filter((error) => error.code === 'DUPLICATE_KEY' || error === structural[0]);
  const more = structural.length - 1;
  return errors.map((error) => {
    const own = yamlErrorWords(error, source.parsed);
    const { line, column } = positionAt(source.parsed, own?.offset ?? error.pos[0]);
    return {
      ruleId: `${source.rulePrefix}-yaml-syntax`,
      severity: 'error',
      message: `invalid YAML in the ${source.what}: ${own?.message ?? firstLine(error.message)}${error === structural[0] && more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'} after it, which may follow from this one)` : ''}`,
      hint: own?.hint ?? 'fix the YAML syntax (indentation, quotes, a colon after each key)',
      file: source.file,
      line,
      column,
    };
  });
}

/** `schema`: what was validated, for the keys a mistyped one may have meant. */
export function zodDiagnostics(source: YamlSource, issues: readonly z.core.$ZodIssue[], schema?: z.ZodType): Diagnostic[] {
  const typos = mistypedKeys(source, issues, schema);
  return issues.flatMap((issue) => (typos.missing.has(issue) ? [] : issueDiagnostics(source, issue, typos.meant, schema)));
}

/**
 * A required key written with a typo ("titel: Payments") is one mistake, told once at the
 * typo: the unknown keys whose nearest known key is missing beside them, by the path of
 * each typo (`meant`), and the missing-key issues they stand for (`missing`).
 */
function mistypedKeys(source: YamlSource, issues: readonly z.core.$ZodIssue[], schema?: z.ZodType) {
  const meant = new Map<string, string>();
  const missing = new Set<z.core.$ZodIssue>();
  const absent = new Map<string, Map<string, z.core.$ZodIssue>>();
  for (const issue of issues) {
    const name = issue.path.at(-1);
    if (!isMissingKey(source, issue) || typeof name !== 'string') continue;
    const parent = formatPath(issue.path.slice(0, -1));
    absent.set(parent, (absent.get(parent) ?? new Map()).set(name, issue));
  }
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const lacking = absent.get(formatPath(issue.path));
    if (!lacking) continue;
    const known = new Set([...(schema ? keysAt(schema, issue.path) : []), ...lacking.keys()]);
    for (const key of issue.keys) {
      const near = nearest(key, known);
      const stands = near === null ? undefined : lacking.get(near);
      if (near === null || !stands) continue;
      meant.set(formatPath([...issue.path, key]), near);
      missing.add(stands);
      lacking.delete(near);
    }
  }
  return { meant, missing };
}

/** A required key that is not there at all (not one whose value has the wrong type). */
const isMissingKey = (source: YamlSource, issue: z.core.$ZodIssue): boolean => issue.code === 'invalid_type' && !source.parsed.doc.hasIn(issue.path);

function issueDiagnostics(source: YamlSource, issue: z.core.$ZodIssue, meant: ReadonlyMap<string, string>, schema?: z.ZodType): Diagnostic[] {
  const at = (path: readonly PropertyKey[], ruleId: string, message: string, hint?: string, key = false): Diagnostic => ({
    ruleId: `${source.rulePrefix}-${ruleId}`,
    severity: 'error',
    message,
    ...(hint ? { hint } : {}),
    file: source.file,
    ...positionOfPath(source.parsed, path, { key }),
  });
  const where = issue.path.length ? `"${formatPath(issue.path)}"` : `the ${source.what}`;

  if (issue.code === 'unrecognized_keys') {
    const known = schema ? keysAt(schema, issue.path) : [];
    return issue.keys.map((key) => {
      const path = formatPath([...issue.path, key]);
      const missing = meant.get(path);
      const foreign = missing === undefined && issue.path.length === 0 ? source.foreignKey?.(key, known) : null;
      if (foreign) return at([...issue.path, key], 'unknown-key', `unknown key "${path}" in the ${source.what}: ${foreign.tool}, which bankdocs does not read`, foreign.hint, true);
      return missing === undefined
        ? at([...issue.path, key], 'unknown-key', `unknown key "${path}" in the ${source.what}`, suggest(key, known, 'remove it or correct its spelling; see the JSON Schema or README for the allowed keys'), true)
        : at([...issue.path, key], 'unknown-key', `unknown key "${path}" in the ${source.what}; did you mean "${missing}" (which is missing)?`, `rename "${key}" to "${missing}"`, true);
    });
  }
  if (issue.code === 'invalid_type' && isMissingKey(source, issue)) {
    const name = issue.path.at(-1);
    return [at(issue.path, 'missing-key', `missing required key "${formatPath(issue.path)}" in the ${source.what}`, `add "${String(name)}: …" (expected ${issue.expected})`)];
  }
  if (issue.code === 'invalid_union') {
    // Report the branch that came closest instead of zod's "Invalid input": the one that
    // lacks the fewest of its keys, then the one with the fewest issues. By the count alone,
    // a path item with two mistyped fields was closer to the $ref form, which lacks one key.
    const lacking = (branch: readonly z.core.$ZodIssue[]) => branch.filter((inner) => inner.code === 'invalid_type' && inner.path.length === 1 && !source.parsed.doc.hasIn([...issue.path, ...inner.path])).length;
    // A branch of another kind than the value (the word "default" for a collection's mapping)
    // is no closer for having one issue: a mapping with one typo is a mapping.
    const otherKind = (branch: readonly z.core.$ZodIssue[]) => (branch.some((inner) => inner.path.length === 0 && (inner.code === 'invalid_type' || inner.code === 'invalid_value')) ? 1 : 0);
    const branches = issue.errors.filter((b) => b.length > 0).map((b) => ({ issues: b, otherKind: otherKind(b), lacking: lacking(b) })).sort((a, b) => a.otherKind - b.otherKind || a.lacking - b.lacking || a.issues.length - b.issues.length).map((b) => b.issues);
    const closest = branches[0];
    if (closest) {
      return zodDiagnostics(source, closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })), schema);
    }
  }
  const reference = source.rulePrefix === 'config' ? 'see what this key takes in the JSON Schema (an editor shows it as you type) or in README, "Configuration"' : undefined;
  // zod's own words ("Invalid input: expected int, received number") name its types, not
  // what the writer typed: say what the value must be, and what it is.
  if (issue.code === 'invalid_type' && Object.hasOwn(EXPECTED, issue.expected)) {
    const written = writtenValue(source, issue.path);
    const quote = issue.expected === 'string' && (typeof written === 'number' || typeof written === 'boolean') ? `put it in quotes to keep it as text: "${written}"` : undefined;
    const yesNo = issue.expected === 'boolean' && typeof written === 'string' ? 'write true or false (YAML reads yes, no, on and off as text)' : undefined;
    return [at(issue.path, 'invalid', `${where} must be ${EXPECTED[issue.expected]}, not ${describeValue(written)}`, quote ?? yesNo ?? reference)];
  }
  if (issue.code === 'invalid_value' && issue.values.length > 1) {
    const written = writtenValue(source, issue.path);
    const values = issue.values.map((v) => JSON.stringify(v));
    // The message lists every value: a did-you-mean only for a near miss ("faq" is not "api").
    const near = typeof written === 'string' ? nearest(written, issue.values.map(String), Math.max(1, Math.floor(written.length / 3))) : null;
    const hint = near !== null ? `did you mean "${near}"?` : reference;
    return [at(issue.path, 'invalid', `${where} must be one of ${values.join(', ')}, not ${describeValue(written)}`, hint)];
  }
  return [at(issue.path, 'invalid', `${where}: ${issue.message}`, reference)];
}

/** What each type zod names must be, in the words of a YAML file. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value lines)',
  record: 'a mapping (key: value lines)',
};

/** The value at `path` as written: a scalar's value, or "list"/"mapping" for a collection. */
function writtenValue(source: YamlSource, path: readonly PropertyKey[]): unknown {
  const node: unknown = source.parsed.doc.getIn(path as unknown[], true);
  if (isSeq(node)) return LIST;
  if (isMap(node)) return MAPPING;
  return isScalar(node) ? node.value : node;
}

const LIST = Symbol('list');
const MAPPING = Symbol('mapping');

function describeValue(value: unknown): string {
  if (value === LIST) return 'a list';
  if (value === MAPPING) return 'a mapping';
  if (value === null || value === undefined) return 'empty';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value === 'number' ? 'the number ' : ''}${value}`;
  return 'another kind of value';
}

/** The keys an object of `schema` at `path` takes (none where the path leads to no object). */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };
  const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
  const unwrap = (s: z.ZodType): z.ZodType[] => {
    const def = defOf(s);
    if (def.innerType) return unwrap(def.innerType);
    if (def.type === 'pipe' && def.in) return unwrap(def.in);
    if (def.type === 'union' && def.options) return def.options.flatMap(unwrap);
    return [s];
  };
  let at = unwrap(schema);
  for (const step of path) {
    at = at.flatMap((s) => {
      const def = defOf(s);
      if (def.type === 'object' && def.shape && typeof step === 'string' && def.shape[step]) return unwrap(def.shape[step]);
      if (def.type === 'array' && def.element && typeof step === 'number') return unwrap(def.element);
      if (def.type === 'record' && def.valueType) return unwrap(def.valueType);
      return [];
    });
  }
  return [...new Set(at.flatMap((s) => Object.keys(defOf(s).type === 'object' ? (defOf(s).shape ?? {}) : {})))];
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
