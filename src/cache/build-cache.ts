// The cache as the build and the check use it: which documents need no rendering, and,
// for the build, whether the output folder can be updated in place (only the files that
// changed are written) or must be written whole into a staging folder and swapped in.
import type { RenderCache } from '../build/render-all.js';
import type { RenderedDocument, RenderInput } from '../render/render-documents.js';
import { outputPath } from '../routes/paths.js';
import type { DocumentPlan } from '../routes/plan.js';
import { openDocumentCache, PackedDocument, type CachedDocument, type DocumentCache } from './document-cache.js';
import { documentKey, siteKey } from './document-key.js';
import type { OutputManifest } from './output-manifest.js';

/**
 * Above this share of documents to render, a build writes a new folder and swaps it in
 * (as a cold build does): in-place updates are for the few pages an edit touches.
 */
export const IN_PLACE_MAX_SHARE = 0.25;

export interface CachePlan {
  render: RenderCache;
  /** Documents taken from the cache. */
  readonly reused: number;
  /** Writes the documents rendered in this run into the cache. */
  save(): void;
}

export interface CacheTarget {
  /** The site's cache folder (null: caching off, every document is rendered and nothing is kept). */
  dir: string | null;
  mode: 'output' | 'scan';
  /**
   * Output only: the manifest of the output folder, when the folder is as the last build
   * left it; pages are then reused only if that folder holds them.
   */
  manifest?: OutputManifest | null;
  /**
   * Output only: the content hash of every input file by its path, as the quick check
   * found them (recorded hashes of files whose size and time did not change): content
   * files found here are parsed from the cache (page-cache.ts).
   */
  inputHashes?: ReadonlyMap<string, string>;
  /**
   * Output only: the bytes of the input files the snapshot read to hash them, by path,
   * each taken once by the content stage (page-cache.ts) instead of reading the file again.
   */
  inputBytes?: Map<string, Buffer>;
}

/** Decides per document: reuse or render; and for output, whether the folder is updated in place. */
export function planCache(target: CacheTarget, input: RenderInput, documents: readonly DocumentPlan[]): { plan: CachePlan; inPlace: boolean; toRender: number } {
  const store: DocumentCache = openDocumentCache(target.dir, target.mode);
  const site = siteKey(input, { mode: target.mode });
  // A page's text by its file's hash where it has one (its body is then not read): the same bytes, the same text.
  const pageOf = new Map(input.site.pages.map((p) => [p.source, p]));
  const textOf = (source: string) => {
    const page = pageOf.get(source);
    return page ? (page.hash ?? page.body) : '';
  };
  const keys = new Map(documents.map((doc) => [doc, documentKey(site, doc, textOf)]));
  const manifest = target.mode === 'output' ? (target.manifest ?? null) : null;
  // A page can be reused when the cache has its facts and (for output) the folder holds its HTML.
  const usable = new Map<DocumentPlan, CachedDocument>();
  // `check` also takes what the last build rendered: a build's page holds everything a
  // check reads of it (its ids and links as rendered, its problems), so a check after a
  // build renders nothing that did not change. Read only: the check keeps its own pack.
  const built = target.mode === 'scan' ? openDocumentCache(target.dir, 'output') : null;
  const builtSite = built ? siteKey({ ...input, forOutput: true }, { mode: 'output' }) : '';
  if (target.mode === 'scan' || manifest) {
    for (const doc of documents) {
      const key = keys.get(doc)!;
      if (target.mode === 'output' && manifest?.files.get(outputPath(doc.url))?.id !== key) continue;
      let cached = store.get(key);
      if (!cached && built) {
        cached = built.get(documentKey(builtSite, doc, textOf));
        if (cached) store.set(key, cached);
      }
      if (cached) usable.set(doc, cached);
    }
  }
  // In place only when the folder is intact and few documents change; otherwise everything is rendered into a new folder.
  const candidates = documents.length - usable.size;
  const inPlace = target.mode === 'output' && manifest !== null && candidates <= Math.max(8, documents.length * IN_PLACE_MAX_SHARE);
  let reused = 0;
  const plan: CachePlan = {
    render: {
      reuse(doc) {
        if (target.mode === 'output' && !inPlace) return null;
        const cached = usable.get(doc);
        if (!cached) return null;
        reused++;
        return PackedDocument.of(cached).reused(keys.get(doc)!, target.mode === 'output') as RenderedDocument;
      },
      keep(doc, rendered) {
        const key = keys.get(doc)!;
        rendered.cacheKey = key;
        // A document with errors is rendered again next time, so they are reported again.
        if (rendered.diagnostics.some((d) => d.severity === 'error')) return;
        const { html: _html, written: _written, twinWritten: _twinWritten, kept: _kept, cacheKey: _key, ...facts } = rendered;
        store.set(key, facts);
      },
    },
    get reused() {
      return reused;
    },
    save: () => store.save(),
  };
  // Out of place, every document is rendered (the new folder has none of them).
  return { plan, inPlace, toRender: target.mode === 'output' && !inPlace ? documents.length : candidates };
}
