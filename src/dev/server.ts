// The dev server: the session's pages from memory, with the same paths, stubs and
// 404 page as the static output, plus the live-reload channel. It never maps a URL to
// the file system: files are served only from the session's own list.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostics.js';
import type { DevSession, UpdateReport } from './session.js';

const MAX_URL_LENGTH = 4096;
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  yaml: 'text/yaml; charset=utf-8',
  woff2: 'font/woff2',
};

export interface DevServerOptions {
  session: DevSession;
  /** The dev client script, injected into every HTML page. */
  clientScript: string;
  /** Host names the server answers to (DNS rebinding protection). */
  allowedHosts: string[];
}

export interface DevServer {
  server: Server;
  broadcast(report: UpdateReport): void;
  close(): Promise<void>;
}

export function createDevServer(options: DevServerOptions): DevServer {
  const { session } = options;
  const clients = new Set<ServerResponse>();
  const allowed = new Set(options.allowedHosts.map((h) => h.toLowerCase()));

  const server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`bankdocs dev: ${error.message}`);
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    if (url.length > MAX_URL_LENGTH) return plain(res, 414, 'URI too long');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return plain(res, 405, 'Method not allowed');
    }
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (!allowed.has(host)) return plain(res, 403, `bankdocs dev does not answer to the host "${host.slice(0, 100)}"; open it through one of ${[...allowed].join(', ')}`);
    const path = safePath(url);
    if (path === null) return plain(res, 400, 'Bad request path');

    if (path === '/__bankdocs/events') return events(res);
    if (path === '/__bankdocs/dev.js') return send(res, 200, 'js', options.clientScript, req.method === 'HEAD');

    const key = path.slice(1);
    const candidates = key === '' ? ['index.html'] : [key, `${key.replace(/\/$/, '')}/index.html`];
    for (const candidate of candidates) {
      const output = session.lookup(candidate);
      if (!output) continue;
      const body = output.file ? await readFile(output.file) : output.body!;
      return send(res, 200, extension(candidate), body, req.method === 'HEAD');
    }
    const notFound = session.lookup('404.html');
    return send(res, 404, 'html', notFound?.body ?? '<!DOCTYPE html><title>Page Not Found</title><h1>Page Not Found</h1>', req.method === 'HEAD');
  }

  function send(res: ServerResponse, status: number, ext: string, body: string | Uint8Array, head: boolean): void {
    let payload = body;
    if (ext === 'html') payload = String(body).replace(/<\/body>/i, `<script src="/__bankdocs/dev.js"></script></body>`);
    res.writeHead(status, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(head ? undefined : payload);
  }

  function events(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(`retry: 500\n`);
    res.write(message('hello', { generation: session.generation, problems: wire(session.problems) }));
    clients.add(res);
    res.on('close', () => clients.delete(res));
  }

  return {
    server,
    broadcast(report) {
      const payload = message('update', { generation: session.generation, reload: report.reload, cssOnly: report.cssOnly, problems: wire(report.problems) });
      for (const client of clients) client.write(payload);
    },
    close() {
      for (const client of clients) client.end();
      clients.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function message(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function wire(problems: Diagnostic[]) {
  const cwd = process.cwd();
  return problems.map((p) => ({ ...p, file: p.file.startsWith(cwd) ? p.file.slice(cwd.length + 1) : p.file }));
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function extension(path: string): string {
  return /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? 'html';
}

/** The decoded path, or null for anything that tries to leave the site or is malformed. */
export function safePath(url: string): string | null {
  const raw = url.split(/[?#]/)[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return null;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return path.replace(/\/{2,}/g, '/');
}
