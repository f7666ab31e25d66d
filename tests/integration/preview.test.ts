// bankdocs preview serves a built folder like a static host, and nothing outside it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../src/commands/preview.js';
import { rawGet } from '../helpers/http.js';

let root: string;
let server: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'bankdocs-preview-'));
  mkdirSync(join(root, 'dist', 'en'), { recursive: true });
  writeFileSync(join(root, 'dist', 'en', 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(root, 'dist', '404.html'), '<h1>Page Not Found</h1>');
  writeFileSync(join(root, 'secret.txt'), 'outside the site');
  server = await startStaticServer(join(root, 'dist'), 0, '127.0.0.1');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, method = 'GET') => rawGet({ port, path, method });

describe('bankdocs preview', () => {
  it('serves /x and /x/ from x/index.html, and 404.html with status 404', async () => {
    expect(await get('/en')).toEqual({ status: 200, body: '<h1>Home</h1>' });
    expect(await get('/en/')).toEqual({ status: 200, body: '<h1>Home</h1>' });
    expect(await get('/nope')).toEqual({ status: 404, body: '<h1>Page Not Found</h1>' });
  });

  it('never serves a file outside the folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/en/../../secret.txt', '/..%2fsecret.txt']) {
      const response = await get(path);
      expect(response.body, path).not.toContain(readFileSync(join(root, 'secret.txt'), 'utf8'));
      expect(response.status, path).toBe(404);
    }
  });

  it('answers only GET and HEAD', async () => {
    expect((await get('/en', 'POST')).status).toBe(405);
    expect((await get('/en', 'HEAD')).status).toBe(200);
  });
});
