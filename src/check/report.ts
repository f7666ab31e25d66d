// Reporters for `bankdocs check`: human (default), json (for tools), github (workflow
// commands, shown as annotations on the pull request's lines).
import { isAbsolute, relative } from 'node:path';
import { byPlace, counted, escapeControls, formatGrouped, formatSummary, type Diagnostic } from '../diagnostics.js';
import type { ExternalLink } from './check-links.js';

export type ReportFormat = 'human' | 'json' | 'github';

export interface Report {
  diagnostics: Diagnostic[];
  external: ExternalLink[];
  externalChecked: boolean;
  pages: number;
  cwd: string;
  /** GitHub's checkout (GITHUB_WORKSPACE): annotations name files from it, so they land on the pull request's lines from any working folder. */
  workspace?: string | null;
  /** What the run said beside the findings (examples not run, the examples run), for json and github. */
  notices?: string[];
  /** Whether the check failed (errors, or more warnings than --max-warnings), and why, for json. */
  failed?: { failed: boolean; reason: string | null };
  /** Human format only: ANSI colours (on a terminal). */
  color?: boolean;
}

const sort = (ds: Diagnostic[]) => [...ds].sort(byPlace);

export function formatReport(format: ReportFormat, report: Report): string {
  const diagnostics = sort(report.diagnostics);
  const rel = (file: string) => relative(report.cwd, file) || file;
  if (format === 'json') {
    return `${JSON.stringify(
      {
        // The files a message names are in its words already (Diagnostic.paths is for a replay), as is the link it is about (subject).
        diagnostics: diagnostics.map(({ paths: _paths, subject: _subject, ...d }) => ({ ...d, file: rel(d.file) })),
        external: report.external.map((l) => ({ ...l, file: rel(l.file) })),
        summary: {
          pages: report.pages,
          errors: diagnostics.filter((d) => d.severity === 'error').length,
          warnings: diagnostics.filter((d) => d.severity === 'warning').length,
          ...(report.failed ? { failed: report.failed.failed, ...(report.failed.reason ? { reason: report.failed.reason } : {}) } : {}),
        },
        notices: report.notices ?? [],
      },
      null,
      2,
    )}\n`;
  }
  if (format === 'github') {
    const escape = (s: string) => escapeControls(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
    const prop = (s: string) => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
    const fromWorkspace = (file: string) => {
      const path = report.workspace ? relative(report.workspace, file) : '';
      return path && !path.startsWith('..') && !isAbsolute(path) ? path : rel(file);
    };
    const failure = report.failed?.failed && report.failed.reason && !diagnostics.some((d) => d.severity === 'error') ? `::error title=bankdocs check::${escape(report.failed.reason)}\n` : '';
    // What the run said beside its findings ("curl is not installed: …") is a notice of the run, in the job's summary.
    const notices = (report.notices ?? []).map((n) => `::notice title=${prop('bankdocs check')}::${escape(n.replace(/^notice: /, ''))}\n`);
    return (
      diagnostics
        .map((d) => `::${d.severity === 'error' ? 'error' : 'warning'} file=${prop(fromWorkspace(d.file))},line=${d.line},col=${d.column},title=${prop(d.ruleId)}::${escape(d.hint ? `${d.message} (${d.hint})` : d.message)}\n`)
        .join('') +
      failure +
      notices.join('')
    );
  }
  const lines = formatGrouped(diagnostics, report.cwd, report.color ?? false);
  const externals = report.external.length
    ? report.externalChecked
      ? `${new Set(report.external.map((l) => l.url)).size} external links checked.`
      : `${new Set(report.external.map((l) => l.url)).size} external links not checked (pass --external to fetch them).`
    : '';
  return [...lines, `Checked ${counted(report.pages, 'page')}: ${formatSummary(diagnostics)}.`, ...(externals ? [externals] : [])].join('\n') + '\n';
}
