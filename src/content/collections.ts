// Declared collections (issue #16): the config's `collections:` list (or the spec's model,
// src/config/default-collections.ts) compiled once, and the matcher that says which
// collection a content file belongs to. Problems with a declaration are reported at its
// line in docs.config.yaml; a file no collection takes, at the file, naming the closest
// declaration.
import type { CollectionDeclaration, LayoutName } from '../config/collections-schema.js';
import { collectionSchema } from '../config/collections-schema.js';
import { DEFAULT_COLLECTIONS } from '../config/default-collections.js';
import { positionOfPath, type ParsedYaml } from '../config/yaml-positions.js';
import { shownPath, type Diagnostic } from '../diagnostics.js';
import { compilePattern, fillUrl, literalPrefix, matchPattern, type CompiledPattern } from './collection-pattern.js';

/** A collection as the later stages read it: plain data, so it travels to render threads. */
export interface CollectionModel extends CollectionDeclaration {
  files: string[];
  /** Where it is declared: its index in `collections:`, or null for the built-in default. */
  at: number | null;
}

export interface CompiledCollection {
  model: CollectionModel;
  files: CompiledPattern[];
}

/** What a page is, from where its file lives. `locale` only for translated collections. */
export interface PageInfo {
  collection: string;
  layout: LayoutName;
  locale?: string;
  /** The placeholder values of its file pattern ({...name} joined with "/"). */
  params: Record<string, string>;
}

export type CollectionsEntry = CollectionDeclaration | 'default';

/** What "default" stands for, as messages name it. */
const BUILT_IN_NAMES = DEFAULT_COLLECTIONS.map((c) => c.name).join(', ');

/** The declarations in force: the config's list (with "default" standing for the built-in ones), or the built-in ones. */
export function declaredCollections(declared: readonly CollectionsEntry[] | undefined): CollectionModel[] {
  const defaults = (): CollectionModel[] => DEFAULT_COLLECTIONS.map((input) => modelOf(collectionSchema.parse(input), null));
  if (declared === undefined) return defaults();
  return declared.flatMap((entry, i) => (entry === 'default' ? defaults() : [modelOf(entry, i)]));
}

function modelOf(declaration: CollectionDeclaration, at: number | null): CollectionModel {
  return { ...declaration, files: typeof declaration.files === 'string' ? [declaration.files] : declaration.files, at };
}

export interface CompileInput {
  collections: readonly CollectionModel[];
  locales: readonly string[];
  /** The config's YAML, for the position of a problem; null when only the defaults are used. */
  parsed: ParsedYaml | null;
  configFile: string;
}

/** Compiles every declaration; one diagnostic per problem, at the declaration's key. */
export function compileCollections({ collections, locales, parsed, configFile }: CompileInput): { compiled: CompiledCollection[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const compiled: CompiledCollection[] = [];
  const report = (model: CollectionModel, path: (string | number)[], ruleId: string, message: string, hint: string) =>
    diagnostics.push({ ruleId, severity: 'error', message, hint, ...configPlace({ parsed, configFile }, model, path) });
  const names = new Map<string, CollectionModel>();
  let closest: CollectionModel | null = null;
  let api: CollectionModel | null = null;
  // A built-in declaration ("default" in the list) is at no line the writer can see: a clash
  // with one is reported at the site's own declaration, and says where the other comes from.
  const builtIn = (model: CollectionModel) => model.at === null;
  for (const model of collections) {
    const named = names.get(model.name);
    if (named && (builtIn(named) || builtIn(model))) {
      report(builtIn(model) ? named : model, ['name'], 'collection-invalid', `"${model.name}" is also a built-in collection, which "default" in this list brings in (${BUILT_IN_NAMES})`, `rename this one, or leave it out and keep the built-in "${model.name}" (README, "Content model")`);
    } else if (named) report(model, ['name'], 'collection-invalid', `two collections are named "${model.name}"`, 'give each collection its own name');
    names.set(model.name, named ?? model);
    const files: CompiledPattern[] = [];
    model.files.forEach((source, i) => {
      const result = compilePattern(source, { locales });
      if (!result.ok) return report(model, typeof model.files === 'string' ? ['files'] : ['files', i], 'collection-pattern-invalid', result.message, result.hint);
      const hasLocale = result.value.placeholders.some((p) => p.kind === 'locale');
      if (hasLocale !== model.translated) {
        return report(model, ['files', i], 'collection-pattern-invalid', model.translated ? `the translated collection "${model.name}" has a file pattern without {locale}: "${source}"` : `"${source}" has {locale}, but the collection "${model.name}" is not translated`, model.translated ? 'start it with "{locale}/", the folder of each locale' : 'add translated: true, or remove {locale}');
      }
      files.push(result.value);
    });
    if (model.layout === 'api') {
      if (model.url !== undefined) report(model, ['url'], 'collection-invalid', `the collection "${model.name}" has layout api, whose pages are sections of /{version}/api/{language}: it takes no url`, 'remove url');
      if (api && (builtIn(api) || builtIn(model))) {
        const own = builtIn(model) ? api : model;
        report(own, ['layout'], 'collection-invalid', `"${own.name}" and the built-in "${builtIn(model) ? model.name : api.name}", which "default" in this list brings in, both hold the API reference`, 'keep layout: api on one collection: leave this one out, or list the built-in collections you want instead of "default"');
      } else if (api) report(model, ['layout'], 'collection-invalid', `"${api.name}" and "${model.name}" both hold the API reference`, 'keep layout: api on one collection');
      api ??= model;
    } else if (model.url === undefined) {
      report(model, ['name'], 'collection-invalid', `the collection "${model.name}" has no url`, `add a URL pattern, e.g. url: "/${model.name}/{slug}"`);
    } else {
      const url = compilePattern(model.url, { url: true, locales });
      if (!url.ok) report(model, ['url'], 'collection-pattern-invalid', url.message, url.hint);
      else {
        for (const placeholder of url.value.placeholders) {
          if (files.length && !files.some((f) => f.placeholders.some((p) => p.name === placeholder.name))) {
            report(model, ['url'], 'collection-pattern-invalid', `{${placeholder.name}} in the URL "${model.url}" is in no file pattern of "${model.name}"`, `use the placeholders of ${model.files.map((f) => `"${f}"`).join(', ')}`);
          }
        }
        if (url.value.placeholders.some((p) => p.kind === 'locale') !== model.translated) {
          report(model, ['url'], 'collection-pattern-invalid', model.translated ? `the URL of the translated collection "${model.name}" does not start with /{locale}` : `the URL "${model.url}" has {locale}, but "${model.name}" is not translated`, model.translated ? `write it as "/{locale}${model.url === '/' ? '' : model.url}"` : 'add translated: true, or remove {locale}');
        }
      }
    }
    if (model.order === 'versions' && !files.some((f) => f.placeholders.some((p) => p.kind === 'version'))) {
      report(model, ['order'], 'collection-invalid', `order: versions needs a {name:version} placeholder in the files of "${model.name}"`, 'name versioned files like "{locale}/terms/{version:version}.md" (v1.0, v1.1, v2.0 …)');
    }
    // Every page's title and description are text the theme prints, whatever a collection says.
    for (const key of ['title', 'description']) {
      if (Object.hasOwn(model.frontMatter ?? {}, key)) report(model, ['frontMatter', key], 'collection-invalid', `"${key}" is every page's own front matter key (text): "${model.name}" cannot declare it`, `remove frontMatter.${key}; declare only the collection's other keys`);
    }
    if (model.unknownPaths === 'closest') {
      if (closest) report(model, ['unknownPaths'], 'collection-invalid', `"${closest.name}" already answers unknown paths with the closest page`, 'keep unknownPaths: closest on one collection');
      closest ??= model;
    }
    compiled.push({ model, files });
  }
  return { compiled, diagnostics };
}

/** Where a declaration's key is in docs.config.yaml (line 1 when it is a built-in one). */
export function configPlace(source: { parsed: ParsedYaml | null; configFile: string }, model: Pick<CollectionModel, 'at'>, path: (string | number)[]): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  if (model.at === null || !source.parsed) return { file: source.configFile, line: 1, column: 1 };
  return { file: source.configFile, ...positionOfPath(source.parsed, ['collections', model.at, ...path]) };
}

