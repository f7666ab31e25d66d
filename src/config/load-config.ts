// resolveConfig: read docs.config.yaml, validate it, and report every problem with its
// line and column in the file.
import { dirname, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { compileCollections, declaredCollections, type CompiledCollection } from '../content/collections.js';
import { resolveMarkdownPlugins, type AnyPluginSpec } from '../markdown/plugins.js';
import { resolveSitePlugins } from '../plugin/load.js';
import type { ThemeOverrides } from '../theme/load-theme.js';
import { resolveThemeOverrides } from '../theme/overrides.js';
import { configSchema, type Config } from './schema.js';
import { readLimited, SIZE_LIMITS } from './size-limits.js';
import { parseYaml, yamlValue, type ParsedYaml } from './yaml-positions.js';
import { yamlSyntaxDiagnostics, zodDiagnostics, type YamlSource } from './zod-diagnostics.js';

export { DEFAULT_CONFIG_FILE } from './defaults.js';
import { DEFAULT_CONFIG_FILE } from './defaults.js';

export interface ResolvedConfig {
  config: Config;
  /** Absolute path of the config file. */
  file: string;
  /** Folder of the config file: every relative path in it is relative to this. */
  root: string;
  /** Absolute path of the content folder. */
  contentDir: string;
  /**
   * The site plugins (plugins:) and the markdown section's remark and rehype plugins,
   * found and checked (resolveConfig; parseConfig loads no module).
   */
  markdownPlugins?: AnyPluginSpec[];
  /** The theme overrides (theme.components), compiled (resolveConfig; parseConfig compiles nothing). */
  theme?: ThemeOverrides | null;
  /** The collections in force (collections:, or the built-in ones), compiled. */
  collections: CompiledCollection[];
  /** The config's YAML, for the position of a problem found later (a collection that takes no file). */
  yaml: ParsedYaml;
}

export type ConfigResult =
  | { ok: true; value: ResolvedConfig; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

export async function resolveConfig(configPath: string = DEFAULT_CONFIG_FILE): Promise<ConfigResult> {
  const file = resolve(configPath);
  let text: string;
  try {
    const read = await readLimited(file, SIZE_LIMITS.config);
    if (!read.ok) return { ok: false, diagnostics: [read.diagnostic] };
    text = read.text;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      diagnostics: [{
        ruleId: 'config-missing',
        severity: 'error',
        message: code === 'ENOENT' ? 'no config file here' : `cannot read the config file (${code ?? String(error)})`,
        hint: code === 'ENOENT' ? 'run bankdocs in the folder that holds docs.config.yaml, or pass --config <file>; to start a new site here, run bankdocs init' : 'run bankdocs in the folder that holds docs.config.yaml, or pass --config <file>',
        file,
        line: 1,
        column: 1,
      }],
    };
  }
  const parsed = parseConfig(text, file);
  if (!parsed.ok) return parsed;
  const site = await resolveSitePlugins({ plugins: parsed.value.config.plugins, configFile: file, text, engine: parsed.value.config.markdown.engine });
  const plugins = await resolveMarkdownPlugins({ markdown: parsed.value.config.markdown, configFile: file, text });
  const theme = await resolveThemeOverrides({ config: parsed.value.config, configFile: file, text });
  const found = [...site.diagnostics, ...plugins.diagnostics, ...theme.diagnostics];
  if (found.some((d) => d.severity === 'error')) return { ok: false, diagnostics: found };
  return { ...parsed, diagnostics: found, value: { ...parsed.value, markdownPlugins: [...site.specs, ...plugins.plugins], ...(theme.overrides ? { theme: theme.overrides } : {}) } };
}

export function parseConfig(text: string, file: string): ConfigResult {
  const source: YamlSource = { file, parsed: parseYaml(text), rulePrefix: 'config', what: 'config' };
  const syntax = yamlSyntaxDiagnostics(source);
  if (syntax.length) return { ok: false, diagnostics: syntax };
  const result = configSchema.safeParse(yamlValue(source.parsed) ?? {});
  if (!result.success) return { ok: false, diagnostics: zodDiagnostics(source, result.error.issues, configSchema) };
  const root = dirname(file);
  const collections = compileCollections({ collections: declaredCollections(result.data.collections), locales: result.data.locales.available, parsed: source.parsed, configFile: file });
  if (collections.diagnostics.length) return { ok: false, diagnostics: collections.diagnostics };
  return {
    ok: true,
    value: { config: result.data, file, root, contentDir: resolve(root, result.data.site.contentDir), collections: collections.compiled, yaml: source.parsed },
    diagnostics: [],
  };
}
