// The declared surface of the Ruby client the examples use (content/api/ruby-client.yaml):
// which call maps to which operation.
import { z } from 'zod';
import { operationOf, type ApiModel } from '../api/openapi.js';
import { readLimited, SIZE_LIMITS } from '../config/size-limits.js';
import { parseYaml, positionOfPath, yamlValue } from '../config/yaml-positions.js';
import { yamlSyntaxDiagnostics, zodDiagnostics } from '../config/zod-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import { suggest } from '../did-you-mean.js';

export const rubyClientSchema = z.strictObject({
  gem: z.string().min(1).describe('Name of the gem, e.g. "moorlink".'),
  require: z.string().min(1).describe('What examples require, e.g. "moorlink".'),
  client: z.strictObject({
    class: z.string().min(1).describe('The client class, e.g. "Moorlink::Client".'),
    arguments: z.array(z.string()).describe('Keyword arguments of its constructor.'),
  }),
  calls: z.record(z.string(), z.string().regex(/^[A-Za-z_][\w:]*(\.[a-z_][\w]*)+$/, 'a call is like client.payments.create')).describe('operationId -> the Ruby call for it.'),
});

export type RubyClient = z.output<typeof rubyClientSchema>;

export interface LoadedRubyClient {
  client: RubyClient | null;
  /** The Ruby call ("client.payments.create") -> operationId. */
  operationByCall: Map<string, string>;
  diagnostics: Diagnostic[];
}

export async function loadRubyClient(file: string, api: ApiModel | null): Promise<LoadedRubyClient> {
  const empty = { client: null, operationByCall: new Map<string, string>() };
  let text: string;
  try {
    const read = await readLimited(file, SIZE_LIMITS.rubyClient);
    if (!read.ok) return { ...empty, diagnostics: [read.diagnostic] };
    text = read.text;
  } catch {
    return { ...empty, diagnostics: [] };
  }
  const parsed = parseYaml(text);
  const source = { file, parsed, rulePrefix: 'ruby-client', what: 'Ruby client surface' };
  // One rule for every mistake in this file (README): ruby-client-invalid.
  const asInvalid = (diagnostics: Diagnostic[]) => diagnostics.map((d) => ({ ...d, ruleId: 'ruby-client-invalid' }));
  const syntax = yamlSyntaxDiagnostics(source);
  if (syntax.length) return { ...empty, diagnostics: asInvalid(syntax) };
  const result = rubyClientSchema.safeParse(yamlValue(parsed));
  if (!result.success) return { ...empty, diagnostics: asInvalid(zodDiagnostics(source, result.error.issues)) };
  const diagnostics: Diagnostic[] = [];
  const operationByCall = new Map<string, string>();
  for (const [operationId, call] of Object.entries(result.data.calls)) {
    if (api && !operationOf(api, operationId)) {
      diagnostics.push({ ruleId: 'ruby-client-invalid', severity: 'error', message: `"${operationId}" is not an operation of the OpenAPI document`, hint: suggest(operationId, Object.keys(api.operations), `use an operationId of ${api.shown}`), file, ...positionOfPath(parsed, ['calls', operationId], { key: true }) });
    }
    if (operationByCall.has(call)) {
      diagnostics.push({ ruleId: 'ruby-client-invalid', severity: 'error', message: `"${call}" is declared for both ${operationByCall.get(call)} and ${operationId}`, hint: 'give each operation its own call', file, ...positionOfPath(parsed, ['calls', operationId]) });
    }
    operationByCall.set(call, operationId);
  }
  return { client: result.data, operationByCall, diagnostics };
}
