// A render thread (`--workers n`): loads the renderer's modules as soon as it starts,
// builds its renderer from the shared input when it arrives, then renders the batches of
// documents the main thread sends until it gets an empty batch.
import { parentPort } from 'node:worker_threads';
import { createRenderer, type RenderInput } from '../render/render-documents.js';
import type { DocumentPlan } from '../routes/plan.js';
import type { WorkerResult } from './render-all.js';

type Message = { input: RenderInput; documents: DocumentPlan[] } | { batch: number[] | null };

const port = parentPort!;
let job: { render: ReturnType<typeof createRenderer>['render']; documents: DocumentPlan[] } | null = null;

port.on('message', (message: Message) => {
  if ('input' in message) {
    const renderer = createRenderer(message.input);
    job = { render: (doc) => renderer.render(doc), documents: message.documents };
    return;
  }
  if (!message.batch) {
    port.close();
    return;
  }
  try {
    const { render, documents } = job!;
    const reply: WorkerResult = { ok: true, results: message.batch.map((i) => [i, render(documents[i]!)]) };
    port.postMessage(reply);
  } catch (error) {
    const reply: WorkerResult = { ok: false, message: (error as Error).message, stack: (error as Error).stack };
    port.postMessage(reply);
  }
});
