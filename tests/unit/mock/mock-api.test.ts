// The mock API without its server: a request in, an answer out. Valid requests get the
// documented example and status; each kind of mistake gets its status and the exact
// problem in the API's error format; --stateful remembers what was created.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApi, type ApiModel } from '../../../src/api/openapi.js';
import type { Page } from '../../../src/content/site.js';
import { countSources, documentedResponses } from '../../../src/mock/documented-responses.js';
import { MockApi, sequentialUuid, type MockRequest } from '../../../src/mock/mock-api.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-mock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPENAPI = `openapi: 3.1.0
info: { title: Thing API, version: "1" }
servers:
  - url: https://api.things.example/v2
security:
  - bearerAuth: []
paths:
  /oauth2/token:
    post:
      operationId: createToken
      security:
        - basicAuth: []
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              additionalProperties: false
              required: [grant_type]
              properties:
                grant_type: { type: string, enum: [client_credentials] }
      responses:
        "200":
          description: A token.
          content:
            application/json:
              schema: { type: object }
              examples:
                default:
                  value: { access_token: from-openapi, token_type: bearer }
  /things:
    get:
      operationId: listThings
      parameters:
        - { name: "page[limit]", in: query, schema: { type: integer, minimum: 1, maximum: 100 } }
        - { name: "page[after]", in: query, schema: { type: string } }
      responses:
        "200":
          description: Things.
          content:
            application/json:
              schema: { type: object }
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
              required: [data]
              properties:
                data:
                  type: object
                  required: [type, attributes]
                  properties:
                    type: { type: string, enum: [thing] }
                    attributes:
                      type: object
                      additionalProperties: false
                      required: [name]
                      properties:
                        name: { type: string, maxLength: 10 }
                        colour: { type: string, enum: [red, blue] }
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: { type: object }
  /things/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string, format: uuid } }
    get:
      operationId: getThing
      responses:
        "200":
          description: A thing.
          content:
            application/json:
              schema: { type: object }
        "404":
          description: Not found.
          content:
            application/json:
              schema:
                type: object
                examples:
                  - errors: [{ code: resourceNotFound, detail: No such thing. }]
    delete:
      operationId: deleteThing
      responses:
        "204":
          description: Deleted, no body.
    patch:
      operationId: updateThing
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                data:
                  type: object
                  properties:
                    attributes: { type: object, properties: { colour: { type: string } } }
      responses:
        "200":
          description: Updated.
          content:
            application/json:
              schema: { type: object }
  /undocumented:
    get:
      operationId: getUndocumented
      responses:
        "200":
          description: Nothing shows what it looks like.
          content:
            application/json:
              schema: { type: object }
components:
  securitySchemes:
    basicAuth: { type: http, scheme: basic }
    bearerAuth: { type: http, scheme: bearer }
`;

const THING = { data: { id: '5b0e4f4e-3c1a-4d2b-9e8f-0a1b2c3d4e5f', type: 'thing', attributes: { name: 'Lamp', colour: 'red' }, links: { self: 'https://api.things.example/v2/things/5b0e4f4e-3c1a-4d2b-9e8f-0a1b2c3d4e5f' } } };
const LIST = { data: [THING.data], links: { next: 'https://api.things.example/v2/things?page%5Bafter%5D=x' } };

const SECTION = `---
title: "Things"
---

:::operation{id="createToken"}
\`\`\`json response
{ "access_token": "from-content", "token_type": "bearer" }
\`\`\`
:::

:::operation{id="listThings"}
\`\`\`json response
${JSON.stringify(LIST)}
\`\`\`
:::

:::operation{id="createThing"}
\`\`\`json response 201
${JSON.stringify(THING)}
\`\`\`
:::

:::operation{id="getThing"}
\`\`\`json response
${JSON.stringify(THING)}
\`\`\`
:::

:::operation{id="updateThing"}
\`\`\`json response
${JSON.stringify(THING)}
\`\`\`
:::
`;

let api: ApiModel;
let pages: Page[];
beforeAll(async () => {
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, OPENAPI);
  const loaded = await loadApi(file, 'api/openapi.yaml');
  expect(loaded.diagnostics).toEqual([]);
  api = loaded.api!;
  pages = [{ source: 'api/01-things.md', file: join(dir, '01-things.md'), info: { collection: 'api-section', layout: 'api', params: {} }, data: { title: 'Things' }, body: SECTION, url: null }];
});

