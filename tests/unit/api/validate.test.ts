import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeDocument } from '../../helpers/openapi.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadApi, type ApiModel, type Schema } from '../../../src/api/openapi.js';
import { checkRefs, resolvedViews } from '../../../src/api/resolve-refs.js';
import { SchemaValidator } from '../../../src/api/validate.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
async function api(schemas: string): Promise<ApiModel> {
  const file = join(dir, `openapi-${count++}.yaml`);
  writeFileSync(file, treeDocument(schemas));
  const loaded = await loadApi(file, 'api/openapi.yaml');
  expect(loaded.diagnostics).toEqual([]);
  return loaded.api!;
}

const NODE = `    Tree:
      type: object
      additionalProperties: false
      required: [root]
      properties:
        root:
          $ref: "#/components/schemas/Node"
    Node:
      type: object
      additionalProperties: false
      required: [name]
      properties:
        name:
          type: string
          maxLength: 5
        children:
          type: array
          items:
            $ref: "#/components/schemas/Node"
`;

describe('SchemaValidator', () => {
  it('validates against a recursive schema, to any depth of the value', async () => {
    const model = await api(NODE);
    const getTree = model.operations.getTree!;
    const validator = new SchemaValidator();
    const leaf = (name: string) => ({ name });
    expect(validator.response(getTree, '200', { root: { name: 'a', children: [{ name: 'b', children: [leaf('c')] }] } })).toEqual([]);
    expect(validator.response(getTree, '200', { root: { name: 'a', children: [{ name: 'b', children: [{ name: 'toolong', extra: 1 }] }] } })).toEqual([
      { pointer: '/root/children/0/children/0/extra', message: 'unknown property "extra" at /root/children/0/children/0' },
      { pointer: '/root/children/0/children/0/name', message: '/root/children/0/children/0/name must NOT have more than 5 characters' },
    ]);
    // A part of the model, and a part that is a recursive $ref itself.
    expect(validator.validate(model.schemas.Node!, { name: 1 })).toEqual([{ pointer: '/name', message: '/name must be string' }]);
    expect(validator.validate(model.schemas.Node!.properties!.children!.items!, {})).toEqual([{ pointer: '', message: 'missing required property "name" at the top level' }]);
  });

  it('validates against plain schemas as before', () => {
    const validator = new SchemaValidator();
    const schema = { type: 'object', properties: { currency: { enum: ['EUR'] } } };
    expect(validator.validate(schema, { currency: 'USD' })).toEqual([{ pointer: '/currency', message: '/currency must be one of "EUR"' }]);
    // Several types are said in words: GitHub's examples read "must be string,null".
    expect(validator.validate({ type: 'object', properties: { gravatar_id: { type: ['string', 'null'] } } }, { gravatar_id: 1 })).toEqual([{ pointer: '/gravatar_id', message: '/gravatar_id must be string or null' }]);
    expect(validator.validate({ type: ['integer', 'string', 'null'] }, true)).toEqual([{ pointer: '', message: 'the value must be integer, string or null' }]);
  });

  it('accepts a format it does not know, as OpenAPI asks, without printing ajv\'s own warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const validator = new SchemaValidator();
      expect(validator.validate({ type: 'string', format: 'iban' }, 'NL91ABNA0417164300')).toEqual([]);
      expect([...warn.mock.calls, ...log.mock.calls]).toEqual([]);
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it('reports a schema it cannot compile as a problem instead of throwing', () => {
    const validator = new SchemaValidator();
    expect(validator.validate({ type: 'string', pattern: '[' }, 'x')).toEqual([
      { pointer: '', message: expect.stringMatching(/^the OpenAPI schema for this cannot be compiled \(.+\); fix it in the OpenAPI document$/) },
    ]);
  });

  it('does not overflow on a long chain of $refs (built shallow, deep to compile)', () => {
    // Listed deepest first, so that each view is built a level at a time.
    const schemas: Record<string, unknown> = { S3000: { type: 'string' } };
    for (let i = 2999; i >= 0; i--) schemas[`S${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${i + 1}` } } };
    const document = { openapi: '3.1.0', components: { schemas } };
    const check = checkRefs(document);
    const [components] = resolvedViews(document, check, ['/components']) as [{ schemas: Record<string, Schema> }];
    const validator = new SchemaValidator();
    expect(validator.validate(components.schemas.S0!, { next: { next: 1 } })).toEqual([
      { pointer: '', message: 'the OpenAPI schema for this cannot be compiled (Maximum call stack size exceeded); fix it in the OpenAPI document' },
    ]);
    // The validator goes on working, for the same document too.
    expect(validator.validate(components.schemas.S2998!, { next: { next: 1 } })).toEqual([{ pointer: '/next/next', message: '/next/next must be string' }]);
  });
});

