// Where rendered pages go: written into the staging folder (bankdocs build), and read for
// their ids and links when the writer could not read them as it wrote them (a page React
// rendered: static-markup.ts). When a large site's pages are written, this runs on a
// thread of its own (page-sink-worker.ts), so that work (file system calls are CPU work
// in the kernel) runs on the other core while this one renders the next pages. One
// writer: two threads creating files at once only slow each other down. Pages only read
// stay on the rendering thread (render-all.ts).
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { scanHtml, type LinkPool, type ScannedPage } from '../check/scan-html.js';
import { internalError, OutputError, outputError } from '../diagnostics.js';
import { libEntry } from '../package-root.js';
import type { RenderedDocument } from '../render/render-documents.js';
import { markdownTwinUrl } from '../routes/markdown-twin.js';
import { isStopping, stopOnInterrupt } from './interrupt.js';

const BATCH = 16;
/** Batches sent but not yet handled, beyond which rendering waits for the page thread. */
const MAX_BATCHES_IN_FLIGHT = 8;

export type SinkReply = { type: 'done' } | { type: 'closed'; scanned: Map<string, ScannedPage> } | { type: 'failed'; message: string; output: boolean };

export interface SinkOptions {
  /** Write every page into this folder. */
  dir?: string | null;
  /** Read every page's ids and links. */
  scan?: boolean;
  /**
   * The caller still needs the HTML (a build that updates its folder in place writes the
   * pages once all is well); otherwise it is dropped once written or read, to spare memory.
   */
  keepHtml?: boolean;
}

