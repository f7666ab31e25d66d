// bankdocs preview serves a built folder like a static host, and nothing else: no file
// outside it (traversal, symlinks), no dotfile (.git/ of a gh-pages checkout, .env), and
// only to localhost names (DNS rebinding).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../src/commands/preview.js';
import { rawGet } from '../helpers/http.js';

const SECRET = 'secret-outside-the-site';
const ENV = 'API_TOKEN=env-secret';
const GIT = 'url = https://git-secret@example.invalid/repo.git';
const NOT_FOUND = '<h1>Page Not Found</h1>';

let root: string;
let server: Server;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'bankdocs-preview-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'en', 'support'), { recursive: true });
  mkdirSync(join(dist, '.git'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(root, 'outside'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<h1>Root</h1>');
  writeFileSync(join(dist, 'en', 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(dist, 'en', 'support', 'index.html'), '<h1>Support</h1>');
  writeFileSync(join(dist, 'assets', 'site.css'), 'body { color: black }');
  writeFileSync(join(dist, '404.html'), NOT_FOUND);
  writeFileSync(join(dist, '_headers'), '/*\n  X-Frame-Options: SAMEORIGIN\n/assets/site.css\n  Cache-Control: public, max-age=31536000, immutable\n');
  writeFileSync(join(dist, '.env'), ENV);
  writeFileSync(join(dist, '.git', 'config'), GIT);
  writeFileSync(join(root, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'outside', 'secret.txt'), SECRET);
  // Links out of the folder (a file and a folder), and one inside it, which is fine.
  symlinkSync(join(root, 'secret.txt'), join(dist, 'leak.txt'));
  symlinkSync(join(root, 'outside'), join(dist, 'leaks'));
  symlinkSync(join(dist, '.env'), join(dist, 'env.txt'));
  symlinkSync(join(dist, 'en', 'index.html'), join(dist, 'alias.html'));
  server = await startStaticServer(dist, 0, '127.0.0.1', (line) => logged.push(line));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, options: { method?: string; headers?: Record<string, string> } = {}) => rawGet({ port, path, ...options });

describe('bankdocs preview', () => {
  it('serves /x and /x/ from x/index.html, and 404.html with status 404', async () => {
    for (const [path, body] of [
      ['/', '<h1>Root</h1>'],
      ['/en', '<h1>Home</h1>'],
      ['/en/', '<h1>Home</h1>'],
      ['/en/support', '<h1>Support</h1>'],
      ['/en/support/?x=1', '<h1>Support</h1>'],
      ['/alias', '<h1>Home</h1>'],
    ] as const) {
      const response = await get(path);
      expect({ status: response.status, body: response.body, type: response.headers['content-type'] }, path).toEqual({ status: 200, body, type: 'text/html; charset=utf-8' });
    }
    const css = await get('/assets/site.css');
    expect([css.status, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    const missing = await get('/nope');
    expect([missing.status, missing.body, missing.headers['content-type']]).toEqual([404, NOT_FOUND, 'text/html; charset=utf-8']);
    expect((await get('/en/support/index.html/')).status).toBe(404);
  });

  it('sends X-Content-Type-Options: nosniff on every answer', async () => {
    const answers = await Promise.all([
      get('/en'),
      get('/assets/site.css'),
      get('/nope'),
      get('/.env'),
      get('/en', { method: 'POST' }),
      get('/en', { headers: { host: 'attacker.example' } }),
      get('/%E0%A4%A'),
      get(`/${'a'.repeat(5000)}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 404, 405, 403, 400, 414]);
    for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the headers of _headers as the host would, its Cache-Control over its own no-cache', async () => {
    const [page, css] = await Promise.all([get('/en'), get('/assets/site.css')]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves a file outside the folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E/secret.txt', '/en/../../secret.txt', '/..%2fsecret.txt', '/en/%2e%2e/%2e%2e/secret.txt', '/%5c..%5csecret.txt']) {
      const response = await get(path);
      expect([response.status, response.body], path).toEqual([404, NOT_FOUND]);
    }
  });

  it('never serves dotfiles, however the dot is written', async () => {
    for (const path of ['/.env', '/%2eenv', '/%2Eenv', '/.git/config', '/%2Egit/config', '/%2egit%2fconfig', '/.git/', '/.git', '/en/../.env', '/./.env', '/en/%2e/index.html']) {
      const response = await get(path);
      expect([response.status, response.body], path).toEqual([404, NOT_FOUND]);
    }
  });

  it('never follows a symlink out of the folder, to a file or a folder, or to a dotfile', async () => {
    for (const path of ['/leak.txt', '/leak', '/leaks/secret.txt', '/leaks/', '/leaks', '/env.txt']) {
      const response = await get(path);
      expect([response.status, response.body], path).toEqual([404, NOT_FOUND]);
      expect(response.body).not.toContain(SECRET);
    }
  });

  it('answers only to localhost names, with a hint to the way in', async () => {
    for (const host of ['localhost', `localhost:${port}`, '127.0.0.1', `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await get('/en', { headers: { host } })).status, host).toBe(200);
    }
    for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`, `localhost.attacker.example`]) {
      const refused = await get('/en', { headers: { host } });
      expect(refused.status, host).toBe(403);
      expect(refused.body).not.toContain('Home');
    }
    const refused = await get('/.env', { headers: { host: `rebind.example:${port}` } });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('bankdocs preview does not answer to "rebind.example"');
    expect(refused.body).toContain('localhost, 127.0.0.1, [::1]');
    expect(refused.body).toContain('--host <name>');
  });

  it('rejects oversized and malformed requests cleanly', async () => {
    expect((await get(`/${'a'.repeat(5000)}`)).status).toBe(414);
    expect((await get('/en', { headers: { 'x-big': 'b'.repeat(20_000) } })).status).toBe(431);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/%00')).status).toBe(400);
    expect((await get('/en')).status).toBe(200);
  });

  it('answers only GET and HEAD', async () => {
    const post = await get('/en', { method: 'POST' });
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    const head = await get('/en', { method: 'HEAD' });
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', String('<h1>Home</h1>'.length)]);
    const headMissing = await get('/nope', { method: 'HEAD' });
    expect([headMissing.status, headMissing.body]).toEqual([404, '']);
  });

  it('revalidates with ETag and Last-Modified, and serves byte ranges', async () => {
    const first = await get('/assets/site.css');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"\d+-\d+"$/);
    expect((await get('/assets/site.css', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await get('/assets/site.css', { headers: { 'if-modified-since': first.headers['last-modified']! } })).status).toBe(304);
    expect((await get('/assets/site.css', { headers: { 'if-none-match': 'W/"0-0"' } })).status).toBe(200);
    const part = await get('/assets/site.css', { headers: { range: 'bytes=0-3' } });
    expect([part.status, part.body, part.headers['content-range']]).toEqual([206, 'body', 'bytes 0-3/21']);
    const tail = await get('/assets/site.css', { headers: { range: 'bytes=-5' } });
    expect([tail.status, tail.body, tail.headers['content-range']]).toEqual([206, 'ack }', 'bytes 16-20/21']);
    const beyond = await get('/assets/site.css', { headers: { range: 'bytes=100-' } });
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, 'bytes */21']);
  });

  it('reports nothing to the terminal for refused requests', () => {
    expect(logged).toEqual([]);
  });
});
