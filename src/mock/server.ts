// The mock API over HTTP (`bankdocs mock`, and `bankdocs check --execute` in-process): the
// local servers' shared guards (localhost Host names only, small headers, a URL length
// limit) and a body limit, around MockApi.answer.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHosts, createLocalServer, hostRefusal, MAX_URL_LENGTH, requestHost } from '../http/local-server.js';
import { MockApi, type MockAnswer, type MockOptions } from './mock-api.js';
import { serverBasePath } from '../api/openapi.js';

/** Request bodies above this are refused (413): API requests are small. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The header `check --execute` tags each example's requests with, to tell whose problem the mock found. */
export const EXAMPLE_HEADER = 'x-bankdocs-example';

export interface MockExchange {
  method: string;
  url: string;
  /** The value of the x-bankdocs-example header, if any. */
  example: string | undefined;
  answer: MockAnswer;
}

export interface MockServerOptions extends MockOptions {
  /** Host names answered besides the loopback names (the --host it listens on). */
  host?: string;
  /** Called after each answer: the command prints it, check --execute records it. */
  onExchange?: (exchange: MockExchange) => void;
}

/** An answer is data: nothing in it loads or runs, and no page frames it. */
const ANSWER_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export function mockHandler(options: MockServerOptions) {
  const mock = new MockApi(options);
  const allowed = new Set(allowedHosts(options.host).map((h) => h.toLowerCase()));
  // The API's own addresses in answers (links.next, links.self) are the mock's: a client
  // that follows them stays here, and never sends its token to the real API.
  const servers = [...new Set(options.api.servers.map(originOf).filter((o): o is string => o !== null))].sort((a, b) => b.length - a.length);
  const local = (body: string, req: IncomingMessage) => {
    if (!servers.length || !req.headers.host) return body;
    const own = `http://${req.headers.host}`;
    return servers.reduce((text, origin) => text.replaceAll(JSON.stringify(origin).slice(1, -1), own), body);
  };
  const send = (req: IncomingMessage, res: ServerResponse, answer: MockAnswer) => {
    const body = answer.body ? local(answer.body, req) : answer.body;
    // Any page may call it (a docs site's "try it", an app in development): the answers are the published examples.
    // Never as a page, though: an example of an HTML or SVG response, opened or framed by
    // another site, would run its script in the origin of 127.0.0.1 (every local app's cookies).
    res.writeHead(answer.status, { ...answer.headers, 'access-control-allow-origin': '*', 'access-control-expose-headers': 'allow', 'x-content-type-options': 'nosniff', 'content-security-policy': ANSWER_POLICY, 'cache-control': 'no-store', ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) });
    res.end(req.method === 'HEAD' ? undefined : body);
    const example = req.headers[EXAMPLE_HEADER];
    options.onExchange?.({ method: req.method ?? 'GET', url: req.url ?? '/', example: Array.isArray(example) ? example[0] : example, answer });
  };
  const refuse = (status: number, code: string, detail: string): MockAnswer => {
    const errors = [{ code, detail }];
    return { status, headers: { 'content-type': 'application/json' }, body: `${JSON.stringify({ errors }, null, 2)}\n`, operationId: null, errors };
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    if (url.length > MAX_URL_LENGTH) return send(req, res, refuse(414, 'uriTooLong', `the URL is longer than ${MAX_URL_LENGTH} characters`));
    const host = requestHost(req.headers.host);
    if (!allowed.has(host)) return send(req, res, refuse(403, 'hostNotAllowed', hostRefusal('mock', host, allowed).trim()));
    // A browser's preflight (CORS): any origin, the methods and headers it asks for.
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      res.setHeader('connection', 'close');
      return send(req, res, refuse(413, 'payloadTooLarge', `the request body is larger than ${MAX_BODY_BYTES} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', async () => {
      if (tooLarge) return send(req, res, refuse(413, 'payloadTooLarge', `the request body is larger than ${MAX_BODY_BYTES} bytes`));
      const bytes = Buffer.concat(chunks);
      const body = size ? bytes.toString('utf8') : null;
      const form = size ? await multipartFields(req.headers['content-type'], bytes) : null;
      let answer: MockAnswer;
      try {
        answer = mock.answer({ method: req.method ?? 'GET', url, headers: req.headers, body, form });
      } catch (error) {
        // A bankdocs bug, not the caller's: said so, without a stack trace in the answer.
        answer = refuse(500, 'mockError', `Internal error in bankdocs mock: ${(error as Error).message}`);
      }
      send(req, res, answer);
    });
  };
}

/**
 * The fields of a multipart/form-data body (curl -F), a file as its name, read by the
 * platform's own parser (fetch's Request.formData); null for another body or one that is
 * no valid multipart form (then validated as the text it is).
 */
export async function multipartFields(contentType: string | undefined, body: Buffer): Promise<[string, string][] | null> {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  try {
    const data = await new Request('http://mock.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
    return [...data.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
  } catch {
    return null;
  }
}

/** "https://api.example.com" of a server URL; null for one that is no URL. */
function originOf(server: string): string | null {
  try {
    return new URL(server).origin;
  } catch {
    return null;
  }
}

export interface RunningMock {
  server: Server;
  /** "http://127.0.0.1:4010" plus the server's base path, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export function startMockServer(options: MockServerOptions & { port: number; host: string }): Promise<RunningMock> {
  const server = createLocalServer(mockHandler(options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({
        server,
        url: `http://${host}:${port}${serverBasePath(options.api.servers[0])}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
