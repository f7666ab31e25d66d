// check --external requests only public addresses, also after redirects, and connects
// to the addresses it checked. Nothing here leaves this machine: fake resolvers and
// fake requests stand in for DNS and the web, and the real request goes to 127.0.0.1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkExternal,
  MAX_REDIRECTS,
  requestHop,
  type ExternalOptions,
  type HopRequest,
  type HopResponse,
  type ResolveHost,
} from '../../../src/check/check-external.js';
import type { ExternalLink } from '../../../src/check/check-links.js';

const link = (url: string, line = 3): ExternalLink => ({ url, file: '/site/content/developers/guide.md', line, column: 5 });
const options = (more: Partial<ExternalOptions> = {}): ExternalOptions => ({ timeoutMs: 10_000, concurrency: 2, cacheFile: null, cacheTtlMs: 0, ...more });
const summary = (ds: { ruleId: string; severity: string; line: number; column: number; message: string }[]) =>
  ds.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`);

/** A resolver from a table; a name not in it is not found, like dns.lookup says. */
const fakeResolver = (table: Record<string, string[]>): ResolveHost & { asked: string[] } => {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
};

/** Answers from a table keyed by "METHOD url"; records every request. */
const fakeRequest = (answers: Record<string, HopResponse>) => {
  const seen: HopRequest[] = [];
  const request = async (r: HopRequest) => {
    seen.push(r);
    const answer = answers[`${r.method} ${r.url.href}`];
    if (!answer) throw new Error(`unexpected request ${r.method} ${r.url.href}`);
    return answer;
  };
  return { request, seen, urls: () => seen.map((r) => `${r.method} ${r.url.href}`) };
};

describe('checkExternal against a local server', () => {
  let server: ReturnType<typeof createServer>;
  let port: number;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => void server.close());

  it('never requests a loopback address linked directly, in any spelling, and says why', async () => {
    received.length = 0;
    const urls = [
      `http://127.0.0.1:${port}/ok`,
      `http://0x7f000001:${port}/hex`,
      `http://127.1:${port}/short`,
      `http://[::ffff:127.0.0.1]:${port}/mapped`,
      `http://[::1]:${port}/v6`,
    ];
    // The real resolver and the real request: only the address check stands between them and the server.
    const diagnostics = await checkExternal(urls.map((u, i) => link(u, i + 1)), options());
    expect(summary(diagnostics)).toEqual([
      `1:5 warning external-link-private http://127.0.0.1:${port}/ok points to 127.0.0.1, a loopback address; bankdocs does not request such addresses, so the link was not checked`,
      `2:5 warning external-link-private http://0x7f000001:${port}/hex points to 127.0.0.1, a loopback address; bankdocs does not request such addresses, so the link was not checked`,
      `3:5 warning external-link-private http://127.1:${port}/short points to 127.0.0.1, a loopback address; bankdocs does not request such addresses, so the link was not checked`,
      `4:5 warning external-link-private http://[::ffff:127.0.0.1]:${port}/mapped points to ::ffff:7f00:1, an IPv4-mapped loopback address; bankdocs does not request such addresses, so the link was not checked`,
      `5:5 warning external-link-private http://[::1]:${port}/v6 points to ::1, a loopback address; bankdocs does not request such addresses, so the link was not checked`,
    ]);
    expect(received).toEqual([]);
  });

  it('refuses a host name that resolves to loopback (localhost) before connecting', async () => {
    received.length = 0;
    const resolve = fakeResolver({ localhost: ['127.0.0.1', '::1'] });
    const diagnostics = await checkExternal([link(`http://localhost:${port}/ok`)], options({ resolve }));
    expect(summary(diagnostics)).toEqual([
      `3:5 warning external-link-private http://localhost:${port}/ok points to 127.0.0.1, a loopback address; bankdocs does not request such addresses, so the link was not checked`,
    ]);
    expect(resolve.asked).toEqual(['localhost']);
    expect(received).toEqual([]);
  });

  it('connects the real request to the checked addresses, not to a fresh DNS answer', async () => {
    received.length = 0;
    let host: string | undefined;
    server.once('request', (req: { headers: IncomingHttpHeaders }) => (host = req.headers.host));
    // public.example is not looked up again: the socket goes where the pinned address says.
    const response = await requestHop({
      url: new URL(`http://public.example:${port}/pinned`),
      method: 'HEAD',
      addresses: [{ address: '127.0.0.1', family: 4 }],
      signal: AbortSignal.timeout(10_000),
    });
    expect(response).toEqual({ status: 200, location: null });
    expect(received).toEqual(['HEAD /pinned']);
    expect(host).toBe(`public.example:${port}`);
  });
});

