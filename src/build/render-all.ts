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

function renderInWorkers(url: URL, input: RenderInput, documents: readonly DocumentPlan[], count: number): Promise<RenderedDocument[]> {
  const results: RenderedDocument[] = new Array(documents.length);
  let next = 0;
  let done = 0;
  const pool: Worker[] = [];
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      for (const w of pool) void w.terminate();
      reject(error);
    };
    const feed = (worker: Worker) => {
      if (next >= documents.length) {
        worker.postMessage(null);
        return;
      }
      const batch = Array.from({ length: Math.min(BATCH, documents.length - next) }, (_, i) => next + i);
      next += batch.length;
      worker.postMessage(batch);
    };
    for (let i = 0; i < count; i++) {
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
        done += message.results.length;
        if (done === documents.length) {
          for (const w of pool) w.postMessage(null);
          resolve(results);
        } else feed(worker);
      });
      worker.on('error', (error) => fail(internalError('a render thread crashed', error)));
      feed(worker);
    }
  });
}
