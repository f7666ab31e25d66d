// Every API example of the site: curl and Ruby blocks of the API reference (and curl
// commands in guides), response examples, and coverage: each operation has one curl,
// one Ruby and one response example, and its curl and Ruby examples ask the same thing.
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { jsonTooDeepAt, MAX_JSON_DEPTH } from './json-depth.js';
import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { operationBlocks, parseSection, type Example } from '../api/examples.js';
import { isJsonMediaType, mediaTypeOf, operationAnchor, responseFor, successKey, type ApiModel, type Operation, operationOf } from '../api/openapi.js';
import { SchemaValidator } from '../api/validate.js';
import type { Page } from '../content/site.js';
import type { MarkdownEngine } from '../markdown/engines.js';
import type { Diagnostic } from '../diagnostics.js';
import { checkCurl } from './check-curl.js';
import { loadCurlParser } from './curl-parser.js';
import { checkRuby, isDynamic, loadRubyParser } from './check-ruby.js';
import { isShellCurl, SHELL_LANGS } from './example-blocks.js';
import { sameValue, snakeCase, type NormalizedRequest } from './requests.js';
import { offsetOfPointer, placeInExample, type Place } from './source-position.js';

export interface ExamplesInput {
  api: ApiModel;
  pages: readonly Page[];
  /** Null when the Ruby client surface did not load: Ruby examples are checked for their syntax only. */
  operationByCall: ReadonlyMap<string, string> | null;
  /** Place of the OpenAPI document, for operations with no section at all. */
  openapiFile: string;
  apiLanguages: readonly string[];
  /** The Markdown engine of the site (markdown.engine). */
  engine?: MarkdownEngine;
  /** The product's name (product.name), for the credentials' shell variables in hints. */
  product?: string;
  /** Headers every request must send (api.requestHeaders). */
  requestHeaders?: Readonly<Record<string, string>>;
  /** The Ruby client surface under content/ (api.rubyClient), named in hints. */
  rubyClient?: string;
  /** Where the API reference's sections are: the file pattern of the collection with layout: api (none: the site declares none). */
  apiSections?: string | null;
  /** The OpenAPI document's errors were reported (openapi-invalid): a schema that does not compile is not reported again at each example. */
  openapiReported?: boolean;
}