describe('checkExternal with a fake resolver and fake requests', () => {
  it('lets a public address through, and connects only to the addresses it checked', async () => {
    const resolve = fakeResolver({ 'public.example': ['93.184.216.34', '2606:2800:220:1::1'] });
    const web = fakeRequest({ 'HEAD https://public.example/docs': { status: 200, location: null } });
    expect(await checkExternal([link('https://public.example/docs#part')], options({ resolve, request: web.request }))).toEqual([]);
    expect(web.urls()).toEqual(['HEAD https://public.example/docs']);
    expect(web.seen[0]!.addresses).toEqual([{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }]);
  });

  it('refuses a host with one private address among public ones', async () => {
    const resolve = fakeResolver({ 'mixed.example': ['93.184.216.34', '10.0.0.7'] });
    const web = fakeRequest({});
    expect(summary(await checkExternal([link('https://mixed.example/')], options({ resolve, request: web.request })))).toEqual([
      '3:5 warning external-link-private https://mixed.example/ points to 10.0.0.7, a private address; bankdocs does not request such addresses, so the link was not checked',
    ]);
    expect(web.seen).toEqual([]);
  });

  it('refuses a redirect from an allowed URL to http://127.0.0.1/, without requesting it', async () => {
    const resolve = fakeResolver({ 'public.example': ['93.184.216.34'] });
    const web = fakeRequest({ 'HEAD https://public.example/go': { status: 302, location: 'http://127.0.0.1/admin' } });
    expect(summary(await checkExternal([link('https://public.example/go')], options({ resolve, request: web.request })))).toEqual([
      '3:5 warning external-link-private https://public.example/go redirects to http://127.0.0.1/admin, at 127.0.0.1, a loopback address; bankdocs does not request such addresses, so the link was not checked',
    ]);
    expect(web.urls()).toEqual(['HEAD https://public.example/go']);
  });

  it('refuses a redirect to a name that resolves to the cloud metadata address', async () => {
    const resolve = fakeResolver({ 'public.example': ['93.184.216.34'], 'metadata.example': ['169.254.169.254'] });
    const web = fakeRequest({ 'HEAD https://public.example/go': { status: 301, location: 'http://metadata.example/latest/' } });
    const [diagnostic] = await checkExternal([link('https://public.example/go')], options({ resolve, request: web.request }));
    expect(diagnostic).toMatchObject({ ruleId: 'external-link-private', severity: 'warning', line: 3, column: 5 });
    expect(diagnostic!.message).toContain('redirects to http://metadata.example/latest/, at 169.254.169.254, a link-local address');
    expect(resolve.asked).toEqual(['public.example', 'metadata.example']);
    expect(web.seen).toHaveLength(1);
  });

  it('follows relative redirects hop by hop, up to 5', async () => {
    const resolve = fakeResolver({ 'a.example': ['93.184.216.34'], 'b.example': ['93.184.216.35'] });
    const chain: Record<string, HopResponse> = {};
    for (let i = 0; i < MAX_REDIRECTS; i++) chain[`HEAD https://a.example/${i}`] = { status: 307, location: i === MAX_REDIRECTS - 1 ? 'https://b.example/end' : `/${i + 1}` };
    const web = fakeRequest({ ...chain, 'HEAD https://b.example/end': { status: 200, location: null } });
    expect(await checkExternal([link('https://a.example/0')], options({ resolve, request: web.request }))).toEqual([]);
    expect(web.urls()).toEqual(['HEAD https://a.example/0', 'HEAD https://a.example/1', 'HEAD https://a.example/2', 'HEAD https://a.example/3', 'HEAD https://a.example/4', 'HEAD https://b.example/end']);
    expect(web.seen.at(-1)!.addresses).toEqual([{ address: '93.184.216.35', family: 4 }]);
  });

  it('stops after 5 redirects', async () => {
    const resolve = fakeResolver({ 'loop.example': ['93.184.216.34'] });
    const chain: Record<string, HopResponse> = {};
    for (let i = 0; i <= MAX_REDIRECTS + 1; i++) chain[`HEAD https://loop.example/${i}`] = { status: 308, location: `/${i + 1}` };
    const web = fakeRequest(chain);
    expect(summary(await checkExternal([link('https://loop.example/0')], options({ resolve, request: web.request })))).toEqual([
      '3:5 error external-link-broken https://loop.example/0 cannot be reached (more than 5 redirects)',
    ]);
    expect(web.seen).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('does not follow a redirect to another scheme', async () => {
    const resolve = fakeResolver({ 'public.example': ['93.184.216.34'] });
    const web = fakeRequest({ 'HEAD https://public.example/file': { status: 302, location: 'file:///etc/passwd' } });
    expect(summary(await checkExternal([link('https://public.example/file')], options({ resolve, request: web.request })))).toEqual([
      '3:5 error external-link-broken https://public.example/file cannot be reached (redirects to file:///etc/passwd, which is not an http(s) URL)',
    ]);
    expect(web.seen).toHaveLength(1);
  });

  it('reports 4xx answers, retries HEAD refusals with GET, and names DNS failures', async () => {
    const resolve = fakeResolver({ 'public.example': ['93.184.216.34'] });
    const web = fakeRequest({
      'HEAD https://public.example/gone': { status: 404, location: null },
      'HEAD https://public.example/no-head': { status: 405, location: null },
      'GET https://public.example/no-head': { status: 200, location: null },
    });
    const diagnostics = await checkExternal(
      [link('https://public.example/gone', 1), link('https://public.example/no-head', 2), link('https://nowhere.example/', 3)],
      options({ resolve, request: web.request }),
    );
    expect(summary(diagnostics)).toEqual([
      '1:5 error external-link-broken https://public.example/gone answers 404',
      '3:5 error external-link-broken https://nowhere.example/ cannot be reached (ENOTFOUND)',
    ]);
    expect(web.urls().sort()).toEqual(['GET https://public.example/no-head', 'HEAD https://public.example/gone', 'HEAD https://public.example/no-head']);
  });

  it('keeps answers that a link works for a day, and asks again about one that failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-external-'));
    try {
      const cacheFile = join(dir, 'external-links.json');
      const resolve = fakeResolver({ 'public.example': ['93.184.216.34'] });
      const first = fakeRequest({ 'HEAD https://public.example/ok': { status: 200, location: null }, 'HEAD https://public.example/flaky': { status: 503, location: null } });
      const links = [link('https://public.example/ok', 1), link('https://public.example/flaky', 2)];
      expect(summary(await checkExternal(links, options({ resolve, request: first.request, cacheFile, cacheTtlMs: 86_400_000 })))).toEqual(['2:5 error external-link-broken https://public.example/flaky answers 503']);
      const second = fakeRequest({ 'HEAD https://public.example/flaky': { status: 200, location: null } });
      expect(await checkExternal(links, options({ resolve, request: second.request, cacheFile, cacheTtlMs: 86_400_000 }))).toEqual([]);
      expect(second.urls()).toEqual(['HEAD https://public.example/flaky']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks again, without failing, when the kept answers are damaged or of another shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-external-'));
    try {
      const cacheFile = join(dir, 'external-links.json');
      const resolve = fakeResolver({ 'public.example': ['93.184.216.34'] });
      const links = [link('https://public.example/ok', 1)];
      // Cut short (a run stopped while writing it), JSON of another shape, an entry of another shape.
      for (const kept of ['{"https://public.example/ok": {"ok": tr', 'null', '[1]', '{"https://public.example/ok": 7}']) {
        writeFileSync(cacheFile, kept);
        const web = fakeRequest({ 'HEAD https://public.example/ok': { status: 200, location: null } });
        expect(await checkExternal(links, options({ resolve, request: web.request, cacheFile, cacheTtlMs: 86_400_000 }))).toEqual([]);
        expect(web.urls()).toEqual(['HEAD https://public.example/ok']);
        expect(JSON.parse(readFileSync(cacheFile, 'utf8'))).toMatchObject({ 'https://public.example/ok': { ok: true, status: 200 } });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up on a host that does not answer within the time-out', async () => {
    const resolve = fakeResolver({ 'slow.example': ['93.184.216.34'] });
    const request = (r: HopRequest) => new Promise<HopResponse>((_, reject) => r.signal.addEventListener('abort', () => reject(r.signal.reason)));
    expect(summary(await checkExternal([link('https://slow.example/')], options({ resolve, request, timeoutMs: 20 })))).toEqual([
      '3:5 error external-link-broken https://slow.example/ cannot be reached (no answer within 20 ms)',
    ]);
  });
});
