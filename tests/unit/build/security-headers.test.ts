import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load-config.js';
import { contentSecurityPolicy, formatHeadersFile, formatPolicy, scriptHash } from '../../../src/build/security-headers.js';

const config = (extra = '') => {
  const parsed = parseConfig(
    `product: { name: P, tag: T, provider: C }\nsite: { url: "https://p.example", titleTemplate: "%s", logo: l.svg${extra ? `, ${extra}` : ''} }\nlocales: { available: [en], default: en }\nmenu: [{ label: H, to: / }]\nfooter: { links: [], copyright: c }\nmonitoring: { serverUrl: "https://apm.p.example/x" }\nservices: [{ name: chat, category: functional, script: "https://widget.chat.example/loader/{id}.js", ids: { other: a } }]\n`,
    '/s/docs.config.yaml',
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.value.config;
};

describe('contentSecurityPolicy', () => {
  it('allows this site, the inline scripts by hash, the monitoring server and the services', () => {
    const policy = contentSecurityPolicy({ config: config(), inlineScripts: ['a()', 'b()', 'a()'] });
    expect(scriptHash('a()')).toBe("'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='");
    expect(policy['script-src']).toEqual(["'self'", ...[scriptHash('a()'), scriptHash('b()')].sort(), 'https://widget.chat.example']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://apm.p.example', 'https://widget.chat.example']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(formatPolicy(policy)).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    expect(formatPolicy(policy)).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('adds the sources the config names', () => {
    const policy = contentSecurityPolicy({ config: config('contentSecurityPolicy: { img-src: ["https://cdn.p.example"], worker-src: ["blob:"] }'), inlineScripts: [] });
    expect(policy['img-src']).toContain('https://cdn.p.example');
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('is written as a _headers file', () => {
    const text = formatHeadersFile(contentSecurityPolicy({ config: config(), inlineScripts: [] }), ['assets/site.0123456789.css', 'assets/chunks/search-ABCDEFGH.js']);
    expect(text).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self';.*\n {2}X-Content-Type-Options: nosniff\n/m);
    // Only the files named by their content's hash are cached for ever: not a content file in /assets/ (a new logo.svg).
    expect(text).toContain('/assets/chunks/search-ABCDEFGH.js\n  Cache-Control: public, max-age=31536000, immutable\n/assets/site.0123456789.css\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(text).not.toContain('/assets/*');
  });
});
