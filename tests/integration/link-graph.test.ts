// build and check find the same link problems at the same places (issue #15): the same
// broken anchor written twice on a page is two problems, and a link in an API section,
// which every language's reference page shows, is one.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('reports each broken link of an OpenAPI description, though all stand at the operation block', () => {
    const openapi = join(site, 'content', 'api', 'openapi.yaml');
    const before = readFileSync(openapi, 'utf8');
    writeFileSync(openapi, before.replace('description: The access token (not wrapped in `data`).', 'description: The access token (not wrapped in `data`). See [one](/developers/nope), [two](/developers/gone) and [three](/developers/guide#nowhere-else).'));
    try {
      const block = readFileSync(join(site, 'content', 'api', '02-authentication.md'), 'utf8').split('\n').findIndex((l) => l.startsWith(':::operation')) + 1;
      for (const command of ['build', 'check']) {
        const result = runCli(command === 'build' ? ['build', '--out', 'out'] : ['check'], site);
        const found = `${result.stdout}${result.stderr}`.split('\n').filter((l) => l.startsWith(`content/api/02-authentication.md:${block}:1 `));
        expect(found.map((l) => /"([^"]+)"/.exec(l)?.[1]).sort(), command).toEqual(['/developers/gone', '/developers/guide#nowhere-else', '/developers/nope']);
      }
    } finally {
      writeFileSync(openapi, before);
    }
  });

  it('reads an anchor on the same page whether it is written plainly or percent-encoded, and places each problem at its link', () => {
    const page = join(site, 'content', 'developers', 'anchors.md');
    const line = '[plain](#café-au-lait), [encoded](#caf%C3%A9-au-lait), [case](#Café-au-lait), [spaced](<#café au lait>), [gone](#nowhere%20at-all), [slashed](#a/b?c).';
    writeFileSync(page, `---\ntitle: "Anchors"\ndescription: "Links to headings of this page."\n---\n\n## Café au lait\n\n${line}\n`);
    try {
      const check = runCli(['check'], site);
      const found = `${check.stdout}${check.stderr}`.split('\n').filter((l) => l.includes('anchors.md') && l.includes('[missing-anchor]'));
      const at = (text: string) => `8:${line.indexOf(text) + 1}`;
      expect(found.map((l) => `${/anchors\.md:(\d+:\d+)/.exec(l)?.[1]} ${/no heading or element with id "([^"]*)"/.exec(l)?.[1]}`)).toEqual([
        `${at('[case]')} Café-au-lait`,
        `${at('[spaced]')} café au lait`,
        `${at('[gone]')} nowhere at-all`,
        `${at('[slashed]')} a/b?c`,
      ]);
    } finally {
      rmSync(page);
    }
  });
});
