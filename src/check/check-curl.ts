// A curl example against the OpenAPI document: it parses (curlconverter, a real shell
// and curl parser), names a documented operation by method and path, sends the headers
// the API needs, and its query and body are valid against the schemas.
import { toJsonObjectWarn } from 'curlconverter';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Example } from '../api/examples.js';
import type { ApiModel, Operation } from '../api/openapi.js';
import type { SchemaValidator } from '../api/validate.js';
import type { Diagnostic } from '../diagnostics.js';
import { suggest } from '../markdown/remark-links.js';
import { matchOperations, type NormalizedRequest } from './requests.js';
import { offsetOfPointer, placeInExample } from './source-position.js';

interface CurlJson {
  url: string;
  raw_url: string;
  method: string;
  headers?: Record<string, string | null>;
  queries?: Record<string, string | string[]>;
  data?: unknown;
  auth?: { user: string; password: string };
  auth_type?: string;
}

export interface CurlCheck {
  diagnostics: Diagnostic[];
  request: NormalizedRequest | null;
}

const DATA_FLAG_RE = /(?:^|\s)(?:-d|--data|--data-raw|--data-binary|--data-urlencode|--json)\s+(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]\S*))/;

export function checkCurl(example: Example, api: ApiModel, validator: SchemaValidator, expected: Operation | null): CurlCheck {
  const diagnostics: Diagnostic[] = [];
  const at = (offset: number) => placeInExample(example, offset);
  const report = (ruleId: string, offset: number, message: string, hint: string) => diagnostics.push({ ruleId, severity: 'error', message, hint, ...at(offset) });
  const text = example.value;
  const start = Math.max(0, text.search(/\bcurl\b/));

  let request: CurlJson;
  try {
    const [parsed] = toJsonObjectWarn(text) as [CurlJson, unknown];
    request = parsed;
  } catch (error) {
    report('example-curl-parse', start, `the curl command does not parse: ${firstLine((error as Error).message)}`, 'check the quotes and the line continuations (a backslash at the very end of a line)');
    return { diagnostics, request: null };
  }
  const urlOffset = Math.max(0, text.indexOf(request.raw_url.split('?')[0]!));
  const server = api.servers[0] ?? '';
  let url: URL;
  try {
    url = new URL(request.raw_url);
  } catch {
    report('example-unknown-endpoint', urlOffset, `"${request.raw_url}" is not a URL`, `write the full URL, starting with ${server}`);
    return { diagnostics, request: null };
  }
  if (server && !request.raw_url.startsWith(server)) {
    report('example-unknown-endpoint', urlOffset, `the URL does not start with the API's server ${server}`, `use ${server}/…`);
    return { diagnostics, request: null };
  }
  // curl itself reads [ ] in URLs as a glob range, and shells glob them too.
  if (/[[\]]/.test(request.raw_url) && !/(^|\s)(-g|--globoff)(\s|$)/.test(text)) {
    report('example-url-unescaped', urlOffset, 'curl reads "[" and "]" in a URL as a range pattern, so this request fails', 'percent-encode them (page%5Blimit%5D) inside quotes, or pass -g and quote the URL');
  }
  const method = request.method.toUpperCase();
  const path = decodeURIComponent(url.pathname.slice(new URL(server || url.origin).pathname.replace(/\/$/, '').length));
  const matches = matchOperations(api, path);
  const match = matches.find((m) => m.operation.method.toUpperCase() === method);
  if (!match) {
    const methods = matches.map((m) => m.operation.method.toUpperCase());
    report(
      'example-unknown-endpoint',
      urlOffset,
      methods.length ? `${method} ${path} is not documented; that path takes ${methods.join(', ')}` : `${method} ${path} is no endpoint of the API`,
      methods.length ? `use ${methods.length === 1 ? '-X ' + methods[0] : 'one of those methods'}` : suggest(path, Object.values(api.operations).map((o) => o.path)),
    );
    return { diagnostics, request: null };
  }
  const operation = match.operation;
  if (expected && operation.id !== expected.id) {
    report('example-operation-mismatch', urlOffset, `this example calls ${operation.id} (${method} ${operation.path}), but it is the example of ${expected.id} (${expected.method.toUpperCase()} ${expected.path})`, 'fix the method or path, or move the example to its operation');
  }

  // Headers.
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? '']));
  const headerOffset = (name: string) => {
    const i = text.search(new RegExp(`${name}\\s*:`, 'i'));
    return i >= 0 ? i : start;
  };
  if (headers.accept !== 'application/json') {
    report('example-header', headerOffset('accept'), headers.accept === undefined ? 'the request has no "Accept: application/json" header' : `Accept is "${headers.accept}", not application/json`, 'add -H "Accept: application/json"');
  }
  if (operation.auth === 'bearer' && !/^Bearer \S+/.test(headers.authorization ?? '')) {
    report('example-auth', headerOffset('authorization'), `${operation.id} needs a bearer access token`, 'add -H "Authorization: Bearer $MOORLINK_ACCESS_TOKEN"');
  }
  if (operation.auth === 'basic' && request.auth_type !== 'basic' && !/^Basic /.test(headers.authorization ?? '')) {
    report('example-auth', start, `${operation.id} authenticates with the client credentials (basic authentication)`, 'add -u "$MOORLINK_CLIENT_ID:$MOORLINK_CLIENT_SECRET"');
  }

  // Path parameters.
  for (const param of operation.parameters.filter((p) => p.in === 'path')) {
    const value = match.params[param.name];
    if (value === undefined || value.startsWith('{') || value.startsWith('$')) continue;
    for (const problem of validator.validate(param.schema, value)) {
      report('example-path-invalid', Math.max(0, text.indexOf(value)), `path parameter ${param.name} "${value}": ${problem.message.replace(/^\/ /, '')}`, 'use a realistic value of the documented format');
    }
  }

  // Query.
  const query: Record<string, unknown> = {};
  for (const [name, raw] of url.searchParams) {
    const offset = Math.max(0, text.indexOf(name) >= 0 ? text.indexOf(name) : text.indexOf(encodeURIComponent(name)));
    const param = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    if (!param) {
      const known = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      report('example-query-invalid', offset, `${operation.id} has no query parameter "${name}"`, known.length ? suggest(name, known) : 'remove it: this operation takes no query parameters');
      continue;
    }
    const value = /^(integer|number)$/.test(String(param.schema.type)) && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    query[name] = value;
    for (const problem of validator.validate(param.schema, value)) {
      report('example-query-invalid', offset, `${name}=${raw}: ${problem.message.replace(/^\/ /, '')}`, param.description ? `see the parameter: ${param.description}` : 'use a value the parameter allows');
    }
  }

  // Body.
  let attributes: Record<string, unknown> | null = null;
  const dataMatch = DATA_FLAG_RE.exec(text);
  const written = dataMatch ? (dataMatch[1] ?? dataMatch[2] ?? dataMatch[3]!) : null;
  const bodyText = dataMatch ? (dataMatch[1] ?? dataMatch[3] ?? dataMatch[2]!.replace(/\\(.)/g, '$1')) : null;
  const bodyOffset = dataMatch && written !== null ? dataMatch.index + dataMatch[0].length - written.length - (dataMatch[3] === undefined ? 1 : 0) : start;
  const body = operation.requestBody;
  if (bodyText !== null && !body) {
    report('example-body-unexpected', bodyOffset, `${operation.id} takes no request body`, 'remove the -d option');
  } else if (body && body.required && bodyText === null) {
    report('example-body-invalid', start, `${operation.id} needs a request body`, body.mediaType === 'application/json' ? "add -d '{\"data\": {\"type\": …, \"attributes\": {…}}}'" : 'add -d with the form fields');
  } else if (body && bodyText !== null) {
    if (body.mediaType === 'application/json') {
      if (headers['content-type'] !== 'application/json') {
        const hasHeader = /content-type\s*:/i.test(text);
        report(
          'example-header',
          headerOffset('content-type'),
          hasHeader ? `Content-Type is "${headers['content-type']}", not application/json` : 'the request sends JSON without a "Content-Type: application/json" header (curl -d would send application/x-www-form-urlencoded)',
          'add -H "Content-Type: application/json"',
        );
      }
      const errors: ParseError[] = [];
      const tree = parseTree(bodyText, errors, { allowTrailingComma: false, disallowComments: true });
      if (errors.length || !tree) {
        const error = errors[0];
        report('example-body-json', bodyOffset + (error?.offset ?? 0), `the request body is not valid JSON (${error ? printParseErrorCode(error.error) : 'empty'})`, 'fix the JSON: double quotes around keys and strings, no trailing commas');
      } else {
        const value = JSON.parse(bodyText) as Record<string, unknown>;
        if (typeof value !== 'object' || value === null || !('data' in value)) {
          report('example-body-not-wrapped', bodyOffset, 'the request body is not wrapped in "data"', 'send {"data": {"type": "…", "attributes": {…}}}: every JSON request wraps its payload in data with attributes');
        } else {
          for (const problem of validator.requestBody(operation, value)) {
            report('example-body-invalid', bodyOffset + offsetOfPointer(tree, problem.pointer), problem.message, 'see the attribute table of the operation for types and rules');
          }
          const data = value.data as { attributes?: Record<string, unknown> } | undefined;
          attributes = data?.attributes ?? null;
        }
      }
    } else {
      attributes = Object.fromEntries(new URLSearchParams(bodyText));
      for (const problem of validator.validate(body.schema, attributes)) report('example-body-invalid', bodyOffset, problem.message, 'see the form fields of the operation');
    }
  }
  return { diagnostics, request: { operationId: operation.id, pathParams: match.params, query, attributes } };
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
