// Maps a path inside a parsed YAML document (as zod reports it) to the line and column
// of the node the writer has to edit.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

export interface Position {
  line: number;
  column: number;
}

export interface ParsedYaml {
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** Added to every line: the number of lines before the YAML text in its file. */
  lineOffset: number;
}

export function parseYaml(text: string, lineOffset = 0): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  return { doc, lineCounter, lineOffset };
}

export function positionAt(parsed: ParsedYaml, offset: number): Position {
  const { line, col } = parsed.lineCounter.linePos(offset);
  return { line: line + parsed.lineOffset, column: col };
}

/**
 * The position of the value at `path`; for a path that does not exist (a missing
 * key), the deepest node that does; with `key: true`, the key of the last segment
 * (for an unknown key, the key is what to point at).
 */
export function positionOfPath(
  parsed: ParsedYaml,
  path: readonly PropertyKey[],
  options: { key?: boolean } = {},
): Position {
  let node: unknown = parsed.doc.contents;
  let best: Node | null = isNode(node) ? node : null;
  for (const [i, segment] of path.entries()) {
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      if (last && options.key && isNode(pair.key)) {
        best = pair.key;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment];
    } else {
      break;
    }
    if (isNode(node)) best = node;
    else break;
  }
  const offset = best?.range?.[0] ?? 0;
  return positionAt(parsed, offset);
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
}
