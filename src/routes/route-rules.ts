// The route table of the declared collections, for the resolver (src/routes/resolve.ts):
// a URL pattern's static part becomes a rule's path, its placeholders how it matches.
// A site on the built-in collections gets SPEC_ROUTES, and its facts stay as they were.
import type { CollectionModel } from '../content/collections.js';
import { compilePattern, type Placeholder } from '../content/collection-pattern.js';
import type { RouteRule } from './resolve.js';

export function routeRules(collections: readonly CollectionModel[]): RouteRule[] {
  const rules: RouteRule[] = [];
  for (const collection of collections) {
    if (collection.url === undefined) continue;
    // A URL placeholder has the type it has in the file patterns ({kind} is {kind:a|b} there).
    const typed = new Map<string, Placeholder>();
    for (const file of collection.files) {
      const compiled = compilePattern(file);
      if (compiled.ok) for (const p of compiled.value.placeholders) if (!typed.has(p.name)) typed.set(p.name, p);
    }
    const segments = collection.url.split('/').filter(Boolean);
    if (collection.translated) segments.shift(); // "{locale}"
    const placeholders = new Map([...typed.values()].map((p) => [`{${p.kind === 'rest' ? '...' : ''}${p.name}}`, p]));
    const at = segments.findIndex((s) => s.includes('{'));
    const fixed = at === -1 ? segments : segments.slice(0, at);
    const first = at === -1 ? undefined : placeholders.get(segments[at]!);
    // A leading {kind:a|b} choice: one rule per word ("terms-and-conditions", "privacy-notice").
    const heads = first?.kind === 'choice' && at === fixed.length ? first.values!.map((v) => [...fixed, v]) : [fixed];
    const rest = at === -1 ? [] : segments.slice(first?.kind === 'choice' ? at + 1 : at);
    for (const head of heads) {
      const path = head.join('/');
      const route = collection.route ?? head[0] ?? (collection.translated ? 'home' : collection.name);
      rules.push({ path, route, translated: collection.translated, ...matchOf(collection, rest, placeholders) });
    }
  }
  return rules;
}

function matchOf(collection: CollectionModel, rest: string[], placeholders: ReadonlyMap<string, Placeholder>): Pick<RouteRule, 'match' | 'subpages'> {
  if (rest.length === 0) return { match: 'exact' };
  if (collection.order === 'versions' && rest.length === 1 && placeholders.get(rest[0]!)?.kind === 'version') return { match: 'versions' };
  if (collection.unknownPaths === 'closest') {
    const sub = rest[1] ? placeholders.get(rest[1]) : undefined;
    return { match: 'sections', subpages: sub?.kind === 'choice' ? sub.values!.filter((v) => v !== 'index') : [] };
  }
  return { match: 'below' };
}

/**
 * The first path segments of the translated collections' URLs ("" for "/{locale}",
 * "support", "blog" for "/{locale}/blog/{slug}"): a menu's `to: /blog/hello` on a "nl"
 * page links /nl/blog/hello (localizePath). The built-in collections give TRANSLATED_SEGMENTS.
 */
export function translatedSegments(collections: readonly CollectionModel[]): string[] {
  return [...new Set(routeRules(collections).filter((rule) => rule.translated).map((rule) => rule.path.split('/')[0]!))];
}

/** Every collection's aliases, old path -> page URL. */
export function routeAliases(collections: readonly CollectionModel[]): Record<string, string> {
  return Object.assign({}, ...collections.map((c) => c.aliases));
}
