// The mock API over HTTP (`bankdocs mock`, and `bankdocs check --execute` in-process): the
// local servers' shared guards (localhost Host names only, small headers, a URL length
// limit) and a body limit, around MockApi.answer.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHosts, createLocalServer, hostRefusal, MAX_URL_LENGTH, requestHost } from '../http/local-server.js';
import { MockApi, type MockAnswer, type MockOptions } from './mock-api.js';

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

export function mockHandler(options: MockServerOptions) {
  const mock = new MockApi(options);
  const allowed = new Set(allowedHosts(options.host).map((h) => h.toLowerCase()));
  const send = (req: IncomingMessage, res: ServerResponse, answer: MockAnswer) => {
    res.writeHead(answer.status, { ...answer.headers, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...(answer.body ? { 'content-length': Buffer.byteLength(answer.body) } : {}) });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
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
    req.on('end', () => {
      if (tooLarge) return send(req, res, refuse(413, 'payloadTooLarge', `the request body is larger than ${MAX_BODY_BYTES} bytes`));
      const body = size ? Buffer.concat(chunks).toString('utf8') : null;
      let answer: MockAnswer;
      try {
        answer = mock.answer({ method: req.method ?? 'GET', url, headers: req.headers, body });
      } catch (error) {
        // A bankdocs bug, not the caller's: said so, without a stack trace in the answer.
        answer = refuse(500, 'mockError', `Internal error in bankdocs mock: ${(error as Error).message}`);
      }
      send(req, res, answer);
    });
  };
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
      let base = '';
      try {
        base = new URL(options.api.servers[0] ?? 'http://x').pathname.replace(/\/+$/, '');
      } catch {
        base = '';
      }
      resolve({
        server,
        url: `http://${host}:${port}${base}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