export async function checkExamples(input: ExamplesInput): Promise<Diagnostic[]> {
  const { api, operationByCall } = input;
  const validator = new SchemaValidator({ openapi: api.openapi, uncompilableReported: input.openapiReported ?? false });
  const curlOptions = { ...(input.product ? { product: input.product } : {}), ...(input.requestHeaders ? { requestHeaders: input.requestHeaders } : {}) };
  const [parseRuby] = await Promise.all([loadRubyParser(), loadCurlParser()]);
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, { curl: Example[]; ruby: Example[]; response: Example[]; place: Place; curlRequest?: NormalizedRequest; rubyRequest?: NormalizedRequest }>();

  for (const page of input.pages) {
    if (page.info.layout === 'api') {
      const tree = parseSection(page.body, input.engine);
      const inOperation = new Set<Code>();
      for (const block of operationBlocks(page, tree)) {
        const operation = operationOf(api, block.operationId);
        if (!operation) continue; // reported by the renderer (api-directive-invalid)
        const entry = seen.get(operation.id) ?? { curl: [], ruby: [], response: [], place: { file: block.file, line: block.line, column: block.column } };
        seen.set(operation.id, entry);
        for (const example of block.examples) {
          if (example.response) {
            entry.response.push(example);
            diagnostics.push(...checkResponse(example, operation, validator));
          } else if (example.lang === 'curl') {
            entry.curl.push(example);
            const result = checkCurl(example, api, validator, operation, curlOptions);
            diagnostics.push(...result.diagnostics);
            // Compare the two examples only when each is right on its own.
            if (result.request && !result.diagnostics.length) entry.curlRequest = result.request;
          } else if (example.lang === 'ruby') {
            entry.ruby.push(example);
            const result = checkRuby(parseRuby, example, api, operationByCall, validator, operation, input.rubyClient);
            diagnostics.push(...result.diagnostics);
            if (!result.diagnostics.length) entry.rubyRequest = result.requests.find((r) => r.operationId === operation.id);
          }
        }
      }
      visit(tree, 'containerDirective', (node) => {
        if (node.name === 'operation') visit(node, 'code', (c: Code) => void inOperation.add(c));
      });
      // Examples outside an operation (the introduction, pagination, …) are checked too.
      diagnostics.push(
        ...checkLooseExamples(tree, page, {
          skip: inOperation,
          request: (node, example) => {
            if (node.lang === 'curl' || isShellCurl(node, api.servers)) {
              const result = checkCurl(example, api, validator, null, curlOptions);
              return { diagnostics: result.diagnostics, request: result.requests.at(-1) ?? null };
            }
            if (node.lang === 'ruby') return { diagnostics: checkRuby(parseRuby, example, api, operationByCall, validator, null, input.rubyClient).diagnostics, request: null, keep: true };
            return null;
          },
          response: (example, operationId) => checkResponse(example, operationOf(api, operationId)!, validator),
        }),
      );
    } else {
      // Guides, help and every other page show API calls as shell blocks: the same rules apply.
      const tree = parseSection(page.body, input.engine);
      diagnostics.push(
        ...checkLooseExamples(tree, page, {
          skip: new Set(),
          request: (node, example) => {
            // A Ruby block that calls the client (one call it declares, at least) is checked as in the reference.
            if (node.lang === 'ruby') {
              const result = checkRuby(parseRuby, example, api, operationByCall, validator, null, input.rubyClient);
              return result.clientCalls ? { diagnostics: result.diagnostics, request: null, keep: true } : null;
            }
            if (!isShellCurl(node, api.servers)) return null;
            const result = checkCurl(example, api, validator, null, curlOptions);
            return { diagnostics: result.diagnostics, request: result.requests.at(-1) ?? null };
          },
          response: (example, operationId) => checkResponse(example, operationOf(api, operationId)!, validator),
        }),
      );
    }
  }

  // The OpenAPI document's own response examples: the mock may answer with them.
  for (const operation of Object.values(api.operations)) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (response.example === undefined || !response.schema) continue;
      for (const problem of validator.response(operation, status, response.example)) {
        diagnostics.push({
          ruleId: 'example-response-invalid',
          severity: 'error',
          message: `the example of the ${status} response of ${operation.id}: ${problem.message}`,
          hint: 'fix the example in the OpenAPI document: the reference and the mock show it as a documented answer',
          file: input.openapiFile,
          ...(response.examplePlace ?? { line: 1, column: 1 }),
        });
      }
    }
  }

  // Coverage and agreement.
  for (const operation of Object.values(api.operations)) {
    const entry = seen.get(operation.id);
    if (!entry) {
      diagnostics.push({
        ruleId: 'example-missing',
        severity: 'error',
        message: `${operation.id} (${operation.method.toUpperCase()} ${operation.path}) is documented in no API section`,
        hint: missingHint(operation, input),
        file: input.openapiFile,
        ...(operation.place ?? { line: 1, column: 1 }),
      });
      continue;
    }
    for (const [kind, list] of [['curl', entry.curl], ['ruby', entry.ruby], ['response', entry.response]] as const) {
      if (list.length === 0) {
        // A site whose examples are in curl only (api.languages) owes no Ruby example.
        if (kind !== 'response' && !input.apiLanguages.includes(kind)) continue;
        // A success without a body (204) needs none; one the OpenAPI document gives an example of has it.
        if (kind === 'response' && (!needsResponseExample(operation) || documentsItsSuccess(operation))) continue;
        diagnostics.push({ ruleId: 'example-missing', severity: 'error', message: `${operation.id} has no ${kind === 'response' ? 'response' : kind === 'ruby' ? 'Ruby' : 'curl'} example`, hint: kind === 'response' ? 'add a ```json response block' : `add a \`\`\`${kind} block inside the operation`, ...entry.place });
      } else if (list.length > 1) {
        diagnostics.push({ ruleId: 'example-duplicate', severity: 'error', message: `${operation.id} has ${list.length} ${kind} examples; the page shows one per language`, hint: 'keep one, or move the others to another operation', ...placeOf(list[1]!) });
      }
    }
    if (entry.curlRequest && entry.rubyRequest) diagnostics.push(...compareRequests(operation, entry.curlRequest, entry.rubyRequest, entry.ruby[0]!));
  }
  return diagnostics;
}

