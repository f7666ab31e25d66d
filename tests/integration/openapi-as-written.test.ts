// OpenAPI documents as API teams write them (an audit of 26 November): one User schema for
// both directions (a read-only id, a write-only password), 3.0's nullable beside an allOf
// and its boolean exclusive bounds, a DELETE answering 204 and a CSV download, a body taken
// as JSON (with a charset) or as a form, responses by range (2XX) and default, header and
// cookie parameters, a deepObject filter, an enum of numbers without a type, a description
// with a list, a deprecated operation and duplicate operationIds. Before, each of these
// failed `check` with a false error (or never could pass), or the page left it out.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWith as checkSite, removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-openapi-as-written-'));
const site = join(root, 'docs');
const openapi = join(site, 'content', 'api', 'openapi.yaml');
const section = join(site, 'content', 'api', '3-users.md');

const PATHS = `  /users:
    post:
      tags: [Status]
      operationId: createUser
      summary: Create a user
      description: |
        Creates a user.

        - the id is made by the server
        - the password is never shown again

        Rate limited to <b>10</b> calls a second.
      security: []
      parameters:
        - { name: Idempotency-Key, in: header, required: true, schema: { type: string, format: uuid } }
        - { name: min, in: query, schema: { type: number, minimum: 0, exclusiveMinimum: true } }
      requestBody:
        required: true
        content:
          application/json; charset=utf-8:
            schema: { $ref: "#/components/schemas/User" }
          application/x-www-form-urlencoded:
            schema: { $ref: "#/components/schemas/User" }
      responses:
        "2XX":
          description: Created.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/User" }
        default:
          description: An error.
          content:
            application/json:
              schema: { type: object, required: [message], properties: { message: { type: string } } }
  /users/{id}:
    delete:
      tags: [Status]
      operationId: deleteUser
      summary: Delete a user
      deprecated: true
      security: []
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
        - { name: session, in: cookie, required: true, schema: { type: string } }
      responses:
        "204":
          description: Deleted.
  /items:
    get:
      tags: [Status]
      operationId: listItems
      summary: List items
      security: [{ Bearer: [] }, { ApiKey: [] }]
      responses:
        "200":
          description: The items.
          content:
            application/json:
              schema: { type: object }
  /public-items:
    get:
      tags: [Status]
      operationId: listPublicItems
      summary: List public items
      security: [{}, { Bearer: [] }]
      responses:
        "200":
          description: The items.
          content:
            application/json:
              schema: { type: object }
  /tenant-items:
    get:
      tags: [Status]
      operationId: listTenantItems
      summary: List a tenant's items
      security: [{ ApiKey: [], Tenant: [] }]
      responses:
        "200":
          description: The items.
          content:
            application/json:
              schema: { type: object }
  /shapes:
    post:
      tags: [Status]
      operationId: createShape
      summary: Create a shape
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Shape" }
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: { type: object }
  /files:
    post:
      tags: [Status]
      operationId: uploadFile
      summary: Upload a file
      security: []
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file]
              properties:
                file: { type: string, format: binary }
                note: { type: string, maxLength: 10 }
      responses:
        "201":
          description: Stored.
          content:
            application/json:
              schema: { type: object }
  /report.csv:
    get:
      tags: [Status]
      operationId: getReport
      summary: Download the report
      security: []
      parameters:
        - { name: filter, in: query, style: deepObject, explode: true, schema: { type: object, properties: { status: { type: string, enum: [open, closed] } } } }
        - { name: priority, in: query, schema: { enum: [1, 2, 3] } }
      responses:
        "200":
          description: The report.
          content:
            text/csv:
              schema: { type: string }
`;

const SCHEMAS = `    Owner:
      type: object
      required: [name]
      properties:
        name: { type: string }
    Shape:
      oneOf:
        - $ref: "#/components/schemas/Circle"
        - $ref: "#/components/schemas/Square"
      discriminator: { propertyName: kind }
    Circle:
      type: object
      required: [kind, radius]
      properties:
        kind: { type: string, enum: [circle] }
        radius: { type: number }
    Square:
      type: object
      required: [kind, side]
      properties:
        kind: { type: string, enum: [square] }
        side: { type: number }
    User:
      type: object
      required: [id, email, password]
      properties:
        id: { type: string, readOnly: true }
        email: { type: string }
        password: { type: string, writeOnly: true }
        age: { type: integer }
        owner:
          nullable: true
          allOf:
            - $ref: "#/components/schemas/Owner"
`;

