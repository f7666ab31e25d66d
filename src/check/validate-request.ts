// One set of request rules for the static example check and the mock API: what a
// request sends (method, path, query, headers, body) against the OpenAPI document and
// spec §5 (Accept and Content-Type, authentication, parameters, the body's schema). The
// static check (check-curl.ts) turns each problem into a diagnostic at its place in the
// example; the mock (src/mock/) into an error response. So the two cannot disagree.
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { jsonTooDeepAt, MAX_JSON_DEPTH } from './json-depth.js';
import { bodyFields, isJsonMediaType, mediaTypeOf, type ApiModel, type Operation, type Parameter, type Schema } from '../api/openapi.js';
import type { AuthScheme } from '../api/auth.js';
import type { SchemaValidator } from '../api/validate.js';
import { suggest } from '../did-you-mean.js';
import { matchOperations, type NormalizedRequest } from './requests.js';
import { offsetOfPointer } from './source-position.js';

export interface RequestFacts {
  /** Upper case: "POST". */
  method: string;
  /** Percent-decoded path after the server's base path: "/accounts/3f6c…/payments". */
  path: string;
  /** Query pairs as sent, decoded. */
  query: [string, string][];
  /** Header values by lower-case name. */
  headers: Record<string, string>;
  /** Headers the client added by itself (curl -d adds a form Content-Type); only changes the wording. */
  defaulted?: ReadonlySet<string>;
  /** The body as sent, or null for none. */
  body: string | null;
  /** A multipart form's fields as sent (curl -F), a file as its name; null or absent for none. */
  form?: [string, string][] | null;
}

/** What a problem is about, so each side can place it: the static check in the source, the mock in a status. */
export type ProblemTarget =
  | { part: 'url' }
  | { part: 'header'; name: string }
  | { part: 'request' }
  | { part: 'path-value'; value: string }
  | { part: 'query'; name: string }
  /** An offset inside the body text. */
  | { part: 'body'; offset: number };

export interface RequestProblem {
  /** The static check's rule id. */
  ruleId: string;
  message: string;
  /** What to do, worded for an example's writer. */
  hint: string;
  target: ProblemTarget;
  /** The HTTP status and error code the mock answers with. */
  status: number;
  code: string;
}

export interface RequestValidation {
  operation: Operation | null;
  /** Values of the path parameters, by name. */
  params: Record<string, string>;
  /** The methods the path takes, when it matched with another method (405). */
  allowed: string[];
  problems: RequestProblem[];
  /** What the request asks for, to compare curl and Ruby examples; null when no operation matched. */
  request: NormalizedRequest | null;
}

export interface ValidateRequestOptions {
  /**
   * Skip path values written as placeholders ("{id}", "$ACCOUNT_ID"): an example may show
   * them; a request that reaches a server has real values.
   */
  placeholders?: boolean;
  /** Headers every request must send (api.requestHeaders), by name as written; default: Accept: application/json. */
  requestHeaders?: Readonly<Record<string, string>>;
  /** The product's name (product.name): hints name the shell variables an example holds credentials in after it, e.g. $MOORLINK_ACCESS_TOKEN. */
  product?: string;
}

/** What api.requestHeaders is when the config leaves it out. */
export const DEFAULT_REQUEST_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/json' };

