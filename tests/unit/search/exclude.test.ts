import { describe, expect, it } from 'vitest';
import { excludeMatcher } from '../../../src/search/exclude.js';

describe('search.exclude patterns', () => {
  const matcher = excludeMatcher(['/developers/slack', '/*/privacy-notice/*', '/developers/internal/**', '/1/api/curl']);

  it('matches a path exactly, with or without a final slash', () => {
    expect(matcher.match('/developers/slack')).toBe(0);
    expect(matcher.match('/developers/slack/')).toBe(0);
    expect(matcher.match('/developers/slacker')).toBe(-1);
    expect(matcher.match('/developers')).toBe(-1);
  });

  it('reads "*" as one segment and a final "/**" as the path and everything under it', () => {
    expect(matcher.match('/nl/privacy-notice/v1.0')).toBe(1);
    expect(matcher.match('/nl/privacy-notice')).toBe(-1);
    expect(matcher.match('/nl/x/privacy-notice/v1.0')).toBe(-1);
    expect(matcher.match('/developers/internal')).toBe(2);
    expect(matcher.match('/developers/internal/a/b')).toBe(2);
    expect(matcher.match('/developers/internals')).toBe(-1);
    expect(matcher.match('/1/api/curl')).toBe(3);
  });

  it('takes regular-expression characters literally', () => {
    const literal = excludeMatcher(['/a.b/(x)+']);
    expect(literal.match('/a.b/(x)+')).toBe(0);
    expect(literal.match('/axb/xx')).toBe(-1);
  });
});
