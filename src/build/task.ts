// A named, timed stage of the build: the orchestrator reads as its own table of contents.
export interface TaskTimings {
  [stage: string]: number;
}

export async function task<T>(timings: TaskTimings, name: string, fn: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[name] = Math.round(performance.now() - start);
  }
}
