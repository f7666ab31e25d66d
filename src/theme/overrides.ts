// The site's theme overrides (docs.config.yaml `theme:`; issue #16), read with the config:
// every component name and string key is checked against the theme (an unknown one is an
// error at its line, with a did-you-mean), and the component files are compiled with
// esbuild into one bundle in the site's cache folder (never into the package), checked to
// export a component. A compile error is reported at its file:line:col.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import type { Message, Plugin } from 'esbuild';
import { builtinTheme } from '../../theme/index.js';
import { siteCacheDir } from '../cache/cache-dir.js';
import { digest } from '../cache/fingerprint.js';
import type { Config } from '../config/schema.js';
import { parseYaml, positionOfPath, type ParsedYaml } from '../config/yaml-positions.js';
import { shownFolder, shownPath, type Diagnostic } from '../diagnostics.js';
import { closest } from '../plugin/directives.js';
import { componentOf, evaluateOverrides, HOST_MODULES, overrideFileOf, type ThemeOverrides } from './load-theme.js';
import { importModule } from '../dynamic-import.js';

const SOURCE_EXTENSIONS = ['.tsx', '.jsx', '.ts', '.js', '.mjs'];
/** The bundle's generated entry (entryOf), as esbuild names it. */
const ENTRY_NAME = 'bankdocs-theme-overrides.js';

export interface ResolveThemeInput {
  config: Pick<Config, 'theme' | 'locales'>;
  /** Absolute path of docs.config.yaml: files resolve from its folder, problems point into it. */
  configFile: string;
  /** Its text, for the line and column of a problem. */
  text: string;
}

export async function resolveThemeOverrides({ config, configFile, text }: ResolveThemeInput): Promise<{ overrides: ThemeOverrides | null; diagnostics: Diagnostic[] }> {
  const { components, strings } = config.theme;
  let yaml: ParsedYaml | undefined;
  const parsedYaml = () => (yaml ??= parseYaml(text));
  // Warnings: they do not stop the build (load-config.ts keeps them apart from the errors).
  const warnings = untranslatedInterface(config, configFile, parsedYaml);
  if (!Object.keys(components).length && !Object.keys(strings).length) return { overrides: null, diagnostics: warnings };
  const parsed = parsedYaml();
  const diagnostics = [...checkStrings(strings, config.locales.available, configFile, parsed)];
  const known = Object.keys(builtinTheme.components);
  const files: Record<string, string> = {};
  for (const [name, path] of Object.entries(components)) {
    if (!known.includes(name)) {
      const near = closest(name, known);
      diagnostics.push({
        ruleId: 'theme-component-unknown',
        severity: 'error',
        message: `the theme has no component "${name}"`,
        hint: near ? `did you mean "${near}"?` : `the components are ${known.join(', ')}`,
        file: configFile,
        ...positionOfPath(parsed, ['theme', 'components', name], { key: true }),
      });
      continue;
    }
    const file = resolve(dirname(configFile), path);
    const problem = !SOURCE_EXTENSIONS.includes(extname(file)) ? `"${path}" is no .tsx, .jsx, .ts or .js file` : !existsSync(file) ? `"${path}" names no file` : null;
    if (problem) {
      diagnostics.push({ ruleId: 'theme-component-missing', severity: 'error', message: `the override of ${name}: ${problem}`, hint: `a path is relative to the config's folder (${shownFolder(dirname(configFile))})`, paths: [dirname(configFile)], file: configFile, ...positionOfPath(parsed, ['theme', 'components', name]) });
      continue;
    }
    files[name] = file;
  }
  if (diagnostics.length) return { overrides: null, diagnostics: [...diagnostics, ...warnings] };
  if (!Object.keys(files).length) return { overrides: null, diagnostics: warnings };
  const compiled = await compileOverrides(files, configFile);
  return { ...compiled, diagnostics: [...compiled.diagnostics, ...warnings] };
}

/** The keys of the theme's strings, a group's as "searchGroups.api". */
export function stringKeys(strings: object): string[] {
  return Object.entries(strings).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? Object.keys(value).map((k) => `${key}.${k}`) : [key]));
}

