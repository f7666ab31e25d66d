// build and check find the same link problems at the same places (issue #15): the same
// broken anchor written twice on a page is two problems, and a link in an API section,
// which every language's reference page shows, is one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, FIXTURES, removeSite, runCli } from '../helpers/site.js';

let site: string;
beforeAll(() => {
  site = copySite(join('check', 'base'));
  const guide = join(site, 'content', 'developers', 'guide.md');
  writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nSee [one](#nowhere).\n\nAnd again [two](#nowhere).\n`);
  const intro = join(site, 'content', 'api', '01-introduction.md');
  writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nRead [the rules](#no-such-rules).\n`);
});
afterAll(() => removeSite(site));

const places = (lines: string[]) => lines.map((l) => /^(\S+:\d+:\d+)  (?:error|warning)  .*\[(missing-anchor)\]$/.exec(l)).filter(Boolean).map((m) => `${m![1]} ${m![2]}`).sort();

describe('the link graph', () => {
  it('gives build and check the same problems at the same places', () => {
    expect(FIXTURES).toBeTruthy();
    const build = runCli(['build', '--out', 'out'], site);
    const check = runCli(['check'], site);
    const fromBuild = places(build.stderr.split('\n'));
    const fromCheck = places(`${check.stdout}${check.stderr}`.split('\n'));
    const guideLines = readFileSync(join(site, 'content', 'developers', 'guide.md'), 'utf8').split('\n');
    const introLines = readFileSync(join(site, 'content', 'api', '01-introduction.md'), 'utf8').split('\n');
    const at = (lines: string[], text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    expect(fromCheck).toEqual([
      `content/api/01-introduction.md:${at(introLines, '[the rules]')}:6 missing-anchor`,
      `content/developers/guide.md:${at(guideLines, '[one]')}:5 missing-anchor`,
      `content/developers/guide.md:${at(guideLines, '[two]')}:11 missing-anchor`,
    ]);
    expect(fromBuild).toEqual(fromCheck);
    expect(build.status).toBe(0); // a warning in the build
    expect(check.status).toBe(1); // an error in the check
  });
});