export type MatchResult =
  | { ok: true; info: PageInfo; url: string | null; collection: CompiledCollection; others: CompiledCollection[] }
  | { ok: false; hint: string };

/** The collection `rel` (a path under the content folder, "/" separators) belongs to; `configFile`: where the hint says to declare one. */
export function matchFile(rel: string, collections: readonly CompiledCollection[], configFile: string): MatchResult {
  const found: { collection: CompiledCollection; params: Record<string, string> }[] = [];
  for (const collection of collections) {
    for (const pattern of collection.files) {
      const params = matchPattern(pattern, rel);
      if (params) {
        found.push({ collection, params });
        break;
      }
    }
  }
  const first = found[0];
  if (!first) return { ok: false, hint: unmatchedHint(rel, collections, shownPath(configFile)) };
  const { model } = first.collection;
  const info: PageInfo = { collection: model.name, layout: model.layout, params: first.params, ...(model.translated ? { locale: first.params.locale! } : {}) };
  return { ok: true, info, url: model.url === undefined ? null : fillUrl(model.url, first.params), collection: first.collection, others: found.slice(1).map((f) => f.collection) };
}

/** Names the declarations whose folders the file is in (or all of them), with their patterns. */
function unmatchedHint(rel: string, collections: readonly CompiledCollection[], config: string): string {
  // "de/index.md" on a site of en and nl: the folder is the mistake, not the pattern. Locales
  // are two-letter codes; "blog/index.md" is more likely a new folder than a locale.
  const [folder, ...rest] = rel.split('/');
  for (const pattern of /^[a-z]{2}$/.test(folder!) ? collections.flatMap((c) => c.files) : []) {
    const locales = pattern.placeholders.find((p) => p.kind === 'locale')?.values ?? [];
    if (rest.length && locales.length && !locales.includes(folder!) && pattern.re.test([locales[0], ...rest].join('/'))) {
      return `"${folder}" is no locale of the site (locales.available: ${locales.join(', ')}): move the file into the folder of one of them, or add "${folder}" to locales.available in ${config}`;
    }
  }
  const near = collections.filter((c) => c.model.files.some((f) => {
    const prefix = literalPrefix(f);
    if (prefix.includes('/')) return rel.startsWith(prefix.slice(0, prefix.lastIndexOf('/') + 1));
    // "{locale}/…": a file in a two-letter folder, as deep as the pattern.
    return f.startsWith('{locale}/') && /^[a-z]{2}\//.test(rel) && f.split('/').length === rel.split('/').length;
  }));
  const list = (near.length ? near : collections).map((c) => `${c.model.name}: ${c.model.files.join(' or ')}`);
  return `rename or move the file to match a collection (${list.join('; ')}), or declare one for it under collections: in ${config}`;
}

/** The URL of a page of `model` with these placeholder values (for alias targets and tests). */
export function urlOf(model: Pick<CollectionModel, 'url'>, params: Readonly<Record<string, string>>): string | null {
  return model.url === undefined ? null : fillUrl(model.url, params);
}
