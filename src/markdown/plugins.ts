// The site's own remark and rehype plugins (markdown.remarkPlugins, markdown.rehypePlugins;
// issue #14). Reading the config finds and checks them once (resolveMarkdownPlugins): a
// plugin that is not installed, does not load, or adds syntax the fast engine cannot read
// is a config error at its list item. Functions cannot be sent to a thread, so each render
// thread imports them again from their file URLs (loadMarkdownPlugins) before it creates
// its processor, which is synchronous.
import { addsSyntax, pluginAddsSyntax } from './plugin-syntax.js';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unified, type PluggableList, type Plugin, type Processor } from 'unified';
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import type { Config } from '../config/schema.js';
import { parseYaml, positionOfPath, type ParsedYaml } from '../config/yaml-positions.js';
import { internalError, shownFolder, type Diagnostic } from '../diagnostics.js';
import { corePlugin } from '../plugin/core.js';
import { directiveRegistry, type DirectiveRegistry } from '../plugin/directives.js';
import { loadSitePlugins, type SitePluginSpec } from '../plugin/load.js';
import { mergeStrings, translate } from '../plugin/strings.js';
import type { BankdocsPlugin } from '../plugin/types.js';
import { syntaxErrorIn } from '../plugin/syntax-error.js';
import { isPathSpecifier, locatePlugin } from './resolve-plugin.js';
import { importModule } from '../dynamic-import.js';

export type PluginKind = 'remark' | 'rehype';

/** A plugin found and checked: plain data, so it can be sent to the render threads. */
export interface PluginSpec {
  kind: PluginKind;
  /** As written in docs.config.yaml: a package name or a path. */
  name: string;
  /** file: URL of its module. */
  url: string;
  /** Its options from the config; absent when the config gives none. */
  options?: unknown;
  /** A remark plugin that adds Markdown syntax (micromark extensions): the remark engine's parser takes it too. */
  syntax: boolean;
  /** Set when a site plugin (plugins: in docs.config.yaml, as written there) contributed it; `name` is then that plugin's name. */
  from?: string;
}

export interface LoadedPlugin {
  spec: PluginSpec;
  plugin: Plugin<unknown[]>;
}

export interface MarkdownPlugins {
  remark: readonly LoadedPlugin[];
  rehype: readonly LoadedPlugin[];
  /** Every directive the pages may use: bankdocs' own and the site plugins' (src/plugin/). */
  directives: DirectiveRegistry;
  /** A site plugin's UI string for a locale. */
  t: (locale: string | null, key: string) => string;
  /** The site plugins, bankdocs' own first (for their checks). */
  sitePlugins: readonly BankdocsPlugin[];
}

export const NO_PLUGINS: MarkdownPlugins = Object.freeze({
  remark: Object.freeze([]),
  rehype: Object.freeze([]),
  directives: directiveRegistry([corePlugin]),
  t: (_locale: string | null, key: string) => key,
  sitePlugins: Object.freeze([corePlugin]),
});

/** A plugin of the config's markdown section, or a site plugin of its plugins list. */
export type AnyPluginSpec = PluginSpec | SitePluginSpec;

/** A problem of a plugin, at its list item in the config, or at `at` (a syntax error in the plugin's own file). */
type Problem = Pick<Diagnostic, 'ruleId' | 'message' | 'hint' | 'paths'> & { at?: Pick<Diagnostic, 'file' | 'line' | 'column'> };

export interface ResolvePluginsInput {
  markdown: Config['markdown'];
  /** Absolute path of docs.config.yaml: names resolve from its folder, problems point into it. */
  configFile: string;
  /** Its text, for the line and column of a problem. */
  text: string;
}

/** Finds, loads and checks every plugin of the config; one diagnostic per plugin that cannot be used. */
export async function resolveMarkdownPlugins({ markdown, configFile, text }: ResolvePluginsInput): Promise<{ plugins: PluginSpec[]; diagnostics: Diagnostic[] }> {
  const items = [
    ...markdown.remarkPlugins.map((item, index) => ({ kind: 'remark' as const, item, index })),
    ...markdown.rehypePlugins.map((item, index) => ({ kind: 'rehype' as const, item, index })),
  ];
  const plugins: PluginSpec[] = [];
  const diagnostics: Diagnostic[] = [];
  if (!items.length) return { plugins, diagnostics };
  const siteDir = dirname(configFile);
  // Parsed again only when there is something to point at: the config stage keeps no YAML.
  let parsed: ParsedYaml | null = null;
  for (const { kind, item, index } of items) {
    const [name, ...rest] = typeof item === 'string' ? [item] : item;
    const hasOptions = rest.length > 0 && rest[0] !== undefined;
    const result = await inspectPlugin({ kind, name, options: rest[0], hasOptions, siteDir, engine: markdown.engine });
    if ('url' in result) {
      plugins.push(result);
      continue;
    }
    parsed ??= parseYaml(text);
    const { at, ...problem } = result;
    diagnostics.push({ ...problem, severity: 'error', ...(at ?? { file: configFile, ...positionOfPath(parsed, ['markdown', `${kind}Plugins`, index]) }) });
  }
  return { plugins, diagnostics };
}

