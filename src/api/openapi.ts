// The OpenAPI model: load content/api/openapi.yaml, resolve its $refs inside the
// document (see resolve-refs.ts), and index its operations by id, with path-level and
// operation-level parameters merged. Plain data, so it travels to render workers with
// the Site model.
import { OAUTH_FLOWS, type ApiKeyPlace, type AuthScheme, type OAuthFlow, type Security } from './auth.js';
import type { Diagnostic } from '../diagnostics.js';
import { readLimited, SIZE_LIMITS } from '../config/size-limits.js';
import { parseYaml, positionAt, positionOfPath, yamlValue, type ParsedYaml } from '../config/yaml-positions.js';
import { yamlSyntaxDiagnostics, zodDiagnostics } from '../config/zod-diagnostics.js';
import { openApiShape } from './openapi-shape.js';
import { checkRefs, pointerSegments, resolvedViews, SchemaTooDeepError } from './resolve-refs.js';
import { schemaKeywordProblems } from './schema-keywords.js';
import { isOpenApi30 } from './validation-view.js';

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
  deprecated?: boolean;
  /** How a query value is written, when not the default (form): deepObject is filter[status]=open. */
  style?: string;
  /** The parameter's own example (`example`, or the value of the first of `examples`), shown beside its rules. */
  example?: unknown;
}

/**
 * The server of the API (its OpenAPI `servers`) that `url` is on, without a final "/":
 * the longest that starts it, at a "/", "?" or its end; null when none does. A relative
 * server ("/v2") is taken on the URL's own origin.
 */
export function serverOf(servers: readonly string[], url: string): string | null {
  let found: string | null = null;
  // A relative server ("/v2") is on whatever host serves the document: its path on any origin.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0];
  for (const raw of servers) {
    if (raw.startsWith('/') && !origin) continue;
    const server = (raw.startsWith('/') ? origin + raw : raw).replace(/\/+$/, '');
    if (!server || (url !== server && !url.startsWith(`${server}/`) && !url.startsWith(`${server}?`))) continue;
    if (found === null || server.length > found.length) found = server;
  }
  return found;
}

/** The path of a server's URL, without a final "/" ("/v2" of https://api.example.com/v2, and of a relative "/v2"). */
export function serverBasePath(server: string | undefined): string {
  if (!server) return '';
  if (server.startsWith('/')) return server.replace(/\/+$/, '');
  try {
    return new URL(server).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

interface ServerObject {
  url: string;
  variables?: Record<string, { default?: unknown; enum?: unknown[] }>;
}

/** Most URLs one server's variables may give (each value of each enum): beyond, the defaults only. */
const MAX_SERVER_URLS = 64;

/**
 * The URLs a server object stands for: "https://{region}.api.example.com" with region's
 * values eu and us is both (the defaults' URL first). A variable without values is its default.
 */
export function serverUrls(server: ServerObject): string[] {
  const variables = Object.entries(server.variables ?? {}).filter(([name]) => server.url.includes(`{${name}}`));
  if (!variables.length) return [server.url];
  const fill = (values: Record<string, string>) => server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => values[name] ?? whole);
  const defaults = Object.fromEntries(variables.map(([name, v]) => [name, String(v.default ?? v.enum?.[0] ?? '')]));
  let all: Record<string, string>[] = [{}];
  for (const [name, v] of variables) {
    const values = [...new Set([String(v.default ?? v.enum?.[0] ?? ''), ...(v.enum ?? []).map(String)])];
    all = all.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value })));
    if (all.length > MAX_SERVER_URLS) return [fill(defaults)];
  }
  return [...new Set([fill(defaults), ...all.map(fill)])];
}

/** "the API's server https://…", or "one of the API's servers (…)", for messages. */
export function serversText(servers: readonly string[]): string {
  return servers.length > 1 ? `one of the API's servers (${servers.join(', ')})` : `the API's server ${servers[0] ?? ''}`;
}

