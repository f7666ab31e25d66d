// The dev server's handling of content files served from disk, with a stand-in session:
// a file deleted or replaced by a symlink since the session listed it is a 404, and an
// internal error is a generic 500 whose detail goes to the terminal only.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, type DevServer, type ServedSession } from '../../../src/dev/server.js';
import { allowedHosts } from '../../../src/http/local-server.js';
import { rawGet } from '../../helpers/http.js';

const NOT_FOUND = '<html><body><h1>Page Not Found</h1></body></html>';
let dir: string;
let content: string;
let dev: DevServer;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-dev-server-'));
  content = join(dir, 'content');
  mkdirSync(join(content, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(content, 'assets', 'ok.txt'), 'a content file');
  writeFileSync(join(dir, 'outside', 'secret.txt'), 'the secret');
  symlinkSync(join(dir, 'outside', 'secret.txt'), join(content, 'assets', 'link.txt'));
  symlinkSync(join(dir, 'outside'), join(content, 'assets', 'dir'));
  const files: Record<string, string> = {
    'assets/ok.txt': join(content, 'assets', 'ok.txt'),
    'assets/gone.txt': join(content, 'assets', 'gone.txt'),
    'assets/link.txt': join(content, 'assets', 'link.txt'),
    'assets/dir/secret.txt': join(content, 'assets', 'dir', 'secret.txt'),
    'assets/folder.txt': join(content, 'assets'),
    'assets/elsewhere.txt': join(dir, 'outside', 'secret.txt'),
  };
  const session: ServedSession = {
    generation: 0,
    errors: [],
    contentDir: content,
    lookup(path) {
      if (path === 'boom') throw new Error(`EIO: i/o error, read '${join(dir, 'outside', 'secret.txt')}'`);
      if (path === '404.html') return { body: NOT_FOUND };
      if (path === 'en/index.html') return { body: '<html><body>Home</body></html>' };
      return files[path] ? { file: files[path] } : null;
    },
  };
  dev = createDevServer({ session, clientScript: '', allowedHosts: allowedHosts(), log: (line) => logged.push(line) });
  await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve));
  port = (dev.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await dev.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => rawGet({ port, path });

describe('the dev server', () => {
  it('serves pages and listed content files', async () => {
    const page = await get('/en');
    expect([page.status, page.body]).toEqual([200, '<html><body>Home<script src="/__bankdocs/dev.js" data-generation="0"></script></body></html>']);
    const file = await get('/assets/ok.txt');
    expect([file.status, file.body, file.headers['content-type'], file.headers['x-content-type-options']]).toEqual([200, 'a content file', 'text/plain; charset=utf-8', 'nosniff']);
  });

  it('answers a listed content file that is gone, a symlink out of content/, or not a file with the 404 page', async () => {
    for (const path of ['/assets/gone.txt', '/assets/link.txt', '/assets/dir/secret.txt', '/assets/folder.txt', '/assets/elsewhere.txt']) {
      const response = await get(path);
      expect([response.status, response.body], path).toEqual([404, NOT_FOUND.replace('</body>', '<script src="/__bankdocs/dev.js" data-generation="0"></script></body>')]);
    }
    expect(logged).toEqual([]);
  });

  it('answers an internal error with a generic 500, and tells the terminal why', async () => {
    const response = await get('/boom');
    expect(response.status).toBe(500);
    expect(response.body).toBe('Internal server error; the terminal running bankdocs dev says what went wrong.');
    expect(response.body).not.toContain(dir);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(logged).toEqual([`bankdocs dev: cannot answer /boom: EIO: i/o error, read '${join(dir, 'outside', 'secret.txt')}' (the server keeps running)`]);
    expect((await get('/en')).status).toBe(200);
  });

  it('refuses foreign Host headers with a hint', async () => {
    const response = await rawGet({ port, path: '/en', headers: { host: `rebind.example:${port}` } });
    expect(response.status).toBe(403);
    expect(response.body).toContain('bankdocs dev does not answer to "rebind.example"');
  });
});
