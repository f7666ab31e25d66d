// A render thread (`--workers n`): loads the renderer's modules as soon as it starts,
// builds its renderer from the shared input when it arrives (importing the site's
// Markdown plugins first: functions cannot be sent between threads), then renders the
// batches of documents the main thread sends until it gets an empty batch. The input's
// pages come without their Markdown; each batch brings its own pages' (page-bodies.ts).
// It writes (or, for `check`, scans) each page itself and sends back only what the build
// needs of it: pages do not cross threads.
import { parentPort } from 'node:worker_threads';
import { loadMarkdownPlugins } from '../markdown/plugins.js';
import { createRenderer, type RenderInput } from '../render/render-documents.js';
import type { Page } from '../content/site.js';
import type { DocumentPlan } from '../routes/plan.js';
import type { WorkerResult } from './render-all.js';
import { createPageHandler, sinkPage, type SinkOptions } from './page-sink.js';

type Message = { input: RenderInput; documents: DocumentPlan[]; sink: SinkOptions } | { batch: number[] | null; bodies?: Record<string, string> };
type Job = { render: ReturnType<typeof createRenderer>['render']; documents: DocumentPlan[]; pages: Map<string, Page> };

const port = parentPort!;
let job: Promise<Job> | null = null;

async function prepare(input: RenderInput, documents: DocumentPlan[], sink: SinkOptions): Promise<Job> {
  const renderer = createRenderer(input, { plugins: await loadMarkdownPlugins(input.site.markdownPlugins) });
  const pages = sink.dir || sink.scan ? createPageHandler(sink) : null;
  return {
    render: (plan) => {
      const doc = renderer.render(plan);
      if (!pages) return doc;
      pages.take(sinkPage(doc, sink));
      if (sink.scan) doc.scanned ??= pages.scanned.get(doc.url)!;
      return doc;
    },
    documents,
    pages: new Map(input.site.pages.map((page) => [page.source, page])),
  };
}

port.on('message', (message: Message) => {
  if ('input' in message) {
    job = prepare(message.input, message.documents, message.sink);
    job.catch(() => undefined); // reported with the first batch
    return;
  }
  // Batches wait for the renderer; they are answered in the order they came.
  const ready = job ?? Promise.reject(new Error('Internal error: a batch before the input'));
  const batch = message.batch;
  if (!batch) {
    void ready.finally(() => port.close()).catch(() => undefined);
    return;
  }
  void ready.then(
    ({ render, documents, pages }) => {
      // The site came without its pages' Markdown (render-all.ts): each batch brings its own, let go once rendered.
      const bodies = Object.entries(message.bodies ?? {});
      try {
        for (const [source, body] of bodies) pages.get(source)!.body = body;
        const reply: WorkerResult = { ok: true, results: batch.map((i) => [i, render(documents[i]!)]) };
        port.postMessage(reply);
      } catch (error) {
        fail(error);
      } finally {
        for (const [source] of bodies) pages.get(source)!.body = '';
      }
    },
    fail,
  );
});

function fail(error: unknown): void {
  const reply: WorkerResult = { ok: false, message: (error as Error).message, stack: (error as Error).stack };
  port.postMessage(reply);
}
