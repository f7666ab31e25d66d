import { describe, expect, it } from 'vitest';
import { DependencyMap } from '../../../src/dev/dependencies.js';
import type { ApiDocument, PageDocument } from '../../../src/routes/plan.js';

const page = (url: string, source: string, extra: Partial<PageDocument> = {}): PageDocument => ({
  kind: 'page',
  url,
  locale: 'en',
  title: url,
  description: '',
  alternates: [],
  source,
  layout: 'article',
  fallback: false,
  prev: null,
  next: null,
  legalVersions: [],
  ...extra,
});

const api: ApiDocument = {
  kind: 'api',
  url: '/1/api/curl',
  locale: 'en',
  title: 'API',
  description: '',
  alternates: [],
  version: '1',
  language: 'curl',
  sections: ['api/01-intro.md', 'api/02-payments.md'],
  languages: [],
  openapi: null,
};

const sources: Record<string, string> = { '/developers/a': 'developers/a.md', '/developers/b': 'developers/b.md', '/developers/c': 'developers/c.md', '/en/support': 'en/support.md', '/nl/support': 'nl/support.md' };
const sourceOf = (url: string) => sources[url];

function siteMap(): DependencyMap {
  const map = new DependencyMap();
  map.set(page('/developers/a', 'developers/a.md', { next: { url: '/developers/b', title: 'B' } }), sourceOf);
  map.set(page('/developers/b', 'developers/b.md', { prev: { url: '/developers/a', title: 'A' }, next: { url: '/developers/c', title: 'C' } }), sourceOf);
  map.set(page('/developers/c', 'developers/c.md', { prev: { url: '/developers/b', title: 'B' } }), sourceOf);
  map.set(page('/en/support', 'en/support.md', { alternates: [{ locale: 'en', url: '/en/support' }, { locale: 'nl', url: '/nl/support' }] }), sourceOf);
  // A missing translation shows the default locale's text.
  map.set(page('/nl/support', 'en/support.md', { fallback: true, alternates: [{ locale: 'en', url: '/en/support' }, { locale: 'nl', url: '/nl/support' }] }), sourceOf);
  map.set(api, sourceOf);
  return map;
}

describe('DependencyMap', () => {
  it('a Markdown edit re-renders only the documents that show that Markdown', () => {
    const map = siteMap();
    expect([...map.affected([{ source: 'developers/b.md', frontMatter: false }])]).toEqual(['/developers/b']);
    expect([...map.affected([{ source: 'api/02-payments.md', frontMatter: false }])]).toEqual(['/1/api/curl']);
    // Both locales show en/support.md while nl has no translation of its own.
    expect([...map.affected([{ source: 'en/support.md', frontMatter: false }])].sort()).toEqual(['/en/support', '/nl/support']);
  });

  it('a front matter edit also reaches the documents that name the page (prev/next, translations)', () => {
    const map = siteMap();
    expect([...map.affected([{ source: 'developers/b.md', frontMatter: true }])].sort()).toEqual(['/developers/a', '/developers/b', '/developers/c']);
    expect([...map.affected([{ source: 'developers/a.md', frontMatter: true }])].sort()).toEqual(['/developers/a', '/developers/b']);
  });

  it('a source nobody reads reaches nothing; a document set again forgets its old edges', () => {
    const map = siteMap();
    expect(map.affected([{ source: 'developers/zzz.md', frontMatter: true }]).size).toBe(0);
    map.set(page('/developers/b', 'developers/b.md'), sourceOf);
    expect([...map.sourcesOf('/developers/b')]).toEqual([['developers/b.md', 'renders']]);
    expect([...map.affected([{ source: 'developers/c.md', frontMatter: true }])]).toEqual(['/developers/c']);
    map.delete('/1/api/curl');
    expect(map.affected([{ source: 'api/01-intro.md', frontMatter: false }]).size).toBe(0);
  });

  it('an edge that renders is not weakened by a later mention of the same source', () => {
    const map = new DependencyMap();
    map.set(page('/en/support', 'en/support.md', { alternates: [{ locale: 'en', url: '/en/support' }] }), sourceOf);
    expect(map.sourcesOf('/en/support').get('en/support.md')).toBe('renders');
  });
});
