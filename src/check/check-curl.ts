// A curl example against the OpenAPI document: it parses (curlconverter, a real shell
// and curl parser), names a documented operation by method and path, sends the headers
// the API needs, and its query and body are valid against the schemas. The request
// rules are those of the mock API (validate-request.ts); this file reads the request
// out of the example (every curl command of it, each with all its -d options, read
// from Bash's syntax tree: shell-words.ts) and places each problem in it.
import type { Example } from '../api/examples.js';
import { serverOf, serversText, type ApiModel, type Operation } from '../api/openapi.js';
import type { SchemaValidator } from '../api/validate.js';
import type { Diagnostic } from '../diagnostics.js';
import type { NormalizedRequest } from './requests.js';
import { safeDecode } from '../url-decode.js';
import { placeInExample } from './source-position.js';
import { validateRequest, type ValidateRequestOptions } from './validate-request.js';
import { SHORT_WITH_VALUE } from './curl-command.js';
import { curlParser } from './curl-parser.js';
import { curlCommands, shellSource, type ShellCommand, type ShellWord } from './shell-words.js';
import { findNodeAtOffset, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { jsonTooDeepAt } from './json-depth.js';

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
  /** The first command's request (the one an operation's example shows). */
  request: NormalizedRequest | null;
  /** Every command's, in order. */
  requests: NormalizedRequest[];
}

/** Long options that take a value (the ones an example may use; an unknown one is read as a flag). */
const LONG_WITH_VALUE = new Set(['--request', '--header', '--data', '--data-ascii', '--data-binary', '--data-raw', '--data-urlencode', '--json', '--user', '--user-agent', '--referer', '--oauth2-bearer', '--url', '--output', '--write-out', '--max-time', '--connect-timeout', '--retry', '--cookie', '--cookie-jar', '--form', '--upload-file', '--proxy', '--cacert', '--cert', '--key', '--range', '--dump-header', '--config', '--resolve', '--connect-to']);
const DATA_OPTIONS = new Set(['-d', '--data', '--data-ascii', '--data-binary', '--data-raw', '--data-urlencode', '--json']);

/** What the static check reads of a curl command's words: its URL, headers, credentials and body options. */
interface CommandWords {
  url: ShellWord | null;
  headers: ShellWord[];
  user: ShellWord[];
  data: { option: string; word: ShellWord; from: number }[];
  /** -F / --form fields: a multipart body. */
  form: { word: ShellWord; from: number }[];
  get: boolean;
  globoff: boolean;
}

function readWords(words: readonly ShellWord[]): CommandWords {
  const read: CommandWords = { url: null, headers: [], user: [], data: [], form: [], get: false, globoff: false };
  const take = (option: string, word: ShellWord | undefined, from = 0) => {
    if (!word) return;
    if (option === '-H' || option === '--header') read.headers.push(word);
    else if (option === '-u' || option === '--user') read.user.push(word);
    else if (DATA_OPTIONS.has(option)) read.data.push({ option, word, from });
    else if (option === '-F' || option === '--form') read.form.push({ word, from });
    else if (option === '--url') read.url ??= word;
  };
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const arg = word.value;
    if (arg.startsWith('--')) {
      if (arg === '--get') read.get = true;
      else if (arg === '--globoff') read.globoff = true;
      else if (LONG_WITH_VALUE.has(arg)) take(arg, words[++i]);
    } else if (arg.startsWith('-') && arg.length > 1) {
      // Bundled short options: "-sS", "-XPOST", "-sd '…'", "-d'{…}'".
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j]!;
        if (letter === 'G') read.get = true;
        else if (letter === 'g') read.globoff = true;
        else if (SHORT_WITH_VALUE.has(letter)) {
          if (j + 1 < arg.length) take(`-${letter}`, word, j + 1);
          else take(`-${letter}`, words[++i]);
          break;
        }
      }
    } else read.url ??= word;
  }
  return read;
}