const BEARER = { accept: 'application/json', authorization: 'Bearer test-token' };
const JSON_HEADERS = { ...BEARER, 'content-type': 'application/json' };
const thingBody = (attributes: Record<string, unknown>) => JSON.stringify({ data: { type: 'thing', attributes } });

function mock(stateful = false): MockApi {
  return new MockApi({ api, responses: documentedResponses(api, pages), stateful });
}

function ask(m: MockApi, method: string, url: string, headers: Record<string, string> = BEARER, body: string | null = null) {
  const answer = m.answer({ method, url, headers, body } satisfies MockRequest);
  return { ...answer, json: answer.body ? (JSON.parse(answer.body) as unknown) : undefined };
}

describe('documented responses', () => {
  it('takes the reference\'s response block first (what the reader sees), then the OpenAPI example, then the schema\'s examples', () => {
    const responses = documentedResponses(api, pages);
    expect(responses.get('createToken')!.success).toEqual({ status: 200, body: { access_token: 'from-content', token_type: 'bearer' }, source: 'content' });
    const withoutBlock = pages.map((page) => ({ ...page, body: page.body.replace(/:::operation\{id="createToken"\}[\s\S]*?\n:::\n/, '') }));
    expect(documentedResponses(api, withoutBlock).get('createToken')!.success).toEqual({ status: 200, body: { access_token: 'from-openapi', token_type: 'bearer' }, source: 'openapi' });
    expect(responses.get('createThing')!.success).toEqual({ status: 201, body: THING, source: 'content' });
    expect(responses.get('getThing')!.byStatus['404']).toEqual({ status: 404, body: { errors: [{ code: 'resourceNotFound', detail: 'No such thing.' }] }, source: 'schema' });
    expect(responses.get('deleteThing')!.success).toEqual({ status: 204, body: undefined, source: 'none' });
    expect(responses.get('getUndocumented')!.success).toBeNull();
    expect(countSources(responses)).toEqual({ openapi: 0, content: 5, schema: 0, none: 1, missing: 1 });
  });
});