const USERS = `---
title: "Users"
---

## Create user

A heading of the prose with the words of an operation: the operation keeps its anchor.

:::operation{id="createUser"}
\`\`\`curl
curl "https://api.example.com/users?min=0.5" \\
  -H "Accept: application/json" \\
  -H "Idempotency-Key: 5b0f5a2e-8a53-4c1e-9d4e-2b1f0c3a7e10" \\
  -H "Content-Type: application/json; charset=utf-8" \\
  -d '{"email": "ann@example.com", "password": "correct horse", "owner": null}'
\`\`\`

\`\`\`json response 201
{"id": "u_1", "email": "ann@example.com", "owner": {"name": "Ann"}}
\`\`\`
:::

As a form:

\`\`\`curl
curl https://api.example.com/users \\
  -H "Accept: application/json" \\
  -H "Idempotency-Key: 5b0f5a2e-8a53-4c1e-9d4e-2b1f0c3a7e10" \\
  -H "Content-Type: application/x-www-form-urlencoded" \\
  -d email=ann@example.com -d password=secret -d age=42
\`\`\`

\`\`\`json response 422
{"message": "email is taken"}
\`\`\`

:::operation{id="deleteUser"}
\`\`\`curl
curl -X DELETE https://api.example.com/users/7 -H "Accept: application/json" -b "session=abc"
\`\`\`
:::

:::operation{id="getReport"}
\`\`\`curl
curl -g "https://api.example.com/report.csv?filter[status]=open&priority=2" -H "Accept: text/csv"
\`\`\`

\`\`\`csv response
date,amount
2026-01-01,10
\`\`\`
:::

:::operation{id="uploadFile"}
\`\`\`curl
curl https://api.example.com/files -H "Accept: application/json" -F "file=@report.pdf" -F "note=Q1"
\`\`\`

\`\`\`json response 201
{}
\`\`\`
:::

:::operation{id="createShape"}
\`\`\`curl
curl https://api.example.com/shapes -H "Accept: application/json" -H "Content-Type: application/json" -d '{"kind": "circle", "radius": 2}'
\`\`\`

\`\`\`json response 201
{}
\`\`\`
:::

::schema{name="Shape"}

:::operation{id="listItems"}
\`\`\`curl
curl https://api.example.com/items -H "Accept: application/json" -H "X-API-Key: $EXAMPLE_API_KEY"
\`\`\`

\`\`\`json response
{}
\`\`\`
:::

:::operation{id="listPublicItems"}
\`\`\`curl
curl https://api.example.com/public-items -H "Accept: application/json"
\`\`\`

\`\`\`json response
{}
\`\`\`
:::

:::operation{id="listTenantItems"}
\`\`\`curl
curl https://api.example.com/tenant-items -H "Accept: application/json" -H "X-API-Key: $EXAMPLE_API_KEY" -H "X-Tenant: $EXAMPLE_TENANT"
\`\`\`

\`\`\`json response
{}
\`\`\`
:::
`;

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
  replaceIn(openapi, 'components:\n  schemas:\n', `${PATHS}components:\n  schemas:\n${SCHEMAS}`);
  replaceIn(openapi, 'openapi: 3.1.0', 'openapi: 3.0.3');
  replaceIn(openapi, 'components:\n  schemas:\n', 'components:\n  securitySchemes:\n    Bearer: { type: http, scheme: bearer }\n    ApiKey: { type: apiKey, in: header, name: X-API-Key }\n    Tenant: { type: apiKey, in: header, name: X-Tenant }\n  schemas:\n');
  writeFileSync(section, USERS);
});
afterAll(() => removeSite(root));

const checkWith = (file: string, from: string, to: string): string => checkSite(site, file, from, to);