/** Checks the curl commands of one example (loadCurlParser() first): each is a request of its own. */
export function checkCurl(example: Example, api: ApiModel, validator: SchemaValidator, expected: Operation | null, options: Pick<ValidateRequestOptions, 'product' | 'requestHeaders'> = {}): CurlCheck {
  const diagnostics: Diagnostic[] = [];
  const text = example.value;
  let commands: ShellCommand[];
  try {
    commands = curlCommands(text, example.lang);
  } catch (error) {
    diagnostics.push({ ruleId: 'example-curl-parse', severity: 'error', message: `the curl command does not parse: ${firstLine((error as Error).message)}`, hint: 'check the quotes and the line continuations (a backslash at the very end of a line); put values holding & ; | or spaces in quotes', ...placeInExample(example, Math.max(0, text.search(/\bcurl\b/))) });
    return { diagnostics, request: null, requests: [] };
  }
  if (!commands.length) {
    diagnostics.push({ ruleId: 'example-curl-parse', severity: 'error', message: 'this curl example runs no curl command', hint: 'start the command with curl (a console block: "$ curl …")', ...placeInExample(example, 0) });
    return { diagnostics, request: null, requests: [] };
  }
  const source = shellSource(text, example.lang);
  const requests: NormalizedRequest[] = [];
  for (const [i, command] of commands.entries()) {
    const checked = checkCommand(example, source, command, api, validator, i === 0 ? expected : null, options);
    diagnostics.push(...checked.diagnostics);
    if (checked.request) requests.push(checked.request);
  }
  return { diagnostics, request: requests[0] ?? null, requests };
}

function checkCommand(example: Example, source: string, command: ShellCommand, api: ApiModel, validator: SchemaValidator, expected: Operation | null, options: Pick<ValidateRequestOptions, 'product' | 'requestHeaders'>): { diagnostics: Diagnostic[]; request: NormalizedRequest | null } {
  const diagnostics: Diagnostic[] = [];
  const at = (offset: number) => placeInExample(example, offset);
  const report = (ruleId: string, offset: number, message: string, hint: string) => diagnostics.push({ ruleId, severity: 'error', message, hint, ...at(offset) });
  const start = command.start;
  const words = readWords(command.words);

  let request: CurlJson;
  try {
    const [parsed] = curlParser().toJsonObjectWarn(source.slice(command.start, command.end)) as [CurlJson, unknown];
    request = parsed;
  } catch (error) {
    report('example-curl-parse', start, `the curl command does not parse: ${firstLine((error as Error).message) || 'curl cannot read it'}`, 'check the quotes and the line continuations (a backslash at the very end of a line); put values holding & ; | or spaces in quotes');
    return { diagnostics, request: null };
  }
  const urlWord = words.url;
  const urlOffset = urlWord ? urlWord.offsets[0]! : start;
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
  // curl itself reads [ ] in the URL it is given as a glob range, and shells glob them too.
  if (urlWord && /[[\]]/.test(urlWord.value) && !words.globoff) {
    report('example-url-unescaped', urlOffset, 'curl reads "[" and "]" in a URL as a range pattern, so this request fails', 'percent-encode them (page%5Blimit%5D) inside quotes, or pass -g and quote the URL');
  } else if (urlWord && /^[^'"]*[[\]]/.test(source.slice(urlWord.start, urlWord.end))) {
    // Unquoted, the shell reads them first: zsh stops with "no matches found".
    report('example-url-unescaped', urlOffset, 'the shell reads "[" and "]" in an unquoted URL as a file pattern (zsh stops with "no matches found")', 'put the URL in quotes');
  }
  // Text in single quotes is sent as written: '$TOKEN' is not the token.
  for (const word of [...words.headers, ...words.user, ...(urlWord ? [urlWord] : [])]) {
    for (const dollar of word.literalDollars) {
      const auth = words.user.includes(word) || /^authorization\s*:/i.test(word.value);
      report(auth ? 'example-auth' : 'example-header', dollar.offset, `curl sends "$${dollar.name}" as written: the shell does not put in variables inside single quotes`, `use double quotes, e.g. -H "Authorization: Bearer $${dollar.name}"`);
    }
  }
  const method = request.method.toUpperCase();
  const path = safeDecode(url.pathname.slice(new URL(server || url.origin).pathname.replace(/\/$/, '').length));
  // What curl sends: -u is basic authentication, and -d without a Content-Type header sends a form.
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? '']));
  if (request.auth_type === 'basic' && headers.authorization === undefined) headers.authorization = 'Basic (-u)';
  const defaulted = new Set(words.headers.some((h) => /^content-type\s*:/i.test(h.value)) ? [] : ['content-type']);
  const body = words.get ? null : bodyOf(words.data, command.stdin);
  // -F sends a multipart form: each field "name=value", a file "name=@path" (by its name here).
  const form = words.form.length && !words.get ? words.form.map(({ word, from }): [string, string] => {
    const field = word.value.slice(from);
    const at = field.indexOf('=');
    const value = at < 0 ? '' : field.slice(at + 1);
    return [at < 0 ? field : field.slice(0, at), /^[@<]/.test(value) ? value.slice(1).split(';')[0]!.split('/').pop()! : value.split(';')[0]!];
  }) : null;
  if (form && defaulted.has('content-type')) headers['content-type'] = 'multipart/form-data';
  if (body && 'file' in body) {
    report('example-body-json', body.offset, `the body is read from the file ${body.file}, which readers do not have`, "write the body into the example: -d '{…}'");
    return { diagnostics, request: null };
  }

  const result = validateRequest(api, validator, { method, path, query: [...url.searchParams], headers, defaulted, body: body?.text ?? null, form }, { placeholders: true, ...options });
  const operation = result.operation;
  if (operation && expected && operation.id !== expected.id) {
    report('example-operation-mismatch', urlOffset, `this example calls ${operation.id} (${method} ${operation.path}), but it is the example of ${expected.id} (${expected.method.toUpperCase()} ${expected.path})`, 'fix the method or path, or move the example to its operation');
  }
  const headerOffset = (name: string) => words.headers.find((h) => h.value.toLowerCase().startsWith(name.toLowerCase()))?.offsets[0] ?? start;
  // In the URL after its host, or in the options -G sends as the query.
  const inUrl = (value: string) => {
    if (!urlWord) return -1;
    const i = urlWord.value.indexOf(value, urlWord.value.indexOf('/', urlWord.value.indexOf('//') + 2));
    return i >= 0 ? urlWord.offsets[i]! : -1;
  };
  const queryOffset = (name: string) => {
    for (const candidate of [name, encodeURIComponent(name)]) {
      const i = inUrl(candidate);
      if (i >= 0) return i;
      for (const { word, from } of words.data) {
        const j = word.value.indexOf(candidate, from);
        if (j >= 0) return word.offsets[j]!;
      }
    }
    return urlOffset;
  };
  const tree = body && isJsonText(body.text) && jsonTooDeepAt(body.text) === null ? parseTree(body.text) : undefined;
  for (const problem of result.problems) {
    const { target } = problem;
    // A value the shell puts in ("$ACCOUNT_ID" in double quotes) is unknown until it runs.
    if (target.part === 'body' && body && tree && expanded(tree, target.offset, body.expansions)) continue;
    const offset =
      target.part === 'url' ? urlOffset
      : target.part === 'header' ? headerOffset(target.name)
      : target.part === 'path-value' ? (inUrl(target.value) >= 0 ? inUrl(target.value) : urlOffset)
      : target.part === 'query' ? queryOffset(target.name)
      : target.part === 'body' && body ? (body.offsets[target.offset] ?? body.offsets[0]!)
      : target.part === 'body' && words.data[0] ? words.data[0].word.offsets[0]!
      : target.part === 'body' && words.form[0] ? words.form[0].word.offsets[words.form[0].from]!
      : start;
    report(problem.ruleId, offset, problem.message, problem.hint);
  }
  return { diagnostics, request: result.request };
}

