// The API reference of the bundled site: the OpenAPI document covers spec §7, every
// operation has one curl, one Ruby and one response example on the rendered pages, the
// JSON examples validate against the schemas, and the curl examples really run.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import { toJsonObjectWarn } from 'curlconverter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationBlocks, type Example } from '../../src/api/examples.js';
import type { ApiModel, Operation } from '../../src/api/openapi.js';
import { SchemaValidator } from '../../src/api/validate.js';
import { resolveConfig } from '../../src/config/load-config.js';
import { loadContent } from '../../src/content/load-content.js';
import { copySite, readHtml, removeSite, REPO, runCli, select, selectAll, type Root } from '../helpers/site.js';

// Spec §7, "The calls it makes": every method and path of the documented API.
const SPEC_ENDPOINTS = `
POST /oauth2/token
GET /financial-institutions
GET /financial-institutions/{}
GET /sandbox/financial-institutions
GET /sandbox/financial-institutions/{}
POST /synchronizations
GET /synchronizations/{}
GET /synchronizations/{}/updated-transactions
GET /synchronizations/{}/updated-pending-transactions
GET /accounts
GET /accounts/{}
GET /accounts/{}/transactions
GET /accounts/{}/transactions/{}
GET /accounts/{}/pending-transactions
GET /accounts/{}/pending-transactions/{}
POST /accounts/{}/payments
GET /accounts/{}/payments/{}
DELETE /accounts/{}/payments/{}
POST /accounts/{}/bulk-payments
GET /accounts/{}/bulk-payments/{}
DELETE /accounts/{}/bulk-payments/{}
POST /accounts/{}/payment-requests
GET /accounts/{}/payment-requests/{}
DELETE /accounts/{}/payment-requests/{}
GET /sandbox/financial-institutions/{}/financial-institution-accounts
GET /sandbox/financial-institutions/{}/financial-institution-accounts/{}
GET /sandbox/financial-institutions/{}/financial-institution-accounts/{}/financial-institution-transactions
POST /sandbox/financial-institutions/{}/financial-institution-accounts/{}/financial-institution-transactions
GET /sandbox/financial-institutions/{}/financial-institution-accounts/{}/financial-institution-transactions/{}
PATCH /sandbox/financial-institutions/{}/financial-institution-accounts/{}/financial-institution-transactions/{}
GET /me
GET /organization-accounts
GET /users
GET /user-invitations
POST /user-invitations
DELETE /user-invitations/{}
GET /given-mandates
DELETE /given-mandates/{}
GET /given-mandates/{}/mandate-accounts
DELETE /given-mandates/{}/mandate-accounts/{}
GET /integrations
POST /integrations
GET /integrations/{}/integration-accounts
POST /integrations/{}/integration-accounts
DELETE /integrations/{}/integration-accounts/{}
GET /received-mandates
GET /received-mandates/{}
GET /received-mandates/{}/accounts
GET /received-mandates/{}/integrations
POST /received-mandates/{}/integrations
GET /received-mandates/{}/integrations/{}/integration-accounts
POST /received-mandates/{}/integrations/{}/integration-accounts
DELETE /received-mandates/{}/integrations/{}/integration-accounts/{}
`.trim().split('\n');

const HOST = 'https://api.moorlink.example';
let api: ApiModel;
let examples: Example[];
let site: string;
let dist: string;
const validator = new SchemaValidator();
const template = (op: Operation) => `${op.method.toUpperCase()} ${op.path.replace(/\{[^}]+\}/g, '{}')}`;

