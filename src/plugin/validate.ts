// Checks a plugin's shape when the config is read, so a mistake in a plugin is one
// message at its line in docs.config.yaml, not a crash on some page later.
import type { BankdocsPlugin } from './types.js';

const NAME_RE = /^[a-z][a-z0-9-]*$/;
const DIRECTIVE_NAME_RE = /^[a-z][a-z0-9-]*$/;
const ATTRIBUTE_NAME_RE = /^[a-zA-Z_:][\w:.-]*$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first thing wrong with `plugin`, or null. `taken`: directive names already registered, by owner. */
export function pluginProblem(plugin: unknown, taken: ReadonlyMap<string, string>): string | null {
  if (!isRecord(plugin)) return `it is ${plugin === null ? 'null' : Array.isArray(plugin) ? 'an array' : typeof plugin}, not a plugin object`;
  const { name, directives, remarkPlugins, rehypePlugins, checks, strings, ...rest } = plugin as Record<string, unknown> & Partial<BankdocsPlugin>;
  const unknown = Object.keys(rest);
  if (unknown.length) return `it has the unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} (known: name, directives, remarkPlugins, rehypePlugins, checks, strings)`;
  if (typeof name !== 'string' || !NAME_RE.test(name)) return 'its name is missing or not lower-case words joined by "-" (it starts its rule ids)';
  if (directives !== undefined) {
    if (!isRecord(directives)) return 'directives is not an object of directive definitions';
    for (const [directive, definition] of Object.entries(directives)) {
      if (!DIRECTIVE_NAME_RE.test(directive)) return `the directive name "${directive}" is not lower-case words joined by "-"`;
      const owner = taken.get(directive);
      if (owner) return `the directive "${directive}" is already defined by ${owner}`;
      if (!isRecord(definition)) return `the directive "${directive}" is not an object`;
      const { kind, attributes, transform, description, ...more } = definition;
      if (Object.keys(more).length) return `the directive "${directive}" has the unknown key "${Object.keys(more)[0]}" (known: kind, description, attributes, transform)`;
      if (kind !== undefined && kind !== 'leaf' && kind !== 'container' && kind !== 'any') return `the kind of directive "${directive}" is not leaf, container or any`;
      if (transform !== undefined && typeof transform !== 'function') return `the transform of directive "${directive}" is not a function`;
      if (description !== undefined && typeof description !== 'string') return `the description of directive "${directive}" is not a string`;
      if (attributes !== undefined) {
        if (!isRecord(attributes)) return `the attributes of directive "${directive}" are not an object`;
        for (const [attribute, schema] of Object.entries(attributes)) {
          const problem = attributeProblem(attribute, schema);
          if (problem) return `attribute "${attribute}" of directive "${directive}": ${problem}`;
        }
      }
    }
  }
  for (const [key, list] of [['remarkPlugins', remarkPlugins], ['rehypePlugins', rehypePlugins]] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${key} is not a list`;
    const bad = list.findIndex((item) => !(typeof item === 'function' || (Array.isArray(item) && typeof item[0] === 'function')));
    if (bad >= 0) return `${key}[${bad}] is not a unified plugin (a function, or [function, options])`;
  }
  if (checks !== undefined) {
    if (!Array.isArray(checks)) return 'checks is not a list';
    const ids = new Set<string>();
    for (const [i, check] of checks.entries()) {
      if (!isRecord(check) || typeof check.id !== 'string' || !NAME_RE.test(check.id)) return `checks[${i}] has no id of lower-case words joined by "-"`;
      if (typeof check.run !== 'function') return `the check "${check.id}" has no run function`;
      if (ids.has(check.id)) return `two checks have the id "${check.id}"`;
      ids.add(check.id);
    }
  }
  if (strings !== undefined) {
    if (!isRecord(strings)) return 'strings is not an object of locales';
    for (const [locale, table] of Object.entries(strings)) {
      if (!/^[a-z]{2}$/.test(locale)) return `strings has "${locale}", which is no two-letter locale code`;
      if (!isRecord(table) || !Object.values(table).every((v) => typeof v === 'string')) return `strings.${locale} is not an object of texts`;
    }
  }
  return null;
}

function attributeProblem(name: string, schema: unknown): string | null {
  if (!ATTRIBUTE_NAME_RE.test(name)) return 'the name is not an attribute name';
  if (!isRecord(schema)) return 'the schema is not an object';
  const { required, values, pattern, description, ...more } = schema;
  if (Object.keys(more).length) return `unknown key "${Object.keys(more)[0]}" (known: required, values, pattern, description)`;
  if (required !== undefined && typeof required !== 'boolean') return 'required is not true or false';
  if (values !== undefined && !(Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string'))) return 'values is not a list of strings';
  if (description !== undefined && typeof description !== 'string') return 'description is not a string';
  if (pattern !== undefined) {
    if (typeof pattern !== 'string') return 'pattern is not a string';
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      return `pattern is no regular expression (${(error as Error).message})`;
    }
  }
  return null;
}