async function inspectPlugin(input: { kind: PluginKind; name: string; options: unknown; hasOptions: boolean; siteDir: string; engine: Config['markdown']['engine'] }): Promise<PluginSpec | Problem> {
  const { kind, name, options, hasOptions, siteDir, engine } = input;
  const what = `the ${kind} plugin "${name}"`;
  const location = locatePlugin(name, siteDir);
  if (!location.ok) {
    if (location.reason === 'no-file') {
      return { ruleId: 'config-plugin-missing', message: `${what} names no file`, hint: `a path is relative to the config's folder (${shownFolder(siteDir)}); correct it, or name an npm package`, paths: [siteDir] };
    }
    if (location.reason === 'not-exported') {
      return { ruleId: 'config-plugin-missing', message: `${what} is no entry point of the installed package "${location.package}"`, hint: `check the name against the plugin's documentation, and reinstall it with npm install ${location.package} in the site's folder` };
    }
    return { ruleId: 'config-plugin-missing', message: `${what} is not installed in the site's folder`, hint: `npm install ${location.package} in the site's folder (${shownFolder(siteDir)}), or correct the name`, paths: [siteDir] };
  }
  const url = pathToFileURL(location.file).href;
  let plugin: unknown;
  try {
    plugin = ((await importModule(url)) as { default?: unknown }).default;
  } catch (error) {
    const fix = isPathSpecifier(name) ? 'correct the error in that file' : 'reinstall it (npm install in the site\'s folder)';
    const syntax = error instanceof SyntaxError ? await syntaxErrorIn(location.file) : null;
    if (syntax) return { ruleId: 'config-plugin-invalid', message: `${what} does not load: ${syntax.message}`, hint: 'correct the syntax at this place', at: { file: syntax.file, line: syntax.line, column: syntax.column } };
    return { ruleId: 'config-plugin-invalid', message: `${what} does not load: ${reasonOf(error)}`, hint: `${fix}, and check that it runs on Node ${process.versions.node}` };
  }
  if (typeof plugin !== 'function') {
    return { ruleId: 'config-plugin-invalid', message: `${what} exports no plugin function (its default export is ${plugin === null ? 'null' : typeof plugin})`, hint: 'name a unified plugin: a module whose default export is the plugin function' };
  }
  // Set up once on a processor of its own: options it refuses, and what it registers
  // (syntax, a parser), show here rather than on every page.
  const probe = unified();
  try {
    (hasOptions ? probe.use(plugin as Plugin<unknown[]>, options) : probe.use(plugin as Plugin<unknown[]>)).freeze();
  } catch (error) {
    return { ruleId: 'config-plugin-invalid', message: `${what} fails to start: ${reasonOf(error)}`, hint: 'check its options against the plugin\'s documentation' };
  }
  if (probe.parser || probe.compiler) {
    return { ruleId: 'config-plugin-invalid', message: `${what} replaces the ${probe.parser ? 'parser' : 'compiler'}`, hint: 'bankdocs reads Markdown with markdown.engine and renders the tree with React: leave this plugin out' };
  }
  const syntax = kind === 'remark' && addsSyntax(probe);
  if (syntax && engine !== 'remark') {
    return { ruleId: 'config-plugin-engine', message: `${name} adds Markdown syntax, which only the remark engine reads; set markdown.engine: remark`, hint: 'the fast engine (markdown-it) takes no syntax extensions: with it, this plugin would silently do nothing' };
  }
  return { kind, name, url, ...(hasOptions ? { options } : {}), syntax };
}

/**
 * Imports the plugins checked when the config was read, in this thread: the markdown
 * section's remark and rehype plugins, and the site plugins, whose own remark and rehype
 * plugins run first (in the order of the plugins list) and whose directives join bankdocs'.
 */