/**
 * A locale the built-in theme does not speak, whose strings the site gives in part or not
 * at all: its pages would show the missing ones in English, the default locale's
 * interface or not. A warning at the locale in locales.available.
 */
function untranslatedInterface(config: Pick<Config, 'theme' | 'locales'>, configFile: string, parsed: () => ParsedYaml): Diagnostic[] {
  const all = stringKeys(builtinTheme.strings.en);
  const spoken = Object.keys(builtinTheme.strings);
  const diagnostics: Diagnostic[] = [];
  for (const [i, locale] of config.locales.available.entries()) {
    if (spoken.includes(locale)) continue;
    const given = new Set(stringKeys(config.theme.strings[locale] ?? {}));
    const missing = all.filter((key) => !given.has(key));
    if (!missing.length) continue;
    const some = missing.slice(0, 3).join(', ');
    diagnostics.push({
      ruleId: 'theme-strings-missing',
      severity: 'warning',
      message: given.size
        ? `theme.strings.${locale} lacks ${missing.length} of the theme's ${all.length} interface strings (${some}${missing.length > 3 ? ', …' : ''}): its pages show them in English`
        : `the theme has no interface strings in "${locale}": the theme's own words (buttons, search, sidebars, the API reference's labels) show in English on its pages`,
      hint: `add them under theme.strings.${locale} in ${shownPath(configFile)} (your editor completes the keys from the JSON Schema, with their English text); the built-in theme speaks ${spoken.join(', ')}`,
      paths: [configFile],
      file: configFile,
      ...positionOfPath(parsed(), ['locales', 'available', i]),
    });
  }
  return diagnostics;
}

function checkStrings(strings: Config['theme']['strings'], locales: readonly string[], configFile: string, parsed: ParsedYaml): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const reference = builtinTheme.strings.en;
  const keys = Object.keys(reference);
  const unknown = (path: string[], message: string, word: string, candidates: readonly string[]) => {
    const near = closest(word, candidates);
    diagnostics.push({
      ruleId: 'theme-string-unknown',
      severity: 'error',
      message,
      hint: near ? `did you mean "${near}"?` : `the keys are listed in README, "Themes"`,
      file: configFile,
      ...positionOfPath(parsed, path, { key: true }),
    });
  };
  for (const [locale, entries] of Object.entries(strings)) {
    if (!locales.includes(locale)) {
      unknown(['theme', 'strings', locale], `"${locale}" is not in locales.available (${locales.join(', ')})`, locale, locales);
      continue;
    }
    for (const [key, value] of Object.entries(entries)) {
      if (!keys.includes(key)) {
        unknown(['theme', 'strings', locale, key], `the theme has no string "${key}"`, key, keys);
        continue;
      }
      const nested = typeof reference[key as keyof typeof reference] === 'object';
      if (nested !== (typeof value === 'object')) {
        diagnostics.push({ ruleId: 'theme-string-invalid', severity: 'error', message: `"${key}" is ${nested ? 'a group of strings' : 'one string'}`, hint: nested ? `write it as ${key}: { ${Object.keys(reference.searchGroups).join(': …, ')}: … }` : `write it as ${key}: "…"`, file: configFile, ...positionOfPath(parsed, ['theme', 'strings', locale, key]) });
        continue;
      }
      if (typeof value === 'object') {
        const groups = Object.keys(reference.searchGroups);
        for (const group of Object.keys(value)) if (!groups.includes(group)) unknown(['theme', 'strings', locale, key, group], `the theme has no string "${key}.${group}"`, group, groups);
      }
    }
  }
  return diagnostics;
}

/** The bundle's entry: each override's module exported under its component name. */
function entryOf(files: Record<string, string>): string {
  return Object.entries(files)
    .map(([name, file]) => `export * as ${name} from ${JSON.stringify(file)};`)
    .join('\n');
}

