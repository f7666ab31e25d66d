// Pins the public surface: commands, their options, and the config JSON Schema on disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../src/cli.js';
import { configJsonSchema } from '../../src/commands/schema.js';

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
});
