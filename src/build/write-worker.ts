// The page-writing thread of a build: writes the pages the main thread renders into the
// staging folder, in order, while the main thread renders the next ones. Creating
// folders and files is CPU work in the kernel; here it runs on the other core.
import { parentPort, workerData } from 'node:worker_threads';
import { createPageWriter } from './page-writer.js';

const port = parentPort!;
const write = createPageWriter(workerData as string);
let failure: Error | null = null;

port.on('message', (pages: { path: string; html: string }[] | null) => {
  if (pages === null) {
    port.postMessage(failure ? { ok: false, message: failure.message } : { ok: true });
    port.close();
    return;
  }
  if (failure) return;
  try {
    for (const page of pages) write(page.path, page.html);
  } catch (error) {
    failure = error as Error;
  }
});