/** The body curl sends: its -d values joined with "&" (curl's own rule), or a here-document read with "@-". */
function bodyOf(data: CommandWords['data'], stdin: ShellWord | null): { text: string; offsets: number[]; expansions: { from: number; to: number }[] } | { file: string; offset: number } | null {
  if (!data.length) return null;
  let text = '';
  const offsets: number[] = [];
  const expansions: { from: number; to: number }[] = [];
  for (const { option, word, from } of data) {
    let part = word;
    let skip = from;
    if (option !== '--data-raw' && word.value.startsWith('@', from)) {
      if (word.value.slice(from) !== '@-' || !stdin) return { file: word.value.slice(from + 1) || '-', offset: word.offsets[from]! };
      part = stdin;
      skip = 0;
    }
    if (text) {
      text += '&';
      offsets.push(part.offsets[skip]!);
    }
    const base = text.length - skip;
    text += part.value.slice(skip);
    offsets.push(...part.offsets.slice(skip, part.value.length));
    for (const e of part.expansions) if (e.from >= skip) expansions.push({ from: base + e.from, to: base + e.to });
  }
  offsets.push(offsets.at(-1)! + 1);
  return { text, offsets, expansions };
}

function isJsonText(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

/** Whether the problem at `offset` of the body is about a string the shell fills in. */
function expanded(tree: JsonNode, offset: number, expansions: readonly { from: number; to: number }[]): boolean {
  if (!expansions.length) return false;
  const node = findNodeAtOffset(tree, offset);
  if (!node) return false;
  const property = node.type === 'property' ? node : node.parent?.type === 'property' ? node.parent : null;
  const value = property ? property.children?.[1] : node;
  if (!value || value.type !== 'string') return false;
  return expansions.some((e) => e.from >= value.offset && e.to <= value.offset + value.length);
}


function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
