// Splits a Markdown file into its YAML front matter and its body. The body keeps the
// front matter's lines as blank lines, so Markdown positions are file positions.
export interface SplitFile {
  /** The YAML text between the fences, or null when the file has no front matter. */
  yaml: string | null;
  /** Lines before the YAML text (the opening fence): added to YAML line numbers. */
  yamlLineOffset: number;
  /** The Markdown body, front matter blanked out line for line, with "\n" line ends (a CRLF file's twins are then like an LF checkout's). */
  body: string;
  /** Set when the file opens front matter with "---" and never closes it. */
  unclosed?: boolean;
}

const FENCE_RE = /^---[ \t]*$/;

export function splitFrontMatter(text: string): SplitFile {
  const split = splitLines(text);
  return split.body.includes('\r') ? { ...split, body: split.body.replace(/\r\n/g, '\n') } : split;
}

function splitLines(text: string): SplitFile {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = source.split('\n');
  if (!FENCE_RE.test(lines[0]?.replace(/\r$/, '') ?? '')) return { yaml: null, yamlLineOffset: 0, body: source };
  const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(line.replace(/\r$/, '')));
  if (end === -1) return { yaml: null, yamlLineOffset: 0, body: source, unclosed: true };
  // Without a CRLF file's "\r"s: the YAML parser read the last line's as part of its value ("order: 1\r" a string).
  const yaml = lines.slice(1, end).map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)).join('\n');
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