/** What to add for an operation no section documents: the directive with the site's languages, where its sections are. */
function missingHint(operation: Operation, input: ExamplesInput): string {
  const names: Record<string, string> = { curl: 'a curl', ruby: 'a Ruby' };
  const examples = [...input.apiLanguages.map((l) => names[l] ?? `a ${l}`), 'a response'];
  const list = `${examples.slice(0, -1).join(', ')} and ${examples.at(-1)!} example`;
  const where = input.apiSections === undefined || input.apiSections === null ? 'to an API reference section (a page of a collection with layout: api; the site declares none)' : `to an API reference section (${input.apiSections})`;
  return `add :::operation{id="${operation.id}"} with ${list} ${where}`;
}

interface LooseExamples {
  /** Code nodes checked elsewhere (inside an operation); they also end a request's reach. */
  skip: ReadonlySet<Code>;
  /** Checks a request example; null when the block is no request. `keep`: the block shows the same request again (Ruby). */
  request(node: Code, example: Example): { diagnostics: Diagnostic[]; request: NormalizedRequest | null; keep?: boolean } | null;
  response(example: Example, operationId: string): Diagnostic[];
}

/**
 * Examples outside an operation: requests are checked, and every JSON block after a curl
 * example (before the next heading or request) is the answer to it, so it is validated
 * against the response schema of the operation that curl example calls (issue #13).
 * "```json request" marks a block that is not an answer.
 */
function checkLooseExamples(tree: Root, page: Page, rules: LooseExamples): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let answering: string | null = null;
  visit(tree, (node) => {
    if (node.type === 'heading' || (node.type === 'containerDirective' && node.name === 'operation')) {
      answering = null;
      return;
    }
    if (node.type !== 'code' || rules.skip.has(node)) return;
    const example = toExample(node, page, '');
    const request = rules.request(node, example);
    if (request) {
      diagnostics.push(...request.diagnostics);
      if (!request.keep) answering = request.request?.operationId ?? null;
      return;
    }
    // A shell block that is no request to the API: what follows answers something else.
    if (SHELL_LANGS.includes(node.lang ?? '')) {
      answering = null;
      return;
    }
    const meta = /^response\b\s*(\d{3})?/.exec(node.meta ?? '');
    if (node.lang !== 'json' || /^request\b/.test(node.meta ?? '') || !answering) return;
    diagnostics.push(...rules.response({ ...example, response: true, status: meta?.[1] ?? null, operationId: answering }, answering));
  });
  return diagnostics;
}

function toExample(node: Code, page: Page, operationId: string): Example {
  return { operationId, lang: node.lang ?? '', response: false, status: null, value: node.value, file: page.file, line: (node.position?.start.line ?? 0) + 1, column: node.position?.start.column ?? 1 };
}

function placeOf(example: Example): Place {
  return { file: example.file, line: example.line - 1, column: example.column };
}

/**
 * A response example: JSON is validated against the response's schema; a response of
 * another type (text/csv, application/pdf) takes a block in its own language, unchecked;
 * a response without a body (a 204) takes an empty block or none.
 */
