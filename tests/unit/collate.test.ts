import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASCII_ORDER, compareNumbered, compareText } from '../../src/collate.js';

const collator = new Intl.Collator('en');
const sign = (n: number) => Math.sign(n);

describe('compareText', () => {
  it('lists printable ASCII in the order the collator sorts it', () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    expect([...printable].sort(collator.compare).join('')).toBe(ASCII_ORDER);
  });

  it('orders titles, folder names and paths as the collator does', () => {
    const texts = ['accounts', 'Accounts', 'account', 'Account-holders', 'account holders', 'account_holders', 'API v2', 'api-v10', 'a', 'A', 'B', 'b', '10 steps', '2 steps', 'Payments (beta)', 'Payments', 'payments/refunds.md', 'payments-refunds.md', 'Über uns', 'uber', 'Zahlungen', 'zürich', 'é', 'e', 'E', '', ' ', 'x\ty'];
    expect([...texts].sort(compareText)).toEqual([...texts].sort(collator.compare));
  });

  it('agrees with the collator on any two texts, in either order', () => {
    // Few characters, so that texts often share prefixes, differ by case only or are equal.
    const text = fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'B', 'z', '0', '9', ' ', '-', '_', '.', '/', '(', '~', '$', 'é', 'ß', '\t'), maxLength: 8 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sign(compareText(a, b))).toBe(sign(collator.compare(a, b)));
        expect(sign(compareText(b, a))).toBe(sign(collator.compare(b, a)));
      }),
      { numRuns: 5000 },
    );
    const ascii = fc.string({ unit: fc.integer({ min: 32, max: 126 }).map((c) => String.fromCharCode(c)), maxLength: 12 });
    fc.assert(fc.property(ascii, ascii, (a, b) => sign(compareText(a, b)) === sign(collator.compare(a, b))), { numRuns: 5000 });
  });
});

describe('compareNumbered', () => {
  it('puts numbered files in the order of their numbers', () => {
    const files = ['api/10-webhooks.md', 'api/2-status.md', 'api/1-introduction.md', 'api/02-zero.md'];
    expect([...files].sort(compareNumbered)).toEqual(['api/1-introduction.md', 'api/02-zero.md', 'api/2-status.md', 'api/10-webhooks.md']);
  });

  it('sorts as Array#sort does where no two numbers differ', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z\/.-]{0,8}$/)), (names) => {
        expect([...names].sort(compareNumbered)).toEqual([...names].sort());
      }),
    );
    // Zero-padded numbers (Moorlink's 01-…) keep their file order.
    expect(['api/03-c.md', 'api/01-a.md', 'api/02-b.md'].sort(compareNumbered)).toEqual(['api/01-a.md', 'api/02-b.md', 'api/03-c.md']);
  });
});
