// The search section of docs.config.yaml (issue #17): on by default, exclude patterns
// that are page paths, and a wrong one reported at its line and column.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load-config.js';

const BASE = [
  'product: { name: P, tag: T, provider: Co }',
  'site: { url: "https://docs.p.example", titleTemplate: "%s | P", logo: assets/logo.svg }',
  'menu: [{ label: Home, to: / }]',
  'footer: { links: [], copyright: "© P" }',
].join('\n');

describe('search config', () => {
  it('is on with nothing excluded when left out', () => {
    const result = parseConfig(BASE, '/s/docs.config.yaml');
    expect(result.ok && result.value.config.search).toEqual({ enabled: true, exclude: [] });
  });

  it('takes enabled and page-path patterns', () => {
    const result = parseConfig(`${BASE}\nsearch:\n  enabled: false\n  exclude: [/developers/internal/**, "/*/privacy-notice/*"]\n`, '/s/docs.config.yaml');
    expect(result.ok && result.value.config.search).toEqual({ enabled: false, exclude: ['/developers/internal/**', '/*/privacy-notice/*'] });
  });

  it.each(['developers/internal', '/a b', '/x#y', '/x?y', '//evil.example', 'https://docs.p.example/x'])('refuses the pattern %j at its place', (pattern) => {
    const result = parseConfig(`${BASE}\nsearch:\n  exclude:\n    - ${JSON.stringify(pattern)}\n`, '/s/docs.config.yaml');
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['config-invalid', 7, 7]]);
    expect(result.diagnostics[0]!.message).toContain('an exclude pattern is a page path starting with "/"');
  });

  it('refuses an unknown key under search', () => {
    const result = parseConfig(`${BASE}\nsearch: { enable: true }\n`, '/s/docs.config.yaml');
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['config-unknown-key']);
  });
});