beforeAll(async () => {
  const config = await resolveConfig(join(REPO, 'docs.config.yaml'));
  if (!config.ok) throw new Error('config invalid');
  const content = await loadContent(config.value);
  expect(content.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  api = content.site.api!;
  examples = content.site.pages.filter((p) => p.info.collection === 'api-section').flatMap((p) => operationBlocks(p).flatMap((b) => b.examples));
  site = copySite(null);
  dist = join(site, 'dist');
  const build = runCli(['build', '--quiet'], site);
  expect(build.status, build.stderr).toBe(0);
});
afterAll(() => removeSite(site));

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validateOpenApi(join(REPO, 'content', 'api', 'openapi.yaml'));
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });

  it('has an operation for every method and path of spec §7, and nothing else', () => {
    expect(Object.values(api.operations).map(template).sort()).toEqual([...SPEC_ENDPOINTS].sort());
  });

  it('declares the scope and authentication of every operation', () => {
    for (const op of Object.values(api.operations)) {
      if (op.id === 'createAccessToken') {
        expect(op.auth).toBe('basic');
        expect(op.requestBody?.mediaType).toBe('application/x-www-form-urlencoded');
      } else {
        expect(op.auth, op.id).toBe('bearer');
        expect(op.scopes.length, op.id).toBe(1);
        expect(['ai', 'pi', 'dashboard']).toContain(op.scopes[0]);
      }
    }
  });

  it('rejects bodies that break the rules of spec §5', () => {
    const create = api.operations.createPayment!;
    const valid = {
      data: { type: 'payment', attributes: { currency: 'EUR', amount: 12.5, creditorName: 'Harbour Bakery', creditorAccountReference: 'BE68539007547034', creditorAccountReferenceType: 'IBAN' } },
    };
    expect(validator.requestBody(create, valid)).toEqual([]);
    const broken = (attributes: Record<string, unknown>) => validator.requestBody(create, { data: { ...valid.data, attributes: { ...valid.data.attributes, ...attributes } } });
    expect(broken({ currency: 'USD' })).not.toEqual([]);
    expect(broken({ creditorName: 'x'.repeat(61) })).not.toEqual([]);
    expect(broken({ creditorName: 'x'.repeat(60) })).toEqual([]);
    expect(broken({ creditorName: 'Café & Co' })).not.toEqual([]);
    expect(broken({ remittanceInformation: 'r'.repeat(141), remittanceInformationType: 'unstructured' })).not.toEqual([]);
    expect(broken({ endToEndId: 'e'.repeat(36) })).not.toEqual([]);
    expect(broken({ creditorAccountReferenceType: 'BBAN' })).not.toEqual([]);
    expect(broken({ colour: 'blue' })).not.toEqual([]);
    expect(validator.requestBody(create, valid.data)).not.toEqual([]);
    const sync = api.operations.createSynchronization!;
    expect(validator.requestBody(sync, { data: { type: 'synchronization', attributes: { resourceType: 'payment', resourceId: 'x', subtype: 'accountDetails', customerIpAddress: '203.0.113.7' } } })).not.toEqual([]);
    const limit = api.operations.listAccounts!.parameters.find((p) => p.name === 'page[limit]')!;
    expect(validator.validate(limit.schema, 0)).not.toEqual([]);
    expect(validator.validate(limit.schema, 100)).toEqual([]);
    expect(validator.validate(limit.schema, 101)).not.toEqual([]);
  });
});

