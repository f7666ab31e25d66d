// A curl example against the OpenAPI document: it parses (curlconverter, a real shell
// and curl parser), names a documented operation by method and path, sends the headers
// the API needs, and its query and body are valid against the schemas. The request
// rules are those of the mock API (validate-request.ts); this file reads the request
// out of the example and places each problem in it.
import type { Example } from '../api/examples.js';
import { serverOf, serversText, type ApiModel, type Operation } from '../api/openapi.js';
import type { SchemaValidator } from '../api/validate.js';
import type { Diagnostic } from '../diagnostics.js';
import type { NormalizedRequest } from './requests.js';
import { placeInExample } from './source-position.js';
import { validateRequest, type ValidateRequestOptions } from './validate-request.js';
import { curlParser } from './curl-parser.js';

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

/** Checks one curl example (loadCurlParser() first). */
export function checkCurl(example: Example, api: ApiModel, validator: SchemaValidator, expected: Operation | null, options: Pick<ValidateRequestOptions, 'product' | 'requestHeaders'> = {}): CurlCheck {
  const diagnostics: Diagnostic[] = [];
  const at = (offset: number) => placeInExample(example, offset);
  const report = (ruleId: string, offset: number, message: string, hint: string) => diagnostics.push({ ruleId, severity: 'error', message, hint, ...at(offset) });
  const text = example.value;
  const start = Math.max(0, text.search(/\bcurl\b/));

  let request: CurlJson;
  try {
    const [parsed] = curlParser().toJsonObjectWarn(text) as [CurlJson, unknown];
    request = parsed;
  } catch (error) {
    report('example-curl-parse', start, `the curl command does not parse: ${firstLine((error as Error).message)}`, 'check the quotes and the line continuations (a backslash at the very end of a line)');
    return { diagnostics, request: null };
  }
  const urlOffset = Math.max(0, text.indexOf(request.raw_url.split('?')[0]!));
  const first = api.servers[0]?.replace(/\/+$/, '') ?? '';
  let url: URL;
  try {
    url = new URL(request.raw_url);
  } catch {
    report('example-unknown-endpoint', urlOffset, `"${request.raw_url}" is not a URL`, `write the full URL, starting with ${first}`);
    return { diagnostics, request: null };
  }
  // Any of the document's servers (production, sandbox, …); none listed: any URL.
  const server = api.servers.length ? serverOf(api.servers, request.raw_url) : '';
  if (server === null) {
    report('example-unknown-endpoint', urlOffset, `the URL does not start with ${serversText(api.servers)}`, `use ${first}/…`);
    return { diagnostics, request: null };
  }
  // curl itself reads [ ] in URLs as a glob range, and shells glob them too.
  if (/[[\]]/.test(request.raw_url) && !/(^|\s)(-g|--globoff)(\s|$)/.test(text)) {
    report('example-url-unescaped', urlOffset, 'curl reads "[" and "]" in a URL as a range pattern, so this request fails', 'percent-encode them (page%5Blimit%5D) inside quotes, or pass -g and quote the URL');
  }
  const method = request.method.toUpperCase();
  const path = decodeURIComponent(url.pathname.slice(new URL(server || url.origin).pathname.replace(/\/$/, '').length));
  // What curl sends: -u is basic authentication, and -d without a Content-Type header sends a form.
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? '']));
  if (request.auth_type === 'basic' && headers.authorization === undefined) headers.authorization = 'Basic (-u)';
  const defaulted = new Set(/content-type\s*:/i.test(text) ? [] : ['content-type']);
  const dataMatch = DATA_FLAG_RE.exec(text);
  const written = dataMatch ? (dataMatch[1] ?? dataMatch[2] ?? dataMatch[3]!) : null;
  const bodyText = dataMatch ? (dataMatch[1] ?? dataMatch[3] ?? dataMatch[2]!.replace(/\\(.)/g, '$1')) : null;
  const bodyOffset = dataMatch && written !== null ? dataMatch.index + dataMatch[0].length - written.length - (dataMatch[3] === undefined ? 1 : 0) : start;

  const result = validateRequest(api, validator, { method, path, query: [...url.searchParams], headers, defaulted, body: bodyText }, { placeholders: true, ...options });
  const operation = result.operation;
  if (operation && expected && operation.id !== expected.id) {
    report('example-operation-mismatch', urlOffset, `this example calls ${operation.id} (${method} ${operation.path}), but it is the example of ${expected.id} (${expected.method.toUpperCase()} ${expected.path})`, 'fix the method or path, or move the example to its operation');
  }
  const headerOffset = (name: string) => {
    const i = text.search(new RegExp(`${name}\\s*:`, 'i'));
    return i >= 0 ? i : start;
  };
  const queryOffset = (name: string) => Math.max(0, text.indexOf(name) >= 0 ? text.indexOf(name) : text.indexOf(encodeURIComponent(name)));
  for (const problem of result.problems) {
    const { target } = problem;
    const offset =
      target.part === 'url' ? urlOffset
      : target.part === 'header' ? headerOffset(target.name)
      : target.part === 'path-value' ? Math.max(0, text.indexOf(target.value))
      : target.part === 'query' ? queryOffset(target.name)
      : target.part === 'body' ? bodyOffset + target.offset
      : start;
    report(problem.ruleId, offset, problem.message, problem.hint);
  }
  return { diagnostics, request: result.request };
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
