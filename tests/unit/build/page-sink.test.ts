// The page thread: writes pages in order, and when it cannot, says so at once (the
// renderer stops) as an output error, without ever leaving the renderer waiting.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageSink, sinkPage } from '../../../src/build/page-sink.js';
import type { RenderedDocument } from '../../../src/render/render-documents.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-sink-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (i: number) => ({ url: `/p/${i}`, path: `p/${i}/index.html`, html: `<h1 id="p${i}">Page ${i}</h1><a href="/p/${i + 1}">next</a>` });

describe.each([false, true])('pageSink (own thread: %s)', (ownThread) => {
  it('writes every page and reads its ids and links', async () => {
    const sink = pageSink({ dir, scan: true }, ownThread);
    for (let i = 0; i < 40; i++) {
      sink.take(page(i));
      if (sink.behind()) await sink.caughtUp();
    }
    const scanned = await sink.close();
    expect(readFileSync(join(dir, 'p', '39', 'index.html'), 'utf8')).toBe(page(39).html);
    expect(scanned.size).toBe(40);
    expect([...scanned.get('/p/7')!.ids]).toEqual(['p7']);
    expect(scanned.get('/p/7')!.links).toEqual([{ href: '/p/8', tag: 'a' }]);
  });

  it("writes each page's Markdown twin beside it, and marks the document for what it took", async () => {
    const sink = pageSink({ dir, scan: true }, ownThread);
    const docs: RenderedDocument[] = Array.from({ length: 20 }, (_, i) => ({ ...page(i), url: `/guides/p${i}`, ids: [], links: [], diagnostics: [], markdown: `# Page ${i}\n` }));
    for (const doc of docs) sink.take(sinkPage(doc, { dir, scan: true }));
    await sink.close();
    expect(readFileSync(join(dir, 'guides', 'p19.md'), 'utf8')).toBe('# Page 19\n');
    expect(docs[0]).toMatchObject({ twinWritten: true, written: true, html: '' });
    // A check (nothing written) keeps the twin for itself.
    const checked: RenderedDocument = { ...page(1), ids: [], links: [], diagnostics: [], markdown: 'x' };
    expect(sinkPage(checked, { scan: true }).twin).toBeUndefined();
    expect(checked.twinWritten).toBeUndefined();
  });

  it('fails with an output error naming the page when a folder cannot be made, and stops taking pages', async () => {
    writeFileSync(join(dir, 'p'), 'a file where a folder must go');
    const sink = pageSink({ dir }, ownThread);
    let stopped: Error | null = null;
    try {
      for (let i = 0; i < 400; i++) {
        sink.take(page(i));
        if (sink.behind()) await sink.caughtUp();
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      stopped = error as Error;
    }
    const closing = await sink.close().then(
      () => null,
      (error: Error) => error,
    );
    const error = stopped ?? closing;
    expect(error?.name).toBe('OutputError');
    expect(error?.message).toMatch(/^cannot write the page p\/0\/index\.html: ENOTDIR/);
    expect(stopped, 'the renderer is stopped before the last page').not.toBeNull();
  });
});