/** application/json, or a type with a +json suffix (application/vnd.api+json, application/merge-patch+json); parameters aside. */
export function isJsonMediaType(type: string): boolean {
  return /^application\/(?:[\w.!#$&^-]+\+)?json\s*(?:;|$)/i.test(type.trim());
}

export interface Operation {
  id: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  summary: string;
  description: string;
  deprecated?: boolean;
  tags: string[];
  scopes: string[];
  /** The first scheme it names: "bearer", "basic", "apiKey" (see apiKey), or null when the operation needs no authentication. */
  auth: 'bearer' | 'basic' | 'apiKey' | null;
  /** Where the key goes, for auth "apiKey". */
  apiKey?: ApiKeyPlace;
  /** Every requirement: alternatives, each with the schemes it needs together (see Security). */
  security: Security;
  parameters: Parameter[];
  /**
   * The request body, if any: the first media type the document lists and its schema (what
   * the page shows), and every media type it takes (`content`: JSON and a form, say), each
   * with its schema.
   */
  requestBody: { mediaType: string; required: boolean; schema: Schema; content: { mediaType: string; schema: Schema }[] } | null;
  /**
   * Status code ("200", a range "2XX", or "default") -> JSON schema of the response body
   * (null when it has no JSON body), the media types it answers with (none: a bodiless
   * response, a 204), and the document's own example of its JSON, if it has one (`example`,
   * or the first of `examples`).
   */
  responses: Record<string, { description: string; schema: Schema | null; mediaTypes: string[]; example?: unknown; examplePlace?: { line: number; column: number }; headers?: ResponseHeader[] }>;
  /** Where its operationId is written in the document, for what `check` says of the operation as a whole. */
  place?: { line: number; column: number };
}

/**
 * A header a response documents (`headers.Location`, `Retry-After`; a $ref to
 * components.headers resolved), named as written: HTTP reads names in any case. Its schema
 * is its own, else that of its `content`'s media type.
 */
export interface ResponseHeader {
  name: string;
  description: string;
  required: boolean;
  schema: Schema;
  deprecated?: boolean;
  example?: unknown;
}

/**
 * The response an operation documents for a status: its own, else its range's ("2XX"),
 * else its `default` (OpenAPI 3, Responses Object). The key found and the response.
 */
export function responseFor(operation: Operation, status: string): { key: string; response: Operation['responses'][string] } | null {
  const range = `${status.slice(0, 1)}XX`;
  for (const key of Object.keys(operation.responses)) if (key === status) return { key, response: operation.responses[key]! };
  for (const key of Object.keys(operation.responses)) if (key.toUpperCase() === range) return { key, response: operation.responses[key]! };
  return operation.responses.default ? { key: 'default', response: operation.responses.default } : null;
}

/**
 * The status of the operation's success: its lowest 2xx code, else its "2XX" range, else
 * its `default`; null when it documents none of them.
 */
export function successKey(operation: Operation): string | null {
  const keys = Object.keys(operation.responses);
  return keys.filter((s) => /^2\d\d$/.test(s)).sort()[0] ?? keys.find((s) => s.toUpperCase() === '2XX') ?? (keys.includes('default') ? 'default' : null);
}

/** A status as a number: "201" is 201, a range its first code ("2XX" is 200), `default` 200. */
export function statusCode(key: string): number {
  return /^\d{3}$/.test(key) ? Number(key) : /^[1-5]XX$/i.test(key) ? Number(key[0]) * 100 : 200;
}

/** The media type of a Content-Type header or an Accept range, without its parameters, in lower case ("" for none). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A parameter's (or a header's) own example: `example`, else the `value` of the first of `examples` (a map of Example Objects). */
function parameterExample(p: { example?: unknown; examples?: unknown }): { example?: unknown } {
  if (p.example !== undefined) return { example: p.example };
  const first = p.examples && typeof p.examples === 'object' ? Object.values(p.examples)[0] : undefined;
  return first && typeof first === 'object' && 'value' in first ? { example: (first as { value: unknown }).value } : {};
}

/**
 * The operation of that id, if the document has one. Looked up as an own property: an
 * operationId may be any string, "constructor" or "toString" too, which a plain object
 * answers with what it inherits.
 */
export function operationOf(api: Pick<ApiModel, 'operations'> | null | undefined, id: string): Operation | undefined {
  return api && Object.hasOwn(api.operations, id) ? api.operations[id] : undefined;
}

export interface ApiModel {
  /** Path of the document under content/. */
  source: string;
  /** The same from the working folder, as messages name it ("content/api/openapi.yaml"). */
  shown: string;
  /** Its absolute path, in the paths of the messages that name it (Diagnostic.paths). */
  file: string;
  title: string;
  version: string;
  /** The OpenAPI version the document is written in, major and minor ("3.1"). */
  openapi: string;
  servers: string[];
  operations: Record<string, Operation>;
  /** components.schemas, resolved. */
  schemas: Record<string, Schema>;
  /**
   * The document as parsed, $refs unresolved: published as /openapi.json, and what the
   * validator compiles. The resolved schemas above share every part of it without a $ref.
   */
  document: Record<string, unknown>;
  /** The document as written, published as /openapi.yaml: the file is read once. */
  text: string;
}

export interface LoadedApi {
  api: ApiModel | null;
  diagnostics: Diagnostic[];
}

interface RawOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema; example?: unknown; examples?: Record<string, { value?: unknown }> }>; headers?: Record<string, RawHeader> }>;
  'x-scopes'?: string[];
}