export interface SinkPage {
  url: string;
  path: string;
  /** The page, as text or, on its way to the page thread, as UTF-8. */
  html: string | Uint8Array;
  /** The page's Markdown twin, written beside it (a build with llms.enabled). */
  twin?: { path: string; text: string | Uint8Array };
  /** Its ids and links were read as it was written (static-markup.ts): not read again. */
  scanned?: true;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const asText = (text: string | Uint8Array) => (typeof text === 'string' ? text : decoder.decode(text));

/**
 * What goes to the page sink of a rendered document: its page, and its twin when the
 * pages are written (so the twins are written on the page thread as pages are rendered,
 * not all at the end). Marks the document for what was handed over.
 */
export function sinkPage(doc: RenderedDocument, options: SinkOptions): SinkPage {
  const page: SinkPage = { url: doc.url, path: doc.path, html: doc.html };
  if (doc.scanned) page.scanned = true;
  if (options.dir && doc.markdown !== undefined) {
    page.twin = { path: markdownTwinUrl(doc.url).slice(1), text: doc.markdown };
    doc.twinWritten = true;
  }
  if (!options.keepHtml) doc.html = '';
  if (options.dir) doc.written = true;
  return page;
}

/** Writes files into `dir` (making each folder once); a failure names the file as `what` says. */
export function fileWriter(dir: string, what = (path: string) => `the file ${path}`): (path: string, text: string | Uint8Array) => void {
  const made = new Set<string>();
  return (path, text) => {
    const file = join(dir, path);
    const folder = dirname(file);
    try {
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeTextFile(file, text);
    } catch (error) {
      throw outputError(what(path), error);
    }
  };
}

/** Characters of a long text encoded and written at a time (writeTextFile). */
const TEXT_CHUNK = 1 << 20;

/**
 * Writes `text` to `file`. A long text (llms-full.txt: 24 MB at 4000 pages) is encoded and
 * written a megabyte at a time: writeFileSync would hold all of it as UTF-8 beside the
 * text, at the build's memory peak. A chunk never ends inside a surrogate pair.
 */
export function writeTextFile(file: string, text: string | Uint8Array, chunk = TEXT_CHUNK): void {
  if (typeof text !== 'string' || text.length <= chunk) {
    writeFileSync(file, text);
    return;
  }
  const fd = openSync(file, 'w');
  try {
    for (let start = 0; start < text.length; ) {
      let end = Math.min(start + chunk, text.length);
      const last = text.charCodeAt(end - 1);
      // A chunk ending on the first half of a pair ends before it (or, one character long, after it).
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += end - 1 > start ? -1 : 1;
      const bytes = Buffer.from(text.slice(start, end), 'utf8');
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      start = end;
    }
  } finally {
    closeSync(fd);
  }
}

/** Takes pages one at a time; returns what it scanned, by URL. */
export function createPageHandler(options: SinkOptions): { take(page: SinkPage): void; scanned: Map<string, ScannedPage> } {
  const write = options.dir ? fileWriter(options.dir, (path) => `the page ${path}`) : null;
  const scanned = new Map<string, ScannedPage>();
  const pool: LinkPool = new Map();
  return {
    scanned,
    take(page) {
      if (options.scan && !page.scanned) scanned.set(page.url, scanHtml(asText(page.html), pool));
      if (!write) return;
      write(page.path, page.html);
      if (page.twin) write(page.twin.path, page.twin.text);
    },
  };
}

export interface PageSink {
  take(page: SinkPage): void;
  /** True when more pages wait on the page thread than memory should hold. */
  behind(): boolean;
  /** Resolves when the page thread has caught up. */
  caughtUp(): Promise<void>;
  /** Resolves once every page is handled, with the scans; rejects with the first error. */
  close(): Promise<Map<string, ScannedPage>>;
}

export function pageSink(options: SinkOptions, ownThread: boolean): PageSink {
  if (!ownThread) {
    const handler = createPageHandler(options);
    return { take: (page) => handler.take(page), behind: () => false, caughtUp: async () => {}, close: async () => handler.scanned };
  }
  const worker = new Worker(libEntry('page-sink-worker'), { workerData: options });
  const unregister = stopOnInterrupt(() => worker.terminate());
  worker.once('exit', unregister);
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  let settled = false;
  const closed = new Promise<Map<string, ScannedPage>>((resolve, reject) => {
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      failure = error;
      reject(error);
      wake?.();
      void worker.terminate();
    };
    worker.on('message', (reply: SinkReply) => {
      if (reply.type === 'done') {
        inFlight--;
        if (inFlight <= MAX_BATCHES_IN_FLIGHT / 2 && wake) {
          wake();
          wake = null;
        }
      } else if (reply.type === 'closed') {
        settled = true;
        resolve(reply.scanned);
      }
      else fail(reply.output ? new OutputError(reply.message) : internalError(`the page thread failed: ${reply.message}`));
    });
    worker.once('error', (error) => fail(internalError('the page thread crashed', error)));
    worker.once('exit', () => {
      if (!isStopping()) fail(internalError('the page thread stopped before the last page'));
    });
  });
  closed.catch(() => undefined); // handled by close(); take() reports it sooner
  // Pages go over in batches: a message costs more than the copy of one page.
  // Each page goes as UTF-8 bytes, moved rather than copied: a page with one character
  // outside Latin-1 is a two-byte string, which a message would copy at twice its size.
  let batch: SinkPage[] = [];
  let moved: ArrayBuffer[] = [];
  const flush = () => {
    if (batch.length) {
      worker.postMessage(batch, moved);
      inFlight++;
    }
    batch = [];
    moved = [];
  };
  const bytes = (text: string | Uint8Array) => {
    const encoded = typeof text === 'string' ? encoder.encode(text) : text;
    moved.push(encoded.buffer as ArrayBuffer);
    return encoded;
  };
  return {
    take: (page) => {
      if (failure) throw failure; // stop rendering: nothing more can be written
      batch.push({ ...page, html: bytes(page.html), twin: page.twin && { path: page.twin.path, text: bytes(page.twin.text) } });
      if (batch.length === BATCH) flush();
    },
    behind: () => !failure && inFlight > MAX_BATCHES_IN_FLIGHT,
    caughtUp: () =>
      failure
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            wake = resolve;
          }),
    close: () => {
      if (!failure) {
        flush();
        worker.postMessage(null);
      }
      return closed;
    },
  };
}
