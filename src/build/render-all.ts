// Renders every planned document, on this thread or also on worker threads
// (`--workers n`). Both paths run the same createRenderer, so output is identical.
//
// Rendered pages go to one page sink (page-sink.ts), which writes them on a thread of its
// own on large sites, on the other core while this one renders (a page's ids and links
// are read as it is written; the sink reads only the pages React rendered). A pool is
// started before the content is read, so its threads load their modules while this one
// loads the site.
import { Worker } from 'node:worker_threads';
import { internalError } from '../diagnostics.js';
import { libEntry } from '../package-root.js';
import type { DocumentPlan } from '../routes/plan.js';
import { loadMarkdownPlugins, type MarkdownPlugins } from '../markdown/plugins.js';
import { createRenderer, type RenderedDocument, type RenderInput } from '../render/render-documents.js';
import { heapKeeper } from './heap.js';
import { PageBodies, withoutBodies } from './page-bodies.js';
import { pageSink, sinkPage, type SinkOptions } from './page-sink.js';
import { stopOnInterrupt } from './interrupt.js';
import type { TaskTimings } from './task.js';

/** Below this many pages, starting the page thread costs more than it saves. */
export const MIN_PAGES_FOR_SINK_THREAD = 150;
const BATCH = 16;

export interface RenderOptions {
  /** Write each page into this folder as soon as it is rendered, and keep no HTML. */
  outDir?: string | null;
  /** Read the ids and links of each page's HTML (bankdocs check). */
  scan?: boolean;
  /** Documents of the last run that need no rendering (src/cache/). */
  cache?: RenderCache | null;
  /** Keep each page's HTML after it is read (with no `outDir`: the caller writes it). */
  keepHtml?: boolean;
  /** Let go of each page's Markdown once every document made from it is rendered (page-bodies.ts): nothing after the render stage reads it. */
  releaseSources?: boolean;
  /** Where to note the Markdown's share of rendering (`render.markdown`, for --timings), when this thread renders every page. */
  timings?: TaskTimings;
}

/** What the build's cache offers the renderer (see build-cache.ts). */
export interface RenderCache {
  /** The document as the last run made it, or null to render it. */
  reuse(doc: DocumentPlan): RenderedDocument | null;
  /** A document rendered in this run, once its HTML went to the page sink (and its ids and links were scanned). */
  keep(doc: DocumentPlan, rendered: RenderedDocument): void;
}

export type WorkerResult = { ok: true; results: [number, RenderedDocument][] } | { ok: false; message: string; stack?: string };

/** Worker threads that load the renderer's modules now and render when given work. */
export class RenderPool {
  readonly workers: Worker[] = [];
  /** The first thread failure, kept from the start (a thread can fail while loading). */
  failure: Error | null = null;
  onFailure: ((error: Error) => void) | null = null;

  constructor(threads: number) {
    const url = libEntry('render-worker');
    for (let i = 0; i < threads; i++) {
      // A larger young generation: rendering allocates many short-lived trees.
      // What a site plugin prints in the thread goes to the standard error: the standard
      // output is the command's report (check --format json).
      const worker = new Worker(url, { env: process.env, stdout: true, resourceLimits: { maxYoungGenerationSizeMb: 48 } });
      worker.stdout.pipe(process.stderr, { end: false });
      worker.unref();
      const unregister = stopOnInterrupt(() => worker.terminate());
      worker.once('exit', unregister);
      worker.on('error', (error) => {
        this.failure ??= internalError('a render thread crashed', error);
        this.onFailure?.(this.failure);
      });
      this.workers.push(worker);
    }
  }

  close(): void {
    for (const w of this.workers) void w.terminate();
    this.workers.length = 0;
  }
}

/** Under the test runner modules are TypeScript source and there is no compiled worker. */
const canUseWorkers = !import.meta.url.endsWith('.ts');

/**
 * How many worker threads render beside this one from the start. "auto" is none here:
 * measured on a 2-core machine, a second rendering thread (its own heap, a cold JIT, the
 * site copied over) costs more than it saves below AUTO_RENDER_THREAD_PAGES pages, while
 * the page writes run on a thread of their own (page-sink.ts); the build adds one when
 * that many pages are to be rendered. `--workers n` renders on n threads in all, this one included.
 */
export function workerCount(workers: number | 'auto'): number {
  if (!canUseWorkers || workers === 'auto') return 0;
  return Math.max(0, Math.floor(workers) - 1);
}

/**
 * From this many pages to render, "auto" renders on a second thread too (which then writes
 * or reads its own pages): 4000 pages 6.7 s instead of 7.9 s (output in RAM); 1000 pages no faster (2.26-2.36 s with one, 2.32-2.36 s with two, and 0.5 s more CPU).
 */
export const AUTO_RENDER_THREAD_PAGES = 2000;

export function startRenderPool(threads: number): RenderPool | null {
  return threads > 0 && canUseWorkers ? new RenderPool(threads) : null;
}

export async function renderAll(input: RenderInput, planned: readonly DocumentPlan[], pool: RenderPool | null, options: RenderOptions = {}): Promise<RenderedDocument[]> {
  const { cache } = options;
  const bodies = new PageBodies(input.site.pages, planned, options.releaseSources ?? false);
  if (!cache) return renderDocuments(input, planned, pool, options, bodies);
  const all: (RenderedDocument | null)[] = planned.map((doc) => cache.reuse(doc));
  const todo = planned.filter((_, i) => !all[i]);
  const rendered = todo.length ? await renderDocuments(input, todo, pool, options, bodies) : [];
  rendered.forEach((doc, i) => cache.keep(todo[i]!, doc));
  let next = 0;
  return all.map((doc) => doc ?? rendered[next++]!);
}

