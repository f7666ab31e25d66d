import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../src/config/collections-schema.js';
import { declaredCollections } from '../../../src/content/collections.js';
import { resolveRoute, type BrowserState, type Resolution, type SiteFacts } from '../../../src/routes/resolve.js';
import { planRedirects } from '../../../src/routes/redirects.js';
import { routeRules } from '../../../src/routes/route-rules.js';

const facts: SiteFacts = {
  locales: ['en', 'nl', 'fr', 'es'],
  defaultLocale: 'en',
  versions: ['1'],
  defaultVersion: '1',
  languages: ['curl', 'ruby'],
  defaultLanguage: 'curl',
  legal: {
    'terms-and-conditions': { versions: ['v1.0', 'v2.0', 'v3.0', 'v4.0', 'v5.0'], latest: 'v5.0' },
    'privacy-notice': { versions: ['v1.0', 'v1.1', 'v2.0', 'v3.0', 'v4.0', 'v4.1', 'v4.2', 'v5.0'], latest: 'v5.0' },
  },
  generalSections: ['understanding', 'linking', 'integrating', 'initiating', 'representing', 'mandating'],
};
const fresh: BrowserState = { storedLocale: null, storedLanguage: null };
const stored = (locale: string | null, language: string | null = null): BrowserState => ({ storedLocale: locale, storedLanguage: language });

const target = (r: Resolution) => (r.type === 'redirect' ? r.to : r.type);
const go = (path: string, state = fresh, hash = '') => target(resolveRoute(path, hash, state, facts));

