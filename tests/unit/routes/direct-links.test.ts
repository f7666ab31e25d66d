// Links to routes that redirect are built to where the redirect lands, when every reader
// of the page lands in one place (an API example language aside, which the runtime swaps).
import { describe, expect, it } from 'vitest';
import { directLinks } from '../../../src/routes/direct-links.js';
import type { SiteFacts } from '../../../src/routes/resolve.js';

const facts: SiteFacts = {
  locales: ['en', 'nl', 'fr', 'es'],
  defaultLocale: 'en',
  versions: ['1', '2'],
  defaultVersion: '2',
  languages: ['curl', 'ruby'],
  defaultLanguage: 'curl',
  legal: {
    'privacy-notice': { versions: ['v1.0', 'v2.0'], latest: 'v2.0' },
  },
  generalSections: ['understanding'],
};
const direct = directLinks(facts);

describe('directLinks', () => {
  it('sends /api to the default version and language, for the runtime to swap in the stored language', () => {
    expect(direct('/api', null, null)).toEqual({ to: '/2/api/curl', language: 'curl' });
    expect(direct('/1/api', 'nl', null)).toEqual({ to: '/1/api/curl', language: 'curl' });
  });
  it('on an API page, sends /api to that page\'s language, with nothing to swap', () => {
    expect(direct('/api', null, 'ruby')).toEqual({ to: '/2/api/ruby', language: null });
  });
  it('sends a translated route to the locale of a translated page, but leaves it to the reader\'s locale on a page of none', () => {
    expect(direct('/support', 'nl', null)).toEqual({ to: '/nl/support', language: null });
    expect(direct('/privacy-notice', 'fr', null)).toEqual({ to: '/fr/privacy-notice/v2.0', language: null });
    expect(direct('/support', null, null)).toBeNull();
  });
  it('sends an old guide address (an alias) to its page', () => {
    expect(direct('/integrations-in-a-nutshell', null, null)).toEqual({ to: '/developers/integrations-in-a-nutshell', language: null });
  });
  it('leaves pages, files and paths with a query as written', () => {
    expect(direct('/developers', null, null)).toBeNull();
    expect(direct('/en/support', 'en', null)).toBeNull();
    expect(direct('/api?x=1', null, null)).toBeNull();
  });
});

describe('directLinks and what a redirect stores', () => {
  it('leaves a link that also stores a choice ("/nl/developers" shows a page of no locale in Dutch, and keeps Dutch)', () => {
    expect(direct('/nl/developers', null, null)).toBeNull();
    expect(direct('/nl/developers', 'en', null)).toBeNull();
  });
});

describe('directLinks and choices the site lacks', () => {
  it('leaves a link to a version, language or locale the site lacks for check to report', () => {
    expect(direct('/3/api/curl', null, null)).toBeNull();
    expect(direct('/2/api/python', null, null)).toBeNull();
    expect(direct('/de/support', 'nl', null)).toBeNull();
  });
});
