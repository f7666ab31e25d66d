// The ranking rules of the search dialog (theme/client/search-index.ts, search.ts) that need no index.
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchMeta } from '../../../../src/search/build-index.js';
import type { SearchEntry, SearchRecord } from '../../../../src/search/entries.js';
import { stemmerOf } from '../../../../theme/client/search-stem.js';
import { windowed } from '../../../../theme/client/search.js';
import { arrange, queryPath, SearchIndex, samePath, termFactor, titleBonus, type Ranked } from '../../../../theme/client/search-index.js';

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
  it('counts another form of the word by the locale’s stemmer, less than the word and its singular', () => {
    const en = stemmerOf('en');
    expect(termFactor('supports', 'supported', false)).toBe(0);
    expect(termFactor('supports', 'supported', false, en)).toBe(0.8);
    expect(termFactor('support', 'supported', true, en)).toBe(0.8);
    expect(termFactor('supported', 'supported', false, en)).toBe(1);
    expect(termFactor('pay', 'payment', false, en)).toBe(0);
    expect(termFactor('betaling', 'betalingen', false, stemmerOf('nl'))).toBe(0.8);
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
  it('finds the query’s words in a title as the search finds them: the word being typed begins a longer one', () => {
    expect(titleBonus('Betalingen initiëren', ['betaling'])).toBeGreaterThan(1);
    expect(titleBonus('Betalingen initiëren', ['betaling', 'nu'])).toBe(1);
  });
  it('finds a title’s words by their stems, but a title that is the query only in other forms is not the query', () => {
    const en = stemmerOf('en');
    expect(titleBonus('Create payment', ['created', 'payments'])).toBe(1);
    const holding = titleBonus('Create payment', ['created', 'payments'], en);
    expect(holding).toBeGreaterThan(1);
    expect(holding).toBeLessThan(3);
    expect(titleBonus('7. Betalingen', ['betaling'], stemmerOf('nl'))).toBeLessThan(3);
  });
});

describe('arrange', () => {
  const result = (group: Ranked['group'], score: number): Ranked => ({ id: score, score, url: `/${group}`, hash: String(score), title: `${group} ${score}`, page: group, group, excerpt: '' });
  const shown = (results: Ranked[]) => arrange(results).map(([group, list]) => [group, list.map((r) => r.score)]);

  it('lists the two best results first when they are of two groups, then the groups in the order of their best, without them', () => {
    const results = [result('api', 10), result('help', 9), result('api', 8), result('guide', 6), result('help', 4)];
    // help's 4 is weak (under half of 10), and help's best is listed already.
    expect(shown(results)).toEqual([
      ['top', [10, 9]],
      ['api', [8]],
      ['guide', [6]],
    ]);
  });

  it('lists groups alone when the two best are of one group, or the second is weak', () => {
    expect(shown([result('api', 10), result('api', 9), result('help', 8)])).toEqual([
      ['api', [10, 9]],
      ['help', [8]],
    ]);
    expect(shown([result('api', 10), result('help', 4)])).toEqual([
      ['api', [10]],
      ['help', [4]],
    ]);
    expect(shown([])).toEqual([]);
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

/** A SearchIndex over an index built in memory from `entries`, in locale "en". */
function indexOf(entries: SearchEntry[]): SearchIndex {
  const { files } = buildSearchIndex({ entries, locales: ['en'], languages: { available: ['curl'], default: 'curl' } });
  const text = new Map(files.map((f) => [f.path, 'contents' in f ? Buffer.from(f.contents).toString('utf8') : '']));
  const read = (name: string) => JSON.parse(text.get(`search/en/${name}`)!) as unknown;
  return new SearchIndex(read('index.json') as SearchMeta, async (name) => read(name));
}

const section = (hash: string, title: string, text: string, extra: Partial<SearchRecord> = {}): SearchRecord => ({
  hash,
  title,
  excerpt: '',
  fields: [
    { text: title, boost: 4, label: true },
    { text, boost: 1 },
  ],
  ...extra,
});
const page = (url: string, records: SearchRecord[], group: SearchEntry['group'] = 'help'): SearchEntry => ({ url, title: url, group, locale: null, weight: 1, records });
const found = async (index: SearchIndex, query: string) => (await index.answer(query)).results.map((r) => `${r.url}#${r.hash}`);

describe('the ranking of an index', () => {
  it('takes the forms of a query word for one word, as rare as all of them together', async () => {
    // "betaling" is rare, "betalingen" common: the rare form's record does not win by its rarity.
    const index = indexOf([
      page('/initiating', [section('', 'Betalingen initiëren', 'Betalingen worden ondertekend door de gebruiker.')]),
      page('/faq', [section('q', 'Wordt een betaling geannuleerd als de gebruiker stopt en het scherm sluit?', 'Nee, de betaling blijft open.')]),
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => page(`/other-${id}`, [section('', `Over ${id}`, 'Betalingen en rekeningen.')])),
      ...['g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'].map((id) => page(`/filler-${id}`, [section('', `Over ${id}`, 'Rekeningen.')])),
    ]);
    expect((await found(index, 'betaling'))[0]).toBe('/initiating#');
  });

  it('ranks the section that explains a parameter above the operations that take it', async () => {
    // As src/search/entries.ts makes an operation: its parameters are names, and a table in its text.
    const text = (id: string) => `Lists the ${id}. Parameters page[limit] the maximum number of resources. page[before] a cursor. page[after] a cursor. Responses A page of ${id}.`;
    const operation = (id: string): SearchRecord => ({
      ...section(`list-${id}`, `List ${id}`, text(id)),
      detail: `GET /${id}`,
      fields: [
        { text: `List ${id}`, boost: 4, label: true },
        { text: `list${id} GET /${id}`, boost: 3, label: true },
        { text: 'page[limit] page[before] page[after]', boost: 2, label: true },
        { text: text(id), boost: 1 },
      ],
    });
    const index = indexOf([
      page('/api', [
        // As src/search/entries.ts makes a section of the API reference: its file's description a label.
        {
          ...section('pagination', 'Pagination', ''),
          fields: [
            { text: 'Pagination', boost: 4, label: true },
            { text: 'Read lists page by page with page[limit] and page[after].', boost: 2, label: true },
            { text: 'Every list returns one page of resources. page[limit] is the number of resources on a page, from 1 to 100; page[after] and page[before] are cursors. Follow the links of each page to read a whole list, and use the largest page[limit] you can handle.', boost: 1 },
          ],
        },
        ...['users', 'accounts', 'payments', 'mandates', 'integrations'].map(operation),
      ], 'api'),
      ...Array.from({ length: 30 }, (_, i) => page(`/filler-${i}`, [section('', `Guide ${i}`, 'Accounts and integrations.')])),
    ]);
    expect((await found(index, 'page[limit]'))[0]).toBe('/api#pagination');
    // Named by its title, an operation is still the answer.
    expect((await found(index, 'list users'))[0]).toBe('/api#list-users');
  });
});