describe('resolveRoute: the route table of spec §2', () => {
  it('shows every concrete page as itself', () => {
    for (const path of [
      '/developers', '/developers/custom-integrations', '/developers/payments/x', '/1/api/curl', '/1/api/ruby',
      '/en', '/nl', '/fr/support', '/es/terms-and-conditions/v1.0', '/nl/privacy-notice/v4.1',
      '/en/general/linking', '/fr/general/mandating/faq',
    ]) {
      expect(go(path), path).toBe('page');
    }
  });

  it('names the routes', () => {
    const route = (path: string) => resolveRoute(path, '', fresh, facts).route;
    expect(route('/developers/x')).toBe('developers');
    expect(route('/1/api/curl')).toBe('api');
    expect(route('/nl')).toBe('home');
    expect(route('/nl/support')).toBe('support');
    expect(route('/nl/terms-and-conditions/v1.0')).toBe('terms-and-conditions');
    expect(route('/nl/privacy-notice/v1.0')).toBe('privacy-notice');
    expect(route('/nl/general/linking')).toBe('general-section');
    expect(route('/nope/nope')).toBe('not-found');
  });

  it('rule 2: fills in the default version, also for an unknown one', () => {
    expect(go('/api')).toBe('/1/api/curl');
    expect(go('/1/api')).toBe('/1/api/curl');
    expect(go('/9/api')).toBe('/1/api/curl');
    expect(go('/9/api/ruby')).toBe('/1/api/ruby');
    expect(go('/api/ruby')).toBe('/1/api/ruby');
  });

  it('rule 3: selects a known language and stores it; adds the stored or default one', () => {
    const ruby = resolveRoute('/1/api/ruby', '', fresh, facts);
    expect(ruby).toMatchObject({ type: 'page', storeLanguage: 'ruby' });
    expect(go('/api', stored(null, 'ruby'))).toBe('/1/api/ruby');
    expect(go('/api', stored(null, 'python'))).toBe('/1/api/curl');
  });

  it('sends an unknown API language to the index route, keeping the hash', () => {
    expect(go('/1/api/python', fresh, '#x')).toBe('/1/api/curl#x');
    expect(go('/1/api/python', stored(null, 'ruby'), '#create-payment')).toBe('/1/api/ruby#create-payment');
    expect(go('/api', fresh, '#create-payment')).toBe('/1/api/curl#create-payment');
  });

  it('rule 4: an available locale is stored and made current', () => {
    expect(resolveRoute('/fr', '', fresh, facts)).toMatchObject({ type: 'page', locale: 'fr', storeLocale: 'fr' });
    expect(resolveRoute('/es/support', '', stored('nl'), facts)).toMatchObject({ type: 'page', locale: 'es', storeLocale: 'es' });
  });

  it('rule 4: an absent locale re-saves the stored one and is prefixed, keeping the hash', () => {
    expect(go('/')).toBe('/en');
    expect(go('/', stored('nl'))).toBe('/nl');
    expect(go('/support', stored('nl'), '#contact')).toBe('/nl/support#contact');
    expect(resolveRoute('/support', '', stored('nl'), facts)).toMatchObject({ storeLocale: 'nl', locale: 'nl' });
    expect(go('/support', stored('xx'))).toBe('/en/support');
    expect(go('/general/linking/faq', stored('fr'))).toBe('/fr/general/linking/faq');
  });

  it('sends a page of no locale asked for under a locale to the page, keeping that locale for the interface', () => {
    expect(resolveRoute('/nl/developers/getting-started', '#x', fresh, facts)).toMatchObject({ type: 'redirect', to: '/developers/getting-started#x', storeLocale: 'nl', locale: 'nl' });
    expect(target(resolveRoute('/de/developers', '', stored('fr'), facts))).toBe('/developers');
    // A locale the site lacks changes nothing stored.
    expect(resolveRoute('/de/developers', '', stored('fr'), facts)).toMatchObject({ storeLocale: null });
  });

  it('reads a folder\'s index.html as the folder', () => {
    expect(go('/index.html')).toBe('/en');
    expect(go('/support/index.html', stored('nl'))).toBe('/nl/support');
    expect(go('/api/index.html')).toBe('/1/api/curl');
    // Without its extension too: GitHub Pages serves /support/index as support/index.html, the stub.
    expect(go('/index')).toBe('/en');
    expect(go('/support/index', stored('nl'))).toBe('/nl/support');
    expect(go('/terms-and-conditions/index')).toMatch(/^\/en\/terms-and-conditions\/v/);
  });

  it('rule 4: a present but unavailable locale changes nothing (the page in the current locale)', () => {
    const r = resolveRoute('/de/support', '#a', stored('fr'), facts);
    expect(r).toMatchObject({ type: 'redirect', to: '/fr/support#a', storeLocale: null, locale: 'fr' });
    expect(go('/de')).toBe('/en');
  });

  it('rule 4: two letters that are a translated collection\'s own first segment are no locale', () => {
    const qa = collectionSchema.parse({ name: 'qa', files: '{locale}/qa/{slug}.md', url: '/{locale}/qa/{slug}', translated: true });
    const site: SiteFacts = { ...facts, routes: routeRules(declaredCollections(['default', qa])) };
    expect(target(resolveRoute('/qa/why', '', fresh, site))).toBe('/en/qa/why');
    expect(target(resolveRoute('/qa/why', '', stored('nl'), site))).toBe('/nl/qa/why');
    expect(resolveRoute('/nl/qa/why', '', fresh, site)).toMatchObject({ type: 'page', route: 'qa', locale: 'nl' });
    // Other two letters are still a locale, available or not.
    expect(target(resolveRoute('/de/support', '', stored('fr'), site))).toBe('/fr/support');
  });

  it('a collection of no locale at the site\'s root ("/{slug}") takes only what no other route takes', () => {
    const pages = collectionSchema.parse({ name: 'pages', files: '{slug}.md', url: '/{slug}' });
    const site: SiteFacts = { ...facts, routes: routeRules(declaredCollections(['default', pages])) };
    expect(resolveRoute('/about', '', fresh, site)).toMatchObject({ type: 'page', route: 'pages' });
    expect(go('/')).toBe('/en');
    expect(target(resolveRoute('/', '', fresh, site))).toBe('/en');
    expect(target(resolveRoute('/api', '', fresh, site))).toBe('/1/api/curl');
    expect(target(resolveRoute('/support', '', stored('nl'), site))).toBe('/nl/support');
    expect(target(resolveRoute('/integrations-in-a-nutshell', '', fresh, site))).toBe('/developers/integrations-in-a-nutshell');
    expect(resolveRoute('/developers/x', '', fresh, site)).toMatchObject({ type: 'page', route: 'developers' });
    expect(planRedirects(site, new Set(['/en', '/nl', '/1/api/curl', '/1/api/ruby'])).map((s) => s.from)).toEqual(expect.arrayContaining(['/', '/api']));
  });

  it('a site without an API reference has no /api routes, and no stubs for them', () => {
    const site: SiteFacts = { ...facts, api: false };
    for (const path of ['/api', '/api/curl', '/1/api', '/1/api/ruby']) expect(go(path)).not.toBe('not-found');
    for (const path of ['/api', '/api/curl', '/1/api', '/1/api/ruby']) expect(target(resolveRoute(path, '', fresh, site)), path).toBe('not-found');
    const pages = new Set(['/1/api/curl', '/1/api/ruby']);
    expect(planRedirects(facts, pages).map((s) => s.from)).toContain('/api');
    expect(planRedirects(site, pages).filter((s) => s.from.includes('api'))).toEqual([]);
  });

  it('rule 5: non-translated routes take the interface language from the stored locale', () => {
    expect(resolveRoute('/developers', '', stored('es'), facts)).toMatchObject({ type: 'page', locale: 'es', storeLocale: null });
    expect(resolveRoute('/1/api/curl', '', stored('nl'), facts)).toMatchObject({ type: 'page', locale: 'nl' });
  });

  it('redirects the old guide URLs under /developers, with or without a locale', () => {
    expect(go('/integrations-in-a-nutshell')).toBe('/developers/integrations-in-a-nutshell');
    expect(go('/nl/connect-integrations', fresh, '#x')).toBe('/developers/connect-integrations#x');
    expect(go('/custom-integrations/')).toBe('/developers/custom-integrations');
  });

  it('adds a locale to legal documents, and sends a bare document to its latest version', () => {
    expect(go('/privacy-notice/v4.1')).toBe('/en/privacy-notice/v4.1');
    expect(go('/terms-and-conditions', stored('es'))).toBe('/es/terms-and-conditions/v5.0');
    expect(go('/es/terms-and-conditions')).toBe('/es/terms-and-conditions/v5.0');
    expect(go('/nl/privacy-notice')).toBe('/nl/privacy-notice/v5.0');
    expect(go('/en/terms-and-conditions/v9.9')).toBe('not-found');
    expect(go('/terms-and-conditions/v9.9')).toBe('not-found');
  });

  it('handles the /general catch-all with the closest section', () => {
    expect(go('/nl/general/anything')).toBe('/nl/general/understanding');
    expect(go('/nl/general')).toBe('/nl/general/understanding');
    expect(go('/general')).toBe('/en/general/understanding');
    expect(go('/fr/general/linking/old-page')).toBe('/fr/general/linking');
    expect(go('/fr/general/linking/faq/x')).toBe('/fr/general/linking/faq');
  });

  it('answers not found for anything else', () => {
    for (const path of ['/nope', '/en/nope', '/api/curl/extra', '/1/2/api', '/en/support/x', '/abc']) expect(go(path), path).toBe('not-found');
  });

  it('shows the 404 page of a path in a locale\'s folder in that locale, as its pages are shown', () => {
    const effects = (path: string, state = fresh) => {
      const { locale, storeLocale } = resolveRoute(path, '', state, facts);
      return [go(path, state), locale, storeLocale];
    };
    expect(effects('/nl/nope')).toEqual(['not-found', 'nl', 'nl']);
    expect(effects('/fr/support/x', stored('es'))).toEqual(['not-found', 'fr', 'fr']);
    expect(effects('/nl/terms-and-conditions/v9.9')).toEqual(['not-found', 'nl', 'nl']);
    // No locale, or one the site does not have: the stored one, or the default, and nothing stored.
    expect(effects('/nope', stored('es'))).toEqual(['not-found', 'es', null]);
    expect(effects('/de/nope')).toEqual(['not-found', 'en', null]);
  });
});

