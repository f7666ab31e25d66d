// resolveConfig: read docs.config.yaml, validate it, and report every problem with its
// line and column in the file.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { configSchema, type Config } from './schema.js';
import { parseYaml } from './yaml-positions.js';
import { yamlSyntaxDiagnostics, zodDiagnostics, type YamlSource } from './zod-diagnostics.js';

export const DEFAULT_CONFIG_FILE = 'docs.config.yaml';

export interface ResolvedConfig {
  config: Config;
  /** Absolute path of the config file. */
  file: string;
  /** Folder of the config file: every relative path in it is relative to this. */
  root: string;
  /** Absolute path of the content folder. */
  contentDir: string;
}

export type ConfigResult =
  | { ok: true; value: ResolvedConfig; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

export async function resolveConfig(configPath: string = DEFAULT_CONFIG_FILE): Promise<ConfigResult> {
  const file = resolve(configPath);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      diagnostics: [{
        ruleId: 'config-missing',
        severity: 'error',
        message: code === 'ENOENT' ? 'no config file here' : `cannot read the config file (${code ?? String(error)})`,
        hint: 'run bankdocs in the folder that holds docs.config.yaml, or pass --config <file>',
        file,
        line: 1,
        column: 1,
      }],
    };
  }
  return parseConfig(text, file);
}

export function parseConfig(text: string, file: string): ConfigResult {
  const source: YamlSource = { file, parsed: parseYaml(text), rulePrefix: 'config', what: 'docs.config.yaml' };
  const syntax = yamlSyntaxDiagnostics(source);
  if (syntax.length) return { ok: false, diagnostics: syntax };
  const result = configSchema.safeParse(source.parsed.doc.toJS() ?? {});
  if (!result.success) return { ok: false, diagnostics: zodDiagnostics(source, result.error.issues) };
  const root = dirname(file);
  return {
    ok: true,
    value: { config: result.data, file, root, contentDir: resolve(root, result.data.site.contentDir) },
    diagnostics: [],
  };
}
