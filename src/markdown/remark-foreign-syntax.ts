// Lines written for another documentation tool, which Markdown shows as text: Docusaurus'
// titled admonition (":::tip Pro tip"), MDX's import and export lines and comments, GitBook's blocks
// ("{% hint style="info" %}"). Each is an error at its line that names the tool and says
// what bankdocs reads instead, rather than a page that shows the syntax to its readers.
// Only paragraphs are read (never code), each line where it starts, after the quote
// markers and indentation that hold it; a page with no such line anywhere skips the walk.
// GitHub's emoji shortcodes (":warning:") in text are a warning: bankdocs has no table of
// them, and a shortcode-like word may be meant as written.
import type { Paragraph, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics.js';
import { ADMONITIONS } from '../plugin/core.js';
import { contextOf } from './context.js';
import { walk, type WalkNode } from './walk.js';

/** Any line that may be one of them: the page's text is tested once, before the walk. */
const CANDIDATE_RE = /^[ \t>]*(?::{3,}[A-Za-z][\w-]*[ \t]+\S|\{%|\{\/\*|import[ \t]|export[ \t])/m;
const LINE_PREFIX_RE = /^[ \t]*(?:>[ \t]?)*/;
/** ":::tip Pro tip": a title after the name, which a directive does not take. */
const TITLED_RE = /^(:{3,})([A-Za-z][\w-]*)[ \t]+(\S.*?)[ \t]*$/;
const IMPORT_RE = /^import[ \t]+(?:[\w$*{},\s]+?[ \t]+from[ \t]+)?(['"])[^'"\n]+\1;?[ \t]*$/;
// An MDX comment: "{", a block comment of JavaScript, "}".
const MDX_COMMENT_RE = /^\{\/\*.*?\*\/\}/;
const EXPORT_RE = /^export[ \t]+(?:const|let|var|function|async[ \t]+function|class|default)\b/;
/** A GitBook (Liquid) tag where its line starts: "{% hint style="info" %}". */
const GITBOOK_RE = /^\{%-?[ \t]*([A-Za-z][\w-]*)\b(.*?)-?%\}/;
const HINT_STYLE_RE = /style=["']?(\w+)/;

/** ":warning:" between spaces or punctuation: a name of letters, digits, "_", "+" and "-" with a letter in it, or GitHub's +1, -1, 100. */
const SHORTCODE_RE = /(?<=^|[\s(\[])(:(?:[a-z0-9_+-]*[a-z][a-z0-9_+-]*|[+-]1|100):)(?=$|[\s.,;!?)\]])/gm;

/** The same, once (no g flag: test() would move a shared lastIndex, where matchAll starts). */
const SHORTCODE_ANYWHERE_RE = new RegExp(SHORTCODE_RE.source, 'm');

/** A character a shortcode's name may hold: a-z, 0-9, "_", "+", "-". */
const isNameCode = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 43 || c === 45;

/**
 * Whether the text may hold a shortcode: two colons with only a name's characters between
 * them. Every page is asked, and SHORTCODE_ANYWHERE_RE, which looks behind at every
 * character, took about 80 ms of a build of 1000 pages; this finds the colons with indexOf
 * and leaves the expression the few texts that have such a pair ("10:30:45").
 */
export function mayHaveShortcode(text: string): boolean {
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) {
    let end = at + 1;
    while (end < text.length && isNameCode(text.charCodeAt(end))) end++;
    if (end > at + 1 && text.charCodeAt(end) === 58) return true;
  }
  return false;
}

/** The first characters of each of CANDIDATE_RE's forms. */
const FOREIGN_STARTS = [':::', '{%', '{/*', 'import', 'export'];

export function mayHaveForeignLine(text: string): boolean {
  for (let start = 0; start < text.length; ) {
    // Past the line's spaces, tabs and quote marks (">").
    let at = start;
    for (let c = text.charCodeAt(at); c === 32 || c === 9 || c === 62; c = text.charCodeAt(++at));
    for (const token of FOREIGN_STARTS) if (text.startsWith(token, at)) return true;
    const end = text.indexOf('\n', at);
    if (end < 0) break;
    start = end + 1;
  }
  // The expression's lines also end at a lone CR and at U+2028 and U+2029: for those, it is asked.
  return text.includes('\r') || text.includes('\u2028') || text.includes('\u2029');
}

/** GitHub's most used shortcodes, for the hint: the emoji to write instead. */
const EMOJI: Record<string, string> = {
  warning: '⚠️', tada: '🎉', '+1': '👍', thumbsup: '👍', '-1': '👎', thumbsdown: '👎', white_check_mark: '✅', heavy_check_mark: '✔️', x: '❌',
  rocket: '🚀', bulb: '💡', memo: '📝', pencil: '📝', information_source: 'ℹ️', exclamation: '❗', question: '❓', lock: '🔒', key: '🔑',
  star: '⭐', fire: '🔥', sparkles: '✨', construction: '🚧', bug: '🐛', no_entry: '⛔', stop_sign: '🛑', point_right: '👉', eyes: '👀',
  zap: '⚡', wrench: '🔧', gear: '⚙️', link: '🔗', book: '📖', books: '📚', calendar: '📅', heart: '❤️', smile: '😄', rotating_light: '🚨',
  bell: '🔔', package: '📦', bank: '🏦', credit_card: '💳', moneybag: '💰', euro: '💶', mag: '🔍', hourglass: '⌛', lock_with_ink_pen: '🔏', 100: '💯',
};

type Problem = Pick<Diagnostic, 'message' | 'hint'>;

const TAB_VIEW = '::::tabs, then :::tab{title="…"}, its content and ::: for each tab, then ::::';

/** What a GitBook tag is in bankdocs, by its name. */
function gitbookHint(name: string, rest: string): string {
  switch (name) {
    case 'hint': {
      const kind = { success: 'TIP', warning: 'WARNING', danger: 'CAUTION' }[HINT_STYLE_RE.exec(rest)?.[1] ?? ''] ?? 'NOTE';
      return `write it as an alert: "> [!${kind}]" on a line of its own, then its text with "> " before each line (or :::${kind === 'CAUTION' ? 'danger' : kind.toLowerCase()}, its text, then :::), without the {% end${name} %} line`;
    }
    case 'tabs':
    case 'tab':
      return `write it as a tab view: ${TAB_VIEW}, without the {% endtab %} lines`;
    case 'embed':
      return 'link to it instead: [what it shows](its address)';
    case 'content-ref':
      return 'link to the page instead: [its title](../path/to/page.md)';
    case 'code': {
      const title = /title=["']([^"']+)["']/.exec(rest)?.[1];
      return `write the code as a fenced block (\`\`\`ruby${title ? ` title="${title}"` : ''}, the code, then \`\`\`), without the {% endcode %} line`;
    }
    case 'include':
      return 'bankdocs includes no files: copy the text in, or link to its page';
    default:
      return 'write it in Markdown (or escape the brace, \\{%, to show it as text)';
  }
}

/** What is wrong with one line of a paragraph, as written after its prefix; null if nothing. */
function problemOf(line: string): Problem | null {
  const titled = TITLED_RE.exec(line);
  if (titled) {
    const [, colons, name, title] = titled as unknown as [string, string, string, string];
    return Object.hasOwn(ADMONITIONS, name)
      ? { message: `"${colons}${name} ${title}" is how Docusaurus titles an admonition, which bankdocs does not read: the page shows it as text, up to its closing "${colons}"`, hint: `write the title in brackets (Docusaurus reads that too): ${colons}${name}[${title}]` }
      : { message: `"${colons}${name} ${title}" is no directive: a directive's name is followed by a label in brackets or attributes in braces, not text, so the page shows it as text`, hint: `write ${colons}${name}[${title}] or ${colons}${name}{…}` };
  }
  if (IMPORT_RE.test(line)) {
    return { message: `"${line.trim()}" is an MDX import, which bankdocs does not run: the page shows it as text`, hint: `remove it: bankdocs pages are Markdown, not MDX, and write what the component showed in Markdown (a tab view is ${TAB_VIEW}; a note is :::note, its text, then :::)` };
  }
  if (MDX_COMMENT_RE.test(line)) {
    return { message: `"${line.trim().slice(0, 60)}" is an MDX comment, which bankdocs does not read: the page shows it as text`, hint: 'write it as an HTML comment, <!-- … -->, which no reader sees' };
  }
  if (EXPORT_RE.test(line)) {
    return { message: `"${line.trim().slice(0, 60)}" is MDX code, which bankdocs does not run: the page shows it as text`, hint: 'remove it, and write what it made in Markdown' };
  }
  const gitbook = GITBOOK_RE.exec(line);
  if (gitbook && !gitbook[1]!.toLowerCase().startsWith('end')) {
    const name = gitbook[1]!.toLowerCase();
    return { message: `"${gitbook[0]}" is a GitBook block, which bankdocs does not read: the page shows it as text`, hint: gitbookHint(name, gitbook[2]!) };
  }
  return null;
}

/** The emoji shortcodes of a text node, each at its place in the file (the node's source, read from `source`). */
function shortcodes(node: Text, source: string, push: (problem: Problem, line: number, column: number) => void): void {
  const start = node.position?.start;
  const end = node.position?.end;
  if (start?.offset === undefined || end?.offset === undefined || !node.value.includes(':')) return;
  // With a character either side, which the match may look at but not take: ":ref:`x`" is no shortcode.
  const lead = start.offset > 0 ? 1 : 0;
  const written = source.slice(start.offset - lead, end.offset + 1);
  const stop = end.offset - start.offset + lead;
  for (const match of written.matchAll(SHORTCODE_RE)) {
    if (match.index < lead || match.index + match[0].length > stop) continue;
    const before = written.slice(lead, match.index);
    const newline = before.lastIndexOf('\n');
    const line = start.line + (before.match(/\n/g)?.length ?? 0);
    const column = newline < 0 ? start.column + before.length : before.length - newline;
    const name = match[1]!.slice(1, -1);
    const emoji = Object.hasOwn(EMOJI, name) ? EMOJI[name] : undefined;
    push({ message: `"${match[1]}" is a GitHub emoji shortcode, which bankdocs does not read: the page shows it as text`, hint: emoji ? `write the emoji itself: ${emoji}` : 'write the emoji itself (paste it, or use your system\'s emoji picker), or put the word in `code` if it is meant as written' }, line, column);
  }
}

export default function remarkForeignSyntax() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    const lines = mayHaveForeignLine(source) && CANDIDATE_RE.test(source);
    const emoji = mayHaveShortcode(source) && SHORTCODE_ANYWHERE_RE.test(source);
    if (!lines && !emoji) return;
    const ctx = contextOf(file);
    const push = (severity: Diagnostic['severity']) => (problem: Problem, line: number, column: number) => ctx.diagnostics.push({ ruleId: 'foreign-syntax', severity, ...problem, file: ctx.file, line, column });
    walk(tree as WalkNode, (node) => {
      if (node.type === 'text' && emoji) shortcodes(node as unknown as Text, source, push('warning'));
      if (node.type !== 'paragraph' || !lines) return;
      const start = (node as unknown as Paragraph).position?.start;
      const end = (node as unknown as Paragraph).position?.end;
      if (start?.offset === undefined || end?.offset === undefined) return;
      source.slice(start.offset, end.offset).split(/\r\n?|\n/).forEach((line, i) => {
        const prefix = i === 0 ? '' : LINE_PREFIX_RE.exec(line)![0];
        const problem = problemOf(line.slice(prefix.length));
        if (problem) push('error')(problem, start.line + i, i === 0 ? start.column : prefix.length + 1);
      });
    });
  };
}
