// The static check and the mock share one set of request rules (validate-request.ts): for
// each kind of broken example, the check's diagnostics and the problems the mock finds
// in the request curl really sends are the same rules, and each maps to its status.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Example } from '../../../src/api/examples.js';
import { loadApi, type ApiModel } from '../../../src/api/openapi.js';
import { SchemaValidator } from '../../../src/api/validate.js';
import { checkCurl } from '../../../src/check/check-curl.js';
import { loadCurlParser } from '../../../src/check/curl-parser.js';
import { credentialVariable, statusOf, validateRequest, type RequestFacts } from '../../../src/check/validate-request.js';
import { FIXTURES } from '../../helpers/site.js';

let api: ApiModel;
beforeAll(async () => {
  await loadCurlParser();
  api = (await loadApi(join(FIXTURES, 'check', 'base', 'content', 'api', 'openapi.yaml'), 'api/openapi.yaml')).api!;
});

const PAYMENT = '/accounts/3f6c2b9e-5a1d-4c7e-9b2f-8d4a6e1c0b73/payments';
const body = (attributes: Record<string, unknown>) => JSON.stringify({ data: { type: 'payment', attributes: { currency: 'EUR', amount: 12.5, creditorName: 'Harbour Bakery', creditorAccountReference: 'BE68539007547034', creditorAccountReferenceType: 'IBAN', ...attributes } } });

