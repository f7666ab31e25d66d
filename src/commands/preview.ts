// `bankdocs preview`: serve dist/ the way a static host does.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { consoleOutput, type Output } from './output.js';

export interface PreviewOptions {
  dir?: string;
  port?: string | number;
  host?: string;
}

/** A request handler that serves `root` like GitHub Pages or Netlify: /x/ and /x serve x/index.html, unknown paths get 404.html with status 404. */
export function staticHandler(root: string) {
  const serve = sirv(root, { dev: true, etag: true, extensions: ['html'], dotfiles: false });
  const notFound = join(root, '404.html');
  return (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    serve(req, res, () => {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(existsSync(notFound) ? readFileSync(notFound) : '<!DOCTYPE html><title>Page Not Found</title><h1>Page Not Found</h1>');
    });
  };
}

export function startStaticServer(root: string, port: number, host: string): Promise<Server> {
  const server = createServer(staticHandler(root));
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
    const server = await startStaticServer(root, port, host);
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    out.info(`Serving ${root} at http://${host}:${actual}/ (Ctrl+C to stop)`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    out.error(code === 'EADDRINUSE' ? `Port ${port} is in use; pass another with --port.` : `Cannot start the server: ${(error as Error).message}`);
    return 1;
  }
  return new Promise<number>(() => {});
}
