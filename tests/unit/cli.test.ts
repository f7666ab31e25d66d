// Pins the public surface: commands, their options, and the config JSON Schema on disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { builtinTheme } from '../../theme/index.js';
import { createProgram } from '../../src/cli.js';
import { configJsonSchema } from '../../src/commands/schema.js';
import { ranText } from '../../src/commands/check.js';

describe('the CLI', () => {
  it('has these commands and options', () => {
    const program = createProgram(() => {});
    const surface = Object.fromEntries(program.commands.map((c) => [c.name(), c.options.map((o) => o.flags)]));
    expect(surface).toEqual({
      build: ['-c, --config <file>', '-o, --out <dir>', '--force', '-q, --quiet', '--workers <n>', '--no-cache', '--timings'],
      check: ['-c, --config <file>', '-f, --format <format>', '--external', '--max-warnings <n>', '--strict', '--execute', '--workers <n>', '--no-cache', '--timings'],
      dev: ['-c, --config <file>', '-p, --port <port>', '--host <host>', '--open'],
      preview: ['-d, --dir <dir>', '-p, --port <port>', '--host <host>'],
      mock: ['-c, --config <file>', '-p, --port <port>', '--host <host>', '--stateful'],
      init: ['--force'],
      schema: ['-o, --out <file>'],
    });
  });
});

describe('docs.config.schema.json', () => {
  it('is the schema generated from the zod config schema (run `npm run schema` after changing it)', () => {
    const onDisk = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'docs.config.schema.json'), 'utf8'));
    expect(onDisk).toEqual(configJsonSchema());
  });

  it('describes every property for editor help', () => {
    const schema = configJsonSchema() as { properties: Record<string, { description?: string }> };
    for (const [key, value] of Object.entries(schema.properties)) expect(value.description, key).toBeTruthy();
  });

  it('lists the theme\'s components and strings, each string with its English text, and refuses other names', () => {
    const validate = new Ajv2020({ strict: false }).compile(configJsonSchema());
    const repo = join(import.meta.dirname, '..', '..');
    for (const file of ['docs.config.yaml', 'templates/init/docs.config.yaml', 'tests/fixtures/basic-site/docs.config.yaml', 'tests/fixtures/plugins-site/docs.config.yaml']) {
      expect(validate(parse(readFileSync(join(repo, file), 'utf8'))), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const theme = (configJsonSchema() as { properties: { theme: { properties: Record<string, { properties: Record<string, unknown>; additionalProperties: { properties: Record<string, { description: string }> } }> } } }).properties.theme.properties;
    expect(Object.keys(theme.components!.properties)).toEqual(Object.keys(builtinTheme.components));
    expect(theme.strings!.additionalProperties.properties.searchPlaceholder!.description).toBe(`English: "${builtinTheme.strings.en.searchPlaceholder}"`);
    const site = parse(readFileSync(join(repo, 'templates/init/docs.config.yaml'), 'utf8'));
    expect(validate({ ...site, theme: { strings: { en: { searchGroups: { api: 'Endpoints' } } }, components: { Footer: './Footer.tsx' } } })).toBe(true);
    expect(validate({ ...site, theme: { strings: { en: { searchPlacholder: 'x' } } } })).toBe(false);
    expect(validate({ ...site, theme: { components: { Fotter: './Footer.tsx' } } })).toBe(false);
  });
});

describe('check --execute\'s summary', () => {
  it('names only the languages that ran', () => {
    expect(ranText({ curl: 5, ruby: 0 })).toBe('Ran 5 curl examples');
    expect(ranText({ curl: 1, ruby: 0 })).toBe('Ran 1 curl example');
    expect(ranText({ curl: 70, ruby: 58 })).toBe('Ran 70 curl and 58 Ruby examples');
    expect(ranText({ curl: 0, ruby: 0 })).toBe('Ran no examples');
  });
});
