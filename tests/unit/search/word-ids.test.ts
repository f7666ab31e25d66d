import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { words } from '../../../src/search/tokenize.js';
import { WordIds } from '../../../src/search/word-ids.js';

/** The ids of a text's words as words() gives them, numbered in a Map: what WordIds does faster. */
function reference(known: readonly string[], texts: readonly string[]): { ids: number[]; words: string[] } {
  const table = new Map<string, number>();
  const all = [...known];
  all.forEach((word, id) => table.set(word, id));
  const ids: number[] = [];
  for (const text of texts) {
    words(text, (word) => {
      let id = table.get(word);
      if (id === undefined) {
        id = all.push(word) - 1;
        table.set(word, id);
      }
      ids.push(id);
    });
  }
  return { ids, words: all };
}

function fast(known: readonly string[], texts: readonly string[]): { ids: number[]; words: string[] } {
  const table = new WordIds(known);
  const ids: number[] = [];
  for (const text of texts) table.eachId(text, (id) => ids.push(id));
  return { ids, words: table.words };
}

describe('WordIds', () => {
  it('numbers the words words() gives, in its order, as a Map would', () => {
    const texts = [
      'Create a payment with POST /accounts/{accountId}/payments and the payment_id.',
      'createPayment, getAccountBalance and HTTPServer: camelCase parts too; a b cd 42 x1',
      'Générale, Zürich and the Straße: accents folded, non-ASCII text as words() splits it.',
      `${'a'.repeat(40)} ${'b'.repeat(41)} ${'c'.repeat(2)}`,
      '',
    ];
    expect(fast([], texts)).toEqual(reference([], texts));
    expect(fast(['payment', 'the', 'zurich'], texts)).toEqual(reference(['payment', 'the', 'zurich'], texts));
  });

  it('agrees with words() and a Map on any text, from any vocabulary', () => {
    const unit = fc.constantFrom('a', 'b', 'e', 'z', 'A', 'B', 'Z', '0', '7', ' ', '-', '_', '.', '/', '{', '\n', 'é', 'É', 'ß', '\u0301', '日');
    const text = fc.string({ unit, maxLength: 40 });
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'z', '0', 'é'), minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 8 }), fc.array(text, { maxLength: 8 }), (known, texts) => {
        expect(fast(known, texts)).toEqual(reference(known, texts));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps every word apart as the table grows', () => {
    // Thousands of words (the table is rebuilt several times), each met twice.
    const many = Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}x`);
    const texts = [many.join(' '), [...many].reverse().join(', ')];
    const result = fast([], texts);
    expect(result).toEqual(reference([], texts));
    expect(result.words).toHaveLength(6000);
  });

  it('tells apart words of the same length and hash', () => {
    // Pairs of 9-letter words with the same FNV-1a hash (found by a search over random words).
    const pairs = [['ctij4p2zc', '3wlifwpun'], ['gdezsxuzg', 'n4d6b8dar'], ['qfwhuvct2', 'vkxmv8x2z']];
    for (const [a, b] of pairs) {
      const texts = [`${a} ${b} ${a}`, `${b}.`];
      expect(fast([], texts)).toEqual({ ids: [0, 1, 0, 1], words: [a, b] });
      expect(fast([b!], texts)).toEqual({ ids: [1, 0, 1, 0], words: [b, a] });
      const table = new WordIds([a!]);
      expect([table.id(b!), table.id(a!)]).toEqual([1, 0]);
    }
  });

  it('gives a known word its id', () => {
    const table = new WordIds(['alpha', 'beta']);
    expect([table.id('beta'), table.id('alpha'), table.id('gamma'), table.id('gamma')]).toEqual([1, 0, 2, 2]);
  });
});
