// docs.config.yaml, the OpenAPI document and front matter with mistakes that used to be
// published, or told in a library's words, through the real CLI on a site made by init:
// each is a diagnostic at its line, from build and from check.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-yaml-files-'));
const site = join(root, 'docs');
const CONFIG = 'docs.config.yaml';
const OPENAPI = join('content', 'api', 'openapi.yaml');

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
});
afterAll(() => removeSite(root));

/** Runs build and check with `rel` changed by `change` (put back after); what each printed. */
function withFile(rel: string, change: (bytes: Buffer) => Buffer): { build: string; check: string; status: (number | null)[] } {
  const file = join(site, rel);
  const before = readFileSync(file);
  writeFileSync(file, change(before));
  try {
    const build = runCli(['build', '-q'], site);
    const check = runCli(['check'], site);
    return { build: build.stdout + build.stderr, check: check.stdout + check.stderr, status: [build.status, check.status] };
  } finally {
    writeFileSync(file, before);
  }
}

const replaced = (from: string, to: Buffer | string) => (bytes: Buffer): Buffer => {
  const at = bytes.indexOf(from);
  expect(at, `the file does not contain ${JSON.stringify(from)}`).toBeGreaterThanOrEqual(0);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(to), bytes.subarray(at + from.length)]);
};

describe('bytes that are not UTF-8 text', () => {
  it('in docs.config.yaml are encoding-invalid at the byte, from build and check', () => {
    const result = withFile(CONFIG, replaced('  name: Example', Buffer.from('  name: Caf\xe9', 'latin1')));
    for (const out of [result.build, result.check]) expect(out).toMatch(/docs\.config\.yaml:\d+:12 +error +byte 0xE9 is not valid UTF-8 .*\[encoding-invalid\]/);
    expect(result.status).toEqual([1, 1]);
  });

  it('in the OpenAPI document are encoding-invalid at the byte: a NUL, and a file saved as UTF-16', () => {
    const nul = withFile(OPENAPI, replaced('The Example API.', 'The Exa\0mple API.'));
    for (const out of [nul.build, nul.check]) expect(out).toMatch(/content\/api\/openapi\.yaml:\d+:\d+ +error +the file holds a NUL character +\[encoding-invalid\]/);
    expect(nul.status).toEqual([1, 1]);
    const utf16 = withFile(OPENAPI, (bytes) => Buffer.from(`\ufeff${bytes.toString('utf8')}`, 'utf16le'));
    for (const out of [utf16.build, utf16.check]) expect(out).toMatch(/content\/api\/openapi\.yaml:1:1 +error +the file is UTF-16LE text; bankdocs reads its files as UTF-8 +\[encoding-invalid\]/);
    expect(utf16.status).toEqual([1, 1]);
  });
});

describe('a schema keyword of the OpenAPI document that cannot be compiled', () => {
  const broken = replaced('      security: []\n', '      security: []\n      parameters:\n        - { name: q, in: query, schema: { type: string, pattern: "([" } }\n        - { name: kind, in: query, schema: { type: string, enum: [] } }\n');

  it('is openapi-invalid at its line, from build and check, with no example using it', () => {
    const result = withFile(OPENAPI, broken);
    for (const out of [result.build, result.check]) {
      expect(out).toMatch(/content\/api\/openapi\.yaml:\d+:66 +error +the pattern "\(\[" is not a regular expression: unterminated character class +\[openapi-invalid\]/);
      expect(out).toMatch(/content\/api\/openapi\.yaml:\d+:66 +error +the enum lists no values, so no value would be valid +\[openapi-invalid\]/);
    }
    expect(result.status).toEqual([1, 1]);
  });

  it('is openapi-invalid at its line when an example uses it too', () => {
    const page = join(site, 'content', 'api', '02-status.md');
    const before = readFileSync(page);
    writeFileSync(page, replaced('https://api.example.com/status \\', 'https://api.example.com/status?q=x \\')(before));
    try {
      expect(withFile(OPENAPI, broken).check).toMatch(/content\/api\/openapi\.yaml:\d+:66 +error +the pattern "\(\[" is not a regular expression/);
    } finally {
      writeFileSync(page, before);
    }
  });
});
