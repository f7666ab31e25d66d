// Splits a Markdown file into its YAML front matter and its body. The body keeps the
// front matter's lines as blank lines, so Markdown positions are file positions.
export interface SplitFile {
  /** The YAML text between the fences, or null when the file has no front matter. */
  yaml: string | null;
  /** Lines before the YAML text (the opening fence): added to YAML line numbers. */
  yamlLineOffset: number;
  /** The Markdown body, front matter blanked out line for line, with "\n" line ends (a CRLF or CR file's twins are then like an LF checkout's). */
  body: string;
  /** Set when the file opens front matter with "---" and never closes it. */
  unclosed?: boolean;
}

const FENCE_RE = /^---[ \t]*$/;

export function splitFrontMatter(file: string): SplitFile {
  const source = file.charCodeAt(0) === 0xfeff ? file.slice(1) : file;
  // CommonMark and YAML 1.2 both end a line at CRLF, CR or LF. Split on "\n" alone, a
  // CR-only (classic Mac) file had no front matter, and a CRLF file's last value kept its
  // "\r" ("order: 1\r" read as a string). Lines and columns stay those of the file.
  const text = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  const lines = text.split('\n');
  if (!FENCE_RE.test(lines[0] ?? '')) return { yaml: null, yamlLineOffset: 0, body: text };
  const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(line));
  if (end === -1) return { yaml: null, yamlLineOffset: 0, body: text, unclosed: true };
  const yaml = lines.slice(1, end).join('\n');
  const body = '\n'.repeat(end + 1) + lines.slice(end + 1).join('\n');
  return { yaml, yamlLineOffset: 1, body };
}

const SIMPLE_LINE_RE = /^([A-Za-z_][\w-]*):[ \t]+(?:"([^"\\]*)"|'([^']*)'|(0|-?[1-9][0-9]{0,14}))[ \t]*$/;

/**
 * The front matter most pages have, read without a YAML parser: only lines of
 * `key: "text"` or `key: 'text'` (no escapes, no quote inside) or `key: 12` (a whole
 * number as YAML reads it: no sign but "-", no leading zero), each key once. Anything
 * else gives null and goes to the YAML parser, which also gives the positions for error
 * messages. A cold parse of 1000 front matters costs the parser ~150 ms; this, ~2 ms.
 */
export function simpleFrontMatter(yaml: string): Record<string, string | number> | null {
  const entries = new Map<string, string | number>();
  for (const line of yaml.split('\n')) {
    if (line.trim() === '') continue;
    const match = SIMPLE_LINE_RE.exec(line.replace(/\r$/, ''));
    if (!match || entries.has(match[1]!)) return null;
    entries.set(match[1]!, match[4] !== undefined ? Number(match[4]) : (match[2] ?? match[3]!));
  }
  // fromEntries defines each key as the object's own, as the YAML parser does: an assignment
  // (data["__proto__"] = "x") set the prototype, so the unknown key was dropped unreported.
  return Object.fromEntries(entries);
}
