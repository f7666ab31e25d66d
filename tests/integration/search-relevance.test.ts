// Search relevance on the bundled site: queries a developer or a prospective customer
// types, each with the results a person expects among the first TOP the search dialog
// lists, ranked as the dialog ranks them (theme/client/search-index.ts, in its groups) over
// the index the build writes. A row is about what a reader wants, not about one weight:
// a change of the ranking is judged on the whole table.
//
// `want`: every entry must be listed in the first TOP; an entry that is a list is any of
// its URLs, a pattern any URL it matches; no entry at all: the query lists nothing (the
// site has no such thing). `not`: none of the first TOP may match it.
// `was`: the row's rank with the ranking before this table's ranking changes (8ec6e7c;
// the rank of its worst entry, 0: not listed, or an unwanted result in the first TOP), to
// see what a change made better and what worse (SEARCH_RELEVANCE_REPORT=1 prints both);
// for a row added later, its rank before the change it came with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listed, rankingIndex } from '../helpers/search.js';
import { copySite, removeSite, runCli } from '../helpers/site.js';

const TOP = 3;
const API = '/1/api/{language}';

/** An operation's section in the API reference (its anchor starts with its verb). */
const OPERATION_RE = /^\/1\/api\/\{language\}#(?:list|get|create|update|delete)-/;

interface Row {
  locale: string;
  query: string;
  want: (string | RegExp | (string | RegExp)[])[];
  /** None of the first TOP may be one of these. */
  not?: RegExp;
  was: number;
}

