// The directive registry: every directive the site may use, with its owner (a plugin's
// name) and attribute schema. Plain data, so it is rebuilt the same in every thread.
import { editDistance } from '../did-you-mean.js';
import { admonitionsPlugin } from './core.js';
import type { AttributeSchema, BankdocsPlugin, DirectiveDefinition } from './types.js';

export interface RegisteredDirective {
  name: string;
  owner: string;
  kind: 'leaf' | 'container' | 'any';
  attributes: Readonly<Record<string, AttributeSchema>>;
  transform?: DirectiveDefinition['transform'];
}

export type DirectiveRegistry = ReadonlyMap<string, RegisteredDirective>;

export function directiveRegistry(plugins: readonly BankdocsPlugin[]): DirectiveRegistry {
  const registry = new Map<string, RegisteredDirective>();
  for (const plugin of [...plugins, admonitionsPlugin]) {
    for (const [name, definition] of Object.entries(plugin.directives ?? {})) {
      if (registry.has(name)) continue; // refused when the config was read (validate.ts), or an admonition a plugin defines
      registry.set(name, { name, owner: plugin.name, kind: definition.kind ?? 'any', attributes: definition.attributes ?? {}, ...(definition.transform ? { transform: definition.transform } : {}) });
    }
  }
  return registry;
}

export interface AttributeIssue {
  ruleId: 'directive-attribute-unknown' | 'directive-attribute-missing' | 'directive-attribute-invalid';
  message: string;
  hint: string;
  /** The attribute it is about (none for a missing one): where it is reported. */
  attribute?: string;
}

/** What is wrong with the attributes of one directive, against its schema. */
export function attributeIssues(directive: RegisteredDirective, attributes: Readonly<Record<string, string | null | undefined>>): AttributeIssue[] {
  const issues: AttributeIssue[] = [];
  const known = Object.keys(directive.attributes);
  const missing = new Set(known.filter((name) => directive.attributes[name]!.required && !Object.hasOwn(attributes, name)));
  for (const [name, value] of Object.entries(attributes)) {
    // Own keys only: "constructor" or "toString" found Object's and failed the page.
    const schema = Object.hasOwn(directive.attributes, name) ? directive.attributes[name] : undefined;
    if (!schema) {
      const near = closest(name, known);
      // A misspelt required attribute is one mistake, told once at the misspelling, as the
      // missing attribute it is (an error: the directive cannot be rendered without it).
      if (near && missing.delete(near)) {
        issues.push({ ruleId: 'directive-attribute-missing', attribute: name, message: `"${directive.name}" takes no attribute "${name}"; did you mean "${near}" (which is missing)?`, hint: `rename "${name}" to "${near}"` });
        continue;
      }
      issues.push({
        ruleId: 'directive-attribute-unknown',
        attribute: name,
        message: `"${directive.name}" takes no attribute "${name}"`,
        hint: near ? `did you mean "${near}"?` : known.length ? `its attributes are ${known.map((k) => `"${k}"`).join(', ')}` : `"${directive.name}" takes no attributes`,
      });
      continue;
    }
    const text = value ?? '';
    if (schema.values && !schema.values.includes(text)) {
      const near = closest(text, schema.values);
      issues.push({ ruleId: 'directive-attribute-invalid', attribute: name, message: `${name}="${text}" is not one of ${schema.values.map((v) => `"${v}"`).join(', ')}`, hint: near ? `did you mean "${near}"?` : `write one of: ${schema.values.join(', ')}` });
    } else if (schema.pattern && !new RegExp(schema.pattern, 'u').test(text)) {
      issues.push({ ruleId: 'directive-attribute-invalid', attribute: name, message: `${name}="${text}" does not match ${schema.pattern}`, hint: schema.description ?? `write a value that matches ${schema.pattern}` });
    }
  }
  for (const name of missing) {
    const { description } = directive.attributes[name]!;
    issues.push({ ruleId: 'directive-attribute-missing', message: `"${directive.name}" needs the attribute "${name}"`, hint: `write it as ${directive.kind === 'leaf' ? '::' : ':::'}${directive.name}{${name}="…"}${description ? `: ${description}` : ''}` });
  }
  return issues;
}

/** The closest of `candidates` to `word` (at most a third of its letters off), for "did you mean". */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(word.length >= 4 ? 2 : 1, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