function checkResponse(example: Example, operation: Operation, validator: SchemaValidator): Diagnostic[] {
  const status = example.status ?? successKey(operation) ?? '200';
  const found = responseFor(operation, status);
  if (!found) {
    return [{ ruleId: 'example-response-invalid', severity: 'error', message: `${operation.id} documents no ${status} response (it has ${Object.keys(operation.responses).join(', ')})`, hint: 'write the status after "response", e.g. ```json response 201', ...placeOf(example) }];
  }
  const { mediaTypes, schema } = found.response;
  const shown = `${found.key === status ? status : `${status} (${found.key})`}`;
  if (!mediaTypes.length) {
    if (!example.value.trim()) return [];
    return [{ ruleId: 'example-response-invalid', severity: 'error', message: `the ${shown} response of ${operation.id} has no body`, hint: 'leave the block empty, or leave it out: a response without a body needs no example', ...placeOf(example) }];
  }
  const other = mediaTypes.filter((type) => !isJsonMediaType(type));
  if (example.lang !== 'json') {
    if (other.length) return [];
    return [{ ruleId: 'example-response-invalid', severity: 'error', message: `the ${shown} response of ${operation.id} is JSON (${mediaTypes.join(', ')})`, hint: `write it as \`\`\`json response${example.status ? ` ${example.status}` : ''}`, ...placeOf(example) }];
  }
  if (!schema) {
    return [{ ruleId: 'example-response-invalid', severity: 'error', message: `the ${shown} response of ${operation.id} is ${other.join(', ')}, not JSON`, hint: `write the block in that format, e.g. \`\`\`${exampleLanguage(other[0]!)} response${example.status ? ` ${example.status}` : ''}`, ...placeOf(example) }];
  }
  const deep = jsonTooDeepAt(example.value);
  if (deep !== null) return [{ ruleId: 'example-response-json', severity: 'error', message: `the response example nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, hint: 'shorten the example to what a reader needs', ...placeInExample(example, deep) }];
  const errors: ParseError[] = [];
  const tree = parseTree(example.value, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length || !tree) {
    const error = errors[0];
    return [{ ruleId: 'example-response-json', severity: 'error', message: `the response example is not valid JSON (${error ? printParseErrorCode(error.error) : 'empty'})`, hint: 'fix the JSON: double quotes, no trailing commas, no comments', ...placeInExample(example, error?.offset ?? 0) }];
  }
  return validator.response(operation, status, JSON.parse(example.value)).map((problem) => ({
    ruleId: 'example-response-invalid',
    severity: 'error' as const,
    message: `response ${status}: ${problem.message}`,
    hint: `the example must match the documented ${status} response of ${operation.id}`,
    ...placeInExample(example, offsetOfPointer(tree, problem.pointer)),
  }));
}

/** The language of a block that shows a response of this media type: text/csv -> csv, application/xml -> xml. */
function exampleLanguage(mediaType: string): string {
  const subtype = mediaTypeOf(mediaType).split('/')[1] ?? 'text';
  return /^[a-z0-9]+$/.test(subtype) ? subtype : 'text';
}

/** Whether the OpenAPI document gives an example of the operation's success response. */
function documentsItsSuccess(operation: Operation): boolean {
  const success = successKey(operation);
  return success !== null && operation.responses[success]?.example !== undefined;
}

/** Whether an operation owes a response example: unless its success has no body (a 204). */
function needsResponseExample(operation: Operation): boolean {
  const success = successKey(operation);
  return success ? responseFor(operation, success)!.response.mediaTypes.length > 0 : Object.values(operation.responses).some((r) => r.mediaTypes.length > 0);
}

/** The curl and the Ruby example of one operation must ask for the same thing. */
function compareRequests(operation: Operation, curl: NormalizedRequest, ruby: NormalizedRequest, rubyExample: Example): Diagnostic[] {
  const differences: string[] = [];
  const compare = (what: string, a: Record<string, unknown> | null, b: Record<string, unknown> | null, naming: (k: string) => string) => {
    const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
    for (const key of keys) {
      const x = a?.[key];
      const y = b?.[key];
      if (isDynamic(y) || containsDynamic(y)) continue;
      if (x === undefined) differences.push(`${naming(key)} is only in the Ruby example`);
      else if (y === undefined) differences.push(`${naming(key)} (${what}) is missing from the Ruby example`);
      else if (!sameValue(x, y)) differences.push(`${naming(key)} is ${JSON.stringify(y)} in Ruby but ${JSON.stringify(x)} in curl`);
    }
  };
  compare('path', curl.pathParams, ruby.pathParams, (k) => `${snakeCase(k)}:`);
  compare('query', curl.query, ruby.query, (k) => `${snakeCase(k)}:`);
  compare('attribute', curl.attributes, ruby.attributes, (k) => `${snakeCase(k)}:`);
  if (!differences.length) return [];
  return [{
    ruleId: 'example-mismatch',
    severity: 'error',
    message: `the curl and Ruby examples of ${operation.id} disagree: ${differences.slice(0, 3).join('; ')}${differences.length > 3 ? `; and ${differences.length - 3} more` : ''}`,
    hint: `use the same values in both, so readers can compare them (#${operationAnchor(operation.id)})`,
    ...placeOf(rubyExample),
  }];
}

function containsDynamic(value: unknown): boolean {
  if (isDynamic(value)) return true;
  if (Array.isArray(value)) return value.some(containsDynamic);
  if (value && typeof value === 'object') return Object.values(value).some(containsDynamic);
  return false;
}
