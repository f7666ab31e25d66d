// The dev server's side of its render thread: requests with ids, answers as promises,
// and a restart that loads fresh theme code.
import { Worker } from 'node:worker_threads';
import { internalError } from '../diagnostics.js';
import { libEntry } from '../package-root.js';
import type { RenderedDocument } from '../render/render-documents.js';
import type { DocumentPlan } from '../routes/plan.js';
import type { DevWorkerMessage } from './render-worker.js';

type Pending = { resolve: (value: { documents?: RenderedDocument[] }) => void; reject: (error: Error) => void };
type Request = DevWorkerMessage extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

export class RenderHost {
  private worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private entry: string = libEntry('dev-render-worker')) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = new Worker(this.entry, { env: process.env });
    worker.on('message', (message: { id: number; ok: boolean; documents?: RenderedDocument[]; message?: string; stack?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.ok) pending.resolve({ ...(message.documents ? { documents: message.documents } : {}) });
      else pending.reject(internalError(`the render thread failed: ${message.message}`, message.stack));
    });
    worker.on('error', (error) => {
      for (const p of this.pending.values()) p.reject(internalError('the render thread crashed', error));
      this.pending.clear();
    });
    return worker;
  }

  send(request: Request): Promise<{ documents?: RenderedDocument[] }> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async render(documents: DocumentPlan[]): Promise<RenderedDocument[]> {
    if (!documents.length) return [];
    return (await this.send({ type: 'render', documents })).documents ?? [];
  }

  /** A new thread, from `entry` (a bundle compiled with changed theme components) when given. */
  async restart(entry?: string): Promise<void> {
    if (entry) this.entry = entry;
    await this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('render thread restarted'));
    this.pending.clear();
    this.worker = this.start();
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
