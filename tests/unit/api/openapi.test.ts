import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeDocument } from '../../helpers/openapi.js';
import { afterAll, describe, expect, it } from 'vitest';
import { describeSecurity } from '../../../src/api/auth.js';
import { builtinStrings } from '../../../theme/components/strings.js';
import { parameterRows } from '../../../src/api/describe-schema.js';
import { loadApi, operationOf, serverBasePath, serverOf, serverUrls, type LoadedApi } from '../../../src/api/openapi.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
async function load(text: string | Buffer): Promise<LoadedApi & { file: string }> {
  const file = join(dir, `openapi-${count++}.yaml`);
  writeFileSync(file, text);
  return { ...(await loadApi(file, 'api/openapi.yaml')), file };
}
const where = (loaded: LoadedApi) => loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`);



const RECURSIVE = `    Tree:
      type: object
      required: [root]
      properties:
        root:
          $ref: "#/components/schemas/Node"
    Node:
      type: object
      required: [name]
      properties:
        name:
          type: string
        children:
          type: array
          items:
            $ref: "#/components/schemas/Node"
`;

describe('loadApi', () => {
  it('loads a recursive schema into a finite model that clones and serializes', async () => {
    const loaded = await load(treeDocument(RECURSIVE));
    expect(loaded.diagnostics).toEqual([]);
    const api = loaded.api!;
    const schema = api.operations.getTree!.responses['200']!.schema!;
    expect(schema.properties!.root).toBe(api.schemas.Node);
    expect(api.schemas.Node!.properties!.children!.items).toEqual({ $ref: '#/components/schemas/Node' });
    // Render threads get the model by structured clone; nothing may make it cyclic.
    expect(() => JSON.stringify(api)).not.toThrow();
    expect(structuredClone(api).operations.getTree!.responses['200']!.schema!.properties!.root!.properties!.name).toEqual({ type: 'string' });
  });

  it('takes any string as an operationId, the names an object inherits too', async () => {
    const doc = `openapi: 3.1.0
info: { title: T, version: "1" }
paths:
  /a: { get: { operationId: constructor, responses: { "200": { description: ok } } } }
  /b: { get: { operationId: toString, responses: { "200": { description: ok } } } }
`;
    const loaded = await load(doc);
    expect(loaded.diagnostics).toEqual([]);
    expect(operationOf(loaded.api, 'constructor')?.path).toBe('/a');
    expect(operationOf(loaded.api, 'toString')?.path).toBe('/b');
    expect(operationOf(loaded.api, 'hasOwnProperty')).toBeUndefined();
    // As a render thread gets it: a structured clone, whose object has a prototype again.
    expect(operationOf(structuredClone(loaded.api), 'valueOf')).toBeUndefined();
  });

  it('names each scope once, and keeps a parameter\'s own example (the table showed "read, read, write" and dropped it)', async () => {
    const doc = `openapi: 3.1.0
info: { title: T, version: "1" }
components:
  securitySchemes:
    oauth: { type: oauth2, flows: { clientCredentials: { tokenUrl: /token, scopes: { read: r, write: w } } } }
paths:
  /a:
    get:
      operationId: getA
      security: [{ oauth: [read] }, { oauth: [read, write] }]
      parameters:
        - { name: from, in: query, schema: { type: string, format: date }, example: "2025-03-01" }
        - { name: to, in: query, schema: { type: string, example: "2025-01-01" }, examples: { late: { value: "2025-03-31" } } }
        - { name: sort, in: query, schema: { type: string } }
      responses: { "200": { description: ok } }
`;
    const loaded = await load(doc);
    expect(loaded.diagnostics).toEqual([]);
    const operation = operationOf(loaded.api, 'getA')!;
    expect(operation.scopes).toEqual(['read', 'write']);
    expect(parameterRows(operation.parameters).map((r) => r.rules)).toEqual([['example `2025-03-01`'], ['example `2025-03-31`'], []]);
  });

  it("says how an OAuth 2.0 scheme's token is got, in the page's language", async () => {
    // Open Banking UK: a consent takes the client's own token, an account one the customer
    // authorised; both read "bearer access token", so the reader could not tell which to get.
    const doc = `openapi: 3.0.0
