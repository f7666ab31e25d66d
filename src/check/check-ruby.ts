// A Ruby example against the declared client surface and the OpenAPI document: it parses
// (Prism, Ruby's own parser, as WebAssembly), each client call is a declared call, and
// its keyword arguments are the operation's path parameters, paging and attributes, with
// values valid against the schemas.
import type { Example } from '../api/examples.js';
import { bodyFields, type ApiModel, type Operation, type Schema, operationOf } from '../api/openapi.js';
import type { SchemaValidator } from '../api/validate.js';
import type { Diagnostic } from '../diagnostics.js';
import { suggest } from '../did-you-mean.js';
import { camelCase, snakeCase, type NormalizedRequest } from './requests.js';
import { placeInExample } from './source-position.js';
import { importModule } from '../dynamic-import.js';

type PrismNode = {
  constructor: { name: string };
  location: { startOffset: number; length: number };
  [key: string]: unknown;
};
type PrismParse = (source: string) => { value: PrismNode; errors: { message: string; location: { startOffset: number } }[] };

let prism: Promise<PrismParse> | null = null;

/** Loads Prism once per process (a WebAssembly module). */
export function loadRubyParser(): Promise<PrismParse> {
  prism ??= (async () => {
    // Node 20 flags WASI as experimental; the warning would only confuse check's output.
    const emit = process.emitWarning;
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      if (String(warning).includes('WASI')) return;
      (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
    }) as typeof process.emitWarning;
    try {
      const { loadPrism } = await importModule<typeof import('@ruby/prism')>('@ruby/prism');
      return (await loadPrism()) as unknown as PrismParse;
    } finally {
      process.emitWarning = emit;
    }
  })();
  return prism;
}

/** A value the example computes (ENV.fetch, Date.today): known only at run time. */
const DYNAMIC = Symbol('dynamic');
export const isDynamic = (value: unknown): boolean => value === DYNAMIC;

export interface RubyCheck {
  diagnostics: Diagnostic[];
  requests: NormalizedRequest[];
  /** How many calls of the declared client the example makes (a guide's block is checked when it makes one). */
  clientCalls: number;
}

const PAGING: Record<string, string> = { page_limit: 'page[limit]', page_before: 'page[before]', page_after: 'page[after]' };