interface RawHeader {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: Schema;
  content?: Record<string, { schema?: Schema }>;
  example?: unknown;
  examples?: unknown;
}

/**
 * The headers a response documents, in the document's order. Content-Type is left out:
 * OpenAPI says a response header of that name is ignored (the media types say it).
 */
function responseHeaders(headers: Record<string, RawHeader> | undefined): { headers?: ResponseHeader[] } {
  const listed = Object.entries(headers ?? {}).flatMap(([name, header]): ResponseHeader[] => {
    if (name.toLowerCase() === 'content-type' || !header || typeof header !== 'object') return [];
    const schema = header.schema ?? Object.values(header.content ?? {})[0]?.schema ?? {};
    return [{ name, description: header.description ?? '', required: header.required === true, schema, ...(header.deprecated === true ? { deprecated: true } : {}), ...parameterExample(header) }];
  });
  return listed.length ? { headers: listed } : {};
}

/** Problems of shape (and of schema keywords) reported one by one, then counted. */
const MAX_SHAPE_DIAGNOSTICS = 20;

/** Aliases reported one by one, then counted: a generated document may hold thousands. */
const MAX_ALIAS_DIAGNOSTICS = 20;

export async function loadApi(file: string, source: string, shown = `content/${source}`): Promise<LoadedApi> {
  const failed = (diagnostics: Diagnostic[]): LoadedApi => ({ api: null, diagnostics });
  let text: string;
  try {
    const read = await readLimited(file, SIZE_LIMITS.openapi);
    if (!read.ok) return failed([read.diagnostic]);
    text = read.text;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return failed([{ ruleId: 'openapi-invalid', severity: 'error', message: `cannot read the OpenAPI document (${code})`, hint: 'check that the file is readable', file, line: 1, column: 1 }]);
  }
  const parsed = parseYaml(text);
  const yamlSource = { file, parsed, rulePrefix: 'openapi', what: 'OpenAPI document' };
  if (parsed.aliases.length) {
    // An alias is expanded in the published openapi.json: a few lines of anchors can
    // publish hundreds of megabytes. $ref is how OpenAPI repeats a part.
    const syntax = yamlSyntaxDiagnostics(yamlSource, { except: ['BAD_ALIAS'] });
    return failed([...syntax, ...aliasDiagnostics(parsed, file)]);
  }
  const syntax = yamlSyntaxDiagnostics(yamlSource);
  if (syntax.length) return failed(syntax);
  const value = yamlValue(parsed);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return failed([{ ruleId: 'openapi-invalid', severity: 'error', message: 'the OpenAPI document is not a mapping of keys (openapi, info, paths, …)', hint: 'start it with "openapi: 3.1.0", then info and paths', file, ...positionAt(parsed, 0) }]);
  }
  const document = value as Record<string, unknown>;
  const shape = openApiShape.safeParse(document);
  if (!shape.success) {
    return failed(
      capped(zodDiagnostics(yamlSource, shape.error.issues)).map((d) => ({
        ...d,
        ruleId: 'openapi-invalid',
        message: d.message.replace(/^"([^"]*)"(:? )/, '$1$2'),
        hint: d.hint ?? 'write it as OpenAPI says (a list, a mapping or a text): the reference and the checks read it there',
      })),
    );
  }
  const refs = checkRefs(document);
  if (refs.problems.length) {
    return failed(refs.problems.map((p) => ({ ruleId: p.ruleId, severity: 'error', message: p.message, hint: p.hint, file, ...positionOfPath(parsed, [...p.path, '$ref']) })));
  }
  // Reported with the model kept: the reference and the other checks need not wait for them.
  const diagnostics: Diagnostic[] = capped(
    schemaKeywordProblems(document, { openapi30: isOpenApi30(document) })
      .map((p): Diagnostic => ({ ruleId: p.warning?.ruleId ?? 'openapi-invalid', severity: p.warning ? 'warning' : 'error', message: p.message, hint: p.hint, file, ...positionOfPath(parsed, p.path, { key: p.key ?? false }) }))
      .sort((a, b) => a.line - b.line || a.column - b.column),
  );
  let doc: Record<string, unknown>;
  try {
    const [paths, components] = resolvedViews(document, refs, ['/paths', '/components']);
    doc = { ...document, paths, components };
  } catch (error) {
    if (!(error instanceof SchemaTooDeepError)) throw error;
    return failed([{ ruleId: 'openapi-invalid', severity: 'error', message: `${error.message}, counting the levels its $refs add`, hint: 'flatten the schemas: no API document needs this depth', file, ...positionOfPath(parsed, pointerSegments(error.pointer)) }]);
  }
  const info = (doc.info ?? {}) as { title?: string; version?: string };
  const servers = ((doc.servers ?? []) as ServerObject[]).flatMap(serverUrls);
  const securitySchemes = (((doc.components ?? {}) as Record<string, unknown>).securitySchemes ?? {}) as Record<string, RawScheme>;
  const defaultSecurity = (doc.security ?? []) as Record<string, string[]>[];
  const operations: Record<string, Operation> = {};

  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    const shared = (item.parameters ?? []) as Parameter[];
    for (const method of HTTP_METHODS) {
      const raw = item[method] as RawOperation | undefined;
      if (!raw) continue;
      if (!raw.operationId || typeof raw.operationId !== 'string') {
        diagnostics.push({ ruleId: 'openapi-invalid', severity: 'error', message: `${method.toUpperCase()} ${path} has no operationId`, hint: 'give every operation a unique operationId: the reference and the checks find operations by it', file, ...positionOfPath(parsed, ['paths', path, method]) });
        continue;
      }
      const taken = Object.hasOwn(operations, raw.operationId) ? operations[raw.operationId] : undefined;
      if (taken) {
        diagnostics.push({ ruleId: 'openapi-invalid', severity: 'error', message: `${method.toUpperCase()} ${path} has the operationId "${raw.operationId}" of ${taken.method.toUpperCase()} ${taken.path}`, hint: 'give every operation a unique operationId (OpenAPI requires it): the reference and the checks find operations by it', file, ...positionOfPath(parsed, ['paths', path, method, 'operationId']) });
        continue;
      }
      const own = raw.parameters ?? [];
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own].map((p) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        description: p.description ?? '',
        schema: p.schema ?? {},
        ...(p.deprecated === true ? { deprecated: true } : {}),
        ...(typeof p.style === 'string' && p.style !== 'form' ? { style: p.style } : {}),
        ...parameterExample(p),
      }));
      const security = Array.isArray(raw.security) ? raw.security : defaultSecurity;
      // Each alternative with its schemes; a scheme the document does not define is left out.
      const requirements: Security = security.map((requirement) => Object.keys(requirement ?? {}).flatMap((name) => {
        const scheme = schemeOf(securitySchemes[name]);
        return scheme ? [scheme] : [];
      }));
      const first = requirements.find((r) => r.length)?.[0];
      const auth = first?.auth ?? null;
      const apiKey = first?.apiKey;
      const bodyContent = Object.entries(raw.requestBody?.content ?? {}).map(([mediaType, media]) => ({ mediaType, schema: media?.schema ?? {} }));
      const responses: Operation['responses'] = {};
      for (const [status, response] of Object.entries(raw.responses ?? {})) {
        // The response's JSON: application/json, or a JSON type of its own (application/hal+json).
        const [jsonType, media] = Object.entries(response.content ?? {}).find(([type]) => isJsonMediaType(type)) ?? [];
        const named = media?.example !== undefined ? null : Object.entries(media?.examples ?? {}).find(([, e]) => e && e.value !== undefined);
        const example = media?.example !== undefined ? media.example : named?.[1].value;
        // Where the example is written (or the $ref that brings it), for what check says of it.
        const examplePlace = example !== undefined ? positionOfPath(parsed, ['paths', path, method, 'responses', status, 'content', jsonType!, ...(named ? ['examples', named[0], 'value'] : ['example'])]) : undefined;
        responses[status] = { description: response.description ?? '', schema: media?.schema ?? null, mediaTypes: Object.keys(response.content ?? {}), ...(example !== undefined ? { example, examplePlace } : {}), ...responseHeaders(response.headers) };
      }
      operations[raw.operationId] = {
        id: raw.operationId,
        method,
        path,
        summary: raw.summary ?? raw.operationId,
        description: raw.description ?? '',
        ...(raw.deprecated === true ? { deprecated: true } : {}),
        tags: raw.tags ?? [],
        // Each scope once: alternatives may name the same one ([{oauth: [read]}, {oauth: [read, write]}]).
        scopes: [...new Set(raw['x-scopes'] ?? security.flatMap((s) => Object.values(s).flat()))],
        auth,
        ...(apiKey ? { apiKey } : {}),
        security: requirements,
        parameters,
        requestBody: bodyContent.length ? { ...bodyContent[0]!, required: Boolean(raw.requestBody?.required), content: bodyContent } : null,
        responses,
        place: positionOfPath(parsed, ['paths', path, method, 'operationId']),
      };
    }
  }
  return {
    api: {
      source,
      shown,
      file,
      title: info.title ?? 'API',
      version: info.version ?? '',
      openapi: /^\d+\.\d+/.exec(String(doc.openapi ?? ''))?.[0] ?? '3',
      servers,
      operations,
      schemas: ((((doc.components ?? {}) as Record<string, unknown>).schemas ?? {}) as Record<string, Schema>),
      document,
      text,
    },
    diagnostics,
  };
}

