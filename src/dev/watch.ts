// File watching for `bankdocs dev` (chokidar): changes are gathered for a short moment,
// so an editor's save (often several events) becomes one update.
import { watch, type FSWatcher } from 'chokidar';
import type { FileChange } from './session.js';

const IGNORED_RE = /(^|[/\\])(\.[^/\\]+|node_modules|dist|4913|[^/\\]*~|[^/\\]*\.sw[px])$/;

export interface Watcher {
  /** Resolves once the initial scan is done: changes before it could be missed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchFiles(paths: string[], onChanges: (changes: FileChange[]) => void, batchMs = 8): Watcher {
  const watcher: FSWatcher = watch(paths, {
    ignoreInitial: true,
    // Dotfiles, dependency and output folders, and editors' temporary files.
    ignored: (path: string) => IGNORED_RE.test(path),
  });
  let pending = new Map<string, FileChange>();
  let timer: NodeJS.Timeout | undefined;
  const push = (kind: FileChange['kind']) => (path: string) => {
    const previous = pending.get(path);
    // add then change is still an add; add then unlink is nothing.
    if (previous?.kind === 'add' && kind === 'unlink') pending.delete(path);
    else pending.set(path, { path, kind: previous?.kind === 'add' && kind === 'change' ? 'add' : kind });
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
