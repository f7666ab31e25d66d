// What a build must stop before it removes its staging folder on Ctrl+C or a CI job's
// cancellation (SIGINT, SIGTERM): the threads that write into it (write-output.ts).

const stoppers = new Set<() => Promise<unknown>>();
let stopping = false;

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
  const all = [...stoppers];
  stoppers.clear();
  await Promise.allSettled(all.map((stop) => stop()));
}
