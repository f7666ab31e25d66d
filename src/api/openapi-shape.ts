// The shape of the parts of an OpenAPI document bankdocs reads: each value where the model,
// the page and the checks expect it to be a string, a list or a mapping. A document that
// is not OpenAPI there (`parameters:` written as a mapping, a scalar `enum`, a number as a
// `summary`) is told so at its line, instead of failing later inside the reference ("own
// is not iterable", "the Markdown could not be rendered"). Everything else is left open:
// extensions, keywords bankdocs does not read, and the parts JSON Schema allows anywhere;
// an empty value (`components:` with nothing under it) is as good as none.
import { z } from 'zod';

const text = z.string();

/** A JSON Schema (OpenAPI 3.1 also allows true and false); a $ref object passes as one. */
const schema: z.ZodType = z.lazy(() => z.union([schemaObject, z.boolean()]));
const schemaObject = z.looseObject({
  type: z.union([text, z.array(text)]).nullish(),
  format: text.nullish(),
  description: text.nullish(),
  title: text.nullish(),
  pattern: text.nullish(),
  enum: z.array(z.unknown()).nullish(),
  required: z.array(text).nullish(),
  properties: z.record(z.string(), schema).nullish(),
  items: schema.nullish(),
  additionalProperties: schema.nullish(),
  allOf: z.array(schema).nullish(),
  anyOf: z.array(schema).nullish(),
  oneOf: z.array(schema).nullish(),
  minimum: z.number().nullish(),
  maximum: z.number().nullish(),
  // A number in 3.1, a boolean beside minimum in 3.0.
  exclusiveMinimum: z.union([z.number(), z.boolean()]).nullish(),
  exclusiveMaximum: z.union([z.number(), z.boolean()]).nullish(),
  minLength: z.number().nullish(),
  maxLength: z.number().nullish(),
  minItems: z.number().nullish(),
  maxItems: z.number().nullish(),
  readOnly: z.boolean().nullish(),
  writeOnly: z.boolean().nullish(),
  nullable: z.boolean().nullish(),
  deprecated: z.boolean().nullish(),
});

const reference = z.looseObject({ $ref: text });

const parameter = z.union([
  z.looseObject({
    name: text,
    in: z.enum(['path', 'query', 'header', 'cookie']),
    required: z.boolean().nullish(),
    description: text.nullish(),
    deprecated: z.boolean().nullish(),
    style: text.nullish(),
    schema: schema.nullish(),
  }),
  reference,
]);

const media = z.looseObject({ schema: schema.nullish(), examples: z.record(z.string(), z.unknown()).nullish() });

/** A response's header (`headers.Location`): a parameter without its name and place. */
const header = z.union([
  z.looseObject({
    description: text.nullish(),
    required: z.boolean().nullish(),
    deprecated: z.boolean().nullish(),
    schema: schema.nullish(),
    content: z.record(z.string(), media).nullish(),
  }),
  reference,
]);

const operation = z.looseObject({
  operationId: text.nullish(),
  summary: text.nullish(),
  description: text.nullish(),
  deprecated: z.boolean().nullish(),
  tags: z.array(text).nullish(),
  security: z.array(z.record(z.string(), z.array(text))).nullish(),
  parameters: z.array(parameter).nullish(),
  requestBody: z.union([z.looseObject({ description: text.nullish(), required: z.boolean().nullish(), content: z.record(z.string(), media).nullish() }), reference]).nullish(),
  responses: z.record(z.string(), z.union([z.looseObject({ description: text.nullish(), content: z.record(z.string(), media).nullish(), headers: z.record(z.string(), header).nullish() }), reference])).nullish(),
  'x-scopes': z.array(text).nullish(),
});

const pathItem = z.looseObject({
  summary: text.nullish(),
  description: text.nullish(),
  parameters: z.array(parameter).nullish(),
  get: operation.nullish(),
  put: operation.nullish(),
  post: operation.nullish(),
  delete: operation.nullish(),
  patch: operation.nullish(),
  head: operation.nullish(),
  options: operation.nullish(),
});

export const openApiShape = z.looseObject({
  openapi: z.union([text, z.number()]).nullish(),
  info: z.looseObject({ title: text.nullish(), version: z.union([text, z.number()]).nullish(), description: text.nullish() }).nullish(),
  servers: z.array(z.looseObject({ url: text, variables: z.record(z.string(), z.looseObject({ enum: z.array(z.unknown()).nullish() })).nullish() })).nullish(),
  paths: z.record(z.string(), z.union([pathItem, reference])).nullish(),
  components: z
    .looseObject({
      schemas: z.record(z.string(), schema).nullish(),
      parameters: z.record(z.string(), parameter).nullish(),
      headers: z.record(z.string(), header).nullish(),
      securitySchemes: z.record(z.string(), z.looseObject({ type: text.nullish(), scheme: text.nullish(), in: text.nullish(), name: text.nullish() })).nullish(),
    })
    .nullish(),
  security: z.array(z.record(z.string(), z.array(text))).nullish(),
  tags: z.array(z.looseObject({ name: text, description: text.nullish() })).nullish(),
});
