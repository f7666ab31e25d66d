// Which declared collection each Markdown file belongs to (src/content/collections.ts),
// for the whole content folder at once: a file no collection takes is an error at the
// file; a file two collections take, and a declared collection that takes no file, are
// reported at the declaration in docs.config.yaml.
import { join } from 'node:path';
import type { ParsedYaml } from '../config/yaml-positions.js';
import type { Diagnostic } from '../diagnostics.js';
import { configPlace, matchFile, type CompiledCollection, type PageInfo } from './collections.js';

export { compareVersions } from './collection-pattern.js';

export interface Classified {
  info: PageInfo;
  url: string | null;
}

export interface ClassifyInput {
  /** Markdown files, relative to the content folder with "/" separators. */
  files: readonly string[];
  collections: readonly CompiledCollection[];
  contentDir: string;
  configFile: string;
  /** The config's YAML, for positions; null when no collection is declared there. */
  parsed: ParsedYaml | null;
}

export function classifyFiles({ files, collections, contentDir, configFile, parsed }: ClassifyInput): { classified: Map<string, Classified>; diagnostics: Diagnostic[] } {
  const classified = new Map<string, Classified>();
  const diagnostics: Diagnostic[] = [];
  const used = new Set<CompiledCollection>();
  const overlaps = new Map<string, { first: CompiledCollection; second: CompiledCollection; files: string[] }>();
  for (const rel of files) {
    const match = matchFile(rel, collections, configFile);
    if (!match.ok) {
      diagnostics.push(unmatched(rel, join(contentDir, rel), match.hint, configFile));
      continue;
    }
    used.add(match.collection);
    classified.set(rel, { info: match.info, url: match.url });
    for (const other of match.others) {
      used.add(other); // it takes the file, and loses it: reported as an overlap, not as empty
      const key = `${match.collection.model.name}\n${other.model.name}`;
      const entry = overlaps.get(key) ?? { first: match.collection, second: other, files: [] };
      entry.files.push(rel);
      overlaps.set(key, entry);
    }
  }
  for (const { first, second, files: both } of overlaps.values()) {
    diagnostics.push({
      ruleId: 'collection-overlap',
      severity: 'error',
      message: `the collections "${first.model.name}" and "${second.model.name}" both take ${both[0]}${both.length > 1 ? ` and ${both.length - 1} more file${both.length > 2 ? 's' : ''}` : ''}; the page goes to "${first.model.name}", the first declared`,
      hint: `narrow the files of "${second.model.name}" (e.g. a folder of its own) so that each file belongs to one collection`,
      ...configPlace({ parsed, configFile }, second.model, ['files']),
    });
  }
  for (const collection of collections) {
    // Built-in declarations a site does not use (no legal documents, say) are no mistake.
    if (used.has(collection) || collection.model.at === null) continue;
    diagnostics.push({
      ruleId: 'collection-empty',
      severity: 'warning',
      message: `the collection "${collection.model.name}" takes no file (${collection.model.files.join(', ')})`,
      hint: 'check the file pattern against the content folder, or remove the collection',
      ...configPlace({ parsed, configFile }, collection.model, ['files']),
    });
  }
  return { classified, diagnostics };
}

/** One file, classified alone (`bankdocs dev`, when a file changes). */
export function classifyFile(rel: string, file: string, collections: readonly CompiledCollection[], configFile: string): { ok: true; value: Classified } | { ok: false; diagnostic: Diagnostic } {
  const match = matchFile(rel, collections, configFile);
  return match.ok ? { ok: true, value: { info: match.info, url: match.url } } : { ok: false, diagnostic: unmatched(rel, file, match.hint, configFile) };
}

/** `configFile`: the hint names it (where a collection is declared). */
function unmatched(rel: string, file: string, hint: string, configFile: string): Diagnostic {
  // A name a URL part cannot be ("Upper-Case.md", "über-guide.md", "café/"): say so first.
  const odd = rel.replace(/\.md$/, '').split('/').find((part) => !/^[a-z0-9][a-z0-9._-]*$/.test(part));
  // GitHub's name for a folder's page: ours is index.md.
  const readme = /(?:^|\/)readme\.md$/i.test(rel);
  const why = readme
    ? `a folder's page is index.md, not ${rel.split('/').at(-1)} (GitHub's name for it): rename it to index.md; `
    : odd === undefined ? '' : `"${odd}" is no URL part: pages are named in lower-case letters a-z, digits and hyphens (rename it, e.g. "${suggestedSlug(odd)}"); `;
  return { ruleId: 'content-unknown-location', severity: 'error', message: `no collection takes "${rel}"`, hint: `${why}${hint}`, paths: [configFile], file, line: 1, column: 1 };
}

/** A URL part for a name: lower case, accents dropped, anything else a hyphen ("Über Guide" -> "uber-guide"). */
function suggestedSlug(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug || 'page';
}
