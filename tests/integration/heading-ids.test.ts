// A heading's own id ({#id}) that the document holds already, in the API reference, whose
// sections share one set of ids: `check` names what holds it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, removeSite, replaceIn, runCli } from '../helpers/site.js';

let site: string;
beforeAll(() => {
  site = copySite(null);
});
afterAll(() => removeSite(site));

describe('a written heading id in the API reference', () => {
  it('is heading-id-taken when another section, an operation or a section title holds it', () => {
    const errors = join(site, 'content', 'api', '04-errors.md');
    replaceIn(errors, '### Not found\n', '### Not found {#base-url}\n');
    replaceIn(errors, '### Invalid requests\n', '### Invalid requests {#create-access-token}\n');
    replaceIn(errors, '### Synchronization errors\n', '### Synchronization errors {#introduction}\n');
    const result = runCli(['check', '--format', 'json'], site);
    const found = (JSON.parse(result.stdout) as { diagnostics: { ruleId: string; file: string; line: number; column: number; message: string }[] }).diagnostics;
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([
      'content/api/04-errors.md:14:1 heading-id-taken the id "base-url" is taken already, by the heading on line 17 of api/01-introduction.md: this heading gets "base-url-1", so links to "#base-url" do not reach it',
      'content/api/04-errors.md:48:1 heading-id-taken the id "create-access-token" is taken already, by the heading of an operation of the API reference: this heading gets "create-access-token-1", so links to "#create-access-token" do not reach it',
      'content/api/04-errors.md:54:1 heading-id-taken the id "introduction" is taken already, by the title of a section of the API reference (api/01-introduction.md): this heading gets "introduction-1", so links to "#introduction" do not reach it',
    ]);
    expect(result.status).toBe(1);
  });

  it('is heading-id-taken when a field of an operation holds it, and a heading of the same words leaves the field its id', () => {
    const own = copySite(null);
    try {
      const introduction = join(own, 'content', 'api', '01-introduction.md');
      replaceIn(introduction, '### Scopes\n', '### Scopes {#create-payment-creditorname}\n');
      replaceIn(introduction, '### Versioning\n', '### Create payment creditorName\n');
      const result = runCli(['check', '--format', 'json'], own);
      const found = (JSON.parse(result.stdout) as { diagnostics: { ruleId: string; file: string; line: number; column: number; message: string }[] }).diagnostics;
      expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([
        'content/api/01-introduction.md:75:1 heading-id-taken the id "create-payment-creditorname" is taken already, by a field of the API reference: this heading gets "create-payment-creditorname-1", so links to "#create-payment-creditorname" do not reach it',
      ]);
      replaceIn(introduction, '### Scopes {#create-payment-creditorname}\n', '### Scopes\n');
      const build = runCli(['build'], own);
      expect(build.status, build.stderr).toBe(0);
      const page = readFileSync(join(own, 'dist', '1', 'api', 'curl', 'index.html'), 'utf8');
      const holders = [...page.matchAll(/<(\w+)[^>]* id="(create-payment-creditorname(?:-\d+)?)"/g)].map((m) => [m[1], m[2]]);
      expect(holders).toEqual([
        ['h3', 'create-payment-creditorname-1'],
        ['li', 'create-payment-creditorname'],
      ]);
    } finally {
      removeSite(own);
    }
  });
});