describe('the mock API', () => {
  it('answers a valid request with the documented example and status, under the server\'s base path', () => {
    const m = mock();
    const created = ask(m, 'POST', '/v2/things', JSON_HEADERS, thingBody({ name: 'Lamp' }));
    expect(created.status).toBe(201);
    expect(created.json).toEqual(THING);
    expect(created.headers['content-type']).toBe('application/json');
    expect(created.operationId).toBe('createThing');
    const token = ask(m, 'POST', '/v2/oauth2/token', { accept: 'application/json', authorization: 'Basic aWQ6c2VjcmV0', 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
    expect([token.status, token.json]).toEqual([200, { access_token: 'from-content', token_type: 'bearer' }]);
    const deleted = ask(m, 'DELETE', `/v2/things/${THING.data.id}`);
    expect([deleted.status, deleted.body]).toEqual([204, '']);
  });

  it('gives the same answer to the same request every time', () => {
    const m = mock();
    const first = ask(m, 'POST', '/v2/things', JSON_HEADERS, thingBody({ name: 'Lamp' }));
    const second = ask(m, 'POST', '/v2/things', JSON_HEADERS, thingBody({ name: 'Lamp' }));
    expect(second.body).toBe(first.body);
  });

  it.each([
    ['an unknown path', 'GET', '/v2/thingz', BEARER, null, 404, [{ code: 'routeNotFound', detail: 'GET /thingz is no endpoint of the API' }]],
    ['a path outside the server\'s base path', 'GET', '/things', BEARER, null, 404, [{ code: 'routeNotFound', detail: 'GET /things is no endpoint of the API: its paths start with /v2' }]],
    ['a wrong method', 'PUT', '/v2/things', BEARER, null, 405, [{ code: 'methodNotAllowed', detail: 'PUT /things is not documented; that path takes GET, POST' }]],
    ['no bearer token', 'GET', '/v2/things', { accept: 'application/json' }, null, 401, [{ code: 'unauthorized', detail: 'listThings needs a bearer access token' }]],
    ['no basic authentication on the token call', 'POST', '/v2/oauth2/token', { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials', 401, [{ code: 'unauthorized', detail: 'createToken authenticates with the client credentials (basic authentication)' }]],
    ['another Accept', 'GET', '/v2/things', { ...BEARER, accept: '*/*' }, null, 406, [{ code: 'notAcceptable', detail: 'Accept is "*/*", not application/json' }]],
    ['JSON sent as a form', 'POST', '/v2/things', { ...BEARER, 'content-type': 'application/x-www-form-urlencoded' }, thingBody({ name: 'Lamp' }), 415, [{ code: 'unsupportedMediaType', detail: 'Content-Type is "application/x-www-form-urlencoded", not application/json' }]],
    ['a query value out of range', 'GET', '/v2/things?page%5Blimit%5D=0', BEARER, null, 400, [{ code: 'invalidParameter', detail: 'page[limit]=0: must be >= 1' }]],
    ['an unknown query parameter', 'GET', '/v2/things?colour=red', BEARER, null, 400, [{ code: 'invalidParameter', detail: 'listThings has no query parameter "colour"' }]],
    ['a path value of the wrong format', 'GET', '/v2/things/42', BEARER, null, 400, [{ code: 'invalidParameter', detail: 'path parameter id "42": must match format "uuid"' }]],
    ['a body that is not JSON', 'POST', '/v2/things', JSON_HEADERS, '{"data": ', 400, [{ code: 'invalidJson', detail: 'the request body is not valid JSON (ValueExpected)' }]],
    ['a body not wrapped in data', 'POST', '/v2/things', JSON_HEADERS, '{"name": "Lamp"}', 422, [{ code: 'validationFailed', detail: 'the request body is not wrapped in "data"' }]],
    ['a body against the schema', 'POST', '/v2/things', JSON_HEADERS, thingBody({ name: 'A lamp far too long', colour: 'green' }), 422, [
      { code: 'validationFailed', detail: '/data/attributes/name must NOT have more than 10 characters' },
      { code: 'validationFailed', detail: '/data/attributes/colour must be one of "red", "blue"' },
    ]],
    ['no body where one is required', 'POST', '/v2/things', JSON_HEADERS, null, 422, [{ code: 'validationFailed', detail: 'createThing needs a request body' }]],
    ['a body where none is taken', 'GET', '/v2/things', JSON_HEADERS, '{}', 400, [{ code: 'unexpectedBody', detail: 'listThings takes no request body' }]],
  ])('refuses %s with its status and the exact problem', (_what, method, url, headers, body, status, errors) => {
    const answer = ask(mock(), method, url, headers as Record<string, string>, body);
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ errors });
    expect(answer.errors).toEqual(errors);
  });

  it('names the allowed methods of a path in Allow', () => {
    expect(ask(mock(), 'PUT', '/v2/things').headers.allow).toBe('GET, POST');
  });

  it('answers with the status of the most basic problem, and lists every problem', () => {
    const answer = ask(mock(), 'POST', '/v2/things', { 'content-type': 'application/json' }, thingBody({ colour: 'green' }));
    expect(answer.status).toBe(401);
    expect((answer.json as { errors: { code: string }[] }).errors.map((e) => e.code)).toEqual(['notAcceptable', 'unauthorized', 'validationFailed', 'validationFailed']);
  });

  it('says so when an operation documents no example (501)', () => {
    const answer = ask(mock(), 'GET', '/v2/undocumented');
    expect(answer.status).toBe(501);
    expect(answer.errors[0]!.code).toBe('notImplemented');
  });

  it('ends a list after the documented page when asked for the page after another', () => {
    const m = mock();
    expect((ask(m, 'GET', '/v2/things').json as typeof LIST).links.next).toBe(LIST.links.next);
    expect((ask(m, 'GET', '/v2/things?page%5Bafter%5D=x').json as typeof LIST).links.next).toBeNull();
  });
});

describe('the mock API, stateful', () => {
  it('stores a created resource under a new id with the attributes sent; it can be read, changed and deleted', () => {
    const m = mock(true);
    const id = sequentialUuid(1);
    const created = ask(m, 'POST', '/v2/things', JSON_HEADERS, thingBody({ name: 'Chair', colour: 'blue' }));
    expect(created.status).toBe(201);
    const expected = { data: { ...THING.data, id, attributes: { name: 'Chair', colour: 'blue' }, links: { self: `https://api.things.example/v2/things/${id}` } } };
    expect(created.json).toEqual(expected);
    expect(ask(m, 'GET', `/v2/things/${id}`).json).toEqual(expected);
    const patched = ask(m, 'PATCH', `/v2/things/${id}`, JSON_HEADERS, JSON.stringify({ data: { attributes: { colour: 'red' } } }));
    expect(patched.json).toEqual({ data: { ...expected.data, attributes: { name: 'Chair', colour: 'red' } } });
    expect(ask(m, 'DELETE', `/v2/things/${id}`).status).toBe(204);
    const gone = ask(m, 'GET', `/v2/things/${id}`);
    expect([gone.status, gone.json]).toEqual([404, { errors: [{ code: 'resourceNotFound', detail: 'No such thing.' }] }]);
    expect(ask(m, 'DELETE', `/v2/things/${id}`).status).toBe(404);
    // Anything it did not create is still answered as documented.
    expect(ask(m, 'GET', `/v2/things/${THING.data.id}`).json).toEqual(THING);
    expect(ask(m, 'POST', '/v2/things', JSON_HEADERS, thingBody({ name: 'Desk' })).json).toMatchObject({ data: { id: sequentialUuid(2) } });
  });

  it('remembers nothing that was refused', () => {
    const m = mock(true);
    expect(ask(m, 'POST', '/v2/things', JSON_HEADERS, thingBody({ name: 'far too long a name' })).status).toBe(422);
    expect(ask(m, 'GET', `/v2/things/${sequentialUuid(1)}`).json).toEqual(THING);
  });
});

describe('the mock API, stateful, for an API of flat JSON resources and API keys', () => {
  const FLAT = `openapi: 3.0.3
info: { title: Widget API, version: "1" }
servers:
  - url: https://api.widgets.example
security:
  - key: []
paths:
  /widgets:
    post:
      operationId: createWidget
      requestBody:
        required: true
        content:
          application/vnd.widgets+json:
            schema: { type: object, required: [name], properties: { name: { type: string }, size: { type: integer } } }
      responses:
        "201":
          description: Created.
          content:
            application/hal+json:
              example: { id: w1, name: Sprocket, size: 1, _links: { self: { href: /widgets/w1 } } }
  /widgets/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    get:
      operationId: getWidget
      responses:
        "200":
          description: The widget.
          content:
            application/hal+json:
              example: { id: w1, name: Sprocket, size: 1, _links: { self: { href: /widgets/w1 } } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-API-Key }
`;

  it('stores what was created, with the fields sent, under a new id, and refuses a request without the key', async () => {
    const file = join(dir, 'flat.yaml');
    writeFileSync(file, FLAT);
    const widgets = (await loadApi(file, 'flat.yaml')).api!;
    const m = new MockApi({ api: widgets, responses: documentedResponses(widgets, []), stateful: true });
    const headers = { accept: 'application/json', 'x-api-key': 'test-key', 'content-type': 'application/vnd.widgets+json' };
    const created = ask(m, 'POST', '/widgets', headers, JSON.stringify({ name: 'Gizmo', size: 3 }));
    const id = sequentialUuid(1);
    expect([created.status, created.json]).toEqual([201, { id, name: 'Gizmo', size: 3, _links: { self: { href: `/widgets/${id}` } } }]);
    expect(ask(m, 'GET', `/widgets/${id}`, headers).json).toEqual(created.json);
    // Anything it did not create is answered as documented.
    expect(ask(m, 'GET', '/widgets/w2', headers).json).toMatchObject({ id: 'w1', name: 'Sprocket' });
    const refused = ask(m, 'GET', `/widgets/${id}`, { accept: 'application/json' });
    expect([refused.status, refused.json]).toEqual([401, { errors: [{ code: 'unauthorized', detail: 'getWidget needs an API key in the "X-API-Key" header' }] }]);
  });
});
