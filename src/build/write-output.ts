// The only module that touches the output folder. Everything is written into a
// temporary sibling folder, then swapped in, so a failed build leaves the previous dist/
// exactly as it was.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { internalError, outputError } from '../diagnostics.js';
import type { MadeFile, OutputFile } from './assets.js';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from './out-dir.js';
import { exitForSignal, stopWriters } from './interrupt.js';
import { makeFolder } from '../make-folder.js';

/**
 * A temporary folder beside the output folder. The build writes into it (pages as they
 * are rendered, then everything else); commit() swaps it in, abort() removes it.
 */
export interface Staging {
  dir: string;
  /** `written`: paths of `files` already in the staging folder (the twins the page thread wrote); files marked `staged` are there too. */
  commit(files: readonly OutputFile[], written?: ReadonlySet<string>): Promise<void>;
  abort(): Promise<void>;
}

export async function stageOutput(outDir: string): Promise<Staging> {
  const target = resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const temp = join(dirname(target), `.${basename(target)}.tmp-${stamp}`);
  const old = join(dirname(target), `.${basename(target)}.old-${stamp}`);
  await sweepStaleSiblings(target);
  await makeFolder(temp).catch((error: unknown) => {
    throw outputError(`the output folder beside ${target}`, error);
  });
  // A build stopped by Ctrl+C or by CI (SIGINT, SIGTERM) takes its staging folder with it;
  // the previous output was never touched. (One killed outright is swept by the next build.)
  const onSignal = (signal: NodeJS.Signals) => {
    void stopWriters()
      .then(() => rm(temp, { recursive: true, force: true, maxRetries: 3 }))
      .catch(() => undefined) // left for the next build's sweep
      .finally(() => exitForSignal(signal, '; the previous output is unchanged'));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const release = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const abort = async () => {
    release();
    await rm(temp, { recursive: true, force: true });
  };
  const commit = async (files: readonly OutputFile[], written: ReadonlySet<string> = new Set()) => {
    try {
      // Two files for one path would make the output depend on which write lands last.
      const seen = new Set<string>();
      for (const f of files) {
        if (seen.has(f.path)) throw internalError(`two output files for ${f.path}`);
        seen.add(f.path);
      }
      const left = files.filter((f): f is MadeFile => !written.has(f.path) && !('staged' in f));
      const dirs = new Set(left.map((f) => dirname(join(temp, f.path))));
      for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
      // A content file is copied as read, not by copyFile, which gives the copy its source's
      // mode (an executable bit, a read-only checkout): every file gets the mode the umask gives.
      await inBatches(left, 64, async (f) => writeFile(join(temp, f.path), 'from' in f ? await readFile(f.from) : f.contents));
      await writeFile(join(temp, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
      const hadPrevious = await rename(target, old).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
      try {
        await rename(temp, target);
      } catch (error) {
        if (hadPrevious) await rename(old, target);
        throw error;
      }
      release();
      // The new output is in place: a previous one that cannot be removed now (files of
      // another user) is no failed build; the next build sweeps it.
      if (hadPrevious) await rm(old, { recursive: true, force: true }).catch(() => undefined);
    } catch (error) {
      await abort();
      if ((error as Error).message.startsWith('Internal error')) throw error;
      throw outputError(`the output folder ${target}`, error);
    }
  };
  return { dir: temp, commit, abort };
}

/**
 * Removes the staging and previous-output folders (".dist.tmp-<pid>-…", ".dist.old-<pid>-…")
 * that builds no longer running left beside the output folder: one killed, or one whose
 * previous output could not be removed. A running build's folders are left alone.
 */
async function sweepStaleSiblings(target: string): Promise<void> {
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = await readdir(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(?:tmp|old)-(\d+)-[0-9a-z]+$/.exec(name.slice(prefix.length));
    if (!match || isRunning(Number(match[1]))) continue;
    await rm(join(dirname(target), name), { recursive: true, force: true }).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes `files` as the whole new content of `outDir`, atomically. */
export async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const staging = await stageOutput(outDir);
  await staging.commit(files);
}

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}
