// `bankdocs mock` on the bundled site: started as the CLI, every operation of
// content/api/openapi.yaml is called with its own documented curl example and must answer
// its documented status and body (the OpenAPI document's example, or the reference's
// response block when the document has none). The expectations are read here from the
// files themselves, not through bankdocs' code.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { toJsonObjectWarn } from 'curlconverter';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/preview.js';
import { CLI, copySite, removeSite, REPO, runCli } from '../helpers/site.js';
import { rawGet } from '../helpers/http.js';

interface Documented {
  id: string;
  curl: string;
  status: number;
  body: unknown;
}

const SERVER = 'https://api.moorlink.example';

/** Every operation of the reference with its curl example and documented answer. */
function documentedOperations(): Documented[] {
  const openapi = parseYaml(readFileSync(join(REPO, 'content', 'api', 'openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }> }>> };
  const fromOpenapi = new Map<string, { statuses: string[]; example: (status: string) => unknown }>();
  for (const item of Object.values(openapi.paths)) {
    for (const op of Object.values(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      const responses = op.responses ?? {};
      fromOpenapi.set(op.operationId, {
        statuses: Object.keys(responses),
        example: (status) => Object.values(responses[status]?.content?.['application/json']?.examples ?? {})[0]?.value,
      });
    }
  }
  const found: Documented[] = [];
  const dir = join(REPO, 'content', 'api');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/^:::operation\{id="([^"]+)"\}\n([\s\S]*?)^:::$/gm)) {
      const [, id, inner] = match as unknown as [string, string, string];
      const curl = /^```curl\n([\s\S]*?)^```$/m.exec(inner)![1]!;
      const response = /^```json response ?(\d{3})?\n([\s\S]*?)^```$/m.exec(inner)!;
      const doc = fromOpenapi.get(id)!;
      const status = response[1] ?? doc.statuses.filter((s) => s.startsWith('2')).sort()[0]!;
      // The reference's block is what the mock answers (the OpenAPI example when it has none).
      found.push({ id, curl, status: Number(status), body: response[2] !== undefined ? JSON.parse(response[2]) : doc.example(status) });
    }
  }
  return found;
}

/** The example's request, sent to the mock as curl would send it ($VARIABLES set to test values). */
function send(port: number, curl: string): Promise<{ status: number; body: string }> {
  const [parsed] = toJsonObjectWarn(curl) as [{ raw_url: string; method: string; headers?: Record<string, string>; data?: unknown; auth?: { user: string; password: string } }, unknown];
  const expand = (s: string) => s.replace(/\$\{?([A-Z_]+)\}?/g, (_m, name: string) => `test-${name.toLowerCase()}`);
  const headers: Record<string, string> = Object.fromEntries(Object.entries(parsed.headers ?? {}).map(([k, v]) => [k, expand(v)]));
  if (parsed.auth) headers.Authorization = `Basic ${Buffer.from(`${expand(parsed.auth.user)}:${expand(parsed.auth.password)}`).toString('base64')}`;
  // curlconverter reads the body: JSON as a value, a form as its fields.
  const json = Object.entries(headers).some(([k, v]) => k.toLowerCase() === 'content-type' && v === 'application/json');
  const body = parsed.data === undefined ? null : typeof parsed.data === 'string' ? parsed.data : json ? JSON.stringify(parsed.data) : new URLSearchParams(parsed.data as Record<string, string>).toString();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: parsed.method.toUpperCase(), path: parsed.raw_url.slice(SERVER.length), headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

let mock: ServerProcess;
let port: number;
beforeAll(async () => {
  mock = await spawnServer(['mock', '--port', '0'], REPO, /at (http:\/\/127\.0\.0\.1:\d+)\//);
  port = Number(new URL(mock.url).port);
});
afterAll(() => mock?.stop());

describe('bankdocs mock on the bundled site', () => {
  const operations = documentedOperations();

  it('finds the 53 operations of the reference', () => {
    expect(operations).toHaveLength(53);
    expect(new Set(operations.map((o) => o.id)).size).toBe(53);
  });

  it('prints where it listens and where its answers come from', () => {
    expect(mock.output()).toMatch(/^bankdocs mock: Moorlink API at http:\/\/127\.0\.0\.1:\d+\/ {2}\(53 operations; answers: 53 from the reference's examples; Ctrl\+C to stop\)/);
  });

  it('answers every operation\'s documented curl example with its documented status and body', async () => {
    const results = await Promise.all(operations.map(async (op) => ({ id: op.id, ...(await send(port, op.curl)) })));
    for (const [i, op] of operations.entries()) {
      const got = results[i]!;
      expect({ id: op.id, status: got.status }).toEqual({ id: op.id, status: op.status });
      // The API's own links (links.next, links.self) lead back to the mock.
      expect(JSON.parse(got.body), op.id).toEqual(JSON.parse(JSON.stringify(op.body).replaceAll(SERVER, `http://127.0.0.1:${port}`)));
    }
  });

  it('keeps a client that follows the answers\' links on the mock, and answers HEAD, a browser\'s preflight and an Accept list', async () => {
    const headers = { Accept: 'application/json, text/plain, */*', Authorization: 'Bearer t' };
    const first = await rawGet({ port, path: '/accounts?page%5Blimit%5D=2', headers });
    expect(first.status).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    // Data, never a page: an HTML or SVG example opened or framed by another site runs nothing.
    expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    const next = (JSON.parse(first.body) as { links: { next: string } }).links.next;
    expect(next.startsWith(`http://127.0.0.1:${port}/accounts?`)).toBe(true);
    const url = new URL(next);
    expect((await rawGet({ port, path: `${url.pathname}${url.search}`, headers })).status).toBe(200);
    const head = await rawGet({ port, path: '/accounts', method: 'HEAD', headers });
    expect([head.status, head.body]).toEqual([200, '']);
    const preflight = await rawGet({ port, path: '/accounts', method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type');
  });

  it('answers a request the API would refuse with the problem, in the API\'s error format', async () => {
    const payment = operations.find((o) => o.id === 'createPayment')!;
    const answer = await send(port, payment.curl.replace('"currency": "EUR"', '"currency": "USD"'));
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ code: 'validationFailed', detail: '/data/attributes/currency must be one of "EUR"' }] });
    await expect.poll(() => mock.output()).toContain('-> 422 (createPayment)  validationFailed: /data/attributes/currency must be one of "EUR"');
  });

  it('answers only to localhost names (DNS rebinding)', async () => {
    const answer = await rawGet({ port, path: '/accounts', headers: { Host: 'evil.example', Accept: 'application/json' } });
    expect(answer.status).toBe(403);
    expect((JSON.parse(answer.body) as { errors: { code: string }[] }).errors[0]!.code).toBe('hostNotAllowed');
  });
});

describe('bankdocs mock --stateful', () => {
  it('lets a created payment be read, and stops cleanly on Ctrl+C', async () => {
    const child = spawn(process.execPath, [CLI, 'mock', '--port', '0', '--stateful'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
          if (match) resolve(match[1]!);
        });
        void exited.then(() => reject(new Error(`mock exited: ${output}`)));
      });
      const p = Number(new URL(url).port);
      const create = documentedOperations().find((o) => o.id === 'createPayment')!;
      const created = await send(p, create.curl);
      expect(created.status).toBe(201);
      const { data } = JSON.parse(created.body) as { data: { id: string; attributes: { amount: number } } };
      expect(data.id).toBe('00000000-0000-4000-8000-000000000001');
      expect(data.attributes.amount).toBe(249.9); // sent by the example (the OpenAPI example says 59.9)
      const read = await rawGet({ port: p, path: `/accounts/3f6c2b9e-5a1d-4c7e-9b2f-8d4a6e1c0b73/payments/${data.id}`, headers: { Accept: 'application/json', Authorization: 'Bearer t' } });
      expect(read.status).toBe(200);
      expect(JSON.parse(read.body)).toEqual(JSON.parse(created.body));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL'); // never leave a server behind
    }
  });
});

describe('bankdocs mock, refusing to start', () => {
  it('says a port that is no port is a usage error (exit 2)', () => {
    const result = runCli(['mock', '--port', 'abc'], REPO);
    expect(result.stderr.trim()).toBe('bankdocs mock: "abc" is not a port; use a number from 0 to 65535 (0: any free port).');
    expect(result.status).toBe(2);
  });

  it('says there is nothing to mock on a site without an OpenAPI document (exit 1)', () => {
    const site = copySite('basic-site');
    const result = runCli(['mock', '--port', '0'], site);
    expect(result.stderr.trim()).toBe('bankdocs mock: there is no OpenAPI document at content/api/openapi.yaml; the mock serves the API it describes (set api.openapi in docs.config.yaml if it is elsewhere).');
    expect(result.status).toBe(1);
    removeSite(site);
  });
});
