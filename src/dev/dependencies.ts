// What each document of the dev server is made from, so a change re-renders the documents
// that read what changed and no others. Two kinds of edges:
//   renders   the document shows the source's Markdown (a page; an API section)
//   mentions  the document shows the source's front matter: its title as prev/next, a
//             legal version in the version list, a translation in the language links
// A body edit reaches the "renders" side only; a front-matter edit reaches both, and the
// session also re-renders every page that lists pages by title (the theme's sidebar,
// the home page's cards), which is every page: see DevSession.applyContent.
// Adding or removing a page changes the route plan itself: every document is re-rendered.
import type { DocumentPlan } from '../routes/plan.js';

export type Edge = 'renders' | 'mentions';

export interface SourceChange {
  source: string;
  /** The front matter changed (title, order, …), not only the Markdown. */
  frontMatter: boolean;
}

export class DependencyMap {
  /** source -> the documents that read it, and how. */
  private readonly edges = new Map<string, Map<string, Edge>>();
  /** document -> the sources it reads (the same edges the other way, for delete). */
  private readonly reads = new Map<string, Set<string>>();

  /** Records what `doc` reads; `sourceOf` maps a page URL to its source. */
  set(doc: DocumentPlan, sourceOf: (url: string) => string | undefined): void {
    this.delete(doc.url);
    const add = (source: string | undefined, edge: Edge) => {
      if (!source) return;
      let users = this.edges.get(source);
      if (!users) this.edges.set(source, (users = new Map()));
      let sources = this.reads.get(doc.url);
      if (!sources) this.reads.set(doc.url, (sources = new Set()));
      sources.add(source);
      // "renders" is the stronger edge: a body change reaches it.
      if (users.get(doc.url) !== 'renders') users.set(doc.url, edge);
    };
    if (doc.kind === 'page') {
      add(doc.source, 'renders');
      for (const link of [doc.prev, doc.next, ...doc.legalVersions]) if (link) add(sourceOf(link.url), 'mentions');
    } else if (doc.kind === 'api') {
      for (const section of doc.sections) add(section, 'renders');
    }
    for (const alternate of doc.alternates) add(sourceOf(alternate.url), 'mentions');
  }

  delete(url: string): void {
    for (const source of this.reads.get(url) ?? []) this.edges.get(source)?.delete(url);
    this.reads.delete(url);
  }

  /** URLs of the documents a change reaches. */
  affected(changes: readonly SourceChange[]): Set<string> {
    const urls = new Set<string>();
    for (const { source, frontMatter } of changes) {
      for (const [url, edge] of this.edges.get(source) ?? []) if (edge === 'renders' || frontMatter) urls.add(url);
    }
    return urls;
  }

  /** The sources `url` reads, for tests and the terminal's "why". */
  sourcesOf(url: string): Map<string, Edge> {
    const sources = new Map<string, Edge>();
    for (const source of this.reads.get(url) ?? []) sources.set(source, this.edges.get(source)!.get(url)!);
    return sources;
  }
}