describe('an OpenAPI 3.0 document as teams write it', () => {
  it('passes check as it is documented (the raw HTML of a description is named at its directive)', () => {
    const result = runCli(['check'], site);
    const out = result.stdout + result.stderr;
    expect(out).toMatch(/content\/api\/3-users\.md:9:1 +warning +raw HTML in the OpenAPI document's description of operation createUser is not rendered: "<b>" is left out of the page/);
    expect(out).toMatch(/0 errors, 1 warning/);
  });

  it('checks a value against a pattern that backtracks without end on it (V8\'s linear-time engine takes over)', () => {
    const restore = replaceIn(openapi, '          description: Version of the running service.', '          description: Version of the running service.\n          pattern: "^(a+)+$"');
    try {
      expect(checkWith(join(site, 'content', 'api', '02-status.md'), '"version": "1.0.0"', `"version": "${'a'.repeat(40)}!"`)).toContain('/version must match pattern "^(a+)+$"');
    } finally {
      restore();
    }
  });

  it('still finds the mistakes', () => {
    expect(checkWith(section, '"password": "correct horse", ', '')).toMatch(/3-users\.md:\d+:\d+ +error +missing required property "password" at the top level/);
    expect(checkWith(section, '"owner": {"name": "Ann"}', '"owner": {}')).toContain('response 201: missing required property "name" at /owner');
    expect(checkWith(section, 'min=0.5', 'min=0')).toContain('min=0: must be > 0');
    expect(checkWith(section, '-d age=42', '-d age=old')).toContain('/age must be integer');
    expect(checkWith(section, ' -b "session=abc"', '')).toContain('deleteUser needs the cookie "session"');
    expect(checkWith(section, 'Idempotency-Key: 5b0f5a2e-8a53-4c1e-9d4e-2b1f0c3a7e10" \\\n  -H "Content-Type: application/json', 'Idempotency-Key: nope" \\\n  -H "Content-Type: application/json')).toContain('header Idempotency-Key "nope": must match format "uuid"');
    expect(checkWith(section, 'filter[status]=open', 'filter[status]=lost')).toContain('filter: /status must be one of "open", "closed"');
    expect(checkWith(section, 'priority=2', 'priority=4')).toContain('priority=4: must be one of 1, 2, 3');
    expect(checkWith(section, '```csv response', '```json response')).toContain('the 200 response of getReport is text/csv, not JSON');
    expect(checkWith(section, '-b "session=abc"\n```\n', '-b "session=abc"\n```\n\n```json response 204\n{}\n```\n')).toContain('the 204 response of deleteUser has no body');
    // A oneOf with a discriminator: only the branch its property names is told.
    const circle = checkWith(section, `-d '{"kind": "circle", "radius": 2}'`, `-d '{"kind": "circle", "radius": "2"}'`);
    expect(circle).toContain('/radius must be number');
    expect(circle).not.toContain('"side"');
    expect(checkWith(section, `-d '{"kind": "circle", "radius": 2}'`, `-d '{"kind": "triangle", "radius": 2}'`)).toContain('has "kind": "triangle", which is none of the kinds the schema lists');
    // A multipart form (curl -F): its fields are the body.
    expect(checkWith(section, '-F "file=@report.pdf" -F "note=Q1"', '-F "note=Q1"')).toContain('missing required property "file" at the top level');
    expect(checkWith(section, '-F "note=Q1"', '-F "note=Quarter one and two"')).toContain('/note must NOT have more than 10 characters');
    expect(checkWith(section, ' -F "file=@report.pdf" -F "note=Q1"', ' -X POST')).toContain('add -F with each field');
    // Security: any one alternative will do, all schemes of one are needed.
    const items = checkWith(section, 'items -H "Accept: application/json" -H "X-API-Key: $EXAMPLE_API_KEY"\n', 'items -H "Accept: application/json"\n');
    expect(items).toContain('listItems needs a bearer access token');
    expect(items).toContain('(or an API key in X-API-Key)');
    expect(checkWith(section, ' -H "X-Tenant: $EXAMPLE_TENANT"', '')).toContain('listTenantItems needs an API key in the "X-Tenant" header');
  });

  it("checks the OpenAPI document's own response examples at their line", () => {
    const out = checkWith(openapi, 'properties: { message: { type: string } } }\n', 'properties: { message: { type: string } } }\n              example: { message: 42 }\n');
    expect(out).toMatch(/content\/api\/openapi\.yaml:\d+:24 +error +the example of the default response of createUser: \/message must be string +\[example-response-invalid\]/);
  });

  it('tells a duplicate operationId and one left out at their places', () => {
    const out = checkWith(openapi, '      operationId: getReport\n', '      operationId: createUser\n');
    expect(out).toMatch(/content\/api\/openapi\.yaml:\d+:20 +error +GET \/report\.csv has the operationId "createUser" of POST \/users/);
    const missing = checkWith(openapi, '      operationId: getReport\n', '');
    expect(missing).toMatch(/content\/api\/openapi\.yaml:\d+:\d+ +error +GET \/report\.csv has no operationId/);
  });

  it('tells a value of the wrong shape at its line, instead of failing inside the reference', () => {
    const summary = checkWith(openapi, 'summary: Download the report', 'summary: 2024');
    expect(summary).toMatch(/content\/api\/openapi\.yaml:\d+:\d+ +error +paths\.\/report\.csv\.get\.summary must be text, not the number 2024 +\[openapi-invalid\]/);
    expect(summary).not.toMatch(/internal error|markdown-error/);
    // The document's own error says why: no error at each directive that needed it.
    expect(summary).not.toContain('needs the OpenAPI document');
    const parameters = checkWith(
      openapi,
      '        - { name: id, in: path, required: true, schema: { type: integer } }\n        - { name: session, in: cookie, required: true, schema: { type: string } }\n',
      '        id: { in: path, required: true, schema: { type: integer } }\n        session: { in: cookie, required: true, schema: { type: string } }\n',
    );
    expect(parameters).toMatch(/paths\.\/users\/\{id\}\.delete\.parameters must be a list, not a mapping +\[openapi-invalid\]/);
    expect(parameters).not.toMatch(/internal error/);
    expect(checkWith(openapi, 'enum: [1, 2, 3]', 'enum: 2')).toMatch(/paths\.\/report\.csv\.get\.parameters\[1\]\.schema\.enum must be a list, not the number 2/);
  });

  it('shows what the document says on the page', () => {
    const build = runCli(['build'], site);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const page = readFileSync(join(site, 'dist', '1', 'api', 'curl', 'index.html'), 'utf8');
    const operation = page.slice(page.indexOf('data-operation="createUser"'), page.indexOf('data-operation="deleteUser"'));
    // The description's list is a list, the body's read-only id is left out, the header parameter listed.
    expect(operation).toMatch(/<p>Creates a user\.<\/p><ul>\s*<li>the id is made by the server<\/li>\s*<li>the password is never shown again<\/li>\s*<\/ul><p>Rate limited/);
    expect(operation).toContain('<code class="field-name">Idempotency-Key</code>');
    expect(operation).toContain('<code class="field-name">password</code>');
    expect(operation).not.toContain('<code class="field-name">id</code>');
    expect(operation).toContain('more than 0');
    expect(operation).toContain('<code class="field-name">owner</code></a> <span class="field-type">object, nullable</span>');
    expect(operation).toContain('<code class="field-name">owner.<wbr/>name</code>');
    expect(page).toMatch(/<code>\/<wbr\/>users\/<wbr\/>\{id\}<\/code> <span class="badge badge-deprecated">Deprecated<\/span>/);
    const twin = readFileSync(join(site, 'dist', '1', 'api', 'curl.md'), 'utf8');
    expect(twin).toContain('`DELETE /users/{id}` (deprecated)');
    expect(twin).toContain('Body (application/json): Circle, required:');
    expect(twin).toContain('Body (application/json): Square, required:');
    // A body that is one of several: a list for each, named after it; the same for a ::schema.
    const shape = page.slice(page.indexOf('data-operation="createShape"'));
    expect(shape).toMatch(/<p class="table-caption">Body \(application\/json\): Circle <span class="field-required">required<\/span><\/p><ul class="fields"><li class="field" id="create-shape-circle-kind"><p class="field-head"><a class="field-link" href="#create-shape-circle-kind"><code class="field-name">kind<\/code>/);
    expect(shape).toContain('<p class="table-caption">Body (application/json): Square <span class="field-required">required</span></p>');
    expect(shape).toMatch(/<div class="schema-fields" id="shape-object"><p class="table-caption">Circle<\/p>[\s\S]*<code class="field-name">radius<\/code>[\s\S]*<p class="table-caption">Square<\/p>/);
    expect(page).toMatch(/<h2 id="create-user-1"><a [^>]*>Create user/);
    expect(page).toMatch(/<h3 id="create-user"><a [^>]*>Create a user/);
    expect(page).toContain('Authentication: bearer access token / API key in the X-API-Key header');
    expect(page).toContain('Authentication: none / bearer access token');
    expect(page).toContain('Authentication: API key in the X-API-Key header + API key in the X-Tenant header');
  });
});
