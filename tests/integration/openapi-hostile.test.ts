// The OpenAPI document as an attacker or a careless generator writes it, through the real
// CLI on a copy of the check fixture: a recursive schema (valid: it must check, not exit
// 70), YAML aliases, $refs outside the document, and the published openapi.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { copySite, removeSite, runCli } from '../helpers/site.js';

const OPENAPI = join('content', 'api', 'openapi.yaml');
const ACCOUNTS = join('content', 'api', '03-accounts.md');

let site: string | null = null;
afterEach(() => {
  if (site) removeSite(site);
  site = null;
});

function edit(rel: string, change: (text: string) => string): void {
  const file = join(site!, rel);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${rel} changed nothing`).not.toBe(before);
  writeFileSync(file, after);
}

function check() {
  const result = runCli(['check', '--format', 'json'], site!);
  const diagnostics = (JSON.parse(result.stdout || '{"diagnostics":[]}') as { diagnostics: { file: string; line: number; column: number; ruleId: string; message: string }[] }).diagnostics;
  const where = diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`);
  // Without a usable document, the reference sections report their operations as well.
  return { ...result, diagnostics, where, inOpenApi: where.filter((w) => w.startsWith(`${OPENAPI}:`)) };
}

/** A Node schema whose children are Nodes, answered by listAccounts as meta.tree. */
function addRecursiveSchema(): void {
  edit(OPENAPI, (text) =>
    text
      .replace('                  meta:\n                    $ref: "#/components/schemas/ListMeta"\n', '                  meta:\n                    $ref: "#/components/schemas/ListMeta"\n                  tree:\n                    $ref: "#/components/schemas/Node"\n')
      .replace('components:\n  schemas:\n', 'components:\n  schemas:\n    Node:\n      type: object\n      additionalProperties: false\n      required: [name]\n      properties:\n        name:\n          type: string\n        children:\n          type: array\n          items:\n            $ref: "#/components/schemas/Node"\n'),
  );
}

describe('a recursive schema', () => {
  it('checks clean (it used to overflow the stack: exit 70)', () => {
    site = copySite('check/base');
    addRecursiveSchema();
    edit(ACCOUNTS, (text) => text.replace('"meta": { "paging": { "limit": 2 } }', '"meta": { "paging": { "limit": 2 } },\n  "tree": { "name": "root", "children": [{ "name": "a", "children": [{ "name": "b" }] }] }'));
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.diagnostics).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('is validated to any depth: a mistake three levels down is found, at its place', () => {
    site = copySite('check/base');
    addRecursiveSchema();
    edit(ACCOUNTS, (text) => text.replace('"meta": { "paging": { "limit": 2 } }', '"meta": { "paging": { "limit": 2 } },\n  "tree": { "name": "root", "children": [{ "name": "a", "children": [{ "name": 7 }] }] }'));
    const result = check();
    expect(result.status).toBe(1);
    // At the property whose value is wrong, as for any response example.
    expect(result.where).toEqual([`${ACCOUNTS}:37:${'  "tree": { "name": "root", "children": [{ "name": "a", "children": [{ '.length + 1} example-response-invalid`]);
    expect(result.diagnostics[0]!.message).toBe('response 200: /tree/children/0/children/0/name must be string');
  });

  it('builds, and the attribute table names the recursion', () => {
    site = copySite('check/base');
    addRecursiveSchema();
    edit(ACCOUNTS, (text) => text.replace('::schema{name="Account"}', '::schema{name="Account"}\n\n::schema{name="Node"}'));
    const result = runCli(['build', '--quiet'], site);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(join(site, 'dist', '1', 'api', 'curl', 'index.html'), 'utf8')).toContain('array of Node');
  });
});

describe('the OpenAPI document', () => {
  it('is published as /openapi.json without a second parse: the same data, two-space JSON', () => {
    site = copySite('check/base');
    const result = runCli(['build', '--quiet'], site);
    expect(result.status).toBe(0);
    const text = readFileSync(join(site, OPENAPI), 'utf8');
    expect(readFileSync(join(site, 'dist', 'openapi.yaml'), 'utf8')).toBe(text);
    expect(readFileSync(join(site, 'dist', 'openapi.json'), 'utf8')).toBe(`${JSON.stringify(parse(text), null, 2)}\n`);
  });

  it('refuses a YAML alias at the alias (it was expanded into openapi.json)', () => {
    site = copySite('check/base');
    edit(OPENAPI, (text) => text.replace(/^ {4}Account:\n/m, '    Base: &base\n      type: object\n    Copy: *base\n    Account:\n'));
    const line = readFileSync(join(site, OPENAPI), 'utf8').split('\n').indexOf('    Copy: *base') + 1;
    const result = check();
    expect(result.status).toBe(1);
    expect(result.inOpenApi).toEqual([`${OPENAPI}:${line}:11 openapi-yaml-alias`]);
  });

  it('refuses $refs outside the document at their line, and fetches or reads nothing', () => {
    site = copySite('check/base');
    edit(OPENAPI, (text) => text.replace(/^ {4}Account:\n/m, '    Remote:\n      $ref: "https://127.0.0.1:9/schema.yaml"\n    Secret:\n      $ref: "../../../../../etc/passwd"\n    Account:\n'));
    const lines = readFileSync(join(site, OPENAPI), 'utf8').split('\n');
    const result = check();
    expect(result.status).toBe(1);
    expect(result.inOpenApi).toEqual([
      `${OPENAPI}:${lines.indexOf('    Remote:') + 2}:13 openapi-ref-external`,
      `${OPENAPI}:${lines.indexOf('    Secret:') + 2}:13 openapi-ref-external`,
    ]);
    expect(result.stdout).not.toContain('root:');
  });

  it('refuses a schema that is a $ref to itself, without hanging', () => {
    site = copySite('check/base');
    edit(OPENAPI, (text) => text.replace(/^ {4}Account:\n/m, '    Account:\n      $ref: "#/components/schemas/Account"\n    AccountUnused:\n'));
    const lines = readFileSync(join(site, OPENAPI), 'utf8').split('\n');
    const result = check();
    expect(result.status).toBe(1);
    expect(result.inOpenApi).toEqual([`${OPENAPI}:${lines.indexOf('    Account:') + 2}:13 openapi-invalid`]);
  });
});
