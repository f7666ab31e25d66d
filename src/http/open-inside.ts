// Opening a file to serve it, only when it really lies inside the served folder: a
// symlink (a file or any folder on the way) that leads elsewhere, a dotfile, a folder,
// a FIFO or a device are all "not found".
import { constants, type Stats } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

export interface OpenedFile {
  handle: FileHandle;
  stats: Stats;
}

/** Errors that mean "nothing servable here", as opposed to a problem worth reporting (EACCES, EIO). */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'ENAMETOOLONG', 'ENXIO']);

/**
 * `file` (absolute, or relative to `root`) opened for reading, or null when it is missing,
 * not a regular file, or its real path is outside the real `root` or passes through a
 * dot-folder. The caller closes the handle.
 */
export async function openInside(root: string, file: string): Promise<OpenedFile | null> {
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
    real = await realpath(resolve(root, file));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const inside = relative(realRoot, real);
  if (!inside || isAbsolute(inside) || inside.split(sep).some((segment) => segment.startsWith('.'))) return null;
  let handle: FileHandle;
  try {
    // The real path, never through a symlink; O_NONBLOCK so that a FIFO cannot hang the server.
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!stats.isFile()) {
    await handle.close();
    return null;
  }
  return { handle, stats };
}

/** The bytes of `file` if `openInside` would serve it, else null. */
export async function readInside(root: string, file: string): Promise<Buffer | null> {
  const opened = await openInside(root, file);
  if (!opened) return null;
  try {
    return await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return MISSING.has((error as NodeJS.ErrnoException).code ?? '');
}
