// How commands talk to the terminal: diagnostics, summaries, and quiet mode.
import { formatDiagnostic, formatSummary, type Diagnostic } from '../diagnostics.js';

export interface Output {
  info(line: string): void;
  error(line: string): void;
}

export const consoleOutput: Output = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

export function printDiagnostics(out: Output, diagnostics: readonly Diagnostic[], options: { quiet?: boolean } = {}): void {
  const sorted = [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const shown = options.quiet ? sorted.filter((d) => d.severity === 'error') : sorted;
  for (const d of shown) out.error(formatDiagnostic(d));
  if (shown.length) out.error(formatSummary(diagnostics));
}

/** `--timings`: the time of each stage, for finding what a slow run spends its time on. */
export function formatTimings(timings: Record<string, number>): string {
  return `timings (ms): ${Object.entries(timings).map(([k, v]) => `${k} ${v}`).join(', ')}`;
}
