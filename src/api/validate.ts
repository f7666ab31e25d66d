// JSON Schema validation of request bodies and responses against the OpenAPI document
// (OpenAPI 3.1 schemas are JSON Schema 2020-12), with ajv.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Operation, Schema } from './openapi.js';

// ajv-formats is CommonJS: its default export is the plugin under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface SchemaProblem {
  /** JSON pointer into the validated value, e.g. "/data/attributes/currency". */
  pointer: string;
  message: string;
}

/** Compiles each schema once; owned by the caller. */
export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new WeakMap<object, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(this.ajv);
    // OpenAPI keywords and extensions that are not JSON Schema.
    for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs']) this.ajv.addKeyword(keyword);
  }

  validate(schema: Schema, value: unknown): SchemaProblem[] {
    let fn = this.cache.get(schema);
    if (!fn) {
      fn = this.ajv.compile(schema);
      this.cache.set(schema, fn);
    }
    return fn(value) ? [] : (fn.errors ?? []).map(describeError);
  }

  requestBody(operation: Operation, value: unknown): SchemaProblem[] {
    return operation.requestBody ? this.validate(operation.requestBody.schema, value) : [];
  }

  response(operation: Operation, status: string, value: unknown): SchemaProblem[] {
    const schema = operation.responses[status]?.schema;
    if (!schema) return [{ pointer: '', message: `the operation documents no JSON response with status ${status}` }];
    return this.validate(schema, value);
  }
}

function describeError(error: ErrorObject): SchemaProblem {
  const where = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return { pointer: `${error.instancePath}/${String(params.additionalProperty)}`, message: `unknown property "${String(params.additionalProperty)}" at ${where}` };
    case 'required':
      return { pointer: error.instancePath, message: `missing required property "${String(params.missingProperty)}" at ${where}` };
    case 'enum':
      return { pointer: error.instancePath, message: `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { pointer: error.instancePath, message: `${where} ${error.message ?? 'is invalid'}` };
  }
}
