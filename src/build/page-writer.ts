// Writing rendered pages into the staging folder: on this thread (small sites, tests), or
// on a thread of its own while this one goes on rendering (see write-worker.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { internalError } from '../diagnostics.js';
import { libEntry } from '../package-root.js';

/** Writes one page at a time, creating each folder once. */
export function createPageWriter(dir: string): (path: string, html: string) => void {
  const made = new Set<string>();
  return (path, html) => {
    const file = join(dir, path);
    const folder = dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, html);
  };
}

export interface PageSink {
  write(pages: { path: string; html: string }[]): void;
  /** Resolves once every page is on disk; rejects with the first write error. */
  close(): Promise<void>;
}

export function pageSink(dir: string, inThread: boolean): PageSink {
  if (!inThread) {
    const write = createPageWriter(dir);
    return { write: (pages) => pages.forEach((p) => write(p.path, p.html)), close: async () => {} };
  }
  const worker = new Worker(libEntry('write-worker'), { workerData: dir });
  const closed = new Promise<void>((resolve, reject) => {
    worker.once('message', (reply: { ok: boolean; message?: string }) =>
      reply.ok ? resolve() : reject(internalError(`a page could not be written: ${reply.message}`)),
    );
    worker.once('error', (error) => reject(internalError('the writing thread crashed', error)));
  });
  return {
    write: (pages) => worker.postMessage(pages),
    close: () => {
      worker.postMessage(null);
      return closed;
    },
  };
}