/** A document with POST /users answering 201 with the same User schema it takes. */
const usersDocument = (openapi: string, user: string) => `openapi: ${openapi}
info: { title: Users, version: "1" }
servers:
  - url: https://api.test.example
paths:
  /users:
    post:
      operationId: createUser
      parameters:
        - name: min
          in: query
          schema: { type: number, minimum: 0, exclusiveMinimum: true }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/User" }
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/User" }
components:
  schemas:
${user}`;

const USER = `    Id:
      type: string
      readOnly: true
    Owner:
      type: object
      required: [name]
      properties:
        name: { type: string }
    User:
      type: object
      required: [id, email, password, ref]
      properties:
        id: { type: string, readOnly: true }
        ref: { $ref: "#/components/schemas/Id" }
        email: { type: string }
        password: { type: string, writeOnly: true }
        owner:
          nullable: true
          description: The owner, if any.
          allOf:
            - $ref: "#/components/schemas/Owner"
        nickname: { type: string, nullable: true, enum: [a, b] }
        nullable: { type: boolean }
`;

describe('SchemaValidator, each direction and OpenAPI 3.0', () => {
  async function loadUsers(openapi: string) {
    const file = join(dir, `users-${count++}.yaml`);
    writeFileSync(file, usersDocument(openapi, USER));
    return loadApi(file, 'api/openapi.yaml');
  }

  /** The model; a 3.1 document's one mistake is the boolean exclusive bound of the parameter min. */
  async function users(openapi: string): Promise<ApiModel> {
    const loaded = await loadUsers(openapi);
    expect(loaded.diagnostics.map((d) => d.message)).toEqual(openapi.startsWith('3.1') ? [expect.stringMatching(/^exclusiveMinimum is a number in OpenAPI 3\.1/)] : []);
    return loaded.api!;
  }

  it('requires read-only properties in responses only, and write-only ones in requests only', async () => {
    const model = await users('3.1.0');
    const create = model.operations.createUser!;
    const validator = new SchemaValidator({ openapi: model.openapi });
    expect(validator.requestBody(create, { email: 'a@example.com', password: 'secret' })).toEqual([]);
    expect(validator.response(create, '201', { id: 'u1', ref: 'r1', email: 'a@example.com' })).toEqual([]);
    expect(validator.requestBody(create, { email: 'a@example.com' })).toEqual([{ pointer: '', message: 'missing required property "password" at the top level' }]);
    expect(validator.response(create, '201', { email: 'a@example.com' })).toEqual([
      { pointer: '', message: 'missing required property "id" at the top level' },
      { pointer: '', message: 'missing required property "ref" at the top level' },
    ]);
  });

  it("reads OpenAPI 3.0's nullable and boolean exclusive bounds", async () => {
    const model = await users('3.0.3');
    const create = model.operations.createUser!;
    const validator = new SchemaValidator({ openapi: model.openapi });
    const user = { email: 'a@example.com', password: 'secret' };
    expect(validator.requestBody(create, { ...user, owner: null, nickname: null, nullable: true })).toEqual([]);
    expect(validator.requestBody(create, { ...user, owner: { name: 'Ann' }, nickname: 'a' })).toEqual([]);
    expect(validator.requestBody(create, { ...user, owner: {} }).map((p) => p.message)).toContain('missing required property "name" at /owner');
    expect(validator.requestBody(create, { ...user, nickname: 'c' }).map((p) => p.message)).toContain('/nickname must be one of "a", "b", null');
    const min = create.parameters[0]!.schema;
    expect(validator.validate(min, 0)).toEqual([{ pointer: '', message: 'the value must be > 0' }]);
    expect(validator.validate(min, 0.5)).toEqual([]);
  });

  it("reports a 3.1 document's boolean exclusive bound at its line when loading it: only 3.0 has them", async () => {
    const loaded = await loadUsers('3.1.0');
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'openapi-invalid', line: 12, column: 65, message: 'exclusiveMinimum is a number in OpenAPI 3.1, the bound itself; exclusiveMinimum: true beside minimum is OpenAPI 3.0' }),
    ]);
    const model = loaded.api!;
    const validator = new SchemaValidator({ openapi: model.openapi });
    expect(validator.validate(model.operations.createUser!.parameters[0]!.schema, 0)[0]?.message).toMatch(/cannot be compiled/);
  });
});

