// File watching for `bankdocs dev` (chokidar): changes are gathered for a short moment,
// so an editor's save (often several events) becomes one update. Symlinks are not
// followed, and a symlink counts as no file at all, as in the build: a link under
// content/ must not publish a file from elsewhere on the disk.
import { lstatSync, realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FileChange } from './session.js';

const IGNORED_RE = /(^|[/\\])(\.[^/\\]+|node_modules|dist|4913|[^/\\]*~|[^/\\]*\.sw[px])$/;

export interface Watcher {
  /** Resolves once the initial scan is done: changes before it could be missed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchFiles(paths: string[], onChanges: (changes: FileChange[]) => void, batchMs = 8): Watcher {
  // The roots themselves may be symlinks (content/ linked from another checkout): watch
  // their real paths, and report changes under the names the session knows.
  const roots = paths.map((path) => ({ path, real: realOrSelf(path) })).sort((a, b) => b.real.length - a.real.length);
  const named = (path: string) => {
    const root = roots.find((r) => path === r.real || path.startsWith(r.real + sep));
    return root ? root.path + path.slice(root.real.length) : path;
  };
  const watcher: FSWatcher = watch(
    roots.map((r) => r.real),
    {
      ignoreInitial: true,
      followSymlinks: false,
      // Dotfiles, dependency and output folders, and editors' temporary files.
      ignored: (path: string) => IGNORED_RE.test(path),
    },
  );
  let pending = new Map<string, FileChange>();
  let timer: NodeJS.Timeout | undefined;
  const push = (event: FileChange['kind']) => (real: string) => {
    // Without following, chokidar reports a symlink itself as a file: one that takes the
    // place of a file is that file's removal, and a new one is nothing to serve.
    const path = named(real);
    const previous = pending.get(path);
    if (event !== 'unlink' && isSymlink(real)) pending.set(path, { path, kind: 'unlink', symlink: true });
    // add then change is still an add; add then unlink is nothing.
    else if (previous?.kind === 'add' && event === 'unlink') pending.delete(path);
    else pending.set(path, { path, kind: previous?.kind === 'add' && event === 'change' ? 'add' : event });
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending.values()];
      pending = new Map();
      if (batch.length) onChanges(batch);
    }, batchMs);
  };
  watcher.on('add', push('add')).on('change', push('change')).on('unlink', push('unlink'));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false; // gone already: its unlink event follows
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
