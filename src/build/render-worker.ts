// A render thread: builds its own renderer from the shared input once, then renders
// the batches of documents the main thread sends until it is told to stop.
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer, type RenderInput } from '../render/render-documents.js';
import type { DocumentPlan } from '../routes/plan.js';

const { input, documents } = workerData as { input: RenderInput; documents: DocumentPlan[] };
const renderer = createRenderer(input);
const port = parentPort!;

port.on('message', (batch: number[] | null) => {
  if (batch === null) {
    port.close();
    return;
  }
  try {
    port.postMessage({ ok: true, results: batch.map((i) => [i, renderer.render(documents[i]!)]) });
  } catch (error) {
    port.postMessage({ ok: false, message: (error as Error).message, stack: (error as Error).stack });
  }
});
