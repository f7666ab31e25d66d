// The OpenAPI model: load content/api/openapi.yaml, resolve its $refs, and index its
// operations by id, with path-level and operation-level parameters merged. Plain data,
// so it travels to render workers with the Site model.
import { readFile } from 'node:fs/promises';
import { dereference } from '@readme/openapi-parser';
import type { Diagnostic } from '../diagnostics.js';
import { parseYaml, positionAt } from '../config/yaml-positions.js';
import { yamlSyntaxDiagnostics } from '../config/zod-diagnostics.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** A JSON Schema as found in the document, after $ref resolution. */
export type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  readOnly?: boolean;
  examples?: unknown[];
  [key: string]: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  summary: string;
  description: string;
  tags: string[];
  scopes: string[];
  /** "bearer", "basic", or null when the operation needs no authentication. */
  auth: 'bearer' | 'basic' | null;
  parameters: Parameter[];
  /** Media type and schema of the request body, if any. */
  requestBody: { mediaType: string; required: boolean; schema: Schema } | null;
  /** Status code -> JSON schema of the response body (null for bodiless responses). */
  responses: Record<string, { description: string; schema: Schema | null }>;
}

export interface ApiModel {
  /** Path of the document under content/. */
  source: string;
  title: string;
  version: string;
  servers: string[];
  operations: Record<string, Operation>;
  /** components.schemas, resolved. */
  schemas: Record<string, Schema>;
}

export interface LoadedApi {
  api: ApiModel | null;
  diagnostics: Diagnostic[];
}

interface RawOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  'x-scopes'?: string[];
}

export async function loadApi(file: string, source: string): Promise<LoadedApi> {
  const text = await readFile(file, 'utf8');
  const parsed = parseYaml(text);
  const syntax = yamlSyntaxDiagnostics({ file, parsed, rulePrefix: 'openapi', what: 'OpenAPI document' });
  if (syntax.length) return { api: null, diagnostics: syntax };
  let doc: Record<string, unknown>;
  try {
    doc = (await dereference(structuredClone(parsed.doc.toJS()) as never)) as unknown as Record<string, unknown>;
  } catch (error) {
    return {
      api: null,
      diagnostics: [{ ruleId: 'openapi-invalid', severity: 'error', message: `the OpenAPI document cannot be resolved: ${(error as Error).message}`, hint: 'fix the $ref it names', file, ...positionAt(parsed, 0) }],
    };
  }
  const info = (doc.info ?? {}) as { title?: string; version?: string };
  const servers = ((doc.servers ?? []) as { url: string }[]).map((s) => s.url);
  const securitySchemes = (((doc.components ?? {}) as Record<string, unknown>).securitySchemes ?? {}) as Record<string, { type?: string; scheme?: string }>;
  const defaultSecurity = (doc.security ?? []) as Record<string, string[]>[];
  const operations: Record<string, Operation> = {};
  const diagnostics: Diagnostic[] = [];

  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    const shared = (item.parameters ?? []) as Parameter[];
    for (const method of HTTP_METHODS) {
      const raw = item[method] as RawOperation | undefined;
      if (!raw) continue;
      if (!raw.operationId) {
        diagnostics.push({ ruleId: 'openapi-invalid', severity: 'error', message: `${method.toUpperCase()} ${path} has no operationId`, hint: 'give every operation a unique operationId: the reference and the checks find operations by it', file, line: 1, column: 1 });
        continue;
      }
      const own = raw.parameters ?? [];
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own].map((p) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        description: p.description ?? '',
        schema: p.schema ?? {},
      }));
      const security = raw.security ?? defaultSecurity;
      const schemeName = security.map((s) => Object.keys(s)[0]).find(Boolean);
      const scheme = schemeName ? securitySchemes[schemeName] : undefined;
      const auth = scheme?.type === 'http' ? (scheme.scheme === 'basic' ? 'basic' : 'bearer') : scheme ? 'bearer' : null;
      const bodyEntry = raw.requestBody?.content ? Object.entries(raw.requestBody.content)[0] : undefined;
      const responses: Operation['responses'] = {};
      for (const [status, response] of Object.entries(raw.responses ?? {})) {
        responses[status] = { description: response.description ?? '', schema: response.content?.['application/json']?.schema ?? null };
      }
      operations[raw.operationId] = {
        id: raw.operationId,
        method,
        path,
        summary: raw.summary ?? raw.operationId,
        description: raw.description ?? '',
        tags: raw.tags ?? [],
        scopes: raw['x-scopes'] ?? security.flatMap((s) => Object.values(s).flat()),
        auth,
        parameters,
        requestBody: bodyEntry ? { mediaType: bodyEntry[0], required: Boolean(raw.requestBody?.required), schema: bodyEntry[1].schema ?? {} } : null,
        responses,
      };
    }
  }
  return {
    api: {
      source,
      title: info.title ?? 'API',
      version: info.version ?? '',
      servers,
      operations,
      schemas: ((((doc.components ?? {}) as Record<string, unknown>).schemas ?? {}) as Record<string, Schema>),
    },
    diagnostics,
  };
}

/** "createPayment" -> "create-payment": the anchor of an operation on the reference page. */
export function operationAnchor(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The schema of `data.attributes` in a JSON:API request body, or the form fields. */
export function bodyFields(operation: Operation): { schema: Schema; wrapped: boolean } | null {
  const body = operation.requestBody;
  if (!body) return null;
  const attributes = body.schema.properties?.data?.properties?.attributes;
  return attributes ? { schema: attributes, wrapped: true } : { schema: body.schema, wrapped: false };
}
