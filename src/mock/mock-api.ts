// The mock of the documented API, without the HTTP server around it: a request in, an
// answer out. A request is checked with the static check's own rules
// (src/check/validate-request.ts); a valid one gets the operation's documented example
// response and status, an invalid one a problem response in the API's own error format
// ({"errors": [{"code", "detail"}]}, content/api/openapi.yaml's ErrorResponse) with every
// problem found. The same request always gets the same answer, unless `stateful` is on:
// then a created resource can be read, changed and deleted at its own URL.
import { serverBasePath, type ApiModel } from '../api/openapi.js';
import { SchemaValidator } from '../api/validate.js';
import { statusOf, validateRequest, type RequestProblem } from '../check/validate-request.js';
import type { DocumentedResponse, DocumentedResponses } from './documented-responses.js';

export interface MockRequest {
  method: string;
  /** Path and query as received: "/accounts?page%5Blimit%5D=2". */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text, or null for none. */
  body: string | null;
  /** A multipart form's fields, a file as its name (read by the server from the body). */
  form?: [string, string][] | null;
}

export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or "" for no body. */
  body: string;
  /** The operation the request matched, if any. */
  operationId: string | null;
  /** The error codes and details sent, for a refused request. */
  errors: { code: string; detail: string }[];
}

export interface MockOptions {
  api: ApiModel;
  responses: DocumentedResponses;
  /** Remember created resources (POST), their changes (PATCH) and deletions (DELETE). */
  stateful?: boolean;
  /** Headers every request must send (api.requestHeaders); default: Accept: application/json. */
  requestHeaders?: Readonly<Record<string, string>>;
}

const NOT_FOUND = { errors: [{ code: 'resourceNotFound', detail: 'The requested resource was not found.' }] };

export class MockApi {
  private readonly validator: SchemaValidator;
  /** Stateful mode: resources by their path ("/accounts/…/payments/<id>"). */
  private readonly created = new Map<string, unknown>();
  private readonly deleted = new Set<string>();
  private nextId = 1;
  private readonly basePath: string;

  constructor(private readonly options: MockOptions) {
    this.validator = new SchemaValidator({ openapi: options.api.openapi });
    const server = options.api.servers[0];
    this.basePath = serverBasePath(server);
  }

  answer(request: MockRequest): MockAnswer {
    const method = request.method.toUpperCase();
    const [rawPath = '/', rawQuery = ''] = request.url.split('#')[0]!.split(/\?(.*)/s);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return problem(400, [{ code: 'invalidPath', detail: `the path "${rawPath.slice(0, 200)}" is not validly percent-encoded` }]);
    }
    if (this.basePath && path !== this.basePath && !path.startsWith(`${this.basePath}/`)) {
      return problem(404, [{ code: 'routeNotFound', detail: `${method} ${path} is no endpoint of the API: its paths start with ${this.basePath}` }]);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    const facts = {
      method,
      path: path.slice(this.basePath.length) || '/',
      query: [...new URLSearchParams(rawQuery)],
      headers,
      body: request.form ? null : request.body === '' ? null : request.body,
      form: request.form ?? null,
    };
    const validation = validateRequest(this.options.api, this.validator, facts, this.options.requestHeaders ? { requestHeaders: this.options.requestHeaders } : {});
    const operation = validation.operation;
    if (validation.problems.length) {
      const answer = refused(validation.problems, operation?.id ?? null);
      if (validation.allowed.length) answer.headers.allow = validation.allowed.join(', ');
      return answer;
    }
    const responses = this.options.responses.get(operation!.id);
    const documented = responses?.success ?? null;
    if (!documented) {
      return problem(501, [{ code: 'notImplemented', detail: `${operation!.id} documents no example response, so the mock has nothing to answer; add a \`\`\`json response block to its :::operation` }], operation!.id);
    }
    // A body of another type (text/csv): its text as the reference shows it.
    if (documented.mediaType) return { status: documented.status, headers: { 'content-type': documented.mediaType }, body: String(documented.body), operationId: operation!.id, errors: [] };
    let body = documented.body;
    if (this.options.stateful) {
      const state = this.remember(method, facts.path, documented, request.body);
      if (state === 'gone') {
        const notFound = responses?.byStatus['404'];
        return json(404, notFound?.body ?? NOT_FOUND, operation!.id);
      }
      if (state) body = state.body;
    }
    // The documented page of a list is its last one when the reader asks for the page after
    // another: following links.next ends instead of reading the same page again.
    if (new URLSearchParams(rawQuery).has('page[after]')) body = lastPage(body);
    return documented.body === undefined ? { status: documented.status, headers: {}, body: '', operationId: operation!.id, errors: [] } : json(documented.status, body, operation!.id);
  }