interface RawScheme {
  type?: string;
  scheme?: string;
  in?: string;
  name?: string;
  flows?: Record<string, unknown>;
}

/** http basic, an API key where the scheme says, or a token (http bearer, OAuth 2 with its flows, OpenID Connect). */
function schemeOf(scheme: RawScheme | undefined): AuthScheme | null {
  if (!scheme || typeof scheme !== 'object') return null;
  if (scheme.type === 'http') return { auth: String(scheme.scheme).toLowerCase() === 'basic' ? 'basic' : 'bearer' };
  if (scheme.type === 'apiKey') return (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie') && scheme.name ? { auth: 'apiKey', apiKey: { in: scheme.in, name: scheme.name } } : null;
  const flows = scheme.type === 'oauth2' && scheme.flows && typeof scheme.flows === 'object' ? Object.keys(scheme.flows).filter((flow): flow is OAuthFlow => OAUTH_FLOWS.includes(flow as OAuthFlow)) : [];
  return flows.length ? { auth: 'bearer', flows } : { auth: 'bearer' };
}

/** The first MAX_SHAPE_DIAGNOSTICS of `all`, the last of them saying how many more there are. */
function capped(all: Diagnostic[]): Diagnostic[] {
  const shown = all.slice(0, MAX_SHAPE_DIAGNOSTICS);
  const rest = all.length - shown.length;
  return rest > 0 ? shown.map((d, i) => (i === shown.length - 1 ? { ...d, message: `${d.message} (and ${rest} more problems of this kind)` } : d)) : shown;
}

function aliasDiagnostics(parsed: ParsedYaml, file: string): Diagnostic[] {
  const shown = parsed.aliases.slice(0, MAX_ALIAS_DIAGNOSTICS);
  const rest = parsed.aliases.length - shown.length;
  return shown.map((alias, i) => ({
    ruleId: 'openapi-yaml-alias',
    severity: 'error' as const,
    message: `the OpenAPI document uses the YAML alias *${alias.name}; write a $ref instead${i === shown.length - 1 && rest > 0 ? ` (and ${rest} more aliases after this one)` : ''}`,
    hint: 'aliases are copied out in the published openapi.json; name the part under components and point at it with $ref: "#/components/…"',
    file,
    ...positionAt(parsed, alias.offset),
  }));
}

export { operationAnchor } from './anchors.js';

/** The schema of `data.attributes` in a JSON:API request body, or the form fields. */
export function bodyFields(operation: Operation): { schema: Schema; wrapped: boolean } | null {
  const body = operation.requestBody;
  if (!body) return null;
  const attributes = body.schema.properties?.data?.properties?.attributes;
  return attributes ? { schema: attributes, wrapped: true } : { schema: body.schema, wrapped: false };
}
