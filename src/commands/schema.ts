// `bankdocs schema`: the JSON Schema of docs.config.yaml, for editor completion.
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { configSchema } from '../config/schema.js';
import { outputError } from '../diagnostics.js';
import { consoleOutput, type Output } from './output.js';

export function configJsonSchema(): object {
  return {
    ...z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'bankdocs docs.config.yaml',
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