/** A broken example, and the request curl sends for it (what the mock sees). */
const CASES: { name: string; curl: string; sent: RequestFacts; rules: string[]; status: number }[] = [
  {
    name: 'wrong path',
    curl: `curl -X POST https://api.moorlink.example/acounts/x/payments -H "Accept: application/json" -H "Authorization: Bearer $T"`,
    sent: { method: 'POST', path: '/acounts/x/payments', query: [], headers: { accept: 'application/json', authorization: 'Bearer t' }, body: null },
    rules: ['example-unknown-endpoint'],
    status: 404,
  },
  {
    name: 'wrong method',
    curl: `curl -X PUT https://api.moorlink.example${PAYMENT} -H "Accept: application/json" -H "Authorization: Bearer $T"`,
    sent: { method: 'PUT', path: PAYMENT, query: [], headers: { accept: 'application/json', authorization: 'Bearer t' }, body: null },
    rules: ['example-unknown-endpoint'],
    status: 405,
  },
  {
    name: 'missing Accept and token',
    curl: `curl "https://api.moorlink.example/accounts?page%5Blimit%5D=2"`,
    sent: { method: 'GET', path: '/accounts', query: [['page[limit]', '2']], headers: { accept: '*/*' }, body: null },
    rules: ['example-header', 'example-auth'],
    status: 401,
  },
  {
    name: 'JSON without its Content-Type',
    curl: `curl -X POST https://api.moorlink.example${PAYMENT} -H "Accept: application/json" -H "Authorization: Bearer $T" -d '${body({})}'`,
    sent: { method: 'POST', path: PAYMENT, query: [], headers: { accept: 'application/json', authorization: 'Bearer t', 'content-type': 'application/x-www-form-urlencoded' }, body: body({}) },
    rules: ['example-header'],
    status: 415,
  },
  {
    name: 'invalid body',
    curl: `curl -X POST https://api.moorlink.example${PAYMENT} -H "Accept: application/json" -H "Authorization: Bearer $T" -H "Content-Type: application/json" -d '${body({ currency: 'USD' })}'`,
    sent: { method: 'POST', path: PAYMENT, query: [], headers: { accept: 'application/json', authorization: 'Bearer t', 'content-type': 'application/json' }, body: body({ currency: 'USD' }) },
    rules: ['example-body-invalid'],
    status: 422,
  },
  {
    name: 'query out of range',
    curl: `curl "https://api.moorlink.example/accounts?page%5Blimit%5D=0" -H "Accept: application/json" -H "Authorization: Bearer $T"`,
    sent: { method: 'GET', path: '/accounts', query: [['page[limit]', '0']], headers: { accept: 'application/json', authorization: 'Bearer t' }, body: null },
    rules: ['example-query-invalid'],
    status: 400,
  },
  {
    name: 'token call without basic authentication',
    curl: `curl -X POST https://api.moorlink.example/oauth2/token -H "Accept: application/json" -d grant_type=client_credentials`,
    sent: { method: 'POST', path: '/oauth2/token', query: [], headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' },
    rules: ['example-auth'],
    status: 401,
  },
];

const example = (value: string): Example => ({ operationId: '', lang: 'curl', response: false, status: null, value, file: '/site/content/api/x.md', line: 10, column: 1 });

describe('one set of request rules', () => {
  for (const c of CASES) {
    it(`finds the same problems in the example and in the request it sends: ${c.name}`, () => {
      const validator = new SchemaValidator();
      const statically = checkCurl(example(c.curl), api, validator, null).diagnostics.map((d) => d.ruleId);
      const sent = validateRequest(api, validator, c.sent);
      expect(statically).toEqual(c.rules);
      expect(sent.problems.map((p) => p.ruleId)).toEqual(c.rules);
      expect(statusOf(sent.problems)).toBe(c.status);
    });
  }

  it('finds nothing in a right request, and says what it asks for', () => {
    const result = validateRequest(api, new SchemaValidator(), { method: 'GET', path: '/accounts', query: [['page[limit]', '2']], headers: { accept: 'application/json', authorization: 'Bearer t' }, body: null });
    expect(result.problems).toEqual([]);
    expect(result.request).toEqual({ operationId: 'listAccounts', pathParams: {}, query: { 'page[limit]': 2 }, attributes: null });
  });

  it('reads the authentication scheme\'s name in any case, as HTTP does', () => {
    for (const authorization of ['bearer t', 'BEARER t']) {
      expect(validateRequest(api, new SchemaValidator(), { method: 'GET', path: '/accounts', query: [], headers: { accept: 'application/json', authorization }, body: null }).problems).toEqual([]);
    }
  });
});

describe('hints', () => {
  it('name the credentials\' shell variables after the site\'s product, not Moorlink\'s', () => {
    expect(credentialVariable('Moorlink', 'ACCESS_TOKEN')).toBe('MOORLINK_ACCESS_TOKEN');
    expect(credentialVariable('Acme Pay', 'CLIENT_ID')).toBe('ACME_PAY_CLIENT_ID');
    expect(credentialVariable('Öre-bank 2', 'ACCESS_TOKEN')).toBe('ORE_BANK_2_ACCESS_TOKEN');
    expect(credentialVariable('42 Bank', 'ACCESS_TOKEN')).toBe('_42_BANK_ACCESS_TOKEN');
    expect(credentialVariable('', 'ACCESS_TOKEN')).toBe('ACCESS_TOKEN');
    const validator = new SchemaValidator();
    const hints = (product?: string) =>
      checkCurl(example('curl -X POST https://api.moorlink.example/oauth2/token -H "Accept: application/json" -d grant_type=client_credentials'), api, validator, null, product ? { product } : {}).diagnostics.map((d) => d.hint);
    expect(hints('Acme Pay')).toEqual(['add -u "$ACME_PAY_CLIENT_ID:$ACME_PAY_CLIENT_SECRET"']);
    expect(hints()).toEqual(['add -u "$CLIENT_ID:$CLIENT_SECRET"']);
    const bearer = checkCurl(example('curl https://api.moorlink.example/accounts -H "Accept: application/json"'), api, validator, null, { product: 'Moorlink' }).diagnostics;
    expect(bearer.map((d) => d.hint)).toEqual(['add -H "Authorization: Bearer $MOORLINK_ACCESS_TOKEN"']);
  });

  it("give a parameter's description on one line, as Open Banking UK's headers have them over several", async () => {
    // The terminal showed its line breaks as \u000a: "…by the TPP. \u000aAll dates…".
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-fapi-'));
    writeFileSync(
      join(dir, 'openapi.yaml'),
      `openapi: 3.0.0
info: { title: T, version: "1" }
paths:
  /domestic-payment-consents:
    post:
      operationId: CreateDomesticPaymentConsents
      security: []
      parameters:
        - in: header
          name: x-fapi-auth-date
          description: >-
            The time when the PSU last logged in with the TPP. 

            All dates in the HTTP headers are represented as RFC 7231 Full Dates.
          schema: { type: string, pattern: '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} ' }
        - in: header
          name: x-idempotency-key
          required: true
          description: |
            Every request will be processed only once per x-idempotency-key.
            The Idempotency Key will be valid for 24 hours.
          schema: { type: string }
        - { in: query, name: limit, required: true, description: "How many,\\nat most.", schema: { type: integer } }
      responses: { "201": { description: Created. } }
`,
    );
    const fapi = (await loadApi(join(dir, 'openapi.yaml'), 'api/openapi.yaml')).api!;
    rmSync(dir, { recursive: true, force: true });
    const found = validateRequest(fapi, new SchemaValidator(), { method: 'POST', path: '/domestic-payment-consents', query: [], headers: { 'x-fapi-auth-date': '2017-09-10T19:43:31Z' }, body: null }, { requestHeaders: {} }).problems;
    expect(found.map((p) => p.hint)).toEqual([
      'add limit=… to the URL (How many, at most.)',
      'see the parameter: The time when the PSU last logged in with the TPP. All dates in the HTTP headers are represented as RFC 7231 Full Dates.',
      'add -H "x-idempotency-key: …" (Every request will be processed only once per x-idempotency-key. The Idempotency Key will be valid for 24 hours.)',
    ]);
  });

  it('suggest a documented path near an unknown one, else name the document', () => {
    const hint = (path: string) => validateRequest(api, new SchemaValidator(), { method: 'GET', path, query: [], headers: { accept: 'application/json', authorization: 'Bearer t' }, body: null }).problems[0]!.hint;
    expect(hint('/acounts')).toBe('did you mean "/accounts"?');
    expect(hint('/nothing/like/it/at/all')).toBe('use one of the paths of content/api/openapi.yaml');
    expect(hint('/accounts/')).toBe('remove the slash at the end: /accounts');
  });
});

describe('an API of other conventions', () => {
  // A plain JSON body (no {"data": {"attributes": …}} wrapper) and no required Accept header.
  const NOTES = `openapi: 3.1.0
info: { title: Notes API, version: "1" }
servers:
  - url: https://api.notes.example
paths:
  /notes:
    post:
      operationId: createNote
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [text]
              additionalProperties: false
              properties:
                text: { type: string, minLength: 1 }
      responses:
        "201": { description: Created. }
  /notes/{id}:
    get:
      operationId: getNote
      security: []
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
      responses:
        "200": { description: A note. }
  /notes/search:
    get:
      operationId: searchNotes
      security: []
      parameters:
        - { name: tag, in: query, schema: { type: array, items: { type: string, enum: [work, home] } } }
        - { name: ids, in: query, schema: { type: array, items: { type: integer } } }
      responses:
        "200": { description: Notes. }
`;
  let notes: ApiModel;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-notes-'));
    writeFileSync(join(dir, 'openapi.yaml'), NOTES);
    notes = (await loadApi(join(dir, 'openapi.yaml'), 'api/openapi.yaml')).api!;
    rmSync(dir, { recursive: true, force: true });
    expect(notes).not.toBeNull();
  });
  const send = (body: string, headers: Record<string, string>, requestHeaders?: Record<string, string>) =>
    validateRequest(notes, new SchemaValidator(), { method: 'POST', path: '/notes', query: [], headers: { 'content-type': 'application/json', ...headers }, body }, requestHeaders ? { requestHeaders } : {});

  it('reads path values and repeated query values as their schemas\' types (an integer id, an array)', () => {
    const get = (path: string, query: [string, string][] = []) => validateRequest(notes, new SchemaValidator(), { method: 'GET', path, query, headers: {}, body: null }, { requestHeaders: {} }).problems.map((p) => p.message);
    expect(get('/notes/7')).toEqual([]);
    expect(get('/notes/0')).toEqual(['path parameter id "0": must be >= 1']);
    expect(get('/notes/seven')).toEqual(['path parameter id "seven": must be integer']);
    expect(get('/notes/search', [['tag', 'work'], ['tag', 'home'], ['ids', '1'], ['ids', '2']])).toEqual([]);
    expect(get('/notes/search', [['tag', 'work,home'], ['ids', '3']])).toEqual([]);
    expect(get('/notes/search', [['tag', 'work'], ['tag', 'play']])).toEqual(['tag=work&tag=play: /1 must be one of "work", "home"']);
  });

  it('validates a body its schema does not wrap as the schema says, and asks no "data" of it', () => {
    const right = send('{"text": "hello"}', {}, {});
    expect(right.problems).toEqual([]);
    expect(right.request?.attributes).toEqual({ text: 'hello' });
    expect(send('{"text": ""}', {}, {}).problems.map((p) => p.ruleId)).toEqual(['example-body-invalid']);
    expect(send('{"data": {"text": "hello"}}', {}, {}).problems.map((p) => p.ruleId)).toEqual(['example-body-invalid', 'example-body-invalid']);
  });

  it('requires the headers the site lists (api.requestHeaders), Accept: application/json by default', () => {
    expect(send('{"text": "hello"}', {}).problems.map((p) => [p.ruleId, p.message, p.hint, p.status])).toEqual([
      ['example-header', 'the request has no "Accept: application/json" header', 'add -H "Accept: application/json" (every request sends it: api.requestHeaders in the config)', 406],
    ]);
    expect(send('{"text": "hello"}', { 'x-api-version': '1' }, { 'X-Api-Version': '2' }).problems.map((p) => [p.message, p.status])).toEqual([['X-Api-Version is "1", not 2', 400]]);
    expect(send('{"text": "hello"}', { 'x-api-version': '2' }, { 'X-Api-Version': '2' }).problems).toEqual([]);
  });
});

describe('a server with a path', () => {
  it("matches a curl example written with the full URL to the operation, and tells one without the server's path", async () => {
    // Open Banking UK: servers end in /open-banking/v4.0/aisp, paths are /accounts.
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-base-path-'));
    try {
      writeFileSync(join(dir, 'ob.yaml'), 'openapi: 3.0.1\ninfo: { title: T, version: "1" }\nservers:\n  - url: https://ob.example/open-banking/v4.0/aisp\npaths:\n  /accounts:\n    get:\n      operationId: GetAccounts\n      responses:\n        "200": { description: ok }\n');
      const ob = (await loadApi(join(dir, 'ob.yaml'), 'api/ob.yaml')).api!;
      const found = (url: string) => checkCurl(example(`curl ${url} -H "Accept: application/json"`), ob, new SchemaValidator(), ob.operations.GetAccounts!).diagnostics.map((d) => `${d.ruleId}: ${d.message}`);
      expect(found('https://ob.example/open-banking/v4.0/aisp/accounts')).toEqual([]);
      expect(found('https://ob.example/accounts')).toEqual(["example-unknown-endpoint: the URL does not start with the API's server https://ob.example/open-banking/v4.0/aisp"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
