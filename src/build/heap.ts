// Keeps a long render's heap near what is really live. V8 grows the heap generously when
// memory is plentiful: rendering a thousand pages promotes short-lived page trees into
// the old generation, and depending on when incremental marking starts, the heap reaches
// 80 MiB or 160 MiB for the same 40 MiB of live data. A full collection when the heap
// has grown well past the live size bounds the peak (a few per thousand pages, ~10 ms
// each). `gc` comes from --expose-gc, set at run time for one new context.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Garbage allowed on top of what was live after the last collection. */
const HEADROOM = 40 * 1024 * 1024;

let collect: ((options?: { type: 'minor' | 'major' }) => void) | null | undefined;

function collector(): ((options?: { type: 'minor' | 'major' }) => void) | null {
  if (collect !== undefined) return collect;
  // Node started with --expose-gc: the flags are left alone.
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return (collect = exposed as (options?: { type: 'minor' | 'major' }) => void);
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
    // The function stays; the flag goes back. V8's code cache is valid only under the
    // flags it was made with (src/code-cache.ts writes it at exit, after this ran).
    setFlagsFromString('--no-expose-gc');
  } catch {
    collect = null;
  }
  return collect;
}

/**
 * A collector to call where much may have become garbage: it collects when the heap has
 * grown `headroom` bytes past what was live after its last collection (or its start).
 */
export function heapKeeper(headroom = HEADROOM): () => void {
  let live = getHeapStatistics().used_heap_size;
  return () => {
    if (getHeapStatistics().used_heap_size < live + headroom) return;
    const gc = collector();
    if (!gc) return;
    gc();
    live = getHeapStatistics().used_heap_size;
  };
}

/**
 * Frees the large buffers that just went to disk (serialised cache packs). V8 only
 * learns their memory is free when it collects their small wrappers, and lets them pile
 * up at the end of a build, where its memory peaks; a young generation collection (about
 * a millisecond) frees each at once. Measured at 1000 pages: peak 225-237 -> 219-225 MiB.
 */
export function releaseBuffers(): void {
  collector()?.({ type: 'minor' });
}

