// Files saved with classic Mac line ends (a lone CR): CommonMark and YAML 1.2 both end a
// line there. Front matter and docs.config.yaml were read as one line ("the page has no
// front matter", four missing keys at 1:1); they are read like LF files, at the same places.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-line-ends-'));
const site = join(root, 'site');
const config = join(site, 'docs.config.yaml');
const guide = join(site, 'content', 'guides', 'getting-started.md');

beforeAll(() => {
  expect(runCli(['init', 'site'], root).status).toBe(0);
});
afterAll(() => removeSite(root));

/** Saves `file` with CR line ends, `edit` applied to its LF text first. */
function saveWithCr(file: string, edit: (text: string) => string = (text) => text): void {
  writeFileSync(file, edit(readFileSync(file, 'utf8').replace(/\r\n?/g, '\n')).replace(/\n/g, '\r'));
}

const problems = (command: string) => {
  const result = runCli([command], site);
  return { status: result.status, lines: `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('  error  ') || line.includes('  warning  ')) };
};

describe('CR line ends', () => {
  it('are line ends in docs.config.yaml and front matter: the site builds', () => {
    saveWithCr(config);
    saveWithCr(guide);
    expect(problems('build')).toEqual({ status: 0, lines: [] });
  });

  it('keep the places of problems in the body, in front matter and in docs.config.yaml', () => {
    saveWithCr(guide, (text) => text.replace('order: 1\n', 'order: 1\nsummary: "x"\n').replace('The [API reference](/api#get-status)', 'The [API reference](/nowhere)'));
    expect(problems('check')).toEqual({
      status: 1,
      lines: [
        'content/guides/getting-started.md:5:1  error  unknown key "summary" in the front matter of this guide page  [front-matter-unknown-key]',
        'content/guides/getting-started.md:16:5  error  "/nowhere" points to /nowhere, which is no page of the site  [broken-link]',
      ],
    });
    saveWithCr(config, (text) => `${text}menuu: []\n`);
    expect(problems('check').lines).toEqual([`docs.config.yaml:${readFileSync(config, 'utf8').split('\r').length - 1}:1  error  unknown key "menuu" in the config  [config-unknown-key]`]);
  });
});
