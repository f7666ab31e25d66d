import { describe, expect, it } from 'vitest';
import { classify, compareVersions } from '../../../src/content/classify.js';
import { localizePath, outputPath, pageUrl } from '../../../src/routes/paths.js';

const locales = ['en', 'nl', 'fr', 'es'];
const urlOf = (rel: string) => {
  const result = classify(rel, locales);
  return result.ok ? pageUrl(result.value) : `error: ${result.hint}`;
};

describe('classify and pageUrl', () => {
  it('maps every kind of content file to its route (spec §2)', () => {
    expect(urlOf('en/index.md')).toBe('/en');
    expect(urlOf('nl/support.md')).toBe('/nl/support');
    expect(urlOf('fr/general/linking/index.md')).toBe('/fr/general/linking');
    expect(urlOf('fr/general/linking/faq.md')).toBe('/fr/general/linking/faq');
    expect(urlOf('es/terms-and-conditions/v5.0.md')).toBe('/es/terms-and-conditions/v5.0');
    expect(urlOf('en/privacy-notice/v4.1.md')).toBe('/en/privacy-notice/v4.1');
    expect(urlOf('developers/index.md')).toBe('/developers');
    expect(urlOf('developers/dashboard-api.md')).toBe('/developers/dashboard-api');
    expect(urlOf('developers/payments/index.md')).toBe('/developers/payments');
    expect(urlOf('developers/payments/create-refund-0001.md')).toBe('/developers/payments/create-refund-0001');
    expect(urlOf('api/03-pagination.md')).toBeNull();
  });

  it('rejects files it has no route for, with a hint', () => {
    expect(urlOf('de/index.md')).toMatch(/^error: Markdown lives in developers\/, api\/ or a locale folder/);
    expect(urlOf('en/terms-and-conditions/latest.md')).toMatch(/named by version/);
    expect(urlOf('en/blog.md')).toMatch(/^error: pages of a locale are/);
    expect(urlOf('api/pagination.md')).toMatch(/a number for the order/);
    expect(urlOf('developers/My Guide.md')).toMatch(/lower-case/);
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
  });

  it('writes each URL to a folder index, and 404 to 404.html', () => {
    expect(outputPath('/en')).toBe('en/index.html');
    expect(outputPath('/developers/x')).toBe('developers/x/index.html');
    expect(outputPath('/404')).toBe('404.html');
    expect(outputPath('/')).toBe('index.html');
  });
});
