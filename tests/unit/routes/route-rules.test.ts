import { describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../src/config/collections-schema.js';
import { declaredCollections } from '../../../src/content/collections.js';
import { localizePath, TRANSLATED_SEGMENTS } from '../../../src/routes/paths.js';
import { translatedSegments } from '../../../src/routes/route-rules.js';

describe('translatedSegments', () => {
  it('are the built-in ones for the built-in collections', () => {
    expect(translatedSegments(declaredCollections(undefined)).sort()).toEqual([...TRANSLATED_SEGMENTS].sort());
  });

  it('take in a site\'s own translated collections, and only those', () => {
    const blog = collectionSchema.parse({ name: 'blog', files: '{locale}/blog/{slug}.md', url: '/{locale}/blog/{slug}', translated: true });
    const notes = collectionSchema.parse({ name: 'notes', files: 'notes/{slug}.md', url: '/notes/{slug}' });
    const segments = translatedSegments(declaredCollections(['default', blog, notes]));
    expect(segments).toContain('blog');
    expect(segments).not.toContain('notes');
    expect(localizePath('/blog/hello#top', 'nl', segments)).toBe('/nl/blog/hello#top');
    expect(localizePath('/notes/one', 'nl', segments)).toBe('/notes/one');
    expect(localizePath('/', 'fr', segments)).toBe('/fr');
  });
});
