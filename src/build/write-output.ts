// writeOutput: the only stage that touches the output folder. Writes everything into a
// temporary sibling folder, then swaps it in, so a failed build leaves the previous
// dist/ exactly as it was.
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { OutputFile } from './assets.js';

export async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const target = resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const temp = join(dirname(target), `.${basename(target)}.tmp-${stamp}`);
  const old = join(dirname(target), `.${basename(target)}.old-${stamp}`);
  try {
    const dirs = new Set(files.map((f) => dirname(join(temp, f.path))));
    await mkdir(temp, { recursive: true });
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
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
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