describe('the examples', () => {
  it('give every operation exactly one curl, one Ruby and one response example', () => {
    const byOperation = new Map<string, Example[]>();
    for (const e of examples) byOperation.set(e.operationId, [...(byOperation.get(e.operationId) ?? []), e]);
    const counts = Object.keys(api.operations).map((id) => {
      const list = byOperation.get(id) ?? [];
      return [id, list.filter((e) => e.lang === 'curl').length, list.filter((e) => e.lang === 'ruby').length, list.filter((e) => e.response).length];
    });
    expect(counts).toEqual(Object.keys(api.operations).map((id) => [id, 1, 1, 1]));
  });

  it('show one example of their language per operation on each rendered page, with the response', () => {
    for (const language of ['curl', 'ruby']) {
      const tree: Root = readHtml(dist, `1/api/${language}/index.html`);
      const operations = selectAll('.operation[data-operation]', tree);
      expect(operations.map((o) => o.properties.dataOperation).sort()).toEqual(Object.keys(api.operations).sort());
      for (const op of operations) {
        expect(selectAll(`code.language-${language}`, op).length, String(op.properties.dataOperation)).toBe(1);
        expect(selectAll(`code.language-${language === 'curl' ? 'ruby' : 'curl'}`, op).length).toBe(0);
        expect(selectAll('figure.example-response', op).length).toBe(1);
        expect(select('.endpoint code', op)).toBeDefined();
      }
    }
  });

  it('have JSON request bodies that validate against their operation', () => {
    const problems: string[] = [];
    for (const e of examples.filter((x) => x.lang === 'curl')) {
      const op = api.operations[e.operationId]!;
      const [request] = toJsonObjectWarn(e.value);
      if (!op.requestBody || op.requestBody.mediaType !== 'application/json') continue;
      for (const p of validator.requestBody(op, request.data)) problems.push(`${e.operationId}: ${p.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('have response examples that validate against the documented response', () => {
    const problems: string[] = [];
    for (const e of examples.filter((x) => x.response)) {
      const op = api.operations[e.operationId]!;
      const status = e.status ?? Object.keys(op.responses).find((s) => s.startsWith('2'))!;
      let value: unknown;
      try {
        value = JSON.parse(e.value);
      } catch (error) {
        problems.push(`${e.operationId}: invalid JSON (${(error as Error).message})`);
        continue;
      }
      for (const p of validator.response(op, status, value)) problems.push(`${e.operationId} ${status}: ${p.message}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the curl examples', () => {
  it('run with the real curl and send the documented method, path, headers and body', async () => {
    const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const env = { ...process.env, MOORLINK_ACCESS_TOKEN: 'test-token', MOORLINK_CLIENT_ID: 'client-id', MOORLINK_CLIENT_SECRET: 'client-secret' };
    const failures: string[] = [];
    try {
      for (const e of examples.filter((x) => x.lang === 'curl')) {
        const op = api.operations[e.operationId]!;
        const command = e.value.replaceAll(HOST, `http://127.0.0.1:${port}`);
        received.length = 0;
        // Asynchronously: the test server answers on this same event loop.
        const run = await new Promise<{ status: number; stderr: string }>((resolve) =>
          execFile('bash', ['-c', `${command} --silent --show-error --max-time 5`], { env }, (error, _stdout, stderr) =>
            resolve({ status: error ? Number((error as NodeJS.ErrnoException & { code?: number }).code ?? 1) : 0, stderr }),
          ),
        );
        if (run.status !== 0 || received.length !== 1) {
          failures.push(`${e.operationId}: curl exited ${run.status} (${run.stderr.trim()}), ${received.length} request(s)`);
          continue;
        }
        const got = received[0]!;
        const url = new URL(got.url, 'http://x');
        const pathRe = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        if (got.method !== op.method.toUpperCase()) failures.push(`${e.operationId}: method ${got.method}`);
        if (!pathRe.test(decodeURIComponent(url.pathname))) failures.push(`${e.operationId}: path ${url.pathname}`);
        if (got.headers.accept !== 'application/json') failures.push(`${e.operationId}: Accept ${got.headers.accept}`);
        if (op.auth === 'bearer' && got.headers.authorization !== 'Bearer test-token') failures.push(`${e.operationId}: Authorization ${got.headers.authorization}`);
        if (op.auth === 'basic' && got.headers.authorization !== `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`) failures.push(`${e.operationId}: basic auth`);
        for (const key of url.searchParams.keys()) if (!op.parameters.some((p) => p.in === 'query' && p.name === key)) failures.push(`${e.operationId}: query ${key}`);
        if (op.requestBody?.mediaType === 'application/json') {
          if (got.headers['content-type'] !== 'application/json') failures.push(`${e.operationId}: Content-Type ${got.headers['content-type']}`);
          const [request] = toJsonObjectWarn(e.value);
          try {
            expect(JSON.parse(got.body)).toEqual(request.data);
          } catch {
            failures.push(`${e.operationId}: body ${got.body.slice(0, 80)}`);
          }
        } else if (op.requestBody) {
          if (got.headers['content-type'] !== 'application/x-www-form-urlencoded') failures.push(`${e.operationId}: form Content-Type`);
          if (got.body !== 'grant_type=client_credentials') failures.push(`${e.operationId}: form body ${got.body}`);
        } else if (got.body) {
          failures.push(`${e.operationId}: unexpected body`);
        }
      }
    } finally {
      server.close();
    }
    expect(failures).toEqual([]);
  });
});
