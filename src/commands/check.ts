import { dirname, join, resolve } from 'node:path';
import { cacheRoot } from '../cache/cache-dir.js';
import { formatReport, type ReportFormat } from '../check/report.js';
import { counted, useColor } from '../diagnostics.js';
import { runCheck } from '../check/run-check.js';
import { consoleOutput, formatTimings, type Output } from './output.js';

export interface CheckCommandOptions {
  config?: string;
  format?: ReportFormat;
  external?: boolean;
  maxWarnings?: string;
  strict?: boolean;
  workers?: string;
  timings?: boolean;
  execute?: boolean;
  /** false with --no-cache. */
  cache?: boolean;
}

export async function checkCommand(options: CheckCommandOptions, out: Output = consoleOutput): Promise<number> {
  const format = options.format ?? 'human';
  // The json and github reports are the standard output, whole: what a site plugin logs
  // goes to the standard error (render threads send theirs there too: render-all.ts).
  const restore = format === 'human' ? () => {} : logsToStandardError();
  const result = await runCheck({
    ...(options.config ? { config: options.config } : {}),
    external: options.external ?? false,
    execute: options.execute ?? false,
    cache: options.cache ?? true,
    workers: options.workers === undefined || options.workers === 'auto' ? 'auto' : Number(options.workers),
    // Beside the site's other cache files (BANKDOCS_CACHE_DIR, BANKDOCS_CACHE=off), not in the working folder.
    cacheFile: externalCacheFile(options.config ?? 'docs.config.yaml'),
  }).finally(restore);
  // --strict: a warning fails the check like an error, and is reported as one.
  const diagnostics = options.strict ? result.diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d)) : result.diagnostics;
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const maxWarnings = options.maxWarnings === undefined ? Infinity : Number(options.maxWarnings);
  const tooManyWarnings = errors === 0 && warnings > maxWarnings ? `${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings} allows` : null;
  const notices = [...(result.executed ? [`${ranText(result.executed)} against the mock API.`] : []), ...result.notices.map((n) => `notice: ${n}`)];
  const text = formatReport(format, {
    diagnostics,
    external: result.external,
    externalChecked: options.external ?? false,
    pages: result.pages,
    cwd: process.cwd(),
    workspace: process.env.GITHUB_WORKSPACE || null,
    notices,
    failed: { failed: errors > 0 || tooManyWarnings !== null, reason: tooManyWarnings },
    color: format === 'human' && useColor(process.stderr),
  });
  (format === 'human' ? out.error : out.info)(text.replace(/\n$/, ''));
  // The github report holds them as notices of its own.
  if (format !== 'github') for (const notice of notices) out.error(notice);
  if (options.timings) out.error(`${formatTimings(result.timings)}${result.reused ? `; ${counted(result.reused, 'unchanged page')} read from the cache` : ''}`);
  if (tooManyWarnings) out.error(`bankdocs check: ${tooManyWarnings}`);
  return errors > 0 || tooManyWarnings ? 1 : 0;
}

/**
 * Sends what the process writes to its standard output (console.log, info and debug, and
 * process.stdout.write, which some loggers use) to the standard error until the returned
 * function is called.
 */
function logsToStandardError(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  const write = process.stdout.write;
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  return () => {
    Object.assign(console, saved);
    process.stdout.write = write;
  };
}

/** Where check --external keeps the answers it got: the cache root of the site's folder, or nowhere when the cache is off. */
function externalCacheFile(config: string): string | null {
  const root = cacheRoot(dirname(resolve(config)));
  return root && join(root, 'external-links.json');
}

/** "Ran 3 curl and 2 Ruby examples", naming only the languages that ran ("Ran 1 curl example"; "Ran no examples"). */
export function ranText({ curl, ruby }: { curl: number; ruby: number }): string {
  const parts = [curl ? `${curl} curl` : '', ruby ? `${ruby} Ruby` : ''].filter(Boolean);
  return parts.length ? `Ran ${parts.join(' and ')} example${curl + ruby === 1 ? '' : 's'}` : 'Ran no examples';
}
