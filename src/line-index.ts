// Offsets to lines and columns in one pass over the text, then a binary search per
// look-up: a paragraph of 100 000 links or an SVG with as many elements stays linear
// (security issue #20: a rescan per look-up was quadratic).

/** Offsets at which each line of `text` starts (the first is 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 0-based index of the line holding `offset`. */
export function lineIndexAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** 1-based line and column of `offset`. */
export function lineColumnAt(starts: readonly number[], offset: number): { line: number; column: number } {
  const index = lineIndexAt(starts, offset);
  return { line: index + 1, column: offset - starts[index]! + 1 };
}
