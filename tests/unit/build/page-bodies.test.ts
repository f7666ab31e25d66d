// The pages' Markdown in the render stage: render threads get it batch by batch, and a
// build lets go of a page's Markdown once every document made from it is rendered.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageBodies, sourcesOf, withoutBodies } from '../../../src/build/page-bodies.js';
import { writeTextFile } from '../../../src/build/page-sink.js';
import type { Page } from '../../../src/content/site.js';
import type { RenderInput } from '../../../src/render/render-documents.js';
import type { DocumentPlan } from '../../../src/routes/plan.js';

const page = (source: string, body = `# ${source}\n`): Page => ({ source, file: `/site/content/${source}`, info: { collection: 'guides' }, data: { title: source, description: '' }, body, url: `/${source}` }) as unknown as Page;
const pageDoc = (source: string): DocumentPlan => ({ kind: 'page', url: `/${source}`, source }) as unknown as DocumentPlan;
const apiDoc = (url: string, sections: string[]): DocumentPlan => ({ kind: 'api', url, sections }) as unknown as DocumentPlan;
const notFound = { kind: 'not-found', url: '/404' } as unknown as DocumentPlan;

/** A page whose body is read when first asked for, as page-cache.ts makes it; `reads` counts the reads. */
function lazyPage(source: string, reads: { n: number }): Page {
  const p = page(source);
  Object.defineProperty(p, 'body', {
    configurable: true,
    enumerable: true,
    get() {
      reads.n++;
      return `# ${source} (read)\n`;
    },
  });
  return p;
}

describe('sourcesOf', () => {
  it("names a page's source, an API reference's sections, and nothing for the 404 page", () => {
    expect(sourcesOf(pageDoc('a.md'))).toEqual(['a.md']);
    expect(sourcesOf(apiDoc('/1/api/curl', ['api/x.md', 'api/y.md']))).toEqual(['api/x.md', 'api/y.md']);
    expect(sourcesOf(notFound)).toEqual([]);
  });
});

describe('withoutBodies', () => {
  it('copies every page without its Markdown, leaving the input as it was', () => {
    const pages = [page('a.md'), page('b.md')];
    const input = { site: { pages, contentDir: '/site/content' }, buildYear: 2026 } as unknown as RenderInput;
    const shared = withoutBodies(input);
    expect(shared.site.pages.map((p) => p.body)).toEqual(['', '']);
    expect(shared.site.pages[0]).toEqual({ ...pages[0], body: '' });
    expect(shared.buildYear).toBe(2026);
    expect(shared.site.contentDir).toBe('/site/content');
    expect(pages.map((p) => p.body)).toEqual(['# a.md\n', '# b.md\n']);
  });

  it('does not read the body of a page kept from the last build', () => {
    const reads = { n: 0 };
    const shared = withoutBodies({ site: { pages: [lazyPage('a.md', reads)] } } as unknown as RenderInput);
    expect(reads.n).toBe(0);
    expect(shared.site.pages[0]!.body).toBe('');
  });
});

describe('PageBodies', () => {
  it("gives a batch the Markdown of its documents' pages, and only theirs", () => {
    const reads = { n: 0 };
    const bodies = new PageBodies([page('a.md'), page('b.md'), lazyPage('c.md', reads), page('api/x.md'), page('api/y.md')], [], false);
    expect(bodies.bodiesOf([pageDoc('a.md'), apiDoc('/1/api/curl', ['api/x.md', 'api/y.md']), notFound])).toEqual({ 'a.md': '# a.md\n', 'api/x.md': '# api/x.md\n', 'api/y.md': '# api/y.md\n' });
    expect(reads.n).toBe(0);
    expect(bodies.bodiesOf([pageDoc('c.md')])).toEqual({ 'c.md': '# c.md (read)\n' });
  });

  it('lets go of a page once the last document made from it is rendered', () => {
    const pages = [page('a.md'), page('api/x.md')];
    const curl = apiDoc('/1/api/curl', ['api/x.md']);
    const ruby = apiDoc('/1/api/ruby', ['api/x.md']);
    const bodies = new PageBodies(pages, [pageDoc('a.md'), curl, ruby, notFound], true);
    bodies.rendered(pageDoc('a.md'));
    expect(pages[0]!.body).toBe('');
    bodies.rendered(curl);
    expect(pages[1]!.body).toBe('# api/x.md\n'); // the Ruby reference still renders from it
    bodies.rendered(ruby);
    bodies.rendered(notFound);
    expect(pages[1]!.body).toBe('');
  });

  it('keeps the Markdown of pages a document taken from the cache is made from', () => {
    const pages = [page('api/x.md')];
    const curl = apiDoc('/1/api/curl', ['api/x.md']);
    // The Ruby reference is planned but taken from the cache: never rendered.
    const bodies = new PageBodies(pages, [curl, apiDoc('/1/api/ruby', ['api/x.md'])], true);
    bodies.rendered(curl);
    expect(pages[0]!.body).toBe('# api/x.md\n');
  });

  it('lets go of a page kept from the last build without reading it', () => {
    const reads = { n: 0 };
    const pages = [lazyPage('a.md', reads)];
    new PageBodies(pages, [pageDoc('a.md')], true).rendered(pageDoc('a.md'));
    expect(pages[0]!.body).toBe('');
    expect(reads.n).toBe(0);
  });

  it('keeps everything unless asked to let go (check, dev)', () => {
    const pages = [page('a.md')];
    new PageBodies(pages, [pageDoc('a.md')], false).rendered(pageDoc('a.md'));
    expect(pages[0]!.body).toBe('# a.md\n');
  });
});

describe('writeTextFile', () => {
  it('writes a long text in chunks, byte for byte as one write, never splitting a surrogate pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-text-'));
    try {
      // Letters, a two-byte and a three-byte character, and astral characters (surrogate pairs) at every offset.
      const alphabet = ['a', 'é', '→', '😀', '𝄞', '\n'];
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      for (let round = 0; round < 40; round++) {
        let text = '';
        const length = 1 + Math.floor(random() * 300);
        while (text.length < length) text += alphabet[Math.floor(random() * alphabet.length)];
        for (const chunk of [1, 2, 3, 7, 64]) {
          const file = join(dir, `t-${round}-${chunk}.txt`);
          writeTextFile(file, text, chunk);
          expect(readFileSync(file).equals(Buffer.from(text, 'utf8')), `round ${round}, chunk ${chunk}`).toBe(true);
        }
      }
      // Bytes are written as they are.
      writeTextFile(join(dir, 'b.bin'), new Uint8Array([1, 2, 3]), 1);
      expect([...readFileSync(join(dir, 'b.bin'))]).toEqual([1, 2, 3]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
