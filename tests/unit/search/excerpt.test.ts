// A result's excerpt (src/search/entries.ts excerptOf) is what the regular expression it
// replaced gave: the text's beginning, white space collapsed, cut at a word.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerptOf } from '../../../src/search/entries.js';

const EXCERPT = 240;
function reference(raw: string): string {
  const text = raw.slice(0, EXCERPT * 3).replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT) return text;
  const cut = text.lastIndexOf(' ', EXCERPT);
  return `${text.slice(0, cut > EXCERPT / 2 ? cut : EXCERPT)}…`;
}

const SPACES = [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
const piece = fc.oneof(
  fc.constantFrom(...SPACES),
  fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('a', 'B', 'é', '·', '-', '“', '1', '😀', '\ud800', '\udc00') }),
  fc.string({ minLength: 100, maxLength: 300, unit: fc.constantFrom('x', 'y') }),
);

describe('search excerpts', () => {
  it('are what the regular expression gave, for any mix of words and white space', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), (pieces) => {
        const raw = pieces.join('');
        expect(excerptOf(raw)).toBe(reference(raw));
      }),
      { numRuns: 400 },
    );
  });

  it('cut at a word, and hard at 240 characters when the first word is longer', () => {
    expect(excerptOf('  one   two\n\tthree  ')).toBe('one two three');
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    expect(excerptOf(words)).toBe(reference(words));
    expect(excerptOf(words).endsWith('…')).toBe(true);
    expect(excerptOf('z'.repeat(500))).toBe(`${'z'.repeat(240)}…`);
    expect(excerptOf('')).toBe('');
  });
});
