import { describe, expect, it } from 'vitest';
import { allowedBySources } from '../../../src/check/csp-source.js';

const SELF = 'https://docs.example.com';
const allowed = (url: string, sources: string[]) => allowedBySources(new URL(url), sources, SELF);

describe('allowedBySources', () => {
  it("allows the site's own origin by 'self' only", () => {
    expect(allowed('https://docs.example.com/assets/a.png', ["'self'"])).toBe(true);
    expect(allowed('https://github.githubassets.com/images/icons/emoji/unicode/1f353.png', ["'self'", 'data:'])).toBe(false);
    expect(allowed('https://cdn.example.com/a.png', ["'none'"])).toBe(false);
  });

  it('allows a listed host, a wildcard of its subdomains, a scheme, and *', () => {
    const berry = 'https://github.githubassets.com/images/icons/emoji/unicode/1f353.png';
    expect(allowed(berry, ["'self'", 'https://github.githubassets.com'])).toBe(true);
    expect(allowed(berry, ['github.githubassets.com'])).toBe(true);
    expect(allowed(berry, ['https://*.githubassets.com'])).toBe(true);
    expect(allowed(berry, ['https://*.github.com'])).toBe(false);
    expect(allowed(berry, ['https:'])).toBe(true);
    expect(allowed(berry, ['*'])).toBe(true);
    // http: allows its secure counterpart, not the other way round.
    expect(allowed(berry, ['http://github.githubassets.com'])).toBe(true);
    expect(allowed('http://github.githubassets.com/a.png', ['https://github.githubassets.com'])).toBe(false);
  });

  it('matches ports and paths as CSP does', () => {
    expect(allowed('https://cdn.example.com:8443/a.png', ['https://cdn.example.com'])).toBe(false);
    expect(allowed('https://cdn.example.com:8443/a.png', ['https://cdn.example.com:*'])).toBe(true);
    expect(allowed('https://cdn.example.com/img/a.png', ['https://cdn.example.com/img/'])).toBe(true);
    expect(allowed('https://cdn.example.com/other/a.png', ['https://cdn.example.com/img/'])).toBe(false);
    expect(allowed('https://cdn.example.com/img/a.png', ['https://cdn.example.com/img/a.png'])).toBe(true);
  });
});
