// The two Markdown engines give the same site (issue #14): the bundled site, built with
// markdown.engine fast and remark, is byte-identical.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, removeSite, runCli } from '../helpers/site.js';

let site: string;
beforeAll(() => {
  site = copySite(null);
  const config = readFileSync(join(site, 'docs.config.yaml'), 'utf8');
  writeFileSync(join(site, 'remark.config.yaml'), `${config}\nmarkdown:\n  engine: remark\n`);
});
afterAll(() => removeSite(site));

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();

describe('markdown.engine', () => {
  it('builds the bundled site byte for byte the same with the fast and the remark engine', () => {
    const fast = runCli(['build', '--out', 'fast', '--quiet'], site);
    expect(fast.stderr).toBe('');
    const remark = runCli(['build', '-c', 'remark.config.yaml', '--out', 'remark', '--quiet'], site);
    expect(remark.stderr).toBe('');
    const a = files(join(site, 'fast'));
    expect(a.length).toBeGreaterThan(100);
    expect(files(join(site, 'remark'))).toEqual(a);
    const differing = a.filter((f) => !readFileSync(join(site, 'fast', f)).equals(readFileSync(join(site, 'remark', f))));
    expect(differing).toEqual([]);
  });

  it('checks the bundled site clean with the remark engine too', () => {
    const result = runCli(['check', '-c', 'remark.config.yaml'], site);
    expect(result.stdout + result.stderr).toContain('0 errors, 0 warnings');
    expect(result.status).toBe(0);
  });
});
