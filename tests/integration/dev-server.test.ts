// The dev server's safety and stamina: nothing outside the site is ever served, hostile
// requests get clean errors, and 10,000 requests on loopback leave it healthy.
import { readFileSync, symlinkSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safePath } from '../../src/dev/server.js';
import { startDev, type DevProcess } from '../helpers/dev.js';
import { rawGet } from '../helpers/http.js';
import { copySite, removeSite } from '../helpers/site.js';

let site: string;
let dev: DevProcess;
let port: number;

beforeAll(async () => {
  site = copySite('basic-site');
  symlinkSync('/etc/hostname', join(site, 'content', 'assets', 'hostname.svg'));
  symlinkSync('/etc', join(site, 'content', 'developers', 'etc'));
  dev = await startDev(site);
  port = Number(new URL(dev.url).port);
});
afterAll(async () => {
  await dev?.stop();
  removeSite(site);
});

const get = (path: string, headers: Record<string, string> = {}, agent?: Agent) => rawGet({ port, path, headers, ...(agent ? { agent } : {}) });

describe('the dev server', () => {
  it('serves pages, stubs and 404 like the static output', async () => {
    expect((await get('/en')).status).toBe(200);
    expect((await get('/developers/getting-started/')).status).toBe(200);
    expect((await get('/support')).body).toContain('Redirecting to /en/support');
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });

  it('never serves a path outside the site', async () => {
    const secret = readFileSync('/etc/hostname', 'utf8').trim();
    for (const path of ['/../../../etc/hostname', '/%2e%2e/%2e%2e/etc/hostname', '/..%2f..%2fetc%2fhostname', '/assets/..%5c..%5cetc/hostname', '/%00', '/assets/hostname.svg', '/developers/etc/hostname', '//etc/hostname']) {
      const response = await get(path);
      expect([400, 404], path).toContain(response.status);
      if (secret) expect(response.body, path).not.toContain(secret);
    }
  });

  it('rejects hostile requests cleanly', async () => {
    expect((await get('/en', { host: 'attacker.example' })).status).toBe(403);
    expect((await get(`/${'a'.repeat(5000)}`)).status).toBe(414);
    expect((await get('/en', { 'x-big': 'b'.repeat(20_000) })).status).toBe(431);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await rawGet({ port, path: '/en', method: 'POST' })).status).toBe(405);
    expect((await get('/en')).status).toBe(200);
  });

  it('answers 10,000 requests with bounded concurrency, with no error and stable memory', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const paths = ['/en', '/nl/support', '/developers/getting-started', '/1/api/curl', '/assets/logo.svg', '/no/such/page', '/api'];
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${dev.pid}/status`, 'utf8'))![1]) / 1024;
    const run = async (count: number) => {
      const statuses = new Map<number, number>();
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < count) {
            const path = paths[next++ % paths.length]!;
            const { status } = await get(path, {}, agent);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
      return statuses;
    };
    await run(1000);
    const before = rss();
    const statuses = await run(10_000);
    const after = rss();
    agent.destroy();
    expect([...statuses.keys()].sort()).toEqual([200, 404]);
    expect(statuses.get(404)).toBe(Math.floor(10_000 / paths.length) + (10_000 % paths.length > 5 ? 1 : 0));
    expect(after - before).toBeLessThan(40);
    expect((await get('/en')).status).toBe(200);
  });
});

describe('safePath', () => {
  it('decodes, collapses slashes, and refuses traversal', () => {
    expect(safePath('/en/support?x=1#y')).toBe('/en/support');
    expect(safePath('//assets//logo.svg')).toBe('/assets/logo.svg');
    expect(safePath('/caf%C3%A9')).toBe('/café');
    expect(safePath('/a/../b')).toBeNull();
    expect(safePath('/%2e%2e/x')).toBeNull();
    expect(safePath('/a%5cb')).toBeNull();
    expect(safePath('/%00')).toBeNull();
    expect(safePath('/%E0%A4%A')).toBeNull();
  });
});
