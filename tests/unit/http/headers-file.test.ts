import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../../src/http/headers-file.js';

describe('_headers', () => {
  const rules = parseHeadersFile('# comment\n/*\n  X-Frame-Options: SAMEORIGIN\n  Content-Security-Policy: default-src \'self\'\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/blog/:slug/feed\n  X-Test: one\n/*\n  X-Test: all\n');

  it('applies every matching rule, in file order, joining repeated names', () => {
    expect([...headersFor(rules, '/en')]).toEqual([
      ['x-frame-options', 'SAMEORIGIN'],
      ['content-security-policy', "default-src 'self'"],
      ['x-test', 'all'],
    ]);
    expect(headersFor(rules, '/assets/main-X.js').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/blog/hello/feed').get('x-test')).toBe('one, all');
    expect(headersFor(rules, '/blog/a/b/feed').get('x-test')).toBe('all');
  });

  it('reads an empty or absent file as no rules', () => {
    expect(parseHeadersFile('')).toEqual([]);
    expect(headersFor([], '/').size).toBe(0);
  });
});
