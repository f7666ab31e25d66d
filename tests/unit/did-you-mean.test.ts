import { describe, expect, it } from 'vitest';
import { editDistance, nearest, suggest } from '../../src/did-you-mean.js';

describe('did you mean', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('getTree', 'getTre')).toBe(1);
    expect(editDistance('abc', '')).toBe(3);
  });

  it('counts two letters swapped side by side as one edit', () => {
    expect(editDistance('paymnet', 'payment')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('abc', 'ca')).toBe(3);
  });

  it('takes the nearest candidate within the limit, the first of equals', () => {
    expect(nearest('createPaymnet', ['listPayments', 'createPayment', 'createRefund'])).toBe('createPayment');
    expect(nearest('ab', ['xy', 'ax', 'ay'])).toBe('ax');
    expect(nearest('refundEverything', ['getTree'])).toBeNull();
    expect(nearest('abcd', ['abcdefgh'], 3)).toBeNull();
    expect(nearest('abcd', ['abcdefg'], 3)).toBe('abcdefg');
  });

  it('gives the fallback when nothing is near', () => {
    expect(suggest('/guides/strat', ['/guides/start'])).toBe('did you mean "/guides/start"?');
    expect(suggest('zzzz', ['/guides/start'], 'list them')).toBe('list them');
  });
});
