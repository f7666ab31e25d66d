// What an example asks the API for, whatever language it is written in, so curl and
// Ruby examples of one operation can be compared, and operations found by method and path.
import type { ApiModel, Operation } from '../api/openapi.js';
import { safeDecode } from '../url-decode.js';

export interface NormalizedRequest {
  operationId: string;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  /** data.attributes of a JSON body, or the form fields. */
  attributes: Record<string, unknown> | null;
}

/** Operations whose path template matches `path`, with the values of its parameters. */
export function matchOperations(api: ApiModel, path: string): { operation: Operation; params: Record<string, string> }[] {
  const matches: { operation: Operation; params: Record<string, string> }[] = [];
  for (const operation of Object.values(api.operations)) {
    const names: string[] = [];
    const pattern = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (!match) continue;
    matches.push({ operation, params: Object.fromEntries(names.map((n, i) => [n, safeDecode(match[i + 1]!)])) });
  }
  // Literal segments beat parameters: /accounts/{id} must not swallow a static sibling.
  return matches.sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
}


export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[[\]]+/g, '_').replace(/_+$/, '').toLowerCase();
}

export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Deep equality for JSON-like values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'number') return a === String(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
