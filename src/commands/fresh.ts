// `bankdocs build` when nothing changed: told from the last build's manifest before the
// config is read or the build's code is loaded (output-cache.ts, lastBuild), so a
// release pipeline's second build, or a writer's, takes a few stats. Anything else (a
// changed input, options this path does not handle, no cache) goes to the full build
// (build.ts), with what was read here.
import { dirname, join, relative, resolve } from 'node:path';
import { lastBuild, type LastBuild, type UpToDate } from '../build/output-cache.js';
import { DEFAULT_CONFIG_FILE } from '../config/defaults.js';
import { consoleOutput, printDiagnostics, type Output } from './output.js';
import type { BuildCommandOptions } from './build.js';
import { counted } from '../diagnostics.js';

/** The exit code when the output folder is up to date (after saying so); otherwise what the build can take of the check. */
export function freshBuild(options: BuildCommandOptions, out: Output = consoleOutput): { code: number } | { last: LastBuild | null } {
  const started = performance.now();
  if (options.cache === false || options.timings) return { last: null };
  const configFile = resolve(options.config ?? DEFAULT_CONFIG_FILE);
  const outDir = resolve(options.out ?? join(dirname(configFile), 'dist'));
  const { upToDate, last } = lastBuild(configFile, outDir);
  if (!upToDate) return { last };
  sayUpToDate(out, options, outDir, upToDate, started);
  return { code: 0 };
}

/** What a build with nothing to do says: the last build's warnings again, and that the folder is up to date. */
export function sayUpToDate(out: Output, options: Pick<BuildCommandOptions, 'quiet'>, outDir: string, upToDate: UpToDate, started: number): void {
  printDiagnostics(out, upToDate.diagnostics, { quiet: options.quiet ?? false });
  if (options.quiet) return;
  const ms = Math.round(performance.now() - started);
  out.info(`${relative(process.cwd(), outDir) || '.'} is up to date: nothing changed since its build (${counted(upToDate.pages, 'page')}, ${counted(upToDate.files, 'file')}); checked in ${ms} ms.`);
}
