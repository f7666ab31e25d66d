// Site plugins (docs.config.yaml `plugins:`): found from the site's folder like the
// Markdown plugins (src/markdown/resolve-plugin.ts), imported and checked once when the
// config is read, a problem reported at its list item. Functions cannot be sent to a
// render thread, so each thread imports them again from their file URL (loadSitePlugins).
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseYaml, positionOfPath, type ParsedYaml } from '../config/yaml-positions.js';
import { internalError, shownFolder, type Diagnostic } from '../diagnostics.js';
import type { MarkdownEngine } from '../markdown/engines.js';
import { pluginAddsSyntax } from '../markdown/plugin-syntax.js';
import { syntaxErrorIn } from './syntax-error.js';
import { isPathSpecifier, locatePlugin } from '../markdown/resolve-plugin.js';
import { corePlugin } from './core.js';
import type { BankdocsPlugin, PluginExport } from './types.js';
import { pluginProblem } from './validate.js';
import { importModule } from '../dynamic-import.js';

/** A site plugin found and checked: plain data, sent to the render threads. */
export interface SitePluginSpec {
  kind: 'bankdocs';
  /** As written in docs.config.yaml. */
  name: string;
  /** Its plugin name (BankdocsPlugin.name): the first part of its rule ids. */
  plugin: string;
  url: string;
  options?: unknown;
  syntax: false;
}

export type SitePluginEntry = string | [string, unknown?];

export async function resolveSitePlugins({ plugins, configFile, text, engine = 'fast' }: { plugins: readonly SitePluginEntry[]; configFile: string; text: string; engine?: MarkdownEngine }): Promise<{ specs: SitePluginSpec[]; diagnostics: Diagnostic[] }> {
  const specs: SitePluginSpec[] = [];
  const diagnostics: Diagnostic[] = [];
  if (!plugins.length) return { specs, diagnostics };
  const siteDir = dirname(configFile);
  let parsed: ParsedYaml | null = null;
  // Directive names are unique across bankdocs and every plugin.
  const taken = new Map(Object.keys(corePlugin.directives ?? {}).map((name) => [name, 'bankdocs itself']));
  const names = new Set<string>([corePlugin.name]);
  for (const [index, entry] of plugins.entries()) {
    const [name, ...rest] = typeof entry === 'string' ? [entry] : entry;
    const hasOptions = rest.length > 0 && rest[0] !== undefined;
    const fail = (ruleId: string, message: string, hint: string, { at, paths }: { at?: Pick<Diagnostic, 'file' | 'line' | 'column'>; paths?: string[] } = {}) => {
      parsed ??= parseYaml(text);
      diagnostics.push({ ruleId, severity: 'error', message, hint, ...(paths ? { paths } : {}), ...(at ?? { file: configFile, ...positionOfPath(parsed, ['plugins', index]) }) });
    };
    const what = `the plugin "${name}"`;
    const location = locatePlugin(name, siteDir);
    if (!location.ok) {
      if (location.reason === 'no-file') fail('config-plugin-missing', `${what} names no file`, `a path is relative to the config's folder (${shownFolder(siteDir)}); correct it, or name an npm package`, { paths: [siteDir] });
      else if (location.reason === 'not-exported') fail('config-plugin-missing', `${what} is no entry point of the installed package "${location.package}"`, `check the name against the plugin's documentation, and reinstall it with npm install ${location.package}`);
      else fail('config-plugin-missing', `${what} is not installed in the site's folder`, `npm install ${location.package} in the site's folder (${shownFolder(siteDir)}), or correct the name`, { paths: [siteDir] });
      continue;
    }
    const url = pathToFileURL(location.file).href;
    let loaded: BankdocsPlugin;
    try {
      loaded = await instantiate(url, hasOptions ? rest[0] : undefined);
    } catch (error) {
      const fix = isPathSpecifier(name) ? 'correct the error in that file' : 'reinstall it (npm install in the site\'s folder)';
      // A syntax error of the plugin's own file, at its place there (Node's names none).
      const syntax = error instanceof SyntaxError ? await syntaxErrorIn(location.file) : null;
      if (syntax) fail('config-plugin-invalid', `${what} does not load: ${syntax.message}`, 'correct the syntax at this place', { at: { file: syntax.file, line: syntax.line, column: syntax.column } });
      else fail('config-plugin-invalid', `${what} does not load: ${reasonOf(error)}`, `${fix}, and check that it runs on Node ${process.versions.node}`);
      continue;
    }
    const problem = pluginProblem(loaded, taken);
    if (problem) {
      fail('config-plugin-invalid', `${what} is not a valid bankdocs plugin: ${problem}`, 'export default definePlugin({ name, directives, remarkPlugins, rehypePlugins, checks, strings }) from "bankdocs/plugin"; see README, "Plugins"');
      continue;
    }
    if (names.has(loaded.name)) {
      fail('config-plugin-invalid', `two plugins are named "${loaded.name}"`, 'list each plugin once; plugin names start their rule ids, so they must differ');
      continue;
    }
    // Syntax only the remark engine reads, as for markdown.remarkPlugins (src/markdown/plugins.ts).
    if (engine !== 'remark' && (loaded.remarkPlugins ?? []).some((item) => (Array.isArray(item) ? pluginAddsSyntax(item[0], item.slice(1)) : pluginAddsSyntax(item)))) {
      fail('config-plugin-engine', `${what} adds Markdown syntax (a remark plugin of its own), which only the remark engine reads; set markdown.engine: remark`, 'the fast engine (markdown-it) takes no syntax extensions: with it, this plugin would silently do nothing');
      continue;
    }
    names.add(loaded.name);
    for (const directive of Object.keys(loaded.directives ?? {})) taken.set(directive, `the plugin "${loaded.name}"`);
    specs.push({ kind: 'bankdocs', name, plugin: loaded.name, url, ...(hasOptions ? { options: rest[0] } : {}), syntax: false });
  }
  return { specs, diagnostics };
}

/** Imports the plugins checked by resolveSitePlugins, in this thread; bankdocs' own comes first. */
export async function loadSitePlugins(specs: readonly SitePluginSpec[]): Promise<BankdocsPlugin[]> {
  const loaded = await Promise.all(
    specs.map(async (spec) => {
      try {
        return await instantiate(spec.url, spec.options);
      } catch (error) {
        throw internalError(`the plugin "${spec.name}" loaded when the config was read, but not in this thread`, error);
      }
    }),
  );
  return [corePlugin, ...loaded];
}

async function instantiate(url: string, options: unknown): Promise<BankdocsPlugin> {
  const exported = ((await importModule(url)) as { default?: PluginExport }).default;
  if (exported === undefined) throw new Error('the module has no default export');
  return typeof exported === 'function' ? exported(options) : exported;
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
