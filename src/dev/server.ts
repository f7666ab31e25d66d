// The dev server: the session's pages from memory, with the same paths, stubs and
// 404 page as the static output, plus the live-reload channel. It never maps a URL to
// the file system: files are served only from the session's own list, and a listed
// content file only while its real path is inside content/.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostics.js';
import { contentType, extensionOf } from '../http/content-types.js';
import { checkedPath, createAdmission, createLocalServer, plain } from '../http/local-server.js';
import { readInside } from '../http/open-inside.js';
import type { DevSession, UpdateReport } from './session.js';

// Where tests and older callers look for it.
export { safePath } from '../http/local-server.js';

/** What the server needs of the session (a narrow view, so tests can stand one up). */
export type ServedSession = Pick<DevSession, 'lookup' | 'generation' | 'errors' | 'contentDir'>;

export interface DevServerOptions {
  session: ServedSession;
  /** The dev client script, injected into every HTML page. */
  clientScript: string;
  /** Host names the server answers to (DNS rebinding protection). */
  allowedHosts: string[];
  /** Where failures to answer are reported (the terminal); the browser gets only a generic 500. */
  log?: (line: string) => void;
  /** Settles once the session has rendered the site: requests before wait for it. */
  ready?: Promise<unknown>;
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

  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const admit = createAdmission({ allowed, server: 'dev', log });

  const server = createLocalServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      // The detail (often an absolute path) goes to the terminal, never to the browser.
      log(`bankdocs dev: cannot answer ${(req.url ?? '/').slice(0, 200)}: ${error.message} (the server keeps running)`);
      if (res.headersSent) return void res.destroy();
      plain(res, 500, 'Internal server error; the terminal running bankdocs dev says what went wrong.');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const decoded = admit(req, res);
    if (decoded === null) return;
    await options.ready?.catch(() => undefined);
    const path = checkedPath(decoded);
    if (path === null) return plain(res, 400, 'Bad request path');
    const head = req.method === 'HEAD';

    if (path === '/__bankdocs/events') return events(res);
    if (path === '/__bankdocs/dev.js') return send(res, 200, 'dev.js', options.clientScript, head);

    const key = path.slice(1);
    const candidates = key === '' ? ['index.html'] : [key, `${key.replace(/\/$/, '')}/index.html`];
    for (const candidate of candidates) {
      const output = session.lookup(candidate);
      if (!output) continue;
      if (output.body !== undefined) return send(res, 200, candidate, output.body, head);
      // A content file, read from disk now: it may have been deleted, or replaced by a
      // symlink that leads out of content/, since the session listed it.
      const contentDir = session.contentDir;
      const body = contentDir === null ? null : await readInside(contentDir, output.file);
      if (body) return send(res, 200, candidate, body, head);
      break;
    }
    const notFound = session.lookup('404.html');
    // No 404 page yet (the config did not load at start): a plain one, with the live-reload
    // script like every page, so the error overlay shows and the page comes once it is fixed.
    return send(res, 404, '404.html', notFound?.body ?? '<!DOCTYPE html><html><head><title>Page Not Found</title></head><body><h1>Page Not Found</h1><p>bankdocs dev has no page here yet: see the errors below, or in the terminal.</p></body></html>', head);
  }

  function send(res: ServerResponse, status: number, name: string, body: string | Uint8Array, head: boolean): void {
    let payload = body;
    // The client patches a page in place when only its content changed: it needs to know which version of the page it holds.
    const html = extensionOf(name) === 'html';
    if (html) payload = String(body).replace(/<\/body>/i, `<script src="/__bankdocs/dev.js" data-generation="${session.generation}"></script></body>`);
    res.writeHead(status, {
      'content-type': contentType(name),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...(html ? { 'x-bankdocs-generation': String(session.generation) } : {}),
    });
    res.end(head ? undefined : payload);
  }

  function events(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(`retry: 500\n`);
    res.write(message('hello', { generation: session.generation, problems: wire(session.errors) }));
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

