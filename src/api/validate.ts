// JSON Schema validation of request bodies and responses against the OpenAPI document
// (OpenAPI 3.1 schemas are JSON Schema 2020-12), with ajv. A schema of the model that
// was built from $refs is not compiled as it is (a recursive schema would be compiled
// without end, and parts used often would be compiled again at each use): ajv gets the
// document itself and compiles the schema's place in it, $refs and all: the document as
// a request or as a response sees it (validation-view.ts: read-only and write-only
// properties, OpenAPI 3.0's nullable and exclusive bounds).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { responseFor, type Operation, type Schema } from './openapi.js';
import { schemaSource } from './resolve-refs.js';
import { patternRegExp } from './schema-pattern.js';
import { isOpenApi30, validationView, type Direction } from './validation-view.js';

// ajv-formats is CommonJS: its default export is the plugin under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface SchemaProblem {
  /** JSON pointer into the validated value, e.g. "/data/attributes/currency". */
  pointer: string;
  message: string;
}

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; problem: SchemaProblem };

/** One ajv and the $id each OpenAPI document's view is known to it by. */
interface Engine {
  ajv: Ajv2020;
  documents: { request: WeakMap<object, string>; response: WeakMap<object, string> };
}

function engine(discriminator: boolean, inlineRefs: boolean): Engine {
  // No logger: ajv would print "unknown format … ignored" for a format OpenAPI leaves open ("iban"), which is no mistake.
  // inlineRefs false: a $ref'd schema is compiled once, as a function of its own, not again
  // into every place that refers to it; the same verdicts and errors (validate.test.ts), and
  // for GitHub's REST API (969 schemas) `check` compiled its validators in 2.3 s, not 3.6 s.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, discriminator, inlineRefs, logger: false, code: { regExp: patternRegExp } });
  addFormats(ajv);
  // OpenAPI keywords and extensions that are not JSON Schema.
  for (const keyword of ['example', 'xml', 'externalDocs', ...(discriminator ? [] : ['discriminator'])]) ajv.addKeyword(keyword);
  return { ajv, documents: { request: new WeakMap(), response: new WeakMap() } };
}

/**
 * Compiles each schema once; owned by the caller. A `oneOf` with a `discriminator` is
 * validated against the branch its property names (ajv's discriminator), so a Circle is not
 * also told what a Square lacks; ajv reads only discriminators without a `mapping` whose
 * branches each fix the property, and a schema with another is compiled without it.
 */
export class SchemaValidator {
  private readonly engines: { discriminating: Engine; plain: Engine };
  private readonly cache = { request: new WeakMap<object, Compiled>(), response: new WeakMap<object, Compiled>() };
  private documentCount = 0;

  /**
   * `openapi`: the version of the document the schemas come from ("3.0", "3.1"), for the
   * schemas that hold no $ref (those are the document's own objects, not views of a place).
   * `uncompilableReported`: the document's broken schemas were reported at their lines
   * (openapi-invalid), so a value checked against one is not reported again.
   * `inlineRefs`: compile a $ref'd schema into each place that uses it, as ajv does by
   * default (slower to compile; what the default, false, is tested against).
   */
  constructor(private readonly options: { openapi?: string; uncompilableReported?: boolean; inlineRefs?: boolean } = {}) {
    const inlineRefs = options.inlineRefs ?? false;
    this.engines = { discriminating: engine(true, inlineRefs), plain: engine(false, inlineRefs) };
  }

  /** Validates a value the client sends (`request`, a parameter or a body) or the server (`response`). */
  validate(schema: Schema, value: unknown, direction: Direction = 'request'): SchemaProblem[] {
    const compiled = this.compile(schema, direction);
    if (!compiled.ok) return this.options.uncompilableReported ? [] : [compiled.problem];
    return compiled.validate(value) ? [] : (compiled.validate.errors ?? []).map(describeError);
  }

  requestBody(operation: Operation, value: unknown): SchemaProblem[] {
    return operation.requestBody ? this.validate(operation.requestBody.schema, value, 'request') : [];
  }

  response(operation: Operation, status: string, value: unknown): SchemaProblem[] {
    const schema = responseFor(operation, status)?.response.schema;
    if (!schema) return [{ pointer: '', message: `the operation documents no JSON response with status ${status}` }];
    return this.validate(schema, value, 'response');
  }

  private compile(schema: Schema, direction: Direction): Compiled {
    if (schema === null || typeof schema !== 'object') return unusable(new Error('it is not an object'));
    let compiled = this.cache[direction].get(schema);
    if (compiled) return compiled;
    try {
      const source = schemaSource(schema);
      const standalone = () => validationView(schema, direction, isOpenApi30({ openapi: this.options.openapi }));
      const compileWith = (engine: Engine) => engine.ajv.compile(source ? { $ref: `${this.documentId(engine, source.document, direction)}#${source.pointer}` } : standalone());
      try {
        compiled = { ok: true, validate: compileWith(this.engines.discriminating) };
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('discriminator:')) throw error;
        compiled = { ok: true, validate: compileWith(this.engines.plain) };
      }
    } catch (error) {
      // A schema ajv cannot compile (a pattern that is no regular expression, a keyword
      // with a value of the wrong type, nesting deeper than the stack) is the document's
      // mistake, reported at the example that needed it.
      compiled = unusable(error);
    }
    this.cache[direction].set(schema, compiled);
    return compiled;
  }

  private documentId(engine: Engine, document: object, direction: Direction): string {
    let id = engine.documents[direction].get(document);
    if (!id) {
      // Never fetched (ajv loads nothing by itself), only a name: .invalid is reserved.
      id = `https://openapi-${this.documentCount++}-${direction}.bankdocs.invalid/openapi.json`;
      engine.ajv.addSchema(validationView(document, direction), id);
      engine.documents[direction].set(document, id);
    }
    return id;
  }
}

function unusable(error: unknown): Compiled {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  return { ok: false, problem: { pointer: '', message: `the OpenAPI schema for this cannot be compiled (${reason}); fix it in the OpenAPI document` } };
}

function describeError(error: ErrorObject): SchemaProblem {
  // A JSON pointer into the value ("/data/attributes"); the value itself is no "/" to a reader.
  const where = error.instancePath || 'the value';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return { pointer: `${error.instancePath}/${String(params.additionalProperty)}`, message: `unknown property "${String(params.additionalProperty)}" ${error.instancePath ? `at ${where}` : 'at the top level'}` };
    case 'required':
      return { pointer: error.instancePath, message: `missing required property "${String(params.missingProperty)}" ${error.instancePath ? `at ${where}` : 'at the top level'}` };
    case 'enum':
      return { pointer: error.instancePath, message: `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'type': {
      const types = Array.isArray(params.type) ? params.type.map(String) : String(params.type).split(',');
      const words = types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types.at(-1)!}` : types[0];
      return { pointer: error.instancePath, message: `${where} must be ${words}` };
    }
    case 'const':
      return { pointer: error.instancePath, message: `${where} must be ${JSON.stringify(params.allowedValue)}` };
    case 'discriminator':
      return { pointer: `${error.instancePath}/${String(params.tag)}`, message: params.error === 'mapping' ? `${where} has "${String(params.tag)}": ${JSON.stringify(params.tagValue)}, which is none of the kinds the schema lists` : `${where} needs "${String(params.tag)}" to tell which kind it is` };
    default:
      return { pointer: error.instancePath, message: `${where} ${error.message ?? 'is invalid'}` };
  }
}
