// The generated Content-Security-Policy allows every inline script the build emits, and
// nothing inline besides (issue #20).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '../../src/build/security-headers.js';
import { copySite, readHtml, removeSite, runCli, selectAll, toString } from '../helpers/site.js';

let site: string;
beforeAll(() => {
  site = copySite('basic-site');
  expect(runCli(['build', '--quiet'], site).status).toBe(0);
});
afterAll(() => removeSite(site));

describe('_headers', () => {
  it('allows by hash every inline script of every page, stub and 404.html', () => {
    const headers = readFileSync(join(site, 'dist', '_headers'), 'utf8');
    const csp = /^ {2}Content-Security-Policy: (.*)$/m.exec(headers)?.[1] ?? '';
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!.split(' ');
    const pages = readdirSync(join(site, 'dist'), { recursive: true }).map(String).filter((p) => p.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(20);
    const hashes = new Set<string>();
    for (const page of pages) {
      for (const script of selectAll('script:not([src])', readHtml(join(site, 'dist'), page))) {
        const type = script.properties.type;
        if (type === 'application/json') continue;
        hashes.add(scriptHash(toString(script)));
      }
    }
    expect(hashes.size).toBe(2); // the boot script and the route resolver
    for (const hash of hashes) expect(scriptSrc).toContain(hash);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('caches for ever the files named by their content, and no content file of /assets/', () => {
    const headers = readFileSync(join(site, 'dist', '_headers'), 'utf8');
    const forever = [...headers.matchAll(/^\/(\S+)\n {2}Cache-Control: public, max-age=31536000, immutable$/gm)].map((m) => m[1]!);
    const assets = readdirSync(join(site, 'dist', 'assets'), { recursive: true }).map((p) => `assets/${String(p)}`).filter((p) => /\.(js|css|json)$/.test(p));
    expect(forever.sort()).toEqual(assets.sort());
    expect(forever.some((p) => p.startsWith('assets/chunks/'))).toBe(true);
    // content/assets/logo.svg keeps its name when it changes.
    expect(readdirSync(join(site, 'dist', 'assets'))).toContain('logo.svg');
    expect(headers).not.toMatch(/^\/assets\/\*|logo\.svg/m);
  });

  it('has no style attributes for the policy to block', () => {
    const pages = readdirSync(join(site, 'dist'), { recursive: true }).map(String).filter((p) => p.endsWith('.html'));
    for (const page of pages) expect(selectAll('[style]', readHtml(join(site, 'dist'), page)), page).toEqual([]);
  });
});
