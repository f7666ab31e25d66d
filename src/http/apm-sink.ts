// The APM paths of a local server. The site's monitoring reports to this origin's /apm by
// default: on `bankdocs preview` and `dev` there is no APM server there, and every page
// logged a 404 (central config) and a 405 (intake) in the browser console (issue #19).
// Both servers answer them as an APM server would and drop the events; hosted sites keep
// reporting to their own server.
import type { IncomingMessage, ServerResponse } from 'node:http';

const INTAKE = '/apm/intake/v2/rum/events';
const CENTRAL_CONFIG = '/apm/config/v1/rum/agents';
const MAX_BODY = 1024 * 1024;

/** Answers an /apm/ request and returns true, or returns false for any other path. */
export function answerApm(req: IncomingMessage, res: ServerResponse, path: string, note: (line: string) => void): boolean {
  if (path !== '/apm' && !path.startsWith('/apm/')) return false;
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
  };
  if (path === CENTRAL_CONFIG && (req.method === 'GET' || req.method === 'POST')) {
    req.resume();
    json(200, {});
    return true;
  }
  if (path === INTAKE && req.method === 'POST') {
    let size = 0;
    let events = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      for (const byte of chunk) if (byte === 10) events++;
      if (size > MAX_BODY) {
        json(413, { error: 'request body too large' });
        req.destroy();
      }
    });
    req.on('end', () => {
      if (res.headersSent) return;
      // The first line is metadata; every other line is one event.
      note(`monitoring: ${Math.max(0, events - 1)} event(s) accepted and dropped (no APM server here; a hosted site reports to its own)`);
      res.writeHead(202, { 'cache-control': 'no-store' }).end();
    });
    return true;
  }
  json(404, { error: `no APM endpoint ${path} here` });
  return true;
}
