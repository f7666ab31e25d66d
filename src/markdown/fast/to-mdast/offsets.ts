// File offsets, lines and points of one document, and the mapping from an inline
// token's content (a paragraph's lines with their container prefix and leading blanks
// removed, joined by "\n") back to file offsets.
import type { Point } from 'unist';
import { lineIndexAt, lineStarts } from '../../../line-index.js';
import type { Located } from '../rules/positions.js';

export class SourceText {
  readonly lineStarts: number[];

  constructor(readonly src: string) {
    this.lineStarts = lineStarts(src);
  }

  point(offset: number): Point {
    const index = lineIndexAt(this.lineStarts, offset);
    return { line: index + 1, column: offset - this.lineStarts[index]! + 1, offset };
  }

  /** Offset of the end of a 0-based line (its "\n", or the end of the text). */
  lineEnd(line: number): number {
    const next = this.lineStarts[line + 1];
    return next === undefined ? this.src.length : next - 1;
  }

  /** Offset of the first non-blank character of a 0-based line. */
  firstNonBlank(line: number): number {
    const start = this.lineStarts[line] ?? this.src.length;
    const end = this.lineEnd(line);
    let pos = start;
    while (pos < end && (this.src.charCodeAt(pos) === 32 || this.src.charCodeAt(pos) === 9)) pos++;
    return pos;
  }
}

/** What inline.ts needs: content offsets to file offsets. */
export interface ContentMapper {
  fileOffset(offset: number): number;
}

/**
 * A table cell's content: its source with "\\|" read as "|" (GFM), so the two are aligned
 * character by character from the cell's first character.
 */
export class CellMapper implements ContentMapper {
  private readonly map: number[] = [];

  constructor(src: string, content: string, from: number) {
    let j = from;
    for (let i = 0; i <= content.length; i++) {
      this.map.push(j);
      j += content[i] === '|' && src[j] === '\\' && src[j + 1] === '|' ? 2 : 1;
    }
  }

  fileOffset(offset: number): number {
    return this.map[Math.min(offset, this.map.length - 1)]!;
  }
}

/** Maps offsets in an inline token's content to file offsets. */
export class InlineMapper implements ContentMapper {
  private lineOffsets: number[] | null = null;
  private contentStarts: number[] | null = null;

  constructor(
    private readonly text: SourceText,
    private readonly inline: Located,
    /** File offset where the content starts, when known. */
    private readonly from: number | undefined,
    /** Content on one line (headings, cells, labels): found from `from` directly. */
    private readonly singleLine: boolean,
  ) {}

  /** File offset of each content line's first character. */
  private offsets(): number[] {
    if (this.lineOffsets) return this.lineOffsets;
    const src = this.text.src;
    const lines = this.inline.content.split('\n');
    const first = this.inline.map?.[0] ?? 0;
    this.lineOffsets = lines.map((line, k) => {
      if (k === 0 && this.from !== undefined) {
        const at = this.singleLine ? src.indexOf(line, this.from) : -1;
        return at >= 0 ? at : this.from;
      }
      const start = this.text.lineStarts[first + k] ?? src.length;
      const end = this.text.lineEnd(first + k);
      const body = line.trimStart();
      const lead = line.length - body.length;
      const source = src.slice(start, end);
      const at = k < lines.length - 1 && source.endsWith(body) ? source.length - body.length : source.indexOf(body);
      return (at >= 0 ? start + at : start) - lead;
    });
    return this.lineOffsets;
  }

  /** File offset of an inline-content offset. */
  fileOffset(offset: number): number {
    this.contentStarts ??= lineStarts(this.inline.content);
    const line = lineIndexAt(this.contentStarts, offset);
    const offsets = this.offsets();
    return (offsets[line] ?? offsets[0] ?? 0) + (offset - this.contentStarts[line]!);
  }
}