async function compileOverrides(files: Record<string, string>, configFile: string): Promise<{ overrides: ThemeOverrides | null; diagnostics: Diagnostic[] }> {
  const { build } = await importModule<typeof import('esbuild')>('esbuild');
  const siteDir = dirname(configFile);
  // React and the built-in theme come from bankdocs at run time (load-theme.ts): one React.
  const hostModules: Plugin = {
    name: 'bankdocs-host-modules',
    setup(b) {
      b.onResolve({ filter: /^(react|react\/jsx-runtime|react\/jsx-dev-runtime|bankdocs\/theme)$/ }, (args) => ((HOST_MODULES as readonly string[]).includes(args.path) ? { path: args.path, external: true } : undefined));
    },
  };
  let result: Awaited<ReturnType<typeof build>> & { outputFiles: { text: string }[] };
  try {
    result = await build({
      stdin: { contents: entryOf(files), resolveDir: siteDir, sourcefile: ENTRY_NAME, loader: 'js' },
      absWorkingDir: siteDir,
      bundle: true,
      write: false,
      metafile: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [hostModules],
      logLevel: 'silent',
    });
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!messages?.length) throw error;
    return { overrides: null, diagnostics: messages.map((m) => compileDiagnostic(m, siteDir, files)) };
  }
  const code = result.outputFiles[0]!.text;
  const inputs = Object.keys(result.metafile!.inputs)
    .filter((input) => input !== ENTRY_NAME && !input.startsWith('<') && !input.includes('node_modules/'))
    .map((input) => (isAbsolute(input) ? input : resolve(siteDir, input)));
  const hash = digest(code).slice(0, 16);
  const overrides: ThemeOverrides = { code, hash, bundle: writeBundle(configFile, hash, code), components: files, files: [...new Set([...Object.values(files), ...inputs])].sort() };
  return { overrides, diagnostics: exportDiagnostics(overrides) };
}

/** Into the site's cache folder, by hash (two builds never write one file differently); null with the cache off. */
function writeBundle(configFile: string, hash: string, code: string): string | null {
  const dir = siteCacheDir(configFile);
  if (!dir) return null;
  const file = join(dir, 'theme', `overrides-${hash}.cjs`);
  try {
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, code);
    }
    return file;
  } catch {
    return null; // a read-only cache: the bundle still runs from memory
  }
}

/** Each override must export a component, and its module must run. */
function exportDiagnostics(overrides: ThemeOverrides): Diagnostic[] {
  let exports: Record<string, Record<string, unknown>>;
  try {
    exports = evaluateOverrides(overrides);
  } catch (error) {
    // The module that threw, when the stack tells; else the first.
    const thrower = overrideFileOf(error, overrides);
    const [name, file] = Object.entries(overrides.components).find(([, f]) => f === thrower) ?? (thrower ? [basename(thrower), thrower] : Object.entries(overrides.components)[0]!);
    return [{ ruleId: 'theme-component-invalid', severity: 'error', message: `the theme overrides do not load: ${(error as Error).message?.split('\n')[0] ?? String(error)}`, hint: `check what the module of ${name}${Object.keys(overrides.components).length > 1 ? ' (or another override)' : ''} runs when it is imported`, file, line: 1, column: 1 }];
  }
  return Object.entries(overrides.components).flatMap(([name, file]): Diagnostic[] =>
    componentOf(exports[name], name)
      ? []
      : [{ ruleId: 'theme-component-invalid', severity: 'error', message: `the override of ${name} exports no component`, hint: `export the component as the module's default export: export default function ${name}(props) { … }`, file, line: 1, column: 1 }],
  );
}

function compileDiagnostic(message: Message, siteDir: string, files: Record<string, string>): Diagnostic {
  const location = message.location;
  const file = location?.file && location.file !== ENTRY_NAME ? resolve(siteDir, location.file) : (Object.values(files)[0] ?? siteDir);
  return {
    ruleId: 'theme-component-invalid',
    severity: 'error',
    message: `the theme override does not compile: ${message.text}`,
    hint: message.notes[0]?.text ?? 'correct the TSX/JSX at this place',
    file,
    line: location?.line ?? 1,
    // esbuild counts the column in UTF-8 bytes; diagnostics count characters.
    column: location ? Buffer.from(location.lineText).subarray(0, location.column).toString().length + 1 : 1,
  };
}