const ROWS: Row[] = [
  // The two faults this table was made for: operations named after a word above the sections that explain it.
  { locale: 'en', query: 'mandate', want: [[`${API}#given-mandates`, `${API}#received-mandates`, /^\/en\/general\/mandating(?:#|$)/, '/developers/dashboard-api#mandates-and-representative-organizations']], not: OPERATION_RE, was: 0 },
  { locale: 'en', query: 'page[limit]', want: [`${API}#pagination`], was: 0 },
  { locale: 'en', query: 'pagination', want: [`${API}#pagination`, '/en/general/integrating#pagination'], was: 2 },
  { locale: 'en', query: 'sandbox', want: [`${API}#sandbox`], was: 1 },
  { locale: 'en', query: 'error codes', want: [`${API}#errors`], was: 3 },
  { locale: 'en', query: 'create payment', want: [`${API}#create-payment`], was: 1 },
  { locale: 'en', query: 'delete payment', want: [`${API}#delete-payment`], was: 1 },
  { locale: 'en', query: 'bulk payment', want: [`${API}#bulk-payments`], was: 1 },
  { locale: 'en', query: 'pending transactions', want: [`${API}#pending-transactions`], was: 1 },
  { locale: 'en', query: 'authentication', want: [`${API}#authentication`], was: 1 },
  { locale: 'en', query: 'access token', want: [`${API}#create-access-token`, `${API}#authentication`], was: 2 },
  { locale: 'en', query: 'refresh token', want: [['/developers/connect-integrations#authenticate-your-backend', '/developers/custom-integrations#step-3-request-an-access-token', '/en/general/integrating#client-credentials-and-access-tokens']], was: 1 },
  { locale: 'en', query: 'consent', want: ['/en#security-and-consent'], was: 4 },
  { locale: 'en', query: 'iban', want: [['/en/general/initiating#field-rules', '/en/general/initiating/faq#can-we-pay-in-a-currency-other-than-euro', '/en/general/initiating/faq#do-we-need-the-creditors-bic']], was: 1 },
  { locale: 'en', query: 'rate limit', want: ['/en/terms-and-conditions/v5.0#9-fair-use-and-maintenance'], was: 1 },
  // The site documents no webhooks (synchronizations are polled): nothing is better than a near word.
  { locale: 'en', query: 'webhook', want: [], was: 0 },
  { locale: 'en', query: 'reauthorization', want: ['/en/general/linking#reauthorization'], was: 1 },
  { locale: 'en', query: 'go live', want: ['/developers/custom-integrations#go-live', '/en/general/integrating#going-live'], was: 2 },
  { locale: 'en', query: 'redirect uri', want: ['/developers/connect-integrations#redirect-uris'], was: 1 },
  // "invite" is not in "Create user invitation" (a derivation, which the stemmer leaves alone); the guide's section on
  // invitations is as good, and so is the API reference's Users, which says "inviting" (a form of "invite") three times.
  { locale: 'en', query: 'invite user', want: [[`${API}#create-user-invitation`, '/developers/dashboard-api#user-invitations', `${API}#users`]], was: 1 },
  { locale: 'en', query: 'which banks', want: ['/en/general/understanding/faq#which-banks-can-our-users-connect'], was: 1 },
  { locale: 'en', query: 'representative', want: [['/en/general/representing', '/en/general/representing#become-a-representative']], was: 4 },
  { locale: 'en', query: 'customerIpAddress', want: [[`${API}#create-synchronization`, '/en/general/integrating/faq#why-must-customeripaddress-be-the-end-users-address']], was: 1 },
  { locale: 'en', query: 'endToEndId', want: ['/en/general/initiating/faq#what-should-we-put-in-endtoendid'], was: 1 },
  { locale: 'en', query: 'contact support', want: ['/en/support#contact-support'], was: 1 },
  { locale: 'es', query: 'mandato', want: [/^\/es\/general\/mandating(?:#|$)/], not: OPERATION_RE, was: 1 },
  { locale: 'es', query: 'pago', want: [['/es/general/initiating', '/es/general/initiating#tres-tipos-de-pago']], was: 2 },
  { locale: 'es', query: 'paginación', want: ['/es/general/integrating#paginación'], was: 1 },
  { locale: 'fr', query: 'mandat', want: [/^\/fr\/general\/mandating(?:#|$)/], not: OPERATION_RE, was: 1 },
  { locale: 'fr', query: "jeton d'accès", want: ['/fr/general/integrating#identifiants-client-et-jetons-daccès'], was: 2 },
  { locale: 'fr', query: 'bac à sable', want: ['/fr/general/understanding#bac-à-sable-et-production'], was: 2 },
  { locale: 'nl', query: 'mandaat', want: [/^\/nl\/general\/mandating(?:#|$)/], not: OPERATION_RE, was: 1 },
  { locale: 'nl', query: 'betaling', want: [['/nl/general/initiating', '/nl/general/initiating#drie-soorten-betalingen']], was: 0 },
  { locale: 'nl', query: 'toestemming', want: ['/nl#beveiliging-en-toestemming'], was: 4 },
  // The best of two page types first: each group listed all its good results before the next group's best.
  { locale: 'en', query: 'synchronization', want: [`${API}#synchronizations`, '/en/general/integrating#synchronizations'], was: 5 },
  { locale: 'nl', query: 'live', want: ['/nl/general/integrating#live-gaan', ['/developers/custom-integrations#go-live', '/developers/connect-integrations#before-going-live']], was: 5 },
  // Word forms: another form of a word than the page's ("supported" for "support", "toestemmingen" for "toestemming").
  { locale: 'en', query: 'supported banks', want: ['/en/general/understanding/faq#does-every-bank-support-every-feature'], was: 0 },
  { locale: 'en', query: 'created payments', want: [`${API}#create-payment`], was: 0 },
  { locale: 'en', query: 'cancel payment', want: ['/en/general/initiating/faq#can-a-payment-be-cancelled-after-it-was-signed'], was: 0 },
  { locale: 'en', query: 'synchronized accounts', want: ['/developers/custom-integrations#step-4-synchronize-an-account'], was: 0 },
  { locale: 'nl', query: 'toestemmingen', want: ['/nl#beveiliging-en-toestemming'], was: 0 },
  { locale: 'nl', query: 'mandaten intrekken', want: ['/nl/general/mandating#een-mandaat-intrekken'], was: 0 },
  { locale: 'es', query: 'errores', want: [`${API}#errors`], was: 0 },
];

/**
 * A row's rank in `found` (the dialog's list): its worst entry's, 0 when one is not listed
 * or one of the first TOP is one it does not want; for a row that wants nothing, 0 when
 * nothing is listed, else -1.
 */
function rankOf(row: Pick<Row, 'want' | 'not'>, found: readonly string[]): number {
  if (!row.want.length) return found.length ? -1 : 0;
  if (row.not && found.slice(0, TOP).some((url) => row.not!.test(url))) return 0;
  let worst = 0;
  for (const entry of row.want) {
    const urls = Array.isArray(entry) ? entry : [entry];
    const rank = found.findIndex((url) => urls.some((u) => (typeof u === 'string' ? u === url : u.test(url)))) + 1;
    if (!rank) return 0;
    worst = Math.max(worst, rank);
  }
  return worst;
}

/** Whether a row's rank is good: in the first TOP (for a row that wants nothing: nothing listed). */
const passes = (row: Row, rank: number) => (row.want.length ? rank >= 1 && rank <= TOP : rank === 0);

describe('search relevance on the bundled site', () => {
  let site: string;
  const ranks = new Map<Row, { rank: number; found: string[] }>();
  beforeAll(async () => {
    site = copySite(null);
    const result = runCli(['build', '--quiet'], site);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const read = (path: string) => JSON.parse(readFileSync(join(site, 'dist', path), 'utf8')) as unknown;
    const indexes = new Map<string, Awaited<ReturnType<typeof rankingIndex>>>();
    for (const row of ROWS) {
      if (!indexes.has(row.locale)) indexes.set(row.locale, await rankingIndex(read, row.locale));
      const found = await listed(indexes.get(row.locale)!, row.query);
      ranks.set(row, { rank: rankOf(row, found), found });
    }
  });
  afterAll(() => {
    if (process.env.SEARCH_RELEVANCE_REPORT) {
      const cell = (rank: number) => (rank === 0 ? '—' : String(rank));
      const lines = ROWS.map((row) => `| ${row.locale} | ${row.query} | ${cell(row.was)} | ${cell(ranks.get(row)?.rank ?? 0)} |`);
      console.log(['| locale | query | was | now |', '|---|---|---|---|', ...lines].join('\n'));
    }
    removeSite(site);
  });

  it('ranks a row by its worst entry, an entry that is a list or a pattern by its best URL', () => {
    expect(rankOf({ want: ['a', ['x', 'b']] }, ['b', 'c', 'a'])).toBe(3);
    expect(rankOf({ want: [/^c/] }, ['b', 'cc'])).toBe(2);
    expect(rankOf({ want: ['a', 'd'] }, ['a', 'b'])).toBe(0);
    expect(rankOf({ want: ['a'], not: /^b/ }, ['a', 'b'])).toBe(0);
    expect(rankOf({ want: [] }, [])).toBe(0);
    expect(rankOf({ want: [] }, ['a'])).toBe(-1);
  });

  it.each(ROWS.map((row) => [`${row.locale} "${row.query}"`, row] as const))('%s lists what a reader expects in its first three', (_, row) => {
    const { rank, found } = ranks.get(row)!;
    expect(passes(row, rank), `${row.query}: rank ${rank}; listed ${found.slice(0, 5).join(', ')}`).toBe(true);
  });
});
