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

  it('is openapi-invalid at its line when an example uses it too, and not reported again at the example', () => {
    const page = join(site, 'content', 'api', '02-status.md');
    const before = readFileSync(page);
    writeFileSync(page, replaced('https://api.example.com/status \\', 'https://api.example.com/status?q=x \\')(before));
    try {
      const { check } = withFile(OPENAPI, broken);
      expect(check).toMatch(/content\/api\/openapi\.yaml:\d+:66 +error +the pattern "\(\[" is not a regular expression/);
      // Once, at the document: not again at the example (it was, as "cannot be compiled").
      expect(check).not.toContain('cannot be compiled');
    } finally {
      writeFileSync(page, before);
    }
  });
});

describe("what the YAML package says in its own words, said in bankdocs' words", () => {
  const GUIDE = join('content', 'guides', 'getting-started.md');
  const appended = (text: string) => (bytes: Buffer) => Buffer.concat([bytes, Buffer.from(text)]);
  const frontMatter = (yaml: string) => () => Buffer.from(`---\n${yaml}title: X\ndescription: D\n---\n\nText.\n`);
  const deep = `x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;

  it('a second YAML document in the OpenAPI document or docs.config.yaml is told at its line, not as "please use YAML.parseAllDocuments()"', () => {
    for (const rel of [OPENAPI, CONFIG]) {
      const lines = readFileSync(join(site, rel), 'utf8').split('\n').length;
      const result = withFile(rel, appended('---\nx-extra: 1\n'));
      for (const out of [result.build, result.check]) {
        expect(out).toContain(`${rel}:${lines}:1  error  invalid YAML in the `);
        expect(out).toContain('the file holds more than one YAML document; the second starts here');
        expect(out).not.toContain('parseAllDocuments');
      }
      expect(result.status).toEqual([1, 1]);
    }
  });

  it('a key that is a list in front matter is front-matter-yaml-syntax at the key, with no warning of the process', () => {
    const result = withFile(GUIDE, frontMatter('? [a, b]\n: c\n'));
    for (const out of [result.build, result.check]) {
      expect(out).toMatch(/content\/guides\/getting-started\.md:2:3 +error +invalid YAML in the front matter of this guide page: a key is a list or a mapping; keys are text +\[front-matter-yaml-syntax\]/);
      expect(out).not.toMatch(/Warning|mapAsMap/);
    }
  });

  it('nesting ten thousand levels deep in front matter, docs.config.yaml or the OpenAPI document is "nest more than 256 levels", not a stack overflow', () => {
    const results = [withFile(GUIDE, frontMatter(deep)), withFile(CONFIG, appended(deep)), withFile(OPENAPI, appended(deep))];
    for (const result of results) {
      for (const out of [result.build, result.check]) {
        expect(out).toMatch(/:\d+:\d+ +error +invalid YAML in the .*: lists and mappings nest more than 256 levels deep here +\[(front-matter|config|openapi)-yaml-syntax\]/);
        expect(out).not.toContain('call stack');
      }
      expect(result.status).toEqual([1, 1]);
    }
  });
});
