// Renders every planned document, on this thread or spread over worker threads. Both
// paths run the same createRenderer, so output is identical; workers only divide the work.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { internalError } from '../diagnostics.js';
import type { DocumentPlan } from '../routes/plan.js';
import { createRenderer, type RenderedDocument, type RenderInput } from '../render/render-documents.js';

/** Below this many documents, starting threads costs more than it saves. */
const MIN_DOCUMENTS_FOR_WORKERS = 150;
const BATCH = 16;

export async function renderAll(input: RenderInput, documents: readonly DocumentPlan[], workers: number | 'auto'): Promise<RenderedDocument[]> {
  const workerUrl = new URL('./render-worker.js', import.meta.url);
  // Under the test runner this module is TypeScript source and there is no compiled worker.
  const canUseWorkers = !import.meta.url.endsWith('.ts');
  const count =
    workers === 'auto'
      ? documents.length >= MIN_DOCUMENTS_FOR_WORKERS ? Math.min(availableParallelism(), 8) : 0
      : Math.max(0, Math.floor(workers));
  if (!canUseWorkers || count <= 1) {
    const renderer = createRenderer(input);
    return documents.map((doc) => renderer.render(doc));
  }
  return renderInWorkers(workerUrl, input, documents, count);
}

/**
 * `count` renderers in all: this thread is one of them (it would only wait otherwise),
 * the others are worker threads. Every renderer takes the next batch when it is free.
 */
function renderInWorkers(url: URL, input: RenderInput, documents: readonly DocumentPlan[], count: number): Promise<RenderedDocument[]> {
  const results: RenderedDocument[] = new Array(documents.length);
  let next = 0;
  let done = 0;
  let failed = false;
  const pool: Worker[] = [];
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      failed = true;
      for (const w of pool) void w.terminate();
      reject(error);
    };
    const take = (): number[] | null => {
      if (next >= documents.length) return null;
      const batch = Array.from({ length: Math.min(BATCH, documents.length - next) }, (_, i) => next + i);
      next += batch.length;
      return batch;
    };
    const finished = (count: number) => {
      done += count;
      if (done === documents.length) {
        for (const w of pool) w.postMessage(null);
        resolve(results);
      }
    };
    const feed = (worker: Worker) => {
      const batch = take();
      worker.postMessage(batch);
    };
    // This thread's share, one batch per turn of the event loop so workers are fed.
    const local = createRenderer(input);
    const renderHere = () => {
      if (failed) return;
      const batch = take();
      if (!batch) return;
      try {
        for (const index of batch) results[index] = local.render(documents[index]!);
      } catch (error) {
        fail(error as Error);
        return;
      }
      finished(batch.length);
      setImmediate(renderHere);
    };
    for (let i = 0; i < count - 1; i++) {
      const worker = new Worker(url, {
        workerData: { input, documents },
        env: process.env,
        // A larger young generation: rendering allocates many short-lived trees.
        resourceLimits: { maxYoungGenerationSizeMb: 64 },
      });
      pool.push(worker);
      worker.on('message', (message: { ok: true; results: [number, RenderedDocument][] } | { ok: false; message: string; stack?: string }) => {
        if (!message.ok) {
          fail(internalError(`a render thread failed: ${message.message}`, message.stack));
          return;
        }
        for (const [index, doc] of message.results) results[index] = doc;
        finished(message.results.length);
        if (done < documents.length) feed(worker);
      });
      worker.on('error', (error) => fail(internalError('a render thread crashed', error)));
      feed(worker);
    }
    setImmediate(renderHere);
  });
}
