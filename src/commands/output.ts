// How commands talk to the terminal: diagnostics, summaries, and quiet mode.
import { formatGrouped, formatSummary, useColor, type Diagnostic } from '../diagnostics.js';

export interface Output {
  info(line: string): void;
  error(line: string): void;
  /** Whether `error` lines may carry ANSI colours. */
  color?: boolean;
}

export const consoleOutput: Output = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
  get color() {
    return useColor(process.stderr);
  },
};

export function printDiagnostics(out: Output, diagnostics: readonly Diagnostic[], options: { quiet?: boolean } = {}): void {
  const shown = options.quiet ? diagnostics.filter((d) => d.severity === 'error') : diagnostics;
  for (const line of formatGrouped(shown, process.cwd(), out.color ?? false)) out.error(line);
  if (shown.length) out.error(formatSummary(diagnostics));
}

/**
 * `--timings`: the time of each stage, for finding what a slow run spends its time on. A
 * part of a stage (`render.markdown`) is shown in brackets after it: `render 1441 (markdown 800)`.
 */
export function formatTimings(timings: Record<string, number>): string {
  const stages = Object.entries(timings).filter(([k]) => !k.includes('.'));
  const parts = (stage: string) => Object.entries(timings).filter(([k]) => k.startsWith(`${stage}.`)).map(([k, v]) => `${k.slice(stage.length + 1)} ${v}`);
  return `timings (ms): ${stages.map(([k, v]) => (parts(k).length ? `${k} ${v} (${parts(k).join(', ')})` : `${k} ${v}`)).join(', ')}`;
}