info: { title: T, version: "1" }
components:
  securitySchemes:
    TPPOAuth2Security: { type: oauth2, flows: { clientCredentials: { tokenUrl: https://auth.example/token, scopes: { accounts: a } } } }
    PSUOAuth2Security: { type: oauth2, flows: { authorizationCode: { authorizationUrl: https://auth.example/authorize, tokenUrl: https://auth.example/token, scopes: { accounts: a } }, x-custom: {} } }
    Both: { type: oauth2, flows: { implicit: { authorizationUrl: https://auth.example/authorize, scopes: {} }, password: { tokenUrl: https://auth.example/token, scopes: {} } } }
    Bearer: { type: http, scheme: bearer }
paths:
  /account-access-consents:
    post: { operationId: CreateAccountAccessConsents, security: [{ TPPOAuth2Security: [accounts] }], responses: { "201": { description: ok } } }
  /accounts:
    get: { operationId: GetAccounts, security: [{ PSUOAuth2Security: [accounts] }, { Both: [] }, { Bearer: [] }], responses: { "200": { description: ok } } }
`;
    const loaded = await load(doc);
    expect(loaded.diagnostics).toEqual([]);
    const consents = operationOf(loaded.api, 'CreateAccountAccessConsents')!;
    const accounts = operationOf(loaded.api, 'GetAccounts')!;
    expect(consents.security).toEqual([[{ auth: 'bearer', flows: ['clientCredentials'] }]]);
    expect(consents.auth).toBe('bearer');
    expect(describeSecurity(consents.security, builtinStrings.en)).toBe('bearer access token (OAuth 2.0: client credentials)');
    expect(describeSecurity(accounts.security, builtinStrings.en)).toBe('bearer access token (OAuth 2.0: authorization code) / bearer access token (OAuth 2.0: implicit, password) / bearer access token');
    expect(describeSecurity(consents.security, builtinStrings.de!)).toBe('Bearer-Zugriffstoken (OAuth 2.0: Client-Zugangsdaten)');
  });

  it('keeps the document as written, $refs unresolved, for /openapi.json', async () => {
    const loaded = await load(treeDocument(RECURSIVE));
    const document = loaded.api!.document as { paths: Record<string, any> };
    expect(document.paths['/tree'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Tree' });
  });

  it('refuses a YAML alias, at the alias, and publishes nothing', async () => {
    const loaded = await load(treeDocument(`    Base: &base\n      type: object\n    Tree: *base\n`));
    expect(loaded.api).toBeNull();
    expect(where(loaded)).toEqual(['20:11 openapi-yaml-alias']);
    expect(loaded.diagnostics[0]!.message).toBe('the OpenAPI document uses the YAML alias *base; write a $ref instead');
  });

  it('refuses an alias bomb as aliases, without expanding it (a 3 MB one published 300 MB)', async () => {
    const bomb = Array.from({ length: 10 }, (_, i) => (i === 0 ? '    L0: &l0 ["lol"]' : `    L${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`)).join('\n');
    const loaded = await load(treeDocument(`    Tree: { type: object }\n${bomb}\n`));
    expect(loaded.api).toBeNull();
    expect(loaded.diagnostics.every((d) => d.ruleId === 'openapi-yaml-alias')).toBe(true);
    expect(loaded.diagnostics).toHaveLength(20);
    expect(loaded.diagnostics[19]!.message).toMatch(/\(and 61 more aliases after this one\)$/);
    expect(where(loaded)[0]).toBe('20:14 openapi-yaml-alias');
  });

  it('refuses external $refs at their line, and reads or fetches nothing', async () => {
    const loaded = await load(treeDocument(`    Tree:\n      $ref: "https://127.0.0.1:1/schema.yaml"\n    Secret:\n      $ref: "file:///etc/passwd"\n    Up:\n      $ref: "../../secret.yaml"\n`));
    expect(loaded.api).toBeNull();
    expect(where(loaded).sort()).toEqual(['19:13 openapi-ref-external', '21:13 openapi-ref-external', '23:13 openapi-ref-external']);
    expect(loaded.diagnostics.find((d) => d.line === 21)!.message).toBe('the $ref "file:///etc/passwd" points outside the OpenAPI document; bankdocs reads no other file and fetches nothing');
  });

  it('refuses a $ref to itself, at the $ref', async () => {
    const loaded = await load(treeDocument(`    Tree:\n      $ref: "#/components/schemas/Tree"\n`));
    expect(loaded.api).toBeNull();
    expect(where(loaded)).toEqual(['19:13 openapi-invalid']);
    expect(loaded.diagnostics[0]!.message).toBe('the $ref "#/components/schemas/Tree" leads back to itself through $refs alone, so it names no schema');
  });

  it('refuses a $ref to nothing, at the $ref', async () => {
    const loaded = await load(treeDocument(`    Tre: { type: object }\n`));
    expect(where(loaded)).toEqual(['15:23 openapi-invalid']);
  });

  it('refuses a document over 32 MiB by its size, at line 1, column 1', async () => {
    const loaded = await load(Buffer.concat([Buffer.from(treeDocument(RECURSIVE)), Buffer.alloc(33 * 1024 * 1024, 0x0a)]));
    expect(loaded.api).toBeNull();
    expect(loaded.diagnostics).toEqual([expect.objectContaining({ ruleId: 'file-too-large', line: 1, column: 1, file: loaded.file })]);
  });

  it('reports one broken line once, not the problems the parser meets after it', async () => {
    const loaded = await load(treeDocument(`    Tree:\n      type: object\n       bad: [unclosed\n    Node: { type: object }\n`));
    expect(loaded.diagnostics).toHaveLength(1);
    expect(loaded.diagnostics[0]).toMatchObject({ ruleId: 'openapi-yaml-syntax', message: expect.stringMatching(/\(and \d+ more problems? after it, which may follow from this one\)$/) });
  });

  it('reports a repeated key as before: openapi-yaml-syntax at the second key', async () => {
    const loaded = await load(treeDocument(`${RECURSIVE}    Tree: { type: string }\n`));
    expect(where(loaded)).toEqual(['34:5 openapi-yaml-syntax']);
  });

  it('reports two mistyped fields of a path item or a response each at its line, not a missing $ref', async () => {
    const doc = `openapi: 3.1.0
info: { title: T, version: "1" }
paths:
  /status:
    summary: 5
    description: 6
    get:
      operationId: getStatus
      responses:
        "200":
          description: 7
          content: []
`;
    const loaded = await load(doc);
    expect(loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '5:14 paths./status.summary must be text, not the number 5',
      '6:18 paths./status.description must be text, not the number 6',
      '11:24 paths./status.get.responses.200.description must be text, not the number 7',
      '12:20 paths./status.get.responses.200.content must be a mapping (key: value lines), not a list',
    ]);
  });

  it("reports a mistyped response header at its line (the reference lists headers)", async () => {
    const doc = `openapi: 3.1.0
info: { title: T, version: "1" }
paths:
  /status:
    get:
      operationId: getStatus
      responses:
        "200":
          description: OK
          headers:
            Retry-After:
              required: "yes"
              description: [seconds]
`;
    const loaded = await load(doc);
    expect(loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`).sort()).toEqual([
      '12:25 openapi-invalid paths./status.get.responses.200.headers.Retry-After.required must be true or false, not the text "yes"',
      '13:28 openapi-invalid paths./status.get.responses.200.headers.Retry-After.description must be text, not a list',
    ]);
    expect(loaded.api).toBeNull();
  });

  it('refuses a document that is not a mapping', async () => {
    expect(where(await load('- just\n- a list\n'))).toEqual(['1:1 openapi-invalid']);
  });
});

describe('a relative server ("/v2")', () => {
  it('is its path on whatever origin the example calls, and the mock serves under it', () => {
    expect(serverOf(['/v2'], 'https://api.example.com/v2/status')).toBe('https://api.example.com/v2');
    expect(serverOf(['/v2/'], 'http://127.0.0.1:4010/v2')).toBe('http://127.0.0.1:4010/v2');
    expect(serverOf(['/v2'], 'https://api.example.com/status')).toBeNull();
    expect(serverOf(['/v2'], '/v2/status')).toBeNull();
    expect(serverBasePath('/v2/')).toBe('/v2');
    expect(serverBasePath('https://api.example.com/v1')).toBe('/v1');
    expect(serverBasePath(undefined)).toBe('');
  });
});

describe('server variables', () => {
  it('stand for every URL their values give, the defaults first, so an example on any of them is on the API', () => {
    const urls = serverUrls({ url: 'https://{region}.api.example.com/{version}', variables: { region: { default: 'eu', enum: ['eu', 'us'] }, version: { default: 'v1' } } });
    expect(urls).toEqual(['https://eu.api.example.com/v1', 'https://us.api.example.com/v1']);
    expect(serverOf(urls, 'https://us.api.example.com/v1/status')).toBe('https://us.api.example.com/v1');
    expect(serverOf(urls, 'https://{region}.api.example.com/v1/status')).toBeNull();
    expect(serverUrls({ url: 'https://api.example.com' })).toEqual(['https://api.example.com']);
  });

  it('give only the defaults when their values would make too many URLs', () => {
    const many = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`v${i}`, { default: 'a', enum: ['a', 'b', 'c', 'd'] }]));
    expect(serverUrls({ url: 'https://{v0}{v1}{v2}{v3}.example.com', variables: many })).toEqual(['https://aaaa.example.com']);
  });
});

describe('schema keywords the validator cannot compile', () => {
  const doc = (openapi: string, schemas: string) => `openapi: ${openapi}
info: { title: T, version: "1" }
paths:
  /a:
    post:
      operationId: a
      parameters:
        - { name: q, in: query, schema: { type: string, pattern: "([" } }
        - { name: kind, in: query, schema: { type: string, enum: [] } }
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { id: { $ref: 5 } } }
            example: { schema: { enum: [] } }
      responses:
        "200":
          description: ok
          headers:
            X-Count: { schema: { type: intger } }
          content:
            application/json:
              schema: { type: array, items: { not: { minLength: -1 } } }
components:
  schemas:
${schemas}`;

  it('are openapi-invalid at the keyword, in parameters, bodies, responses, headers and components, and the model is kept', async () => {
    const loaded = await load(doc('3.1.0', '    Tags:\n      patternProperties:\n        "^x-(": { type: string }\n    Min: { type: number, minimum: 1, exclusiveMinimum: true }\n'));
    expect(loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([
      '8:66 openapi-invalid the pattern "([" is not a regular expression: unterminated character class',
      '9:66 openapi-invalid the enum lists no values, so no value would be valid',
      '13:63 openapi-invalid $ref takes a text',
      '19:40 openapi-invalid "intger" is not a JSON Schema type',
      '22:65 openapi-invalid minLength takes a whole number, 0 or more',
      '27:9 openapi-invalid the pattern "^x-(" is not a regular expression: unterminated group',
      '28:56 openapi-invalid exclusiveMinimum is a number in OpenAPI 3.1, the bound itself; exclusiveMinimum: true beside minimum is OpenAPI 3.0',
    ]);
    expect(loaded.diagnostics[3]!.hint).toBe('did you mean "integer"?');
    expect(loaded.api?.operations.a).toBeDefined();
  });

  it('pass when they compile: a 3.0 boolean exclusive bound, and examples holding a "schema" key', async () => {
    const valid = doc('3.0.3', '    Min: { type: number, minimum: 1, exclusiveMinimum: true }\n')
      .replace('pattern: "(["', 'pattern: "^[a-z]+$"')
      .replace('enum: []', 'enum: [a]')
      .replace('$ref: 5', '$ref: "#/components/schemas/Min"')
      .replace('type: intger', 'type: integer')
      .replace('minLength: -1', 'minLength: 1');
    expect((await load(valid)).diagnostics).toEqual([]);
  });
});

describe('an enum that lists a value twice', () => {
  it('is a warning at the value listed again, naming it and where it is first, and the model is kept', async () => {
    // Open Banking UK's frequency codes list WEEK twice; the reference showed it twice.
    const loaded = await load(`openapi: 3.0.1
info: { title: T, version: "1" }
paths:
  /standing-orders:
    get:
      operationId: listStandingOrders
      parameters:
        - { name: kind, in: query, schema: { type: string, enum: [a, b, a] } }
      responses:
        "200": { description: ok }
components:
  schemas:
    Frequency:
      type: string
      enum:
        - MNTH
        - WEEK
        - WEEK
        - 1
        - "1"
`);
    expect(loaded.diagnostics.map((d) => [`${d.line}:${d.column}`, d.ruleId, d.severity, d.message, d.hint])).toEqual([
      ['8:73', 'openapi-enum-repeated', 'warning', 'the enum lists "a" twice, as values 1 and 3', 'list each value once: remove this one'],
      ['18:11', 'openapi-enum-repeated', 'warning', 'the enum lists "WEEK" twice, as values 2 and 3', 'list each value once: remove this one'],
    ]);
    expect(loaded.api?.operations.listStandingOrders).toBeDefined();
  });
});
