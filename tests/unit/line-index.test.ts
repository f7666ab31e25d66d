import { describe, expect, it } from 'vitest';
import { lineColumnAt, lineIndexAt, lineStarts } from '../../src/line-index.js';

describe('line index', () => {
  it('maps offsets to 1-based lines and columns', () => {
    const text = 'ab\ncd\n\nefg';
    const starts = lineStarts(text);
    expect(starts).toEqual([0, 3, 6, 7]);
    expect(lineColumnAt(starts, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt(starts, 2)).toEqual({ line: 1, column: 3 });
    expect(lineColumnAt(starts, 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumnAt(starts, 6)).toEqual({ line: 3, column: 1 });
    expect(lineColumnAt(starts, 9)).toEqual({ line: 4, column: 3 });
    expect(lineIndexAt(starts, 1000)).toBe(3);
  });

  it('agrees with a naive count at every offset', () => {
    const text = 'x\n\nyy\nzzz\n';
    const starts = lineStarts(text);
    for (let offset = 0; offset <= text.length; offset++) {
      const before = text.slice(0, offset);
      expect(lineColumnAt(starts, offset)).toEqual({ line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 });
    }
  });
});
