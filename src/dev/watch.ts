// File watching for `bankdocs dev` (chokidar): changes are gathered for a short moment,
// so an editor's save (often several events) becomes one update. Symlinks are not
// followed, and a symlink counts as no file at all, as in the build: a link under
// content/ must not publish a file from elsewhere on the disk.
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FileChange } from './session.js';

const IGNORED_RE = /(^|[/\\])(\.[^/\\]+|node_modules|dist|4913|[^/\\]*~|[^/\\]*\.sw[px]|#[^/\\]*#|[^/\\]*___jb_(?:tmp|old)___)$/;

/** How long after a file's change chokidar drops another change to it (its throttle), and a margin. */
const CHOKIDAR_THROTTLE_MS = 50;
const SETTLE_MS = CHOKIDAR_THROTTLE_MS + 30;
/** How long a batch waits for a file found empty to be written (once). */
const EMPTY_WAIT_MS = 150;

export interface Watcher {
  /** Resolves once the initial scan is done: changes before it could be missed. */
  ready: Promise<void>;
  /** Watches these paths too, from now on (those already watched are left as they are). */
  add(paths: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * `onChanges` gets each batch; when it returns a promise (the update the batch started), a
 * file that changed again meanwhile is reported again once it settles: chokidar drops a
 * second change to a file within 50 ms of the first, so an update that read a file while
 * it was being written (truncated, not yet written again) would otherwise be the last.
 */
export function watchFiles(paths: string[], onChanges: (changes: FileChange[]) => unknown, batchMs = 8): Watcher {
  // The roots themselves may be symlinks (content/ linked from another checkout): watch
  // their real paths, and report changes under the names the session knows.
  const roots = paths.map((path) => ({ path, real: realOrSelf(path) })).sort((a, b) => b.real.length - a.real.length);
  const named = (path: string) => {
    const root = roots.find((r) => path === r.real || path.startsWith(r.real + sep));
    return root ? root.path + path.slice(root.real.length) : path;
  };
  let byName = [...roots].sort((a, b) => b.path.length - a.path.length);
  const realOf = (path: string) => {
    const root = byName.find((r) => path === r.path || path.startsWith(r.path + sep));
    return root ? root.real + path.slice(root.path.length) : path;
  };
  // A file watched by itself (the config, a theme override, a plugin) is watched through its
  // folder: chokidar's watch of a file ends when the file is deleted and made again, as git
  // does on a checkout and some editors on a save. Only the file is taken from that folder.
  const folders = new Set<string>();
  const watched = (root: { real: string }) => {
    if (isDirectory(root.real)) return root.real;
    folders.add(dirname(root.real));
    return dirname(root.real);
  };
  const within = (path: string) => roots.some((r) => path === r.real || path.startsWith(r.real + sep));
  const watcher: FSWatcher = watch([...new Set(roots.map(watched))], {
    ignoreInitial: true,
    followSymlinks: false,
    // Dotfiles, dependency and output folders, and editors' temporary files; and in the
    // folder of a file watched by itself, every other file.
    ignored: (path: string) => IGNORED_RE.test(path) || (!within(path) && !folders.has(path)),
  });
  let pending = new Map<string, FileChange>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // chokidar reports a file that can no longer be read (chmod 000) as removed: it is a
  // change, which the update then fails to read (content-unreadable; its last good pages stay).
  const push = (event: FileChange['kind']) => (real: string) => report(event === 'unlink' && isFile(real) ? 'change' : event, real, named(real));
  const report = (event: FileChange['kind'], real: string, path: string) => {
    // Without following, chokidar reports a symlink itself as a file: one that takes the
    // place of a file is that file's removal, and a new one is nothing to serve.
    const previous = pending.get(path);
    if (event !== 'unlink' && isSymlink(real)) pending.set(path, { path, kind: 'unlink', symlink: true });
    // add then change is still an add; add then unlink is nothing.
    else if (previous?.kind === 'add' && event === 'unlink') pending.delete(path);
    else pending.set(path, { path, kind: previous?.kind === 'add' && event === 'change' ? 'add' : event });
    clearTimeout(timer);
    let waited = false;
    const fire = () => {
      // A file found empty is most often one an editor truncated and is about to write
      // (its text comes a few milliseconds later): wait for it once, rather than show the
      // writer a "no front matter" error that the next moment takes back.
      if (!waited && [...pending.values()].some((change) => change.kind !== 'unlink' && !change.symlink && isEmptyFile(change.path))) {
        waited = true;
        timer = setTimeout(fire, EMPTY_WAIT_MS);
        return;
      }
      const batch = [...pending.values()];
      pending = new Map();
      if (!batch.length) return;
      // What each file was when reported, before the update reads it (links are no files).
      const reported = batch.filter((change) => !change.symlink).map((change) => ({ change, state: fileState(change.path) }));
      const recheck = () => {
        if (closed) return;
        for (const entry of reported) {
          const now = fileState(entry.change.path);
          if (now === entry.state) continue;
          // Reported once: the other look finds it as it is now.
          entry.state = now;
          report(now === null ? 'unlink' : entry.change.kind === 'unlink' ? 'add' : 'change', realOf(entry.change.path), entry.change.path);
        }
      };
      // Once the update settles, and once chokidar's throttle has passed: a second write
      // just after a quick update (a save, then a fix) is dropped by chokidar too.
      void Promise.resolve(onChanges(batch)).then(recheck, recheck);
      setTimeout(recheck, SETTLE_MS).unref();
    };
    timer = setTimeout(fire, batchMs);
  };
  watcher.on('add', push('add')).on('change', push('change')).on('unlink', push('unlink'));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    add(paths) {
      const fresh = paths.filter((path) => !roots.some((r) => r.path === path)).map((path) => ({ path, real: realOrSelf(path) }));
      if (!fresh.length || closed) return;
      roots.push(...fresh);
      roots.sort((a, b) => b.real.length - a.real.length);
      byName = [...roots].sort((a, b) => b.path.length - a.path.length);
      watcher.add([...new Set(fresh.map(watched))]);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** A file's size and modification time (a link's own), or null when there is none. */
function fileState(path: string): string | null {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}` : null;
}

function isEmptyFile(path: string): boolean {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  return stat !== undefined && stat.isFile() && stat.size === 0;
}

function isDirectory(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function isFile(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
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
