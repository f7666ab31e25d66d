import { relative } from 'node:path';
import { buildSite } from '../build/build.js';
import type { LastBuild } from '../build/output-cache.js';
import { sayUpToDate } from './fresh.js';
import { consoleOutput, formatTimings, printDiagnostics, type Output } from './output.js';
import { counted } from '../diagnostics.js';

export interface BuildCommandOptions {
  config?: string;
  out?: string;
  quiet?: boolean;
  workers?: string;
  timings?: boolean;
  force?: boolean;
  /** false with --no-cache. */
  cache?: boolean;
}

/** `last`: what the quick up-to-date check read of the last build (commands/fresh.ts), so it is not read twice. */
export async function buildCommand(options: BuildCommandOptions, out: Output = consoleOutput, last: LastBuild | null = null): Promise<number> {
  const started = performance.now();
  const workers = options.workers === undefined || options.workers === 'auto' ? 'auto' : Number(options.workers);
  const result = await buildSite({
    ...(options.config ? { config: options.config } : {}),
    ...(options.out ? { out: options.out } : {}),
    force: options.force ?? false,
    workers,
    ...(options.cache === false ? { cache: null } : {}),
    ...(last ? { last } : {}),
  });
  if (result.upToDate && result.outDir) {
    sayUpToDate(out, options, result.outDir, result.upToDate, started);
    if (options.timings) out.error(formatTimings(result.timings));
    return 0;
  }
  printDiagnostics(out, result.diagnostics, { quiet: options.quiet ?? false });
  if (options.timings) out.error(formatTimings(result.timings));
  if (!result.ok || !result.compiled || !result.outDir) {
    out.error('Build failed; the previous output, if any, is unchanged.');
    return 1;
  }
  if (!options.quiet) {
    const pages = result.compiled.documents.length;
    // The pages, every other file, and the marker that lets the next build replace the folder.
    const files = result.compiled.files.length + result.compiled.documents.filter((d) => d.written || d.kept).length + 1;
    const ms = Math.round(performance.now() - started);
    // Pages taken from the cache were not rendered; an in-place build wrote only the files that changed.
    const reused = result.reused ? `; ${counted(result.reused, 'unchanged page')} reused${result.inPlace ? ', only changed files written' : ''}` : '';
    out.info(`Built ${counted(pages, 'page')} (${counted(files, 'file')}) into ${relative(process.cwd(), result.outDir) || '.'} in ${ms} ms${reused}.`);
  }
  return 0;
}