/** "Moorlink" -> "MOORLINK_ACCESS_TOKEN": the shell variable of an example's credential, after the product. */
export function credentialVariable(product: string | undefined, name: string): string {
  const prefix = (product ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return prefix ? `${/^[0-9]/.test(prefix) ? '_' : ''}${prefix}_${name}` : name;
}

/** Highest first: the status the mock answers when a request has several problems. */
export const STATUS_PRIORITY = [404, 405, 401, 406, 415, 400, 422];

/**
 * A parameter's description on the hint's one line: a document's descriptions break their
 * lines (Open Banking UK's x-fapi-auth-date has three), which the terminal showed as \u000a.
 */
const describedOnOneLine = (param: Parameter): string => param.description.replace(/\s+/g, ' ').trim();

/** "see the parameter: …", its description, else what to do. */
const seeParameter = (param: Parameter): string => (describedOnOneLine(param) ? `see the parameter: ${describedOnOneLine(param)}` : 'use a value the parameter allows');

/** " (…)", the parameter's description after what to add; nothing for none. */
const aside = (param: Parameter): string => (describedOnOneLine(param) ? ` (${describedOnOneLine(param)})` : '');

export function validateRequest(api: ApiModel, validator: SchemaValidator, facts: RequestFacts, options: ValidateRequestOptions = {}): RequestValidation {
  const problems: RequestProblem[] = [];
  const problem = (p: RequestProblem) => problems.push(p);
  const { method, path, headers } = facts;

  const matches = matchOperations(api, path);
  // HEAD is GET without the body (RFC 9110): wherever GET is, so is HEAD.
  const match = matches.find((m) => m.operation.method.toUpperCase() === method) ?? (method === 'HEAD' ? matches.find((m) => m.operation.method === 'get') : undefined);
  if (!match) {
    const methods = matches.map((m) => m.operation.method.toUpperCase());
    problem({
      ruleId: 'example-unknown-endpoint',
      target: { part: 'url' },
      message: methods.length ? `${method} ${path} is not documented; that path takes ${methods.join(', ')}` : `${method} ${path} is no endpoint of the API`,
      hint: methods.length
        ? `use ${methods.length === 1 ? '-X ' + methods[0] : 'one of those methods'}`
        : path.length > 1 && path.endsWith('/') && matchOperations(api, path.replace(/\/+$/, '')).length
          ? `remove the slash at the end: ${path.replace(/\/+$/, '')}`
          : suggest(path, Object.values(api.operations).map((o) => o.path), `use one of the paths of ${api.shown}`),
      status: methods.length ? 405 : 404,
      code: methods.length ? 'methodNotAllowed' : 'routeNotFound',
    });
    return { operation: null, params: {}, allowed: methods, problems, request: null };
  }
  const operation = match.operation;

  // Headers and authentication (spec §5, §6): the headers the site requires of every request.
  for (const [name, value] of Object.entries(options.requestHeaders ?? DEFAULT_REQUEST_HEADERS)) {
    const sent = headers[name.toLowerCase()];
    const accept = name.toLowerCase() === 'accept';
    // Accept is a list of media ranges, with parameters, in any case: "application/json; charset=utf-8, */*" accepts JSON.
    // An operation that answers in a type of its own (text/csv, application/pdf) may be asked for it.
    const acceptable = accept ? new Set([mediaTypeOf(value), ...Object.values(operation.responses).flatMap((r) => r.mediaTypes.map(mediaTypeOf))]) : null;
    if (sent === value || (acceptable && sent !== undefined && sent.split(',').some((range) => acceptable.has(mediaTypeOf(range))))) continue;
    problem({
      ruleId: 'example-header',
      target: { part: 'header', name: name.toLowerCase() },
      message: sent === undefined ? `the request has no "${name}: ${value}" header` : `${name} is "${sent}", not ${value}`,
      hint: `add -H "${name}: ${value}" (every request sends it: api.requestHeaders in the config)`,
      status: accept ? 406 : 400,
      code: accept ? 'notAcceptable' : 'missingHeader',
    });
  }
  // Authentication: any one alternative of the operation's security will do, with all the
  // schemes it names; an empty one ({}) makes it optional. The first alternative's problems
  // are told when none is met.
  const alternatives = operation.security;
  if (alternatives.length && !alternatives.some((needed) => needed.length === 0)) {
    const unmet = alternatives.map((needed) => needed.flatMap((scheme) => authProblems(operation, scheme, facts, options)));
    if (!unmet.some((list) => list.length === 0)) {
      const others = alternatives.length > 1 ? ` (or ${alternatives.slice(1).map((needed) => needed.map(schemeName).join(' and ')).join(', or ')})` : '';
      for (const found of unmet[0]!) problem({ ...found, hint: `${found.hint}${others}` });
    }
  }

  // Path parameters.
  for (const param of operation.parameters.filter((p) => p.in === 'path')) {
    const value = match.params[param.name];
    if (value === undefined || (options.placeholders && (value.startsWith('{') || value.startsWith('$')))) continue;
    // A path segment is text: read as its schema's type first ("7" is the integer 7).
    for (const found of validator.validate(param.schema, queryValue(value, param.schema))) {
      problem({
        ruleId: 'example-path-invalid',
        target: { part: 'path-value', value },
        message: `path parameter ${param.name} "${value}": ${found.message.replace(/^the value /, '')}`,
        hint: 'use a realistic value of the documented format',
        status: 400,
        code: 'invalidParameter',
      });
    }
  }

  // Query.
  const query: Record<string, unknown> = {};
  // A parameter sent several times (ids=1&ids=2) is one array, if its schema is one.
  const arrays = new Map<string, string[]>();
  for (const [name, raw] of facts.query) {
    const param = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    if (param && isArraySchema(param.schema)) arrays.set(name, [...(arrays.get(name) ?? []), raw]);
  }
  // A deepObject parameter is sent as one pair per property: filter[status]=open&filter[from]=2024-01-01.
  const deep = new Map<string, Record<string, unknown>>();
  for (const [name, raw] of facts.query) {
    if (arrays.has(name) && name in query) continue;
    // The API key, when the API takes it in the query, is no parameter of the operation.
    if (operation.security.some((needed) => needed.some((scheme) => scheme.apiKey?.in === 'query' && scheme.apiKey.name === name))) continue;
    const param = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    const member = param ? null : /^([^[\]]+)\[([^[\]]+)\]$/.exec(name);
    const object = member ? operation.parameters.find((p) => p.in === 'query' && p.name === member[1] && p.style === 'deepObject') : undefined;
    if (member && object) {
      const value = deep.get(object.name) ?? {};
      deep.set(object.name, value);
      value[member[2]!] = queryValue(raw, object.schema.properties?.[member[2]!] ?? {});
      continue;
    }
    if (!param) {
      const known = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      problem({ ruleId: 'example-query-invalid', target: { part: 'query', name }, message: `${operation.id} has no query parameter "${name}"`, hint: known.length ? suggest(name, known, `its query parameters are ${known.join(', ')}`) : 'remove it: this operation takes no query parameters', status: 400, code: 'invalidParameter' });
      continue;
    }
    const sentAll = arrays.get(name);
    const value = sentAll ? arrayValue(sentAll, param.schema) : queryValue(raw, param.schema);
    query[name] = value;
    for (const found of validator.validate(param.schema, value)) {
      problem({ ruleId: 'example-query-invalid', target: { part: 'query', name }, message: `${name}=${sentAll ? sentAll.join(`&${name}=`) : raw}: ${found.message.replace(/^the value /, '')}`, hint: seeParameter(param), status: 400, code: 'invalidParameter' });
    }
  }
  for (const [name, value] of deep) {
    const param = operation.parameters.find((p) => p.in === 'query' && p.name === name)!;
    query[name] = value;
    for (const found of validator.validate(param.schema, value)) {
      const at = /^\/([^/]+)/.exec(found.pointer)?.[1];
      problem({ ruleId: 'example-query-invalid', target: { part: 'query', name: at ? `${name}[${at}]` : name }, message: `${name}: ${found.message.replace(/^the value /, '')}`, hint: seeParameter(param), status: 400, code: 'invalidParameter' });
    }
  }
  for (const param of operation.parameters.filter((p) => p.in === 'query' && p.required && !(p.name in query))) {
    problem({ ruleId: 'example-query-invalid', target: { part: 'url' }, message: `${operation.id} needs the query parameter "${param.name}"`, hint: `add ${param.name}=… to the URL${aside(param)}`, status: 400, code: 'invalidParameter' });
  }

  // Header and cookie parameters (Accept, Content-Type and Authorization are no parameters: OpenAPI leaves them to the rules above).
  for (const param of operation.parameters.filter((p) => (p.in === 'header' && !/^(?:accept|content-type|authorization)$/i.test(p.name)) || p.in === 'cookie')) {
    const header = param.in === 'header';
    const sent = header ? headers[param.name.toLowerCase()] : cookie(headers.cookie, param.name);
    const target: ProblemTarget = header ? { part: 'header', name: param.name.toLowerCase() } : { part: 'request' };
    if (sent === undefined) {
      if (param.required) problem({ ruleId: 'example-header', target: { part: 'request' }, message: `${operation.id} needs the ${header ? 'header' : 'cookie'} "${param.name}"`, hint: `${header ? `add -H "${param.name}: …"` : `add -b "${param.name}=…"`}${aside(param)}`, status: 400, code: 'invalidParameter' });
      continue;
    }
    if (options.placeholders && /[{$]/.test(sent)) continue;
    for (const found of validator.validate(param.schema, queryValue(sent, param.schema))) {
      problem({ ruleId: 'example-header', target, message: `${header ? 'header' : 'cookie'} ${param.name} "${sent}": ${found.message.replace(/^the value /, '')}`, hint: seeParameter(param), status: 400, code: 'invalidParameter' });
    }
  }

  // Body: of the media types the operation takes, the one the request says it sends (else the first).
  let attributes: Record<string, unknown> | null = null;
  const contentType = headers['content-type'];
  const taken = operation.requestBody;
  const chosen = taken?.content.find((c) => mediaTypeOf(c.mediaType) === mediaTypeOf(contentType)) ?? taken?.content[0];
  const body = taken && chosen ? { ...taken, mediaType: chosen.mediaType, schema: chosen.schema } : null;
  const others = taken && taken.content.length > 1 ? ` (or ${taken.content.filter((c) => c !== chosen).map((c) => c.mediaType).join(', ')})` : '';
  const form = facts.form?.length ? facts.form : null;
  if ((facts.body !== null || form) && !body) {
    problem({ ruleId: 'example-body-unexpected', target: { part: 'body', offset: 0 }, message: `${operation.id} takes no request body`, hint: 'remove the -d option', status: 400, code: 'unexpectedBody' });
  } else if (body && body.required && facts.body === null && !form) {
    problem({
      ruleId: 'example-body-invalid',
      target: { part: 'request' },
      message: `${operation.id} needs a request body`,
      hint: mediaTypeOf(body.mediaType) === 'multipart/form-data' ? 'add -F with each field (-F "file=@report.pdf" for a file)' : !isJsonMediaType(body.mediaType) ? 'add -d with the form fields' : bodyFields(operation)?.wrapped ? "add -d '{\"data\": {\"type\": …, \"attributes\": {…}}}'" : `add -d '${bodyOutline(body.schema)}' -H "Content-Type: ${body.mediaType}"`,
      status: 422,
      code: 'validationFailed',
    });
  } else if (body && (facts.body !== null || form)) {
    const bodyText = facts.body ?? '';
    if (isJsonMediaType(body.mediaType)) {
      if (mediaTypeOf(contentType) !== mediaTypeOf(body.mediaType)) {
        const defaulted = contentType === undefined || facts.defaulted?.has('content-type');
        problem({
          ruleId: 'example-header',
          target: { part: 'header', name: 'content-type' },
          message: defaulted
            ? `the request sends JSON without a "Content-Type: ${body.mediaType}" header (curl -d would send application/x-www-form-urlencoded)`
            : `Content-Type is "${contentType}", not ${body.mediaType}${others}`,
          hint: `add -H "Content-Type: ${body.mediaType}"`,
          status: 415,
          code: 'unsupportedMediaType',
        });
      }
      const errors: ParseError[] = [];
      const deep = jsonTooDeepAt(bodyText);
      const tree = deep === null ? parseTree(bodyText, errors, { allowTrailingComma: false, disallowComments: true }) : undefined;
      if (deep !== null) {
        problem({ ruleId: 'example-body-json', target: { part: 'body', offset: deep }, message: `the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, hint: 'shorten the example to what a reader needs', status: 400, code: 'invalidJson' });
      } else if (errors.length || !tree) {
        const error = errors[0];
        problem({ ruleId: 'example-body-json', target: { part: 'body', offset: error?.offset ?? 0 }, message: `the request body is not valid JSON (${error ? printParseErrorCode(error.error) : 'empty'})`, hint: 'fix the JSON: double quotes around keys and strings, no trailing commas', status: 400, code: 'invalidJson' });
      } else {
        const value = JSON.parse(bodyText) as Record<string, unknown>;
        // An API whose request schemas wrap the payload ({"data": {"attributes": …}}, as
        // JSON:API does) is told so first; any other body is what its schema says.
        const wrapped = bodyFields(operation)?.wrapped ?? false;
        if (wrapped && (typeof value !== 'object' || value === null || !('data' in value))) {
          problem({ ruleId: 'example-body-not-wrapped', target: { part: 'body', offset: 0 }, message: 'the request body is not wrapped in "data"', hint: 'send {"data": {"type": "…", "attributes": {…}}}: every JSON request wraps its payload in data with attributes', status: 422, code: 'validationFailed' });
        } else {
          for (const found of validator.requestBody(operation, value)) {
            problem({ ruleId: 'example-body-invalid', target: { part: 'body', offset: offsetOfPointer(tree, found.pointer) }, message: found.message, hint: 'see the attribute table of the operation for types and rules', status: 422, code: 'validationFailed' });
          }
          if (wrapped) attributes = (value.data as { attributes?: Record<string, unknown> } | undefined)?.attributes ?? null;
          else attributes = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
        }
      }
    } else {
      if (mediaTypeOf(contentType) !== mediaTypeOf(body.mediaType)) {
        problem({ ruleId: 'example-header', target: { part: 'header', name: 'content-type' }, message: `Content-Type is "${contentType ?? ''}", not ${body.mediaType}${others}`, hint: `send -H "Content-Type: ${body.mediaType}"`, status: 415, code: 'unsupportedMediaType' });
      }
      attributes = formValues(form ?? [...new URLSearchParams(bodyText)], body.schema);
      for (const found of validator.validate(body.schema, attributes)) {
        problem({ ruleId: 'example-body-invalid', target: { part: 'body', offset: 0 }, message: found.message, hint: 'see the form fields of the operation', status: 422, code: 'validationFailed' });
      }
    }
  }
  return { operation, params: match.params, allowed: [], problems, request: { operationId: operation.id, pathParams: match.params, query, attributes } };
}

/** What a request lacks to meet one security scheme: nothing when it sends the credential. */
function authProblems(operation: Operation, scheme: AuthScheme, facts: RequestFacts, options: ValidateRequestOptions): RequestProblem[] {
  const { headers } = facts;
  // The scheme's name is case-insensitive (RFC 9110): "bearer x" is a bearer token.
  if (scheme.auth === 'bearer' && !/^Bearer \S+/i.test(headers.authorization ?? '')) {
    return [{ ruleId: 'example-auth', target: { part: 'header', name: 'authorization' }, message: `${operation.id} needs a bearer access token`, hint: `add -H "Authorization: Bearer $${credentialVariable(options.product, 'ACCESS_TOKEN')}"`, status: 401, code: 'unauthorized' }];
  }
  if (scheme.auth === 'apiKey' && scheme.apiKey) {
    const key = scheme.apiKey;
    const variable = `$${credentialVariable(options.product, 'API_KEY')}`;
    const sent = key.in === 'header' ? headers[key.name.toLowerCase()] : key.in === 'query' ? facts.query.find(([name]) => name === key.name)?.[1] : cookie(headers.cookie, key.name);
    if (sent) return [];
    const where = key.in === 'header' ? `the "${key.name}" header` : key.in === 'query' ? `the query parameter "${key.name}"` : `the cookie "${key.name}"`;
    const hint = key.in === 'header' ? `add -H "${key.name}: ${variable}"` : key.in === 'query' ? `add ${key.name}=${variable} to the URL` : `add -b "${key.name}=${variable}"`;
    return [{ ruleId: 'example-auth', target: key.in === 'header' ? { part: 'header', name: key.name.toLowerCase() } : { part: 'request' }, message: `${operation.id} needs an API key in ${where}`, hint, status: 401, code: 'unauthorized' }];
  }
  if (scheme.auth === 'basic' && !/^Basic \S+/i.test(headers.authorization ?? '')) {
    return [{ ruleId: 'example-auth', target: { part: 'request' }, message: `${operation.id} authenticates with the client credentials (basic authentication)`, hint: `add -u "$${credentialVariable(options.product, 'CLIENT_ID')}:$${credentialVariable(options.product, 'CLIENT_SECRET')}"`, status: 401, code: 'unauthorized' }];
  }
  return [];
}

/** A scheme as hints name it: "a bearer token", "an API key in X-API-Key". */
function schemeName(scheme: AuthScheme): string {
  return scheme.auth === 'apiKey' ? `an API key in ${scheme.apiKey?.name ?? 'its place'}` : scheme.auth === 'basic' ? 'basic authentication' : 'a bearer token';
}

/** The status of a request with these problems: the first of STATUS_PRIORITY among theirs. */
export function statusOf(problems: readonly RequestProblem[]): number {
  const statuses = new Set(problems.map((p) => p.status));
  return STATUS_PRIORITY.find((s) => statuses.has(s)) ?? 400;
}

/** A cookie's value in a Cookie header. */
function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The required properties of a JSON body's schema, as the writer would start it: {"name": …}. */
function bodyOutline(schema: Schema): string {
  const required = schema.required ?? [];
  return required.length ? `{${required.map((name) => `"${name}": …`).join(', ')}}` : '{…}';
}

/** A query string value as the parameter's schema reads it: numbers and booleans from their text, else the text. */
function isArraySchema(schema: Schema): boolean {
  return ([] as unknown[]).concat(schema.type ?? []).includes('array');
}

/** An array parameter's values: each sent value, or one value's comma-separated parts (style form, explode false), as the items' type. */
function arrayValue(sent: readonly string[], schema: Schema): unknown[] {
  const parts = sent.length === 1 ? sent[0]!.split(',') : sent;
  const items = schema.items ?? {};
  return parts.map((part) => queryValue(part, items));
}

function queryValue(raw: string, schema: Schema): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  // Without a type, the values an enum or const lists say it: enum: [1, 2, 3] takes "2" as 2.
  const listed = types.length ? [] : [...(schema.enum ?? []), ...(schema.const !== undefined ? [schema.const] : [])];
  const numeric = types.includes('integer') || types.includes('number') || listed.some((v) => typeof v === 'number');
  const boolean = types.includes('boolean') || listed.some((v) => typeof v === 'boolean');
  if (numeric && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (boolean && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** A form's fields, each read as its property's schema reads it (ttl=3600 is the integer 3600); a field sent twice is a list. */
function formValues(fields: Iterable<[string, string]>, schema: Schema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of fields) {
    const property = schema.properties?.[name] ?? {};
    if (isArraySchema(property)) values[name] = [...((values[name] as unknown[] | undefined) ?? []), queryValue(raw, property.items ?? {})];
    else values[name] = queryValue(raw, property);
  }
  return values;
}