export function checkRuby(
  parse: PrismParse,
  example: Example,
  api: ApiModel,
  /** Null when the Ruby client surface did not load (its own errors say why): the calls go unchecked. */
  operationByCall: ReadonlyMap<string, string> | null,
  validator: SchemaValidator,
  expected: Operation | null,
  /** The Ruby client surface (api.rubyClient) from the config's folder, named in hints. */
  rubyClient = 'content/api/ruby-client.yaml',
): RubyCheck {
  const diagnostics: Diagnostic[] = [];
  const bytes = Buffer.from(example.value, 'utf8');
  const charOffset = (byteOffset: number) => bytes.subarray(0, byteOffset).toString('utf8').length;
  const report = (ruleId: string, byteOffset: number, message: string, hint: string) =>
    diagnostics.push({ ruleId, severity: 'error', message, hint, ...placeInExample(example, charOffset(byteOffset)) });

  const result = parse(example.value);
  if (result.errors.length) {
    const error = result.errors[0]!;
    report('example-ruby-syntax', error.location.startOffset, `Ruby syntax error: ${error.message}`, 'fix the Ruby so it runs as written');
    return { diagnostics, requests: [], clientCalls: 0 };
  }
  if (!operationByCall) return { diagnostics, requests: [], clientCalls: 0 };

  const calls: PrismNode[] = [];
  walk(result.value, (node) => {
    if (node.constructor.name === 'CallNode') calls.push(node);
  });
  const requests: NormalizedRequest[] = [];
  const clientCalls = calls.filter((call) => {
    const name = dotted(call);
    // A method called on what a client call returns (`client.accounts.list(…).each`) is Ruby's, not the client's.
    return name !== null && (operationByCall.has(name) || (name.startsWith('client.') && !isPartOfLongerCall(call, calls) && !onClientResult(call, operationByCall)));
  });
  for (const call of clientCalls) {
    const name = dotted(call)!;
    const operationId = operationByCall.get(name);
    const operation = operationId ? operationOf(api, operationId) : undefined;
    if (!operation) {
      report('example-ruby-unknown-call', call.location.startOffset, `"${name}" is not a call of the documented Ruby client`, suggest(name, [...operationByCall.keys()], `see ${rubyClient} for the calls`));
      continue;
    }
    if (expected && operation.id !== expected.id) {
      report('example-operation-mismatch', call.location.startOffset, `this example calls ${operation.id} (${name}), but it is the example of ${expected.id}`, `use ${[...operationByCall].find(([, id]) => id === expected.id)?.[0] ?? 'its call'}`);
    }
    // A Hash in braces is one positional argument: the client takes keyword arguments.
    const braced = (((call.arguments_ as PrismNode | null)?.arguments_ ?? []) as PrismNode[]).find((a) => a.constructor.name === 'HashNode');
    if (braced) {
      report('example-ruby-argument-invalid', braced.location.startOffset, `${name} takes keyword arguments, not a Hash in braces`, `drop the braces: ${name}(key: value, …)`);
      continue;
    }
    requests.push(checkArguments(call, operation));
  }
  if (expected && !clientCalls.some((c) => operationByCall.get(dotted(c)!) === expected.id)) {
    const call = [...operationByCall].find(([, id]) => id === expected.id)?.[0];
    report('example-ruby-unknown-call', 0, `the example never calls ${expected.id}`, call ? `call ${call}(…)` : `declare a call for ${expected.id} in ${rubyClient}`);
  }
  return { diagnostics, requests, clientCalls: clientCalls.filter((call) => operationByCall.has(dotted(call)!)).length };

  function checkArguments(call: PrismNode, operation: Operation): NormalizedRequest {
    const pathNames = new Map(operation.parameters.filter((p) => p.in === 'path').map((p) => [snakeCase(p.name), p.name]));
    const queryNames = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    // Query parameters by their keyword: paging's own (page_limit: for page[limit]), else
    // the name in snake_case (status:, created_after: for createdAfter), or as written.
    const queryByKeyword = new Map<string, string>();
    for (const name of queryNames) {
      const paging = Object.keys(PAGING).find((keyword) => PAGING[keyword] === name);
      queryByKeyword.set(paging ?? snakeCase(name), name);
      if (!paging && /^[a-z_][a-z0-9_]*$/.test(name)) queryByKeyword.set(name, name);
    }
    const fields = bodyFields(operation);
    const attributeSchema: Schema = fields?.schema ?? { properties: {} };
    const basicAuth = operation.auth === 'basic' ? new Set(['client_id', 'client_secret']) : new Set<string>();
    const request: NormalizedRequest = { operationId: operation.id, pathParams: {}, query: {}, attributes: fields ? {} : null };
    const places = new Map<string, number>();

    for (const assoc of keywordArguments(call)) {
      const keyNode = assoc.key as PrismNode;
      const key = symbolName(keyNode);
      if (key === null) continue;
      const value = toValue(assoc.value as PrismNode);
      places.set(key, keyNode.location.startOffset);
      const property = fields ? propertyOf(attributeSchema, key) : null;
      if (pathNames.has(key)) request.pathParams[pathNames.get(key)!] = value;
      else if (queryByKeyword.has(key)) request.query[queryByKeyword.get(key)!] = value;
      else if (basicAuth.has(key)) continue;
      else if (property) request.attributes![property] = propertyKeys(value, attributeSchema.properties![property]!);
      else {
        const allowed = [...new Set([...pathNames.keys(), ...queryByKeyword.keys(), ...basicAuth, ...Object.keys(attributeSchema.properties ?? {}).map(snakeCase)])];
        report('example-ruby-unknown-argument', keyNode.location.startOffset, `${dotted(call)} has no argument "${key}:" (${operation.id})`, allowed.length ? suggest(key, allowed, `its arguments are ${allowed.map((a) => `${a}:`).join(', ')}`) : 'it takes no arguments');
      }
    }
    for (const [snake, name] of pathNames) {
      if (!(name in request.pathParams)) report('example-ruby-missing-argument', call.location.startOffset, `${dotted(call)} needs ${snake}: (the ${name} path parameter)`, `add ${snake}: "…"`);
    }
    // A path value is checked as curl's is: a written one must be one the parameter allows.
    for (const [name, value] of Object.entries(request.pathParams)) {
      const param = operation.parameters.find((p) => p.in === 'path' && p.name === name);
      if (!param?.schema || value === DYNAMIC || (typeof value === 'string' && /^[{$]/.test(value))) continue;
      for (const problem of validator.validate(param.schema, value)) {
        report('example-ruby-argument-invalid', places.get(snakeCase(name)) ?? call.location.startOffset, `${snakeCase(name)}: (the ${name} path parameter) ${problem.message.replace(/^the value /, '')}`, 'use a value the parameter allows');
      }
    }
    for (const [name, value] of Object.entries(request.query)) {
      const param = operation.parameters.find((p) => p.in === 'query' && p.name === name)!;
      if (value === DYNAMIC) continue;
      for (const problem of validator.validate(param.schema, value)) {
        report('example-ruby-argument-invalid', places.get(snakeCase(name)) ?? call.location.startOffset, `${snakeCase(name)}: (${name}) ${problem.message.replace(/^the value /, '')}`, 'use a value the parameter allows');
      }
    }
    if (fields && request.attributes) {
      // Fields with one possible value (grant_type on the token call) the client fills in.
      for (const [name, schema] of Object.entries(attributeSchema.properties ?? {})) {
        const only = schema.const !== undefined ? [schema.const] : schema.enum;
        if (!(name in request.attributes) && only?.length === 1 && attributeSchema.required?.includes(name)) request.attributes[name] = only[0];
      }
      const known = stripDynamic(request.attributes) as Record<string, unknown>;
      const dynamicKeys = new Set(Object.keys(request.attributes).filter((k) => !(k in known)));
      for (const problem of validator.validate(attributeSchema, known)) {
        const missing = /missing required property "([^"]+)"/.exec(problem.message)?.[1];
        if (missing && dynamicKeys.has(missing)) continue;
        const top = problem.pointer.split('/')[1];
        const offset = top ? (places.get(snakeCase(top)) ?? call.location.startOffset) : call.location.startOffset;
        // "/creditorName must …" reads better as the keyword the example wrote.
        const message = problem.message
          .replace(/^\/([A-Za-z0-9]+)/, (_m, name: string) => `${snakeCase(name)}:`)
          // A missing attribute, as the example would write it: "needs creditor_name:".
          .replace(/^missing required property "([A-Za-z0-9]+)"( at \/)?$/, (_m, name: string) => `${dotted(call)} needs ${snakeCase(name)}:`);
        report('example-ruby-argument-invalid', offset, message, 'see the attribute table of the operation for types and rules');
      }
    }
    return request;
  }
}

