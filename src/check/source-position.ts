// Positions inside a fenced example, mapped back to the Markdown file.
import { findNodeAtLocation, type Node as JsonNode } from 'jsonc-parser';
import type { Example } from '../api/examples.js';

export interface Place {
  file: string;
  line: number;
  column: number;
}

/** 1-based line and column of a character offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < Math.min(offset, text.length); i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The file place of a character offset inside an example's code. */
export function placeInExample(example: Example, offset: number): Place {
  const { line, column } = lineColumn(example.value, offset);
  return { file: example.file, line: example.line + line - 1, column: example.column + column - 1 };
}

/** Offset of the value a JSON pointer names, or of its nearest existing parent. */
export function offsetOfPointer(tree: JsonNode, pointer: string): number {
  const path = pointer.split('/').slice(1).map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(tree, path.slice(0, n));
    if (node) return node.parent?.type === 'property' && n === path.length ? node.parent.offset : node.offset;
  }
  return tree.offset;
}

