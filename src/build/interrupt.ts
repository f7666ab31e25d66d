// What a build must stop before it removes its staging folder on Ctrl+C or a CI job's
// cancellation (SIGINT, SIGTERM): the threads that write into it (write-output.ts).

const stoppers = new Set<() => Promise<unknown>>();
let stopping = false;
/** Seen by the CLI's own bundle too (each command is a bundle of its own, with its own copy of this module). */
export const STOPPING = Symbol.for('bankdocs.stopping');

/** Whether the build is being stopped: a thread's exit is then no failure to report. */
export function isStopping(): boolean {
  return stopping;
}

/** Registers a thread to stop first; returns the function that unregisters it. */
export function stopOnInterrupt(stop: () => Promise<unknown>): () => void {
  stoppers.add(stop);
  return () => void stoppers.delete(stop);
}

/** Stops every registered thread (each at most once). */
export async function stopWriters(): Promise<void> {
  stopping = true;
  (globalThis as Record<symbol, unknown>)[STOPPING] = true;
  const all = [...stoppers];
  stoppers.clear();
  await Promise.allSettled(all.map((stop) => stop()));
}

/**
 * Runs `work` (synchronous: the in-place update of an output folder) to its end even if
 * SIGINT or SIGTERM comes meanwhile, then stops as the signal asked: a folder updated in
 * place is never left half old, half new.
 */
export async function uninterrupted<T>(work: () => T): Promise<T> {
  let caught: NodeJS.Signals | null = null;
  const hold = (signal: NodeJS.Signals) => {
    caught ??= signal;
  };
  process.on('SIGINT', hold);
  process.on('SIGTERM', hold);
  try {
    return work();
  } finally {
    // A signal that came during the work is delivered on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('SIGINT', hold);
    process.off('SIGTERM', hold);
    if (caught) exitForSignal(caught, ' once the output folder was updated');
  }
}

/** Ends the run as `signal` asked, saying so: exit 130 (SIGINT) or 143 (SIGTERM). */
export function exitForSignal(signal: NodeJS.Signals, what: string): never {
  process.stderr.write(`bankdocs: stopped (${signal})${what}\n`);
  process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
}
