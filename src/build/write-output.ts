// The only module that touches the output folder. Everything is written into a
// temporary sibling folder, then swapped in, so a failed build leaves the previous dist/
// exactly as it was.
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { outputError } from '../diagnostics.js';
import type { OutputFile } from './assets.js';

/**
 * A temporary folder beside the output folder. The build writes into it (pages as they
 * are rendered, then everything else); commit() swaps it in, abort() removes it.
 */
export interface Staging {
  dir: string;
  commit(files: readonly OutputFile[]): Promise<void>;
  abort(): Promise<void>;
}

export async function stageOutput(outDir: string): Promise<Staging> {
  const target = resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const temp = join(dirname(target), `.${basename(target)}.tmp-${stamp}`);
  const old = join(dirname(target), `.${basename(target)}.old-${stamp}`);
  await mkdir(temp, { recursive: true }).catch((error: unknown) => {
    throw outputError(`the output folder beside ${target}`, error);
  });
  const abort = () => rm(temp, { recursive: true, force: true });
  const commit = async (files: readonly OutputFile[]) => {
    try {
      const dirs = new Set(files.map((f) => dirname(join(temp, f.path))));
      for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
      await inBatches(files, 64, (f) => ('from' in f ? copyFile(f.from, join(temp, f.path)) : writeFile(join(temp, f.path), f.contents)));
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
      if (hadPrevious) await rm(old, { recursive: true, force: true });
    } catch (error) {
      await abort();
      throw outputError(`the output folder ${target}`, error);
    }
  };
  return { dir: temp, commit, abort };
}

/** Writes `files` as the whole new content of `outDir`, atomically. */
export async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const staging = await stageOutput(outDir);
  await staging.commit(files);
}

/** Refuses an output folder whose replacement would delete the project or its content. */
export function unsafeOutDir(outDir: string, protectedPaths: readonly string[]): string | null {
  const withSep = (p: string) => (p.endsWith(sep) ? p : p + sep);
  const target = withSep(resolve(outDir));
  for (const path of protectedPaths) {
    const p = withSep(resolve(path));
    if (p.startsWith(target)) return path;
  }
  return null;
}

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}
