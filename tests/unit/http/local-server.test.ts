import { describe, expect, it } from 'vitest';
import { allowedHosts, decodePath, hasDotSegment, hostRefusal, requestHost, safePath } from '../../../src/http/local-server.js';

describe('allowedHosts', () => {
  it('is the loopback names, plus the --host name (bracketed when it is an IPv6 address)', () => {
    expect(allowedHosts()).toEqual(['localhost', '127.0.0.1', '[::1]', '::1']);
    expect(allowedHosts('127.0.0.1')).toEqual(['localhost', '127.0.0.1', '[::1]', '::1']);
    expect(allowedHosts('Docs.Local')).toEqual(['localhost', '127.0.0.1', '[::1]', '::1', 'docs.local']);
    expect(allowedHosts('fe80::1')).toEqual(['localhost', '127.0.0.1', '[::1]', '::1', '[fe80::1]']);
  });
});

describe('requestHost', () => {
  it('is the Host header without its port, in lower case', () => {
    expect(requestHost('localhost:4321')).toBe('localhost');
    expect(requestHost('LocalHost')).toBe('localhost');
    expect(requestHost('[::1]:4321')).toBe('[::1]');
    expect(requestHost('[::1]')).toBe('[::1]');
    expect(requestHost('127.0.0.1.evil.example:80')).toBe('127.0.0.1.evil.example');
    expect(requestHost('[::1]evil.example')).toBe('[::1]evil.example');
    expect(requestHost('localhost:4321:80')).toBe('localhost:4321:80');
    expect(requestHost(undefined)).toBe('');
  });
});

describe('hostRefusal', () => {
  it('names the refused host, the names answered and the way to use another one', () => {
    expect(hostRefusal('preview', 'evil.example', ['localhost', '127.0.0.1'])).toBe(
      'bankdocs preview does not answer to "evil.example": it answers only to localhost, 127.0.0.1, so that a web page cannot reach it through DNS rebinding. ' +
        'Open it through one of these names, or start it with --host <name> to serve under another one.\n',
    );
    expect(hostRefusal('dev', '', ['localhost'])).toContain('does not answer to a request without a Host header');
  });
});

describe('decodePath and safePath', () => {
  it('decode, collapse slashes, and refuse malformed paths', () => {
    expect(decodePath('/en/support?x=1#y')).toBe('/en/support');
    expect(decodePath('//assets//logo.svg')).toBe('/assets/logo.svg');
    expect(decodePath('/caf%C3%A9')).toBe('/café');
    expect(decodePath('/%2eenv')).toBe('/.env');
    expect(decodePath('/%E0%A4%A')).toBeNull();
    expect(decodePath('/%00')).toBeNull();
    expect(decodePath('en')).toBeNull();
  });

  it('safePath also refuses traversal and backslashes', () => {
    expect(safePath('/a/../b')).toBeNull();
    expect(safePath('/%2e%2e/x')).toBeNull();
    expect(safePath('/a%5cb')).toBeNull();
    expect(safePath('/.well-known/x')).toBe('/.well-known/x');
  });
});

describe('hasDotSegment', () => {
  it('finds any segment that starts with a dot', () => {
    for (const path of ['/.env', '/.git/config', '/a/./b', '/a/../b', '/a/.hidden/b', '/a\\.git\\config']) expect(hasDotSegment(path), path).toBe(true);
    for (const path of ['/', '/en/index.html', '/a.b/c', '/x/y.env']) expect(hasDotSegment(path), path).toBe(false);
  });
});
