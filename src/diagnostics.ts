// Problems are data: every user mistake becomes a Diagnostic with a place, a rule id
// and a message that says what to do. Stages collect them; only the CLI prints them.
import { relative, sep } from 'node:path';
import { compareText } from './collate.js';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  hint?: string;
  /** Absolute path of the source file. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column, in characters. */
  column: number;
  /**
   * Absolute paths of the files the message and hint name (shown there from the working
   * folder, as shownPath makes them): a later run from another folder says them from its
   * own (reshowPaths).
   */
  paths?: string[];
  /**
   * What the problem is about, where one place can hold several problems of one rule: the
   * link, for the link rules (every link of an API operation block stands at the block).
   * Problems of one rule at one place are one problem unless their subjects differ.
   */
  subject?: string;
}

export type DiagnosticInput = Omit<Diagnostic, 'severity'> & { severity?: Severity };

/** Collects diagnostics across stages; owned by the caller, never module-level. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];

  add(d: DiagnosticInput): void {
    this.list.push({ severity: 'error', ...d });
  }

  addAll(ds: Iterable<Diagnostic>): void {
    for (const d of ds) this.list.push(d);
  }

  get errorCount(): number {
    return this.list.filter((d) => d.severity === 'error').length;
  }

  get warningCount(): number {
    return this.list.length - this.errorCount;
  }

  sorted(): Diagnostic[] {
    return [...this.list].sort(
      (a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column,
    );
  }
}

/** Thrown to stop a stage when the diagnostics collected so far make going on pointless. */
export class UserError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.length} problem(s) in the content or config`);
    this.name = 'UserError';
  }
}

/**
 * The output folder cannot be written (no space left, no permission, a file where a
 * folder must go): a problem of the machine, not of the content nor of bankdocs.
 */
export class OutputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutputError';
  }
}

/** An input file changed while the build read it: nothing wrong but the moment; building again settles it. */
export class InputChangedError extends Error {
  constructor(file: string) {
    super(`${file} changed while bankdocs was reading it: run the command again`);
    this.name = 'InputChangedError';
  }
}

/** An output file-system failure as an OutputError ("cannot write <what>: <reason>"). */
export function outputError(what: string, error: unknown): OutputError {
  return error instanceof OutputError ? error : new OutputError(`cannot write ${what}: ${(error as Error).message}`, { cause: error });
}

/** A broken invariant of bankdocs itself, not a user mistake. */
export function internalError(message: string, cause?: unknown): Error {
  return new Error(`Internal error: ${message}`, { cause });
}

/** ANSI styles for a terminal; plain text when `color` is off. */
const STYLES = { bold: [1, 22], dim: [2, 22], red: [31, 39], yellow: [33, 39] } as const;
export function paint(color: boolean, style: keyof typeof STYLES, text: string): string {
  const [on, off] = STYLES[style];
  return color ? `\u001b[${on}m${text}\u001b[${off}m` : text;
}

/**
 * Whether to colour what goes to `stream`: FORCE_COLOR ("0" or "false": never) wins,
 * then a terminal that supports colour (NO_COLOR, NODE_DISABLE_COLORS and TERM=dumb
 * turn it off, as Node reads them).
 */
export function useColor(stream: NodeJS.WriteStream): boolean {
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return stream.isTTY === true && typeof stream.hasColors === 'function' && stream.hasColors();
}

/** Every control character but the tab: a new line in a message could start a line a CI reads as a command (`::error::`, `::stop-commands::`). */
const CONTROL_RE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
const FILE_CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Control characters written as \u001b: a file name or link target holding an escape
 * sequence must not reach the terminal raw (security issue #20), nor a new line, which
 * would let content write a line of its own into a CI log.
 */
export function escapeControls(text: string, re: RegExp = CONTROL_RE): string {
  return text.replace(re, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A file as problems name it: from the working folder, so that it opens from where the
 * command ran, however far the site is (--config). The file column and the paths in
 * messages and hints ("add content/nl/support.md") alike.
 */
export function shownPath(file: string, cwd: string = process.cwd()): string {
  return relative(cwd, file) || file;
}

const REGEXP_SPECIAL_RE = /[.*+?^${}()|[\]\\]/g;

/**
 * A problem said by a run in `from` as a run in `cwd` says it: the files its message and
 * hint name (`paths`) shown from `cwd`. A build with nothing to do says the last build's
 * warnings again, and that build may have run from another folder.
 */
export function reshowPaths(d: Diagnostic, from: string, cwd: string = process.cwd()): Diagnostic {
  if (!d.paths?.length || from === cwd) return d;
  const shown = new Map(d.paths.map((file) => [shownPath(file, from), shownPath(file, cwd)]));
  // A whole path, not the tail of a longer one ("content/x.md" in "site/content/x.md"); the longest first.
  const names = [...shown.keys()].sort((a, b) => b.length - a.length).map((name) => name.replace(REGEXP_SPECIAL_RE, '\\$&'));
  const re = new RegExp(`(?<![\\w./\\\\-])(?:${names.join('|')})(?![\\w/\\\\-]|\\.\\w)`, 'g');
  const again = (text: string) => text.replace(re, (name) => shown.get(name) ?? name);
  return { ...d, message: again(d.message), ...(d.hint !== undefined ? { hint: again(d.hint) } : {}) };
}

/** A folder as problems name it: from the working folder, as shownPath, ending in "/" ("site/docs/", "./"). */
export function shownFolder(dir: string, cwd: string = process.cwd()): string {
  const shown = relative(cwd, dir) || '.';
  return shown.endsWith(sep) ? shown : `${shown}${sep}`;
}

export function formatDiagnostic(d: Diagnostic, cwd: string = process.cwd(), color = false): string {
  const file = escapeControls(shownPath(d.file, cwd), FILE_CONTROL_RE);
  const severity = paint(color, d.severity === 'error' ? 'red' : 'yellow', d.severity);
  const head = `${paint(color, 'bold', `${file}:${d.line}:${d.column}`)}  ${severity}  ${escapeControls(d.message)}  ${paint(color, 'dim', `[${escapeControls(d.ruleId)}]`)}`;
  return d.hint ? `${head}\n  ${paint(color, 'dim', `hint: ${escapeControls(d.hint)}`)}` : head;
}

/** The order problems are reported in: by file, line and column, then rule. */
export const byPlace = (a: Diagnostic, b: Diagnostic): number => compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.ruleId, b.ruleId);

/**
 * A rule that finds more than FLOOD problems of one severity in one file shows the first
 * FLOOD_SHOWN of them and counts the rest: an OpenAPI document of 1223 operations that no
 * section documents yet made 3669 lines of one cause, and every other problem scrolled away.
 */
const FLOOD = 20;
const FLOOD_SHOWN = 10;

/**
 * Diagnostics sorted by place, a blank line between files (each line keeps its file:line:col);
 * a flood of one rule in a file is cut to its first few, then a line saying how many more.
 */
export function formatGrouped(diagnostics: readonly Diagnostic[], cwd: string = process.cwd(), color = false): string[] {
  const sorted = [...diagnostics].sort(byPlace);
  // By file, then by rule and severity: how many there are, and how many were shown.
  const kinds = new Map<string, Map<string, { ruleId: string; severity: Severity; count: number; shown: number }>>();
  const kindOf = (d: Diagnostic) => {
    const inFile = kinds.get(d.file) ?? kinds.set(d.file, new Map()).get(d.file)!;
    const key = `${d.severity} ${d.ruleId}`;
    return inFile.get(key) ?? inFile.set(key, { ruleId: d.ruleId, severity: d.severity, count: 0, shown: 0 }).get(key)!;
  };
  for (const d of sorted) kindOf(d).count++;
  const lines: string[] = [];
  // What a file's block left out, said at its end: "content/api/openapi.yaml: 1213 more example-missing errors …".
  const untold = (file: string) => {
    for (const { ruleId, severity, count } of kinds.get(file)!.values()) {
      if (count <= FLOOD) continue;
      const what = `${counted(count - FLOOD_SHOWN, `more ${escapeControls(ruleId)} ${severity}`)} like those above, not shown`;
      lines.push(`${paint(color, 'bold', escapeControls(shownPath(file, cwd), FILE_CONTROL_RE))}: ${what}  ${paint(color, 'dim', '(bankdocs check --format json lists every one)')}`);
    }
  };
  sorted.forEach((d, i) => {
    const previous = sorted[i - 1];
    if (previous && previous.file !== d.file) {
      untold(previous.file);
      lines.push('');
    }
    const kind = kindOf(d);
    if (kind.count <= FLOOD || ++kind.shown <= FLOOD_SHOWN) lines.push(formatDiagnostic(d, cwd, color));
  });
  if (sorted.length) untold(sorted.at(-1)!.file);
  return lines;
}

/** "1 page", "2 pages", "0 errors": a count and its noun, which takes an "s" unless the count is one. */
export const counted = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatSummary(ds: readonly Diagnostic[]): string {
  const errors = ds.filter((d) => d.severity === 'error').length;
  const warnings = ds.length - errors;
  return `${counted(errors, 'error')}, ${counted(warnings, 'warning')}`;
}

/** What makes a problem the same problem: its place, its rule and its subject (a theme component failing on every page is one problem). */
export const diagnosticKey = (d: Diagnostic): string => `${d.file}:${d.line}:${d.column}:${d.ruleId}:${d.subject ?? ''}`;

/** The same problem found twice (by the renderer and the link check, or on two pages) is reported once: the first report of it. */
export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = diagnosticKey(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
