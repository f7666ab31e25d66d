// The page thread of a large build or check: writes and/or scans the pages the main
// thread renders, in order, while the main thread renders the next ones (page-sink.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { createPageHandler, type SinkOptions, type SinkPage, type SinkReply } from './page-sink.js';
import { releaseBuffers } from './heap.js';

const port = parentPort!;
const handler = createPageHandler(workerData as SinkOptions);
let failure: Error | null = null;

const reply = (message: SinkReply) => port.postMessage(message);

port.on('message', (pages: SinkPage[] | null) => {
  if (pages === null) {
    reply(failure ? { type: 'failed', message: failure.message, output: failure.name === 'OutputError' } : { type: 'closed', scanned: handler.scanned });
    port.close();
    return;
  }
  if (failure) return;
  try {
    for (const page of pages) handler.take(page);
  } catch (error) {
    failure = error as Error;
    // Said at once, so the main thread stops rendering pages nobody can write.
    reply({ type: 'failed', message: failure.message, output: failure.name === 'OutputError' });
    return;
  }
  // The pages came as bytes outside this thread's heap, freed only when their small
  // wrappers are collected; this thread allocates little else, so it would rarely collect
  // and they would pile up (25 MB at 1000 pages). A young collection frees them at once.
  releaseBuffers();
  reply({ type: 'done' });
});
