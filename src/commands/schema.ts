// `bankdocs schema`: the JSON Schema of docs.config.yaml, for editor completion.
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { builtinTheme } from '../../theme/index.js';
import { configSchema } from '../config/schema.js';
import { outputError } from '../diagnostics.js';
import { consoleOutput, type Output } from './output.js';

export function configJsonSchema(): object {
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  describeTheme(schema.properties?.theme);
  return { ...schema, title: 'bankdocs docs.config.yaml' };
}

interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  [key: string]: unknown;
}

/**
 * The theme's component names and string keys, each with what it is (a string with its
 * English text), so an editor completes and explains them. The config's own schema takes
 * any name (src/theme/overrides.ts checks them against the theme, with a did-you-mean).
 */
function describeTheme(theme: JsonSchema | undefined): void {
  const components = theme?.properties?.components;
  const strings = theme?.properties?.strings;
  if (!components || !strings || typeof components.additionalProperties !== 'object' || typeof strings.additionalProperties !== 'object') throw new Error('Internal error: the schema of theme: changed shape');
  const file = components.additionalProperties;
  components.properties = Object.fromEntries(Object.keys(builtinTheme.components).map((name) => [name, file]));
  components.additionalProperties = false;
  const english = builtinTheme.strings.en;
  const text = (value: string) => ({ type: 'string', description: value ? `English: "${value}"` : 'English: none (empty)' });
  strings.additionalProperties = {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(english).map(([key, value]) => [
        key,
        typeof value === 'object'
          ? { type: 'object', properties: Object.fromEntries(Object.entries(value as Record<string, string>).map(([group, v]) => [group, text(v)])), additionalProperties: false }
          : text(value),
      ]),
    ),
    additionalProperties: false,
  };
}

export async function schemaCommand(options: { out?: string }, out: Output = consoleOutput): Promise<number> {
  const text = `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
  if (options.out) {
    try {
      await writeFile(options.out, text);
    } catch (error) {
      throw outputError(options.out, error);
    }
    out.info(`Wrote ${options.out}`);
  } else {
    process.stdout.write(text);
  }
  return 0;
}
