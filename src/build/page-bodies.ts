// The pages' Markdown during the render stage. A large site's Markdown is much of what a
// build holds (4000 pages: 32 MB of the 130 MB live after rendering), so:
// - a render thread gets the site without it (`withoutBodies`), and each batch the
//   Markdown of its own pages (`bodiesOf`): it would otherwise hold a copy of every page;
// - a build lets go of a page's Markdown once every document made from it is rendered
//   (`rendered`, with `release`): the later stages read the rendered documents, not the
//   sources. Pages a document taken from the cache is made from keep theirs (llms-files.ts
//   makes a twin from the source for a document that comes without one).
import type { Page } from '../content/site.js';
import type { RenderInput } from '../render/render-documents.js';
import type { DocumentPlan } from '../routes/plan.js';

/** The sources whose Markdown a document renders. */
export function sourcesOf(doc: DocumentPlan): readonly string[] {
  return doc.kind === 'page' ? [doc.source] : doc.kind === 'api' ? doc.sections : [];
}

/**
 * The input with every page's Markdown left out. The pages are copied property by
 * property, `body` skipped: a page kept from the last build reads its body from its file
 * when asked (page-cache.ts), and a spread would ask.
 */
export function withoutBodies(input: RenderInput): RenderInput {
  const pages = input.site.pages.map((page) => {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(page)) copy[key] = key === 'body' ? '' : (page as unknown as Record<string, unknown>)[key];
    return copy as unknown as Page;
  });
  return { ...input, site: { ...input.site, pages } };
}

export class PageBodies {
  /** Pages by source, made when first needed (a check on one thread needs none). */
  private bySource: Map<string, Page> | null = null;
  /** Documents still to render from each source (those taken from the cache never are). */
  private readonly uses = new Map<string, number>();

  /** `planned`: every document of the build, rendered or not; `release`: let go of Markdown no document still needs. */
  constructor(
    private readonly all: readonly Page[],
    planned: readonly DocumentPlan[],
    private readonly release: boolean,
  ) {
    if (release) for (const doc of planned) for (const source of sourcesOf(doc)) this.uses.set(source, (this.uses.get(source) ?? 0) + 1);
  }

  private get pages(): Map<string, Page> {
    return (this.bySource ??= new Map(this.all.map((page) => [page.source, page])));
  }

  /** The Markdown of the pages `documents` render, by source. */
  bodiesOf(documents: readonly DocumentPlan[]): Record<string, string> {
    const bodies: Record<string, string> = {};
    for (const doc of documents) for (const source of sourcesOf(doc)) bodies[source] ??= this.pages.get(source)?.body ?? '';
    return bodies;
  }

  /** `doc` is rendered: a page no other document is still made from lets go of its Markdown. */
  rendered(doc: DocumentPlan): void {
    if (!this.release) return;
    for (const source of sourcesOf(doc)) {
      const left = (this.uses.get(source) ?? 0) - 1;
      this.uses.set(source, left);
      const page = this.pages.get(source);
      // Defined, not assigned: a page kept from the last build has its body as a getter.
      if (left === 0 && page) Object.defineProperty(page, 'body', { value: '', writable: true, configurable: true, enumerable: true });
    }
  }
}
