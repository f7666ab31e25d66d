// Pages the last build parsed, by their file's content hash: a build after an edit reads
// and parses the edited files alone (PageMemo in src/content/load-content.ts). The hash
// is the one the build's input snapshot holds for every file (output-manifest.ts: kept
// from the last build for files whose size and time did not change).
//
// A page's body is kept as UTF-8 in one buffer per shard and decoded when something asks
// for it: a build that renders one page needs the others' front matter (menus, sidebars,
// cache keys), not their text, which the cache keys by the file's hash (document-key.ts).
import { crc32 } from 'node:zlib';
import type { ResolvedConfig } from '../config/load-config.js';
import type { Classified } from '../content/classify.js';
import type { PageMemo, ParsedPage } from '../content/load-content.js';
import type { Page, PageData } from '../content/site.js';
import type { CacheTarget } from './build-cache.js';
import { openPack, type PackCodec } from './document-cache.js';
import { digest, toolFingerprint } from './fingerprint.js';

/** What the pack keeps of a page but its body. */
interface Kept {
  collection: string;
  data: PageData;
  frontMatter?: { yaml: string; lineOffset: number };
}

/** A kept page: its body as bytes until read. */
class KeptPage {
  readonly kept: Kept;
  #bytes: Uint8Array | null;
  #body: string | null;
  constructor(kept: Kept, bytes: Uint8Array | null, body: string | null) {
    this.kept = kept;
    this.#bytes = bytes;
    this.#body = body;
  }
  body(): string {
    return (this.#body ??= Buffer.from(this.#bytes!.buffer, this.#bytes!.byteOffset, this.#bytes!.byteLength).toString('utf8'));
  }
  bytes(): Uint8Array {
    return (this.#bytes ??= Buffer.from(this.#body!, 'utf8'));
  }
}

const pageCodec: PackCodec<KeptPage> = {
  encode(entries) {
    const bodies = entries.map(([, page]) => page.bytes());
    const ends = new Int32Array(bodies.length);
    let at = 0;
    bodies.forEach((b, i) => (ends[i] = at += b.length));
    const bytes = Buffer.concat(bodies, at);
    return { plain: entries.map(([key, page]) => [key, page.kept]), ends, bytes, crc: crc32(bytes) };
  },
  decode(raw) {
    const { plain, ends, bytes, crc } = (raw ?? {}) as { plain?: unknown; ends?: unknown; bytes?: unknown; crc?: unknown };
    if (!Array.isArray(plain) || !(ends instanceof Int32Array) || !(bytes instanceof Uint8Array) || ends.length !== plain.length || crc32(bytes) !== crc) return null;
    const entries: [string, unknown][] = [];
    for (let i = 0; i < plain.length; i++) {
      const [key, kept] = plain[i] as [string, unknown];
      const start = i === 0 ? 0 : ends[i - 1]!;
      if (start > ends[i]! || ends[i]! > bytes.length) return null;
      entries.push([key, isKept(kept) ? new KeptPage(kept, bytes.subarray(start, ends[i]), null) : null]);
    }
    return entries;
  },
};

function isKept(value: unknown): value is Kept {
  const p = value as Kept | null;
  return typeof p === 'object' && p !== null && typeof p.collection === 'string' && typeof p.data === 'object' && p.data !== null && typeof p.data.title === 'string';
}

/**
 * The page memo of a build, when its cache knows the inputs' hashes. Front matter is read
 * by the collections' schemas: another bankdocs or other collections read it anew.
 */
export function pageMemo(cache: CacheTarget | null, resolved: ResolvedConfig): { memo: PageMemo; save(): void } | null {
  const hashes = cache?.inputHashes;
  if (!cache?.dir || !hashes) return null;
  const pack = openPack(cache.dir, 'pages', (value): value is KeptPage => value instanceof KeptPage, pageCodec);
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
        return { collection: kept.kept.collection, page: (rel, path, where) => keptPage(kept, rel, path, hash!, where) };
      },
      set: (file, page: ParsedPage) => {
        const key = keyOf(hashes.get(file));
        const { body, ...kept } = page;
        if (key) pack.set(key, new KeptPage(kept, null, body));
      },
    },
    save: () => pack.save(),
  };
}

/** The page, its body read when first asked for (an own, enumerable property: the page is still plain data to copy or send). */
function keptPage(kept: KeptPage, rel: string, file: string, hash: string, where: Classified): Page {
  const page = { source: rel, file, hash, info: where.info, data: kept.kept.data, url: where.url, ...(kept.kept.frontMatter ? { frontMatter: kept.kept.frontMatter } : {}) } as Page;
  Object.defineProperty(page, 'body', {
    configurable: true,
    enumerable: true,
    get() {
      const body = kept.body();
      Object.defineProperty(page, 'body', { value: body, writable: true, configurable: true, enumerable: true });
      return body;
    },
  });
  return page;
}
