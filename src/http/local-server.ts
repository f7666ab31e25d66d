// What both local servers (`bankdocs dev` and `bankdocs preview`) do before a request
// reaches a file: answer only to localhost names, so a web page cannot reach them
// through DNS rebinding; refuse oversized URLs and headers; decode the path without
// letting it leave the site.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { answerApm } from './apm-sink.js';

export const MAX_URL_LENGTH = 4096;
const MAX_HEADER_SIZE = 16 * 1024;
const HOST_HEADER_RE = /^(\[[^\]]*\]|[^:[\]]*)(?::\d*)?$/;

/** The host names a local server answers to: the loopback names, plus the `--host` it listens on. */
export function allowedHosts(host?: string): string[] {
  const names = ['localhost', '127.0.0.1', '[::1]', '::1'];
  if (host) {
    const name = host.toLowerCase();
    // Browsers send an IPv6 address in brackets: Host: [fe80::1]:4321.
    names.push(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name);
  }
  return [...new Set(names)];
}

/** The name in a Host header, without the port: "localhost:4321" -> "localhost", "[::1]:80" -> "[::1]". */
export function requestHost(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase();
  // Anything else after the name ("[::1]x.example") keeps the whole value, which no allowed name equals.
  return HOST_HEADER_RE.exec(value)?.[1] ?? value;
}

/** The 403 text for a request under another name: what happened and how to get in. */
export function hostRefusal(command: string, host: string, allowed: Iterable<string>): string {
  const shown = host ? `"${host.slice(0, 100)}"` : 'a request without a Host header';
  return (
    `bankdocs ${command} does not answer to ${shown}: it answers only to ${[...allowed].join(', ')}, so that a web page cannot reach it through DNS rebinding. ` +
    `Open it through one of these names, or start it with --host <name> to serve under another one.\n`
  );
}

/** An HTTP server with small header limits, answering malformed or oversized requests with a clean 400 or 431. */
export function createLocalServer(listener: RequestListener): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_SIZE }, listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 0\r\n\r\n`);
  });
  return server;
}

/** The percent-decoded path of a request URL with repeated slashes collapsed, or null when it is malformed (a bad escape, a NUL, not absolute). */
export function decodePath(url: string): string | null {
  const raw = url.split(/[?#]/)[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0')) return null;
  return path.replace(/\/{2,}/g, '/');
}

/** The decoded path, or null for anything that tries to leave the site or is malformed. */
export function safePath(url: string): string | null {
  return checkedPath(decodePath(url));
}

/** A decoded path, or null when it holds a backslash or a "." or ".." segment. */
export function checkedPath(path: string | null): string | null {
  if (path === null || path.includes('\\')) return null;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return path;
}

export function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

export interface AdmitOptions {
  /** Host names answered (DNS rebinding protection). */
  allowed: ReadonlySet<string>;
  /** The command, for messages: "preview", "dev". */
  server: string;
  /** Where the one line about dropped monitoring events goes. */
  log: (line: string) => void;
}

/**
 * What both local servers check before serving: nosniff on every answer, the URL's
 * length, the Host header, the monitoring paths (answered here), GET and HEAD only, and
 * a path that decodes. Returns the decoded path, or null when the request is answered.
 */
export function createAdmission({ allowed, server, log }: AdmitOptions): (req: IncomingMessage, res: ServerResponse) => string | null {
  // One line the first time monitoring reports, not one per page.
  let apmNoted = false;
  const noteApm = (line: string) => {
    if (!apmNoted) log(`bankdocs ${server}: ${line}`);
    apmNoted = true;
  };
  return (req, res) => {
    const refuse = (status: number, text: string): null => {
      plain(res, status, text);
      return null;
    };
    res.setHeader('x-content-type-options', 'nosniff');
    const url = req.url ?? '/';
    if (url.length > MAX_URL_LENGTH) return refuse(414, 'URI too long');
    const host = requestHost(req.headers.host);
    if (!allowed.has(host)) return refuse(403, hostRefusal(server, host, allowed));
    const path = decodePath(url);
    if (path !== null && answerApm(req, res, path, noteApm)) return null;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return refuse(405, 'Method not allowed');
    }
    return path ?? refuse(400, 'Bad request path');
  };
}

/** Whether a decoded path names a dotfile or dot-folder, or steps with "." or "..": `.git/config`, `.env`. */
export function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]/).some((segment) => segment.startsWith('.'));
}
