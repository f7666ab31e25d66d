// `bankdocs preview`: serve dist/ the way a static host does, and nothing else. A
// gh-pages checkout holds .git/, a project folder an .env: no path with a segment
// starting with "." is served, nor anything a symlink leads to outside the folder, and
// only localhost names are answered (DNS rebinding). The headers of the build's _headers
// file are sent as Netlify would, so the Content-Security-Policy is tried out too.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentType } from '../http/content-types.js';
import { headersFor, parseHeadersFile, type HeaderRule } from '../http/headers-file.js';
import { allowedHosts, createAdmission, createLocalServer, hasDotSegment, plain } from '../http/local-server.js';
import { openInside, readInside, type OpenedFile } from '../http/open-inside.js';
import { consoleOutput, type Output } from './output.js';

export interface PreviewOptions {
  dir?: string;
  port?: string | number;
  host?: string;
}

export interface StaticHandlerOptions {
  /** Host names answered (DNS rebinding protection); the loopback names by default. */
  allowedHosts?: readonly string[];
  /** Where a failure to read a file is reported; the browser gets only a generic 500. */
  log?: (line: string) => void;
}

const FALLBACK_404 = '<!DOCTYPE html><title>Page Not Found</title><h1>Page Not Found</h1>';

/**
 * A request handler that serves `root` like GitHub Pages or Netlify: /x and /x/ serve
 * x/index.html (/x also x.html), unknown paths get 404.html with status 404. Files are
 * looked up and checked on every request, so a rebuilt folder is served as it is now
 * (sirv, used before, follows symlinks and serves dotfiles in the mode that does this).
 */
export function staticHandler(root: string, options: StaticHandlerOptions = {}) {
  const allowed = new Set((options.allowedHosts ?? allowedHosts()).map((h) => h.toLowerCase()));
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const admit = createAdmission({ allowed, server: 'preview', log });
  let cached: { text: string; rules: HeaderRule[] } | null = null;
  const headerRules = async (): Promise<HeaderRule[]> => {
    const text = (await readInside(root, '_headers'))?.toString('utf8') ?? '';
    if (cached?.text !== text) cached = { text, rules: parseHeadersFile(text) };
    return cached.rules;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = admit(req, res);
    if (path === null) return;
    // What Netlify and Cloudflare Pages would add from the build's _headers (the CSP among them).
    for (const [name, value] of headersFor(await headerRules(), path)) res.setHeader(name, value);
    // Checked after decoding: /%2eenv is /.env, /%2e%2e/ is /../.
    if (!path.includes('\\') && !hasDotSegment(path)) {
      for (const candidate of candidates(path)) {
        const file = await openInside(root, candidate);
        if (file) return sendFile(req, res, file, candidate);
      }
    }
    const page = await readInside(root, '404.html');
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : (page ?? FALLBACK_404));
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: Error) => {
      log(`bankdocs preview: cannot answer ${(req.url ?? '/').slice(0, 200)}: ${error.message}`);
      if (res.headersSent) return void res.destroy();
      plain(res, 500, 'Internal server error; the terminal running bankdocs preview says what went wrong.');
    });
  };
}

/** The files a path may name, in order: /x is x, x.html or x/index.html; /x/ only x/index.html. */
function candidates(path: string): string[] {
  const key = path.slice(1);
  if (key === '' || key.endsWith('/')) return [`${key}index.html`];
  return [key, `${key}.html`, `${key}/index.html`];
}

function sendFile(req: IncomingMessage, res: ServerResponse, { handle, stats }: OpenedFile, name: string): void {
  const close = () => void handle.close().catch(() => undefined);
  const etag = `W/"${stats.size}-${Math.floor(stats.mtimeMs)}"`;
  // Asked again each time, unless _headers says how long to keep it (the runtime's hashed files: for ever), as the host would.
  const headers = { etag, 'last-modified': stats.mtime.toUTCString(), 'cache-control': (res.getHeader('cache-control') as string | undefined) ?? 'no-cache', 'accept-ranges': 'bytes' };
  if (notModified(req, etag, stats.mtime)) {
    close();
    res.writeHead(304, headers).end();
    return;
  }
  const range = byteRange(req, etag, stats.size);
  if (range === 'unsatisfiable') {
    close();
    res.writeHead(416, { 'content-range': `bytes */${stats.size}` }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: stats.size - 1 };
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'content-type': contentType(name),
    'content-length': end - start + 1,
    ...(range ? { 'content-range': `bytes ${start}-${end}/${stats.size}` } : {}),
  });
  if (req.method === 'HEAD' || end < start) {
    close();
    res.end();
    return;
  }
  const stream = handle.createReadStream({ start, end });
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

/** RFC 9110 §13.1: If-None-Match wins over If-Modified-Since. */
function notModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match.split(',').some((tag) => tag.trim() === '*' || tag.trim() === etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/** A single byte range (all a browser asks for when it seeks in a video), 'unsatisfiable', or null to send the whole file. */
function byteRange(req: IncomingMessage, etag: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const header = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (!header || (ifRange !== undefined && ifRange !== etag)) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}


export function startStaticServer(root: string, port: number, host: string, log?: (line: string) => void): Promise<Server> {
  const server = createLocalServer(staticHandler(root, { allowedHosts: allowedHosts(host), ...(log ? { log } : {}) }));
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

export async function previewCommand(options: PreviewOptions, out: Output = consoleOutput): Promise<number> {
  const root = resolve(options.dir ?? 'dist');
  if (!existsSync(join(root, '404.html'))) {
    out.error(`${root} holds no built site. Run "bankdocs build" first, or pass the folder with --dir.`);
    return 1;
  }
  const host = options.host ?? '127.0.0.1';
  const port = Number(options.port ?? 4173);
  try {
    const server = await startStaticServer(root, port, host, (line) => out.error(line));
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    out.info(`Serving ${root} at http://${host.includes(':') ? `[${host}]` : host}:${actual}/ (Ctrl+C to stop)`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    out.error(code === 'EADDRINUSE' ? `Port ${port} is in use; pass another with --port.` : `Cannot start the server: ${(error as Error).message}`);
    return 1;
  }
  return new Promise<number>(() => {});
}
