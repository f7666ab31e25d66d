// The ranking rules of the search dialog (theme/client/search-index.ts, search.ts) that need no index.
import { describe, expect, it } from 'vitest';
import { windowed } from '../../../../theme/client/search.js';
import { queryPath, samePath, termFactor, titleBonus } from '../../../../theme/client/search-index.js';

describe('termFactor', () => {
  it('counts the word, a longer word it begins (any, for the word being typed; two letters more, for one finished) and its singular', () => {
    expect(termFactor('payment', 'payment', false)).toBe(1);
    expect(termFactor('payments', 'payment', false)).toBeGreaterThan(0.9);
    expect(termFactor('paymentrequest', 'payment', false)).toBe(0);
    expect(termFactor('paymentrequest', 'payment', true)).toBeGreaterThan(0.5);
    expect(termFactor('response', 'responses', false)).toBe(0.9);
    expect(termFactor('issues', 'is', true)).toBeGreaterThan(0);
    expect(termFactor('issues', 'is', false)).toBe(0);
  });
});

describe('titleBonus', () => {
  it('ranks the title that is the query first, then titles holding every word, those the query names more of higher', () => {
    expect(titleBonus('Create payment', ['create', 'payment'])).toBe(3);
    const short = titleBonus('Given mandates', ['mandate']);
    const long = titleBonus('Delete given mandate account', ['mandate']);
    expect(short).toBeGreaterThan(long);
    expect(long).toBeGreaterThan(1);
    expect(titleBonus('Get account', ['mandate'])).toBe(1);
  });
});

describe('windowed', () => {
  it('cuts a long excerpt between words, and says it was cut', () => {
    const text = `Payments go from a business account with an IBAN creditor account and a BIC agent. Creditor names are long enough to be cut here, and the rest of the text goes on.`;
    const shown = windowed(text, ['payment']);
    expect(shown.endsWith('…')).toBe(true);
    const before = shown.slice(0, -1);
    expect(text.startsWith(before)).toBe(true);
    expect(text[before.length]).toBe(' ');
  });
  it('shows a short excerpt whole, with no mark of a cut', () => {
    expect(windowed('A short text.', ['short'])).toBe('A short text.');
  });
});

describe('a query that is an API path', () => {
  it('is read as a path, with or without a method', () => {
    expect(queryPath('/accounts/{id}/transactions')).toBe('/accounts/{id}/transactions');
    expect(queryPath('GET /payments')).toBe('/payments');
    expect(queryPath('payments')).toBeNull();
    expect(queryPath('/')).toBeNull();
    expect(queryPath('/a b')).toBeNull();
  });
  it('matches an operation whose placeholders stand for any segment', () => {
    expect(samePath('GET /accounts/{accountId}/transactions', '/accounts/{id}/transactions')).toBe(true);
    expect(samePath('GET /accounts/{accountId}/transactions', '/accounts/3f6c2b9e/transactions/')).toBe(true);
    expect(samePath('GET /accounts/{accountId}/transactions/{id}', '/accounts/{id}/transactions')).toBe(false);
    expect(samePath('GET /accounts/{accountId}/pending-transactions', '/accounts/{id}/transactions')).toBe(false);
  });
});
