// The YAML package's syntax errors told in bankdocs' words, with what to do: its messages
// name its own grammar ("Flow sequence in block collection must be sufficiently indented
// and end with a ]", "Implicit map keys need to be followed by map values") or its API
// ("please use YAML.parseAllDocuments()"). A message bankdocs' own check wrote
// (yaml-positions.ts) is kept.
import { isMap, isScalar, isSeq, visit, type ErrorCode, type Node, type YAMLError } from 'yaml';
import { MAX_YAML_DEPTH, type ParsedYaml } from './yaml-positions.js';

export interface YamlWords {
  /** The package's message when none: it is bankdocs' own (yaml-positions.ts). */
  message?: string;
  hint: string;
  /** Where to point instead of the package's place (an unclosed "[" at the "[", not where the file ends). */
  offset?: number;
}

/** By error code alone. */
const BY_CODE: Partial<Record<ErrorCode, YamlWords>> = {
  BAD_ALIAS: { hint: 'an alias (*name) repeats the value marked &name above it: mark the value before its first alias, and write values out rather than nest aliases of aliases; a text that starts with "*" or "&" goes in quotes' },
  MULTIPLE_DOCS: { message: 'the file holds more than one YAML document; the second starts here', hint: 'a line of "---" starts a new document: remove it (and what follows it, if that is not part of the first)' },
  RESOURCE_EXHAUSTION: { message: `lists and mappings nest more than ${MAX_YAML_DEPTH} levels deep here`, hint: 'flatten it: nothing bankdocs reads needs this depth' },
  // "title: Payments: how they work", the mistake writers make most; also a line indented under a value.
  BLOCK_AS_IMPLICIT_KEY: { message: 'this value holds ": " (or the line after it is indented under it), which YAML reads as a key inside the value', hint: 'put a value with ": " in quotes, e.g. title: "Payments: how they work"; start each key on a line of its own, as far in as the keys beside it' },
  TAB_AS_INDENT: { message: 'a tab indents this line; YAML indents with spaces only', hint: 'replace the tab with spaces' },
  DUPLICATE_KEY: { hint: 'keep one of the two: a mapping holds each key once (YAML reads 1 and "1" as one key)' },
  NON_STRING_KEY: { hint: 'write the key as text, as in "name: value" ("? " starts a key that is a list or a mapping)' },
};

const QUOTE_IT = 'put the whole value in quotes, e.g. title: "[Draft] Payments" (inside double quotes write \\" for a quote; inside single quotes \'\' for an apostrophe)';