function walk(node: PrismNode, visit: (node: PrismNode) => void): void {
  visit(node);
  const children = (node as unknown as { compactChildNodes?: () => PrismNode[] }).compactChildNodes?.() ?? [];
  for (const child of children) walk(child, visit);
}

/** "client.payments.create", "Moorlink::AccessToken.create", or null for other shapes. */
function dotted(node: PrismNode | null | undefined): string | null {
  if (!node) return null;
  switch (node.constructor.name) {
    case 'LocalVariableReadNode':
    case 'ConstantReadNode':
      return String(node.name);
    case 'ConstantPathNode': {
      const parent = dotted(node.parent as PrismNode | null);
      return parent ? `${parent}::${String(node.name)}` : String(node.name);
    }
    case 'CallNode': {
      if (!node.receiver) return String(node.name) === 'client' ? 'client' : null;
      const receiver = dotted(node.receiver as PrismNode);
      return receiver ? `${receiver}.${String(node.name)}` : null;
    }
    default:
      return null;
  }
}

/** Whether `call` is made on the result of a client call somewhere down its receivers (`.each`, `.first.id`). */
function onClientResult(call: PrismNode, operationByCall: ReadonlyMap<string, string>): boolean {
  for (let node = call.receiver as PrismNode | null; node && node.constructor.name === 'CallNode'; node = node.receiver as PrismNode | null) {
    const name = dotted(node);
    if (name !== null && operationByCall.has(name)) return true;
  }
  return false;
}

/** `client.payments` inside `client.payments.create(…)` is not a call of its own. */
function isPartOfLongerCall(call: PrismNode, calls: PrismNode[]): boolean {
  return calls.some((other) => other.receiver === call);
}

function keywordArguments(call: PrismNode): PrismNode[] {
  const args = ((call.arguments_ as PrismNode | null)?.arguments_ ?? []) as PrismNode[];
  return args.filter((a) => a.constructor.name === 'KeywordHashNode').flatMap((h) => (h.elements as PrismNode[]).filter((e) => e.constructor.name === 'AssocNode'));
}

function symbolName(node: PrismNode): string | null {
  if (node.constructor.name !== 'SymbolNode') return null;
  return (node.unescaped as { value: string }).value;
}

function toValue(node: PrismNode): unknown {
  switch (node.constructor.name) {
    case 'StringNode':
      return (node.unescaped as { value: string }).value;
    case 'SymbolNode':
      return (node.unescaped as { value: string }).value;
    case 'IntegerNode':
    case 'FloatNode':
      return Number(node.value);
    case 'TrueNode':
      return true;
    case 'FalseNode':
      return false;
    case 'NilNode':
      return null;
    case 'ArrayNode':
      return (node.elements as PrismNode[]).map(toValue);
    case 'HashNode':
    case 'KeywordHashNode':
      return Object.fromEntries(
        (node.elements as PrismNode[])
          .filter((e) => e.constructor.name === 'AssocNode')
          .map((e) => [symbolName(e.key as PrismNode) ?? String(toValue(e.key as PrismNode)), toValue(e.value as PrismNode)]),
      );
    default:
      return DYNAMIC;
  }
}

/**
 * The property a keyword stands for: the property of that name (pet_type: for pet_type),
 * else of its camelCase (creditor_name: for creditorName); null when the schema has neither.
 */
function propertyOf(schema: Schema, keyword: string): string | null {
  const properties = schema.properties ?? {};
  if (Object.hasOwn(properties, keyword)) return keyword;
  const camel = camelCase(keyword);
  return Object.hasOwn(properties, camel) ? camel : null;
}

/** A Ruby value with each hash key named as its schema's property (nested objects, arrays of them). */
function propertyKeys(value: unknown, schema: Schema | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => propertyKeys(item, schema?.items));
  if (value && typeof value === 'object' && !isDynamic(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => {
      const name = (schema && propertyOf(schema, k)) ?? (schema?.properties ? k : camelCase(k));
      return [name, propertyKeys(v, schema?.properties?.[name])];
    }));
  }
  return value;
}


function stripDynamic(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== DYNAMIC).map(stripDynamic);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== DYNAMIC).map(([k, v]) => [k, stripDynamic(v)]));
  return value;
}
