import { describe, expect, it } from 'vitest';
import { classifyFile, compareVersions } from '../../../src/content/classify.js';
import { compileCollections, declaredCollections, matchFile } from '../../../src/content/collections.js';
import { localizePath, outputPath } from '../../../src/routes/paths.js';

const locales = ['en', 'nl', 'fr', 'es'];
const { compiled, diagnostics } = compileCollections({ collections: declaredCollections(undefined), locales, parsed: null, configFile: '/s/docs.config.yaml' });
const urlOf = (rel: string) => {
  const result = matchFile(rel, compiled, '/s/docs.config.yaml');
  return result.ok ? result.url : `error: ${result.hint}`;
};

describe('the built-in collections (spec §2) and their URLs', () => {
  it('compile without a problem', () => {
    expect(diagnostics).toEqual([]);
  });

  it('map every kind of content file to its route (spec §2)', () => {
    expect(urlOf('en/index.md')).toBe('/en');
    expect(urlOf('nl/support.md')).toBe('/nl/support');
    expect(urlOf('fr/general/linking/index.md')).toBe('/fr/general/linking');
    expect(urlOf('fr/general/linking/faq.md')).toBe('/fr/general/linking/faq');
    expect(urlOf('es/terms-and-conditions/v5.0.md')).toBe('/es/terms-and-conditions/v5.0');
    expect(urlOf('en/privacy-notice/v4.1.md')).toBe('/en/privacy-notice/v4.1');
    expect(urlOf('developers.md')).toBe('/developers');
    expect(urlOf('developers/index.md')).toBe('/developers');
    expect(urlOf('developers/dashboard-api.md')).toBe('/developers/dashboard-api');
    expect(urlOf('developers/payments/index.md')).toBe('/developers/payments');
    expect(urlOf('developers/payments/create-refund-0001.md')).toBe('/developers/payments/create-refund-0001');
    expect(urlOf('api/03-pagination.md')).toBeNull();
  });

  it('give each page its collection, layout, locale and placeholder values', () => {
    const legal = matchFile('nl/privacy-notice/v4.1.md', compiled, '/s/docs.config.yaml');
    expect(legal.ok && legal.info).toEqual({ collection: 'legal', layout: 'legal', locale: 'nl', params: { locale: 'nl', kind: 'privacy-notice', version: 'v4.1' } });
    const guide = matchFile('developers/payments/refunds.md', compiled, '/s/docs.config.yaml');
    expect(guide.ok && guide.info).toEqual({ collection: 'guide', layout: 'article', params: { path: 'payments/refunds' } });
    expect('locale' in (guide.ok ? guide.info : {})).toBe(false);
  });

  it('reject files no collection takes, naming the collections of that folder', () => {
    expect(urlOf('en/blog.md')).toMatch(/^error: rename or move the file to match a collection \(home: \{locale\}\/index\.md; support: /);
    // In a folder that is no locale of the site: the folder is the mistake.
    expect(urlOf('de/index.md')).toMatch(/^error: "de" is no locale of the site \(locales.available: en, nl, fr, es\)/);
    expect(urlOf('en/terms-and-conditions/latest.md')).toMatch(/legal: \{locale\}\/\{kind:terms-and-conditions\|privacy-notice\}\/\{version:version\}\.md/);
    expect(urlOf('en/blog.md')).toMatch(/home: \{locale\}\/index\.md/);
    expect(urlOf('api/pagination.md')).toMatch(/api-section: api\/\{position:number\}-\{slug\}\.md/);
    expect(urlOf('developers/My Guide.md')).toMatch(/guide: developers\.md or developers\/\{\.\.\.path\}\.md/);
    expect(urlOf('developers/My Guide.md')).not.toMatch(/home:/);
  });

  it('tell a README.md, GitHub\'s page of a folder, to be index.md (it was told to be "readme")', () => {
    for (const rel of ['developers/payments/README.md', 'developers/Readme.md']) {
      const result = classifyFile(rel, `/s/content/${rel}`, compiled, '/s/docs.config.yaml');
      expect(!result.ok && [result.diagnostic.ruleId, result.diagnostic.hint?.split(';')[0]], rel).toEqual(['content-unknown-location', `a folder's page is index.md, not ${rel.split('/').at(-1)} (GitHub's name for it): rename it to index.md`]);
    }
  });

  it('orders legal versions numerically', () => {
    expect(['v10.0', 'v1.1', 'v2.0', 'v1.0', 'v4.2'].sort(compareVersions)).toEqual(['v1.0', 'v1.1', 'v2.0', 'v4.2', 'v10.0']);
  });
});

describe('paths', () => {
  it('localizes translated routes only, keeping the hash', () => {
    expect(localizePath('/', 'nl')).toBe('/nl');
    expect(localizePath('/support#contact', 'fr')).toBe('/fr/support#contact');
    expect(localizePath('/general/linking', 'es')).toBe('/es/general/linking');
    expect(localizePath('/terms-and-conditions', 'nl')).toBe('/nl/terms-and-conditions');
    expect(localizePath('/developers', 'nl')).toBe('/developers');
    expect(localizePath('/1/api/curl', 'nl')).toBe('/1/api/curl');
    expect(localizePath('/blog/x', 'nl', ['', 'blog'])).toBe('/nl/blog/x');
  });

  it('writes each URL to a folder index, and 404 to 404.html', () => {
    expect(outputPath('/en')).toBe('en/index.html');
    expect(outputPath('/developers/x')).toBe('developers/x/index.html');
    expect(outputPath('/404')).toBe('404.html');
    expect(outputPath('/')).toBe('index.html');
  });
});
