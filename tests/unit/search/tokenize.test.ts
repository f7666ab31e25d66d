import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, queryWords, singularsOf, words } from '../../../src/search/tokenize.js';

const all = (text: string) => {
  const out: string[] = [];
  words(text, (w) => out.push(w));
  return out;
};

describe('search words', () => {
  it('folds case and accents, so either spelling finds a word', () => {
    expect(fold('Générale ÉTÉ niño Ærø')).toBe('generale ete nino ærø');
    expect(all('Conditions générales, Señor')).toEqual(['conditions', 'generales', 'senor']);
  });

  it('splits on punctuation, paths and underscores, and drops one-letter and overlong words', () => {
    expect(all('POST /accounts/{accountId}/payments a_b page[limit]=2')).toEqual(['post', 'accounts', 'accountid', 'account', 'id', 'payments', 'page', 'limit']);
    expect(all(`x ${'y'.repeat(41)} ${'z'.repeat(40)}`)).toEqual(['z'.repeat(40)]);
  });

  it('indexes a camelCase word whole and by its parts', () => {
    expect(all('createPayment')).toEqual(['createpayment', 'create', 'payment']);
    expect(all('authorizationExpirationExpectedAt')).toEqual(['authorizationexpirationexpectedat', 'authorization', 'expiration', 'expected', 'at']);
    expect(all('IBAN OAuth2 v5')).toEqual(['iban', 'oauth2', 'v5']);
  });

  it('keeps letters and digits of every script', () => {
    expect(all('Zahlungsaufträge 支付 über-weisung 2024')).toEqual(['zahlungsauftrage', '支付', 'uber', 'weisung', '2024']);
  });

  it('reads Chinese, Japanese and Korean as pairs of characters, in the text and in queries', () => {
    expect(all('決済を作成する。支払いAPIの一覧')).toEqual(['決済', '済を', 'を作', '作成', '成す', 'する', '支払', '払い', 'api', 'の一', '一覧']);
    expect(queryWords('作成')).toEqual(['作成']);
    expect(queryWords('作成する')).toEqual(['作成', '成す', 'する']);
    // One character finds the pairs it starts; a mixed query keeps its Latin words whole.
    expect(queryWords('決 payment')).toEqual(['決', 'payment']);
    // Hangul syllables and voiced kana stay one character each (no accent folding of them).
    expect(all('한국어 검색')).toEqual(['한국', '국어', '검색']);
    expect(fold('がぎ한')).toBe('がぎ한');
    expect(all('データベース')).toEqual(['デー', 'ータ', 'タベ', 'ベー', 'ース']);
    // A long sentence is indexed whole (a run of more than 40 characters was left out).
    expect(all('あ'.repeat(60))).toHaveLength(59);
  });

  it('reads a query as whole words, once each', () => {
    expect(queryWords('  Create createPayment, create! p ')).toEqual(['create', 'createpayment']);
    expect(queryWords('é')).toEqual([]);
    expect(queryWords('Betalingen')).toEqual(['betalingen']);
  });
});

describe('search words of ASCII text', () => {
  // What the tokenizer did before it scanned character codes: split on a regular expression.
  const bySplit = (text: string) => {
    const out: string[] = [];
    for (const raw of text.split(/[^A-Za-z0-9]+/)) {
      if (raw.length < 2 || raw.length > 40) continue;
      const word = raw.toLowerCase();
      out.push(word);
      if (raw !== word && /\p{Ll}\p{Lu}/u.test(raw)) for (const part of raw.matchAll(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu)) if (part[0].length >= 2 && part[0].toLowerCase() !== word) out.push(part[0].toLowerCase());
    }
    return out;
  };

  it('are the words a split on separators gives, for any ASCII text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: fc.constantFrom('a', 'Z', 'q', 'Q', '7', ' ', '-', '_', '/', '{', '.', '\n', 'createPayment', 'HTTPServer', 'x'.repeat(39)) }), (text) => {
        expect(all(text)).toEqual(bySplit(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe('singularsOf', () => {
  it('gives what a plural may be the plural of, both forms for -ses, -ces and -ges', () => {
    expect(singularsOf('payments')).toEqual(['payment']);
    expect(singularsOf('statuses')).toEqual(['statuse', 'status']);
    expect(singularsOf('responses')).toEqual(['response', 'respons']);
    expect(singularsOf('purposes')).toEqual(['purpose', 'purpos']);
    expect(singularsOf('boxes')).toEqual(['box']);
    expect(singularsOf('access')).toEqual([]);
    expect(singularsOf('bus')).toEqual([]);
  });
});
