// The curl commands of a shell example, each argument with its value as the shell gives it
// and where every character of that value was written, read from the syntax tree of
// Bash's own grammar (tree-sitter, the parser curlconverter brings; loadCurlParser()
// first). The static check places a problem inside a quoted body or URL with it, reads
// every -d option (not only the first), and tells an expansion the shell makes ("$ID" in
// double quotes) from text it sends as written ('$TOKEN' in single quotes).
import { curlParser, type SyntaxNode } from './curl-parser.js';

export interface ShellWord {
  /** The argument as the command receives it; an expansion is kept as written ("$ID"). */
  value: string;
  /** Offset in the text of each character of `value` (one more entry: the end). */
  offsets: number[];
  start: number;
  end: number;
  /** Spans of `value` that the shell expands ($ID, ${ID}, $(…)): unknown until run. */
  expansions: { from: number; to: number }[];
  /** Offsets in the text of a "$NAME" written inside single quotes, which the shell sends as is. */
  literalDollars: { offset: number; name: string }[];
}

export interface ShellCommand {
  /** The command's words: the name ("curl") first. */
  words: ShellWord[];
  /** The statement's span, here-document included. */
  start: number;
  end: number;
  /** The here-document fed to it (`-d @- <<'JSON'`), if any. */
  stdin: ShellWord | null;
}

/**
 * The curl commands of `text`, in order. A `console` block is read as a session: only its
 * "$ " lines (and their continuations) are commands, the rest is output. Throws a message
 * naming the line when the shell text does not parse.
 */
export function curlCommands(text: string, lang = ''): ShellCommand[] {
  const source = shellSource(text, lang);
  const tree = curlParser().parseShell(source);
  const commands: ShellCommand[] = [];
  const visit = (node: SyntaxNode, statement: SyntaxNode) => {
    switch (node.type) {
      case 'command': {
        const name = node.childForFieldName('name');
        if (!name || source.slice(name.startIndex, name.endIndex) !== 'curl') return;
        const words = [wordOf(name.firstChild ?? name, source), ...node.childrenForFieldName('argument').map((arg) => wordOf(arg, source))];
        commands.push({ words, start: statement.startIndex, end: statement.endIndex, stdin: null });
        return;
      }
      case 'redirected_statement': {
        const body = node.childForFieldName('body');
        const before = commands.length;
        if (body) visit(body, node);
        const heredoc = node.namedChildren.find((c) => c.type === 'heredoc_redirect');
        const content = heredoc?.namedChildren.find((c) => c.type === 'heredoc_body');
        if (content && commands.length > before) commands[commands.length - 1]!.stdin = literal(source, content.startIndex, content.endIndex);
        return;
      }
      case 'pipeline':
      case 'list':
      case 'program':
        for (const child of node.namedChildren) visit(child, node.type === 'program' ? child : statement);
        return;
      case 'ERROR': {
        const line = source.slice(0, node.startIndex).split('\n').length;
        throw new Error(`the shell cannot read line ${line}: ${source.slice(node.startIndex, node.endIndex).split('\n')[0]!.slice(0, 60)}`);
      }
      default:
        return;
    }
  };
  visit(tree.rootNode, tree.rootNode);
  return commands;
}

/** The shell text of a block: a console session with everything but its commands blanked out (same offsets: "$ curl …" -> "  curl …"). */
export function shellSource(text: string, lang = ''): string {
  return lang === 'console' ? sessionCommands(text) : text;
}

function sessionCommands(text: string): string {
  let continued = false;
  return text
    .split('\n')
    .map((line) => {
      const command = continued || /^\s*\$ /.test(line);
      const kept = command ? (continued ? line : line.replace(/^(\s*)\$ /, '$1  ')) : ' '.repeat(line.length);
      continued = command && /\\$/.test(line);
      return kept;
    })
    .join('\n');
}

function literal(source: string, start: number, end: number): ShellWord {
  const offsets: number[] = [];
  for (let i = start; i <= end; i++) offsets.push(i);
  return { value: source.slice(start, end), offsets, start, end, expansions: [], literalDollars: [] };
}

/** One argument's value with the place of each of its characters (Bash's quoting rules). */
function wordOf(node: SyntaxNode, source: string): ShellWord {
  const word: ShellWord = { value: '', offsets: [], start: node.startIndex, end: node.endIndex, expansions: [], literalDollars: [] };
  const add = (text: string, offset: number) => {
    word.value += text;
    for (let i = 0; i < text.length; i++) word.offsets.push(offset + i);
  };
  const expansion = (n: SyntaxNode) => {
    const from = word.value.length;
    add(source.slice(n.startIndex, n.endIndex), n.startIndex);
    word.expansions.push({ from, to: word.value.length });
  };
  // Backslashes: unquoted, one escapes any character (and a newline is a continuation);
  // in double quotes only $ ` " \ and the newline.
  const unescape = (start: number, end: number, escapable: RegExp | null) => {
    for (let i = start; i < end; i++) {
      const c = source[i]!;
      if (c === '\\' && i + 1 < end && (escapable === null || escapable.test(source[i + 1]!))) {
        i++;
        if (source[i] !== '\n') add(source[i]!, i);
      } else add(c, i);
    }
  };
  const walk = (n: SyntaxNode) => {
    switch (n.type) {
      case 'word':
        unescape(n.startIndex, n.endIndex, null);
        return;
      case 'raw_string': {
        const inner = source.slice(n.startIndex + 1, n.endIndex - 1);
        for (const m of inner.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) word.literalDollars.push({ offset: n.startIndex + 1 + m.index, name: m[1]! });
        add(inner, n.startIndex + 1);
        return;
      }
      case 'string': {
        // "…": its content, escapes and expansions; the quotes themselves are not part of the value.
        let at = n.startIndex + 1;
        for (const child of n.namedChildren) {
          if (child.startIndex > at) unescape(at, child.startIndex, /[$`"\\\n]/);
          if (child.type === 'string_content') unescape(child.startIndex, child.endIndex, /[$`"\\\n]/);
          else expansion(child);
          at = child.endIndex;
        }
        if (n.endIndex - 1 > at) unescape(at, n.endIndex - 1, /[$`"\\\n]/);
        return;
      }
      case 'ansi_c_string':
        // $'…': rare in examples; its escapes are kept as written.
        add(source.slice(n.startIndex + 2, n.endIndex - 1), n.startIndex + 2);
        return;
      case 'concatenation':
        for (const child of n.children) walk(child);
        return;
      case 'simple_expansion':
      case 'expansion':
      case 'command_substitution':
        expansion(n);
        return;
      default:
        add(source.slice(n.startIndex, n.endIndex), n.startIndex);
    }
  };
  walk(node);
  word.offsets.push(node.endIndex);
  return word;
}