describe('resolveRoute: properties over random paths', () => {
  const segment = fc.oneof(
    fc.constantFrom('', 'en', 'nl', 'fr', 'es', 'de', 'xx', 'api', '1', '2', '9', 'curl', 'ruby', 'python', 'developers', 'support',
      'general', 'linking', 'faq', 'terms-and-conditions', 'privacy-notice', 'v5.0', 'v4.1', 'v9.9', 'custom-integrations', '..', '%2e%2e', '//evil.example', 'http:'),
    fc.string({ maxLength: 6 }),
  );
  const path = fc.array(segment, { maxLength: 5 }).map((segs) => `/${segs.join('/')}`);
  const state = fc.record({
    storedLocale: fc.constantFrom(null, 'en', 'nl', 'fr', 'es', 'de', '<script>'),
    storedLanguage: fc.constantFrom(null, 'curl', 'ruby', 'python'),
  });
  const hash = fc.oneof(fc.constant(''), fc.string({ maxLength: 8 }).map((s) => `#${s}`));

  it('ends within two redirects, never leaves the origin, and a resolved target resolves to itself', () => {
    fc.assert(
      fc.property(path, hash, state, (p, h, s) => {
        const first = resolveRoute(p, h, s, facts);
        if (first.type !== 'redirect') return;
        expect(first.to.startsWith('/')).toBe(true);
        expect(first.to.startsWith('//')).toBe(false);
        expect(new URL(first.to, 'https://docs.example').origin).toBe('https://docs.example');
        const [toPath, ...rest] = first.to.split('#');
        const toHash = rest.length ? `#${rest.join('#')}` : '';
        const second = resolveRoute(toPath!, toHash, s, facts);
        expect(second.type, `${p} -> ${first.to}`).not.toBe('redirect');
        if (second.type === 'page') expect(second.path).toBe(toPath);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads no locale from two characters that are no letters, and no segment past a "#" (cases the property found)', () => {
    for (const path of ['/  /developers/#', '/xx/developers/#', '/en/support?x=1']) {
      const first = resolveRoute(path, '#', { storedLocale: null, storedLanguage: null }, facts);
      if (first.type !== 'redirect') continue;
      const toPath = first.to.split('#')[0]!;
      const second = resolveRoute(toPath, '', { storedLocale: null, storedLanguage: null }, facts);
      expect(second.type, `${path} -> ${first.to}`).not.toBe('redirect');
      if (second.type === 'page') expect(second.path, path).toBe(toPath);
    }
  });
});
