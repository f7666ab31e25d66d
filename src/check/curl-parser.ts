// curlconverter, loaded when an example needs it. Its shell parser (Bash's own grammar
// for tree-sitter, in WebAssembly) takes about 70 ms to load: more than a whole check of
// a site without curl examples spends starting up. Callers await loadCurlParser() once
// (check-examples.ts, execute-examples.ts), then read curl commands synchronously.
import type { Word } from 'curlconverter/dist/src/shell/Word.js';
import { importModule } from '../dynamic-import.js';

export interface CurlParser {
  /** curlconverter's reading of a curl command as a request, with its warnings. */
  toJsonObjectWarn(text: string): [unknown, unknown];
  /** The commands of a shell text, each as its words and any input (curlconverter's Bash tokenizer). */
  tokenize(text: string): [Word[], Word?, Word?][];
  /** The syntax tree of a shell text (Bash's grammar for tree-sitter, as curlconverter loads it). */
  parseShell(text: string): { rootNode: SyntaxNode };
}

/** What shell-words.ts reads of a tree-sitter node (offsets are the text's, in UTF-16 code units). */
export interface SyntaxNode {
  type: string;
  startIndex: number;
  endIndex: number;
  children: SyntaxNode[];
  namedChildren: SyntaxNode[];
  firstChild: SyntaxNode | null;
  childForFieldName(name: string): SyntaxNode | null;
  childrenForFieldName(name: string): SyntaxNode[];
}

let loading: Promise<CurlParser> | null = null;
let loaded: CurlParser | null = null;

export function loadCurlParser(): Promise<CurlParser> {
  loading ??= Promise.all([
    importModule<typeof import('curlconverter')>('curlconverter'),
    importModule<typeof import('curlconverter/dist/src/shell/tokenizer.js')>('curlconverter/dist/src/shell/tokenizer.js'),
    importModule<{ default: { parse(text: string): { rootNode: SyntaxNode } } }>('curlconverter/dist/src/shell/Parser.js'),
  ]).then(([converter, shell, bash]) => {
    loaded = { toJsonObjectWarn: (text) => converter.toJsonObjectWarn(text) as [unknown, unknown], tokenize: (text) => shell.tokenize(text), parseShell: (text) => bash.default.parse(text) };
    return loaded;
  });
  return loading;
}

/** The parser loadCurlParser() loaded. */
export function curlParser(): CurlParser {
  if (!loaded) throw new Error('Internal error: the curl parser is used before loadCurlParser() finished');
  return loaded;
}