export async function loadMarkdownPlugins(specs: readonly AnyPluginSpec[] = []): Promise<MarkdownPlugins> {
  if (!specs.length) return NO_PLUGINS;
  const siteSpecs = specs.filter((spec): spec is SitePluginSpec => spec.kind === 'bankdocs');
  const sitePlugins = await loadSitePlugins(siteSpecs);
  const contributed = sitePlugins.slice(1).flatMap((plugin, i) => {
    const spec = siteSpecs[i]!;
    const entries = (kind: PluginKind, list: BankdocsPlugin['remarkPlugins']): LoadedPlugin[] =>
      (list ?? []).map((item) => {
        const [fn, ...options] = Array.isArray(item) ? item : [item];
        // Syntax it adds goes to the remark engine's parser, as a markdown.remarkPlugins one's
        // (the fast engine refused it when the config was read: src/plugin/load.ts).
        const syntax = kind === 'remark' && pluginAddsSyntax(fn, options);
        return { spec: { kind, name: spec.plugin, url: spec.url, ...(options.length ? { options: options[0] } : {}), syntax, from: spec.name }, plugin: fn as Plugin<unknown[]> };
      });
    return [...entries('remark', plugin.remarkPlugins), ...entries('rehype', plugin.rehypePlugins)];
  });
  const loaded = await Promise.all(
    specs.filter((spec): spec is PluginSpec => spec.kind !== 'bankdocs').map(async (spec): Promise<LoadedPlugin> => {
      let plugin: unknown;
      try {
        plugin = ((await importModule(spec.url)) as { default?: unknown }).default;
      } catch (error) {
        throw internalError(`the ${spec.kind} plugin "${spec.name}" loaded when the config was read, but not in this thread`, error);
      }
      if (typeof plugin !== 'function') throw internalError(`the ${spec.kind} plugin "${spec.name}" no longer exports a function`);
      return { spec, plugin: plugin as Plugin<unknown[]> };
    }),
  );
  const all = [...contributed, ...loaded];
  const strings = mergeStrings(sitePlugins);
  return {
    remark: all.filter((p) => p.spec.kind === 'remark'),
    rehype: all.filter((p) => p.spec.kind === 'rehype'),
    directives: directiveRegistry(sitePlugins),
    t: (locale, key) => translate(strings, locale, key),
    sitePlugins,
  };
}

/** The site's plugins for processor.use(), each one's messages and failures under its name. */
export function sitePluggables(plugins: readonly LoadedPlugin[]): PluggableList {
  return plugins.map(({ spec, plugin }) => {
    const attributed = attribute(spec, plugin);
    return 'options' in spec ? [attributed, spec.options] : attributed;
  });
}

/** The remark plugins that add syntax, as they are: the remark engine's parser takes their extensions. */
export function syntaxPluggables(plugins: MarkdownPlugins): PluggableList {
  return plugins.remark.filter((p) => p.spec.syntax).map(({ spec, plugin }) => ('options' in spec ? [plugin, spec.options] : plugin));
}

/** A site plugin threw while rendering a page: reported as markdown-error, naming it. */
export class PluginError extends Error {
  readonly place: unknown;

  constructor(
    readonly spec: PluginSpec,
    cause: unknown,
  ) {
    super(`the ${spec.kind} plugin "${spec.name}" failed: ${reasonOf(cause)}`, { cause });
    this.name = 'PluginError';
    this.place = (cause as { place?: unknown } | null)?.place;
  }
}

type AnyTransformer = (this: unknown, tree: Node, file: VFile, next?: (error?: unknown, tree?: Node) => void) => unknown;

function attribute(spec: PluginSpec, plugin: Plugin<unknown[]>): Plugin<unknown[]> {
  return function (this: Processor, ...parameters: unknown[]) {
    const transformer: unknown = plugin.apply(this, parameters);
    return typeof transformer === 'function' ? (attributed(spec, transformer as AnyTransformer) as never) : undefined;
  };
}

function attributed(spec: PluginSpec, transformer: AnyTransformer): AnyTransformer {
  return function (this: unknown, tree: Node, file: VFile): Node | undefined {
    const from = file.messages.length;
    try {
      return runTransformer(transformer, this, tree, file);
    } catch (error) {
      // file.fail(): a message with its place, reported as the plugin's; anything else is a crash.
      throw file.messages.includes(error as VFile['messages'][number]) ? error : new PluginError(spec, error);
    } finally {
      // A message without a rule id is named after the plugin that reported it.
      for (const message of file.messages.slice(from)) {
        // A site plugin's rule ids are "<plugin>/<rule>", like its directives' and checks'.
        if (spec.from) message.ruleId = message.ruleId?.startsWith(`${spec.name}/`) ? message.ruleId : `${spec.name}/${message.ruleId ?? spec.kind}`;
        else message.ruleId ??= `plugin:${spec.name}`;
        message.source ??= spec.name;
      }
    }
  };
}

/** A transformer run as unified's runSync runs it, but one that would finish later says so. */
function runTransformer(transformer: AnyTransformer, self: unknown, tree: Node, file: VFile): Node | undefined {
  if (transformer.length >= 3) {
    let outcome: { error?: unknown; tree?: Node | undefined } | null = null;
    transformer.call(self, tree, file, (error, result) => {
      outcome = { error, tree: result };
    });
    const done = outcome as { error?: unknown; tree?: Node | undefined } | null;
    if (!done) throw new Error('it finishes later (calls its callback asynchronously), and bankdocs renders pages synchronously');
    if (done.error) throw done.error;
    return done.tree;
  }
  const result = transformer.call(self, tree, file);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(undefined, () => undefined); // never an unhandled rejection later
    throw new Error('it returns a promise, and bankdocs renders pages synchronously');
  }
  if (result instanceof Error) throw result;
  return result as Node | undefined;
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

