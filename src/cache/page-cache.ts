// Pages the last build parsed, by their file's content hash: a build after an edit reads
// and parses the edited files alone (PageMemo in src/content/load-content.ts). The hash
// is the one the build's input snapshot holds for every file (output-manifest.ts: kept
// from the last build for files whose size and time did not change).
//
// The pack keeps a page's front matter, not its body: a build that renders one page needs
// the others' front matter (menus, sidebars), not their text, which the cache keys by the
// file's hash (document-key.ts). A page rendered again reads its body from its file then,
// and makes sure the file still holds the bytes the build took it for.
import { readFileSync } from 'node:fs';
import type { ResolvedConfig } from '../config/load-config.js';
import type { Classified } from '../content/classify.js';
import { decodeSource } from '../content/encoding.js';
import { splitFrontMatter } from '../content/front-matter.js';
import type { PageMemo, ParsedPage } from '../content/load-content.js';
import type { Page } from '../content/site.js';
import type { CacheTarget } from './build-cache.js';
import { openPack } from './document-cache.js';
import { digest, toolFingerprint } from './fingerprint.js';
import { contentId } from './output-manifest.js';
import { InputChangedError } from '../diagnostics.js';

/** What the pack keeps of a page. */
type Kept = ParsedPage;

function isKept(value: unknown): value is Kept {
  const p = value as Kept | null;
  return typeof p === 'object' && p !== null && typeof p.collection === 'string' && typeof p.data === 'object' && p.data !== null && typeof p.data.title === 'string' && !('body' in p);
}

/**
 * The page memo of a build, when its cache knows the inputs' hashes. Front matter is read
 * by the collections' schemas: another bankdocs or other collections read it anew.
 */
export function pageMemo(cache: CacheTarget | null, resolved: ResolvedConfig): { memo: PageMemo; save(): void } | null {
  const hashes = cache?.inputHashes;
  if (!cache?.dir || !hashes) return null;
  const pack = openPack(cache.dir, 'pages', isKept);
  const reading = digest(toolFingerprint(), JSON.stringify(resolved.collections.map((c) => c.model))).slice(0, 16);
  // The file's SHA-1 first: the pack's shards are by the key's first hex digit.
  const keyOf = (hash: string | undefined) => (hash?.startsWith('sha1:') ? `${hash.slice(5)}${reading}` : null);
  return {
    memo: {
      get: (file) => {
        const hash = hashes.get(file);
        const key = keyOf(hash);
        const kept = key ? pack.get(key) : undefined;
        if (!kept) return undefined;
        return { collection: kept.collection, page: (rel, path, where) => keptPage(kept, rel, path, hash!, where) };
      },
      set: (file, page: ParsedPage) => {
        const key = keyOf(hashes.get(file));
        if (key) pack.set(key, { collection: page.collection, data: page.data, ...(page.frontMatter ? { frontMatter: page.frontMatter } : {}) });
      },
      bytes: (file) => {
        const bytes = cache.inputBytes?.get(file);
        const hash = hashes.get(file);
        if (!bytes || !hash) return undefined;
        cache.inputBytes!.delete(file);
        return { bytes, hash };
      },
    },
    save: () => {
      pack.save();
      // Bytes not taken (files that are not pages, pages read from the pack) are let go.
      cache.inputBytes?.clear();
    },
  };
}

/** The page, its body read from its file when first asked for (an own, enumerable property: the page is still plain data to copy or send). */
function keptPage(kept: Kept, rel: string, file: string, hash: string, where: Classified): Page {
  const page = { source: rel, file, hash, info: where.info, data: kept.data, url: where.url, ...(kept.frontMatter ? { frontMatter: kept.frontMatter } : {}) } as Page;
  Object.defineProperty(page, 'body', {
    configurable: true,
    enumerable: true,
    get() {
      const body = bodyOf(file, hash);
      Object.defineProperty(page, 'body', { value: body, writable: true, configurable: true, enumerable: true });
      return body;
    },
  });
  return page;
}

/** A kept page's body, from its file, which must still hold the bytes whose front matter the build took. */
function bodyOf(file: string, hash: string): string {
  const bytes = readFileSync(file);
  const text = contentId(bytes) === hash ? decodeSource(bytes, file).text : null;
  if (text === null) throw new InputChangedError(file);
  return splitFrontMatter(text).body;
}
