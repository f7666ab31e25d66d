// The dev server's render thread. It keeps its own copy of the Site model, patched as
// files change, so a one-page edit sends one page across, not the whole site. A fresh
// thread after a theme change loads the recompiled theme components. The site's Markdown
// plugins are imported here on init (functions cannot be sent between threads), so
// messages are handled one after the other, each once the one before has finished.
import { parentPort } from 'node:worker_threads';
import type { Page } from '../content/site.js';
import { loadMarkdownPlugins, type MarkdownPlugins } from '../markdown/plugins.js';
import { createRenderer, type RenderInput } from '../render/render-documents.js';
import type { DocumentPlan } from '../routes/plan.js';

export type DevWorkerMessage =
  | { type: 'init'; id: number; input: RenderInput }
  | { type: 'patch'; id: number; pages: Page[]; removed: string[]; rest: Omit<RenderInput, 'site'> & { api?: RenderInput['site']['api']; config?: RenderInput['site']['config']; siteAssets?: RenderInput['site']['assets'] } }
  | { type: 'render'; id: number; documents: DocumentPlan[] };

const port = parentPort!;
let input: RenderInput | null = null;
let plugins: MarkdownPlugins | undefined;
let renderer: ReturnType<typeof createRenderer> | null = null;
let queue: Promise<void> = Promise.resolve();

port.on('message', (message: DevWorkerMessage) => {
  queue = queue.then(() => handle(message));
});

async function handle(message: DevWorkerMessage): Promise<void> {
  try {
    if (message.type === 'init') {
      input = message.input;
      plugins = await loadMarkdownPlugins(input.site.markdownPlugins);
      renderer = createRenderer(input, { plugins });
      port.postMessage({ id: message.id, ok: true });
    } else if (message.type === 'patch') {
      if (!input) throw new Error('Internal error: patch before init');
      const removed = new Set([...message.removed, ...message.pages.map((p) => p.source)]);
      const { api, config, siteAssets, ...rest } = message.rest;
      const site = { ...input.site, pages: [...input.site.pages.filter((p) => !removed.has(p.source)), ...message.pages] };
      if (api !== undefined) site.api = api;
      // The static files (an image added, replaced or removed): pages link them and take their size.
      if (siteAssets !== undefined) site.assets = siteAssets;
      if (config !== undefined) site.config = config;
      input = { ...input, ...rest, site };
      // The processor is kept unless the config changed (it may name another engine).
      renderer = createRenderer(input, renderer && config === undefined ? { processor: renderer.processor } : { ...(plugins ? { plugins } : {}) });
      port.postMessage({ id: message.id, ok: true });
    } else {
      if (!renderer) throw new Error('Internal error: render before init');
      const documents = message.documents.map((doc) => renderer!.render(doc));
      port.postMessage({ id: message.id, ok: true, documents });
    }
  } catch (error) {
    port.postMessage({ id: message.id, ok: false, message: (error as Error).message, stack: (error as Error).stack });
  }
}
