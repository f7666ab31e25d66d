// A folder and the folders above it that are missing, made one at a time. Node's own
// recursive mkdir loops for ever where mkdir answers ENOENT under a folder that exists
// (/proc/x: "build -o /proc/x" spun at full CPU); here that answer is the error.
import { mkdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The folders to make for `path` (absolute), outermost first: those that do not exist. */
function missing(path: string, exists: (path: string) => boolean): string[] {
  const made: string[] = [];
  for (let at = path; !exists(at); at = dirname(at)) {
    made.unshift(at);
    if (dirname(at) === at) break;
  }
  return made;
}

const existsSync = (path: string) => statSync(path, { throwIfNoEntry: false }) !== undefined;

export function makeFolderSync(path: string): void {
  for (const folder of missing(path, existsSync)) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

export async function makeFolder(path: string): Promise<void> {
  // The walk up is a few stats, synchronous: it runs once per build.
  for (const folder of missing(path, existsSync)) {
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

