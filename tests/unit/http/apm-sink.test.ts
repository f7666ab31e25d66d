import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApm } from '../../../src/http/apm-sink.js';

let server: Server;
let base: string;
const notes: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    if (!answerApm(req, res, new URL(req.url!, 'http://x').pathname, (line) => notes.push(line))) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('answerApm', () => {
  it('answers the central config and accepts events as an APM server would', async () => {
    const config = await fetch(`${base}/apm/config/v1/rum/agents?service.name=docs`);
    expect(config.status).toBe(200);
    expect(await config.json()).toEqual({});
    const events = await fetch(`${base}/apm/intake/v2/rum/events`, { method: 'POST', body: '{"metadata":{}}\n{"transaction":{}}\n{"error":{}}\n' });
    expect(events.status).toBe(202);
    expect(notes).toEqual(['monitoring: 2 event(s) accepted and dropped (no APM server here; a hosted site reports to its own)']);
  });

  it('answers other APM paths with 404 and leaves every other path alone', async () => {
    expect((await fetch(`${base}/apm/other`)).status).toBe(404);
    expect((await fetch(`${base}/apmx`)).status).toBe(418);
    expect((await fetch(`${base}/en`)).status).toBe(418);
  });

  it('refuses an oversized body', async () => {
    const response = await fetch(`${base}/apm/intake/v2/rum/events`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) }).catch(() => null);
    expect(response === null || response.status === 413).toBe(true);
  });
});