/** By the package's message, for codes it uses for several mistakes (MISSING_CHAR, BAD_INDENT, UNEXPECTED_TOKEN…). */
const BY_MESSAGE: readonly { re: RegExp; words: (match: RegExpExecArray, error: YAMLError, parsed: ParsedYaml) => YamlWords | undefined }[] = [
  {
    // a: 1 / ... / b: 2   ("..." ends a document; "---" starts one, which BY_CODE tells)
    re: /^Source contains multiple documents/,
    words: (_match, _error, parsed) =>
      parsed.doc.directives?.docEnd
        ? { message: 'the file holds more than one YAML document; the second starts here, after a line of "..." (which ends a document)', hint: 'remove the "..." line above, or what follows it if that is not meant to be read' }
        : undefined,
  },
  {
    // title: !important notice   (a tag the package does not know: it warned and kept "notice")
    re: /^Unresolved tag: (\S+)/,
    words: ([, tag]) => ({
      message: `"${tag}" starts a YAML tag here, which bankdocs does not read: the value would lose it`,
      hint: `put the whole value in quotes: "${tag} …"`,
    }),
  },
  {
    // tags: [a, b   (no "]": the package reports it where the next line starts, or where the file ends)
    re: /^Flow (sequence|map) in block collection must be sufficiently indented and end with a [\]}]/,
    words: ([, kind], error, parsed) => {
      const [open, close, what] = kind === 'map' ? ['{', '}', 'mapping'] : ['[', ']', 'list'];
      const opened = nodeEndingAt(parsed, error.pos[0], (node) => (kind === 'map' ? isMap(node) : isSeq(node)) && (node as { flow?: boolean }).flow === true);
      return {
        message: `the ${what} opened with "${open}" here is not closed with "${close}"`,
        hint: `end it with "${close}" (${kind === 'map' ? 'facts: { a: 1, b: 2 }' : 'tags: [a, b]'}), on this line or on lines indented under its key; a text that starts with "${open}" goes in quotes`,
        ...(opened ? { offset: opened.range![0] } : {}),
      };
    },
  },
  {
    re: /^Missing closing (["'])quote/,
    words: ([, quote], error, parsed) => {
      const opened = nodeEndingAt(parsed, error.pos[0], (node) => isScalar(node) && node.type === (quote === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE'));
      return {
        message: `the text opened with ${quote} here is never closed`,
        hint: `end it with ${quote}${quote === "'" ? " (an apostrophe inside single quotes is written twice: 'it''s')" : ' (a quote inside double quotes is written \\")'}`,
        ...(opened ? { offset: opened.range![0] } : {}),
      };
    },
  },
  {
    // description: "C:\path"
    re: /^Invalid escape sequence (.+)/,
    words: ([, escape]) => ({ message: `${escape} is no escape sequence: inside double quotes a backslash starts one (\\n, \\t, \\", \\\\)`, hint: 'write the backslash twice ("C:\\\\path"), or put the value in single quotes, where a backslash is itself' }),
  },
  {
    // "description Payments" between two keys, or the text of "key: |" not indented under it
    re: /^Implicit (map )?keys need to be (on a single line|followed by map values)/,
    words: () => ({ message: 'this line has no colon after its key, so YAML reads it as part of a key', hint: 'write "key: value" with ": " after the key; the lines of a "key: |" or "key: >" text are indented under the key' }),
  },
  {
    // title: @handle   title: `code`   title: %off
    re: /^Plain value cannot start with (?:reserved|directive indicator) character (.)/,
    words: ([, first], error, parsed) => {
      const value = nodeEndingAt(parsed, null, (node) => isScalar(node) && node.range![0] === error.pos[0]);
      const text = isScalar(value) ? String(value.value) : `${first}…`;
      return { message: `a value cannot start with "${first}" unless it is in quotes`, hint: `put it in quotes: ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}` };
    },
  },
  {
    // title: "Say "hi" now"   title: [Draft] Payments   title: {year} report
    re: /^Unexpected \S+ at node end/,
    words: () => ({ message: 'more text follows the end of the value: a value that starts with a quote, "[" or "{" ends where it closes', hint: QUOTE_IT }),
  },
  {
    re: /^All mapping items must start at the same column/,
    words: () => ({ message: 'this key is not as far in as the keys beside it', hint: 'indent it with as many spaces as the other keys of its mapping (a key further in belongs to the key above it)' }),
  },
  {
    re: /^All sequence items must start at the same column/,
    words: () => ({ message: 'this "- " item is not as far in as the items beside it', hint: 'indent every "- " of the list with as many spaces' }),
  },
  {
    re: /^Sequence item without - indicator/,
    words: () => ({ message: 'this line is inside a list but does not start with "- "', hint: 'start each item of the list with "- ", as far in as the others' }),
  },
  {
    re: /^Unexpected , in flow (sequence|map)/,
    words: ([, kind]) => ({ message: `an empty item in the ${kind === 'map' ? 'mapping in "{ }"' : 'list in "[ ]"'}: a comma with nothing before it`, hint: 'remove the extra comma, or write the empty item as ""' }),
  },
  {
    re: /^Missing , (?:or : )?between flow (sequence|map) items/,
    words: ([, kind]) => ({ message: `two items of the ${kind === 'map' ? 'mapping in "{ }"' : 'list in "[ ]"'} have no comma between them`, hint: `separate the items with ", "${kind === 'map' ? ' and write each as "key: value"' : ''}` }),
  },
  {
    re: /^Comments must be separated from other tokens by white space characters/,
    words: () => ({ message: '"#" right after a value starts no comment', hint: 'put a space before "#" to start a comment, or put the whole value in quotes when "#" is part of it' }),
  },
  {
    // description: | Some text   (the text of "|" and ">" starts on the next line)
    re: /^Not a YAML token: /,
    words: (_match, error, parsed) => {
      const block = nodeEndingAt(parsed, null, (node) => isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') && node.range![0] < error.pos[0] && error.pos[0] < node.range![1]);
      return block ? { message: 'text follows "|" or ">" on its line: these start a text on the lines below', hint: 'move the text to the next line, indented under the key, or put the whole value in quotes without the "|" or ">"' } : undefined;
    },
  },
  {
    // title: & co   title: *
    re: /^(Alias|Anchor) cannot be an empty string/,
    words: ([, which]) => ({ message: `"${which === 'Alias' ? '*' : '&'}" at the start of a value names ${which === 'Alias' ? 'an alias' : 'an anchor'}, and no name follows it`, hint: `put a text that starts with "${which === 'Alias' ? '*' : '&'}" in quotes: "${which === 'Alias' ? '*' : '&'} co"` }),
  },
];

/** bankdocs' words for one of the package's errors, or none (its message, with a general hint). */
export function yamlErrorWords(error: YAMLError, parsed: ParsedYaml): YamlWords | undefined {
  for (const { re, words } of BY_MESSAGE) {
    const match = re.exec(error.message);
    const told = match && words(match, error, parsed);
    if (told) return told;
  }
  return BY_CODE[error.code];
}

/** The innermost node that passes `test` and ends at `end` (any node, with null). */
function nodeEndingAt(parsed: ParsedYaml, end: number | null, test: (node: Node) => boolean): Node | null {
  let found: Node | null = null;
  visit(parsed.doc, (_key, node) => {
    const range = (node as Node).range;
    if (range && (end === null || range[1] === end) && test(node as Node)) found = node as Node;
  });
  return found;
}
