// The quick looks that let most pages skip a plugin's walk (every page is asked) agree with
// the regular expressions they stand before: a page they pass over never holds a match.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayHaveForeignLine, mayHaveShortcode } from '../../../src/markdown/remark-foreign-syntax.js';
import { mentionsDetails } from '../../../src/markdown/remark-details.js';

const SHORTCODE_RE = /(?<=^|[\s(\[])(:(?:[a-z0-9_+-]*[a-z][a-z0-9_+-]*|[+-]1|100):)(?=$|[\s.,;!?)\]])/m;
const CANDIDATE_RE = /^[ \t>]*(?::{3,}[A-Za-z][\w-]*[ \t]+\S|\{%|\{\/\*|import[ \t]|export[ \t])/m;

const text = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(''));

describe('the quick looks before the page walks', () => {
  it('find a shortcode wherever the expression finds one', () => {
    fc.assert(
      fc.property(text([':', 'a', 'Z', '1', '_', '+', '-', ' ', '\n', '(', '.', ']', 'warning', '100', 'é', '/', '10:30']), (raw) => {
        if (SHORTCODE_RE.test(raw)) expect(mayHaveShortcode(raw), JSON.stringify(raw)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(mayHaveShortcode('See https://x.example/a and {"data": 1}.')).toBe(false);
    expect(mayHaveShortcode('Careful :warning: here')).toBe(true);
  });

  it('find a line written for another tool wherever the expression finds one', () => {
    fc.assert(
      fc.property(text([':', ':::', 'tip', ' ', '\t', '\n', '\r', '\u2028', '>', '{%', '{', '/*', 'import', 'export', 'x', 'Pro']), (raw) => {
        if (CANDIDATE_RE.test(raw)) expect(mayHaveForeignLine(raw), JSON.stringify(raw)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('find "<details" in any case exactly where the expression does', () => {
    fc.assert(
      fc.property(text(['<', 'details', 'DETAILS', 'Det', 'ails', 'd', 'D', '<d', ' ', 'x', '\u0144', '$']), (raw) => {
        expect(mentionsDetails(raw), JSON.stringify(raw)).toBe(/<details/i.test(raw));
      }),
      { numRuns: 3000 },
    );
  });
});