  /**
   * Stateful mode: a POST that creates a resource stores the documented one under a new
   * id, with the attributes sent; GET, PATCH and DELETE at its path find it. Returns the
   * body to answer, 'gone' after a deletion, or null to answer as documented.
   */
  private remember(method: string, path: string, documented: DocumentedResponse, bodyText: string | null): { body: unknown } | 'gone' | null {
    if (method === 'POST' && documented.status === 201) {
      const resource = resourceOf(documented.body);
      if (!resource) return null;
      const id = typeof resource.id === 'number' ? 1000 + this.nextId++ : sequentialUuid(this.nextId++);
      const body = resource.with(sentAttributes(bodyText, resource.wrapped), id);
      this.created.set(`${path.replace(/\/+$/, '')}/${id}`, body);
      return { body };
    }
    if (this.deleted.has(path)) return 'gone';
    const stored = this.created.get(path);
    if (stored === undefined) return null;
    if (method === 'DELETE') {
      this.created.delete(path);
      this.deleted.add(path);
      return null;
    }
    if (method === 'PATCH') {
      const resource = resourceOf(stored);
      if (!resource) return { body: stored };
      const body = resource.with(sentAttributes(bodyText, resource.wrapped));
      this.created.set(path, body);
      return { body };
    }
    return method === 'GET' ? { body: stored } : null;
  }
}

/**
 * A documented resource as stateful mode changes it, in either shape an API answers with:
 * wrapped as JSON:API does ({"data": {"id", "attributes": {…}}}) or flat ({"id", …}).
 * `with` puts the sent attributes the resource shows in it and, given one, the new id
 * (also where the old one stands as a path segment, as in its links).
 */
interface Resource {
  id: string | number;
  wrapped: boolean;
  with(sent: Record<string, unknown>, id?: string | number): unknown;
}

function resourceOf(body: unknown): Resource | null {
  if (!isObject(body)) return null;
  const data = body.data;
  if (isObject(data) && (typeof data.id === 'string' || typeof data.id === 'number')) {
    const oldId = data.id;
    return {
      id: oldId,
      wrapped: true,
      with: (sent, id) => {
        const renamed = (id === undefined ? body : replaceId(body, oldId, id)) as { data: Record<string, unknown> };
        const attributes = renamed.data.attributes;
        if (!isObject(attributes)) return renamed;
        return { ...renamed, data: { ...renamed.data, attributes: merged(attributes, sent) } };
      },
    };
  }
  if (typeof body.id === 'string' || typeof body.id === 'number') {
    const oldId = body.id;
    return { id: oldId, wrapped: false, with: (sent, id) => merged((id === undefined ? body : replaceId(body, oldId, id)) as Record<string, unknown>, sent) };
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The resource's fields with the sent ones it has put in (never its id). */
function merged(fields: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> {
  const result = { ...fields };
  for (const [key, value] of Object.entries(sent)) if (key in result && key !== 'id') result[key] = value;
  return result;
}

/** The id as a value, and as a path segment in strings ("/widgets/w1" -> "/widgets/<new>"). */
function replaceId(value: unknown, from: string | number, to: string | number): unknown {
  if (value === from) return to;
  if (typeof value === 'string') {
    const segment = new RegExp(`(^|/)${String(from).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[/?#])`, 'g');
    return value.replace(segment, (_, before: string) => `${before}${to}`);
  }
  if (Array.isArray(value)) return value.map((v) => replaceId(v, from, to));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceId(v, from, to)]));
  return value;
}

/** What a request sent: the JSON body's attributes (in "data.attributes" when the API wraps them), or nothing for a form body. */
function sentAttributes(bodyText: string | null, wrapped: boolean): Record<string, unknown> {
  if (!bodyText) return {};
  try {
    const parsed = JSON.parse(bodyText) as unknown;
    const attributes = wrapped ? (isObject(parsed) && isObject(parsed.data) ? parsed.data.attributes : undefined) : parsed;
    return isObject(attributes) ? attributes : {};
  } catch {
    return {}; // a form body (the token call): nothing to remember
  }
}

function json(status: number, value: unknown, operationId: string | null = null): MockAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: `${JSON.stringify(value, null, 2)}\n`, operationId, errors: [] };
}

function problem(status: number, errors: { code: string; detail: string }[], operationId: string | null = null): MockAnswer {
  return { ...json(status, { errors }, operationId), errors };
}

function refused(problems: RequestProblem[], operationId: string | null): MockAnswer {
  return problem(statusOf(problems), problems.map((p) => ({ code: p.code, detail: p.message })), operationId);
}

/** Deterministic ids for created resources: 00000000-0000-4000-8000-000000000001, … (valid UUIDs). */
export function sequentialUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function lastPage(body: unknown): unknown {
  const page = body as { data?: unknown; links?: Record<string, unknown> } | undefined;
  if (!page || !Array.isArray(page.data) || !page.links || page.links.next === undefined || page.links.next === null) return body;
  return { ...page, links: { ...page.links, next: null } };
}
