// Text from the content reaches the page as written, whatever characters it holds (#20).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, readHtml, removeSite, runCli, select, toString } from '../helpers/site.js';

let site: string;
beforeAll(() => {
  site = copySite('basic-site');
  const file = join(site, 'content', 'developers', 'getting-started.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, () => 'title: "Save $& and $1 with $$ <b>now</b>"'));
  expect(runCli(['build', '--quiet'], site).status).toBe(0);
});
afterAll(() => removeSite(site));

describe('a title with replacement patterns and markup', () => {
  it('is the page title and heading as written', () => {
    const page = readHtml(join(site, 'dist'), 'developers/getting-started/index.html');
    expect(toString(select('title', page)!)).toBe('Save $& and $1 with $$ <b>now</b> | Fixturebank Docs');
    expect(toString(select('h1', page)!)).toBe('Save $& and $1 with $$ <b>now</b>');
    expect(select('h1 b', page)).toBeUndefined();
  });
});