describe('the messages', () => {
  it('name the constant a value must be', () => {
    expect(new SchemaValidator().validate({ type: 'object', properties: { kind: { const: 'circle' } } }, { kind: 'square' })).toEqual([{ pointer: '/kind', message: '/kind must be "circle"' }]);
  });
});

describe('a oneOf with a discriminator', () => {
  const branch = (kind: string, field: string) => ({ type: 'object', required: ['kind', field], properties: { kind: { const: kind }, [field]: { type: 'number' } } });
  const shape = (discriminator: Record<string, unknown>) => ({ oneOf: [branch('circle', 'radius'), branch('square', 'side')], discriminator });

  it('is told only the problems of the branch its property names', () => {
    expect(new SchemaValidator().validate(shape({ propertyName: 'kind' }), { kind: 'circle', radius: '2' })).toEqual([{ pointer: '/radius', message: '/radius must be number' }]);
  });

  it('with a mapping (which ajv cannot read) is validated as a plain oneOf rather than refused', () => {
    const problems = new SchemaValidator().validate(shape({ propertyName: 'kind', mapping: { circle: '#/x', square: '#/y' } }), { kind: 'circle', radius: 2 });
    expect(problems).toEqual([]);
  });
});

describe('SchemaValidator compiles a $ref once (inlineRefs: false)', () => {
  it('gives the verdicts and errors of refs compiled into every place, for the bundled site\'s examples and a thousand changes of them', async () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const loaded = await loadApi(join(root, 'content', 'api', 'openapi.yaml'), 'api/openapi.yaml');
    const model = loaded.api!;
    // Every response example of the API reference's sections, by operation and status.
    const examples: { operation: string; status: string; value: unknown }[] = [];
    for (const file of readdirSync(join(root, 'content', 'api')).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(root, 'content', 'api', file), 'utf8');
      for (const section of text.split(/^:::operation\{id="/m).slice(1)) {
        const operation = section.slice(0, section.indexOf('"'));
        for (const match of section.matchAll(/^```json response ?(\d{3})?\n([\s\S]*?)^```/gm)) examples.push({ operation, status: match[1] ?? '200', value: JSON.parse(match[2]!) as unknown });
      }
    }
    expect(examples.length).toBeGreaterThan(40);
    /** The value, and each change of one place in it: a key left out, a leaf of another type, an unknown key. */
    const changes = function* (value: unknown): Generator<unknown> {
      yield value;
      const paths: (string | number)[][] = [];
      const walk = (node: unknown, path: (string | number)[]) => {
        paths.push(path);
        if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...path, Array.isArray(node) ? Number(key) : key]);
      };
      walk(value, []);
      for (const path of paths.slice(1)) {
        for (const change of ['drop', 'retype', 'extra'] as const) {
          const copy = structuredClone(value) as Record<string | number, unknown>;
          let parent = copy;
          for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
          const last = path.at(-1)!;
          if (change === 'drop') delete parent[last];
          else if (change === 'retype') parent[last] = typeof parent[last] === 'string' ? 42 : 'text';
          else if (parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last])) (parent[last] as Record<string, unknown>).unexpected = true;
          else continue;
          yield copy;
        }
      }
    };
    const once = new SchemaValidator({ openapi: model.openapi });
    const inlined = new SchemaValidator({ openapi: model.openapi, inlineRefs: true });
    let compared = 0;
    let problems = 0;
    for (const { operation, status, value } of examples) {
      const op = model.operations[operation]!;
      for (const changed of changes(value)) {
        const got = once.response(op, status, changed);
        expect(got).toEqual(inlined.response(op, status, changed));
        compared++;
        problems += got.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(problems).toBeGreaterThan(1000);
  });
});