async function renderDocuments(input: RenderInput, documents: readonly DocumentPlan[], pool: RenderPool | null, options: RenderOptions, bodies: PageBodies): Promise<RenderedDocument[]> {
  const sinkOptions: SinkOptions = { dir: options.outDir ?? null, scan: options.scan ?? false, keepHtml: !options.outDir && (options.keepHtml ?? false) };
  const pooled = pool !== null && pool.workers.length > 0;
  // With render threads, each thread writes (or scans) the pages it renders itself: no
  // page crosses threads, and no third thread competes for the cores. Pages only read
  // (bankdocs check) are read here: handing a page to another thread costs about what
  // reading it costs (1000 pages: 1.83-2.16 s instead of 1.98-2.33 s, 0.3 s less CPU).
  const ownThread = canUseWorkers && !pooled && Boolean(options.outDir) && documents.length >= MIN_PAGES_FOR_SINK_THREAD;
  const sink = options.outDir || options.scan ? pageSink(sinkOptions, ownThread) : null;
  const handOver = (doc: RenderedDocument) => {
    // Unless the caller writes the page itself, nothing needs the HTML after the sink: it is on disk, or its ids and links are read.
    if (sink) sink.take(sinkPage(doc, sinkOptions));
    return doc;
  };
  try {
    // The site's plugins are functions: every thread imports them itself (render-worker.ts).
    const plugins = await loadMarkdownPlugins(input.site.markdownPlugins);
    let results: RenderedDocument[];
    if (pool && pooled) results = await renderInPool(pool, input, documents, handOver, plugins, sinkOptions, bodies);
    else {
      const renderer = createRenderer(input, { plugins });
      const keepHeap = heapKeeper();
      results = [];
      for (const doc of documents) {
        results.push(handOver(renderer.render(doc)));
        bodies.rendered(doc);
        if (results.length % 32 === 0) keepHeap();
        // When the page thread falls behind (a slow disk), wait for it rather than
        // queue up every page's HTML in memory.
        if (sink?.behind()) await sink.caughtUp();
      }
      if (options.timings && documents.length > 0) options.timings['render.markdown'] = Math.round(renderer.markdownMs);
    }
    const scanned = await sink?.close();
    // Pages a render thread scanned itself carry their scan already.
    if (options.scan && scanned) for (const doc of results) doc.scanned ??= scanned.get(doc.url)!;
    return results;
  } catch (error) {
    await sink?.close().catch(() => undefined);
    throw error;
  } finally {
    pool?.close();
  }
}

/** This thread and every worker take the next batch when they are free. */
function renderInPool(pool: RenderPool, input: RenderInput, documents: readonly DocumentPlan[], handOver: (doc: RenderedDocument) => RenderedDocument, plugins: MarkdownPlugins, sink: SinkOptions, bodies: PageBodies): Promise<RenderedDocument[]> {
  const results: RenderedDocument[] = new Array(documents.length);
  let next = 0;
  let done = 0;
  let failed = false;
  const take = (): number[] | null => {
    if (next >= documents.length) return null;
    const batch = Array.from({ length: Math.min(BATCH, documents.length - next) }, (_, i) => next + i);
    next += batch.length;
    return batch;
  };
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    /** `handed`: the pages went to this thread's sink; a worker's went to its own. */
    const store = (entries: Iterable<[number, RenderedDocument]>, handed: boolean) => {
      let count = 0;
      for (const [index, doc] of entries) {
        results[index] = handed ? handOver(doc) : doc;
        bodies.rendered(documents[index]!);
        count++;
      }
      done += count;
      if (done === documents.length) resolve(results);
    };
    if (pool.failure) {
      fail(pool.failure);
      return;
    }
    pool.onFailure = fail;
    // The workers get the site without the pages' Markdown, and each batch the Markdown of
    // its own pages: a worker would otherwise hold a copy of every page it never renders.
    const shared = withoutBodies(input);
    for (const worker of pool.workers) {
      worker.ref();
      // Batches this worker was given and has not answered: a worker that ran out of work
      // stops (its last batch was null) while others still render theirs.
      let owed = 0;
      let stopped = false;
      const give = () => {
        if (stopped) return;
        const batch = take();
        if (batch) owed++;
        else stopped = true;
        worker.postMessage(batch ? { batch, bodies: bodies.bodiesOf(batch.map((i) => documents[i]!)) } : { batch });
      };
      worker.on('message', (message: WorkerResult) => {
        if (failed) return;
        if (!message.ok) {
          fail(internalError(`a render thread failed: ${message.message.replace(/^Internal error: /, '')}`, message.stack));
          return;
        }
        owed--;
        // Hand out the next batch first: the worker renders while this thread writes.
        give();
        try {
          store(message.results, false);
        } catch (error) {
          fail(error as Error);
        }
      });
      worker.on('exit', () => {
        if (owed > 0) fail(internalError('a render thread stopped before its last page'));
      });
      worker.postMessage({ input: shared, documents, sink });
      // Two batches ahead: the worker starts the next while this thread, busy rendering
      // its own batch, has not yet read the worker's answer.
      give();
      give();
    }
    // This thread's share, one batch per turn of the event loop so workers are fed.
    let local: ReturnType<typeof createRenderer> | null = null;
    const renderHere = () => {
      if (failed) return;
      const batch = take();
      if (!batch) return;
      try {
        local ??= createRenderer(input, { plugins });
        const renderer = local;
        store(batch.map((index) => [index, renderer.render(documents[index]!)]), true);
      } catch (error) {
        fail(error as Error);
        return;
      }
      setImmediate(renderHere);
    };
    setImmediate(renderHere);
  });
}
