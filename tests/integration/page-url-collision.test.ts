// A page at a URL the site's own documents or files take (the API reference, the page for
// unknown paths, robots.txt): one of the two was lost without a word, or the write failed
// (exit 74). It is page-url-collision at the page, in check and build.
import { mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-page-url-'));
const site = join(root, 'site');
const config = join(site, 'docs.config.yaml');

beforeAll(() => {
  expect(runCli(['init', 'site'], root).status).toBe(0);
});
afterAll(() => removeSite(root));

/** check and build with the guides at `url` and the guide named `name`, put back after. */
function withGuides(url: string, name: string): string[] {
  const restore = replaceIn(config, 'url: "/guides/{...path}"', `url: "${url}"`);
  const guide = join(site, 'content', 'guides', 'getting-started.md');
  const moved = join(site, 'content', 'guides', `${name}.md`);
  renameSync(guide, moved);
  try {
    return ['check', 'build'].map((command) => {
      const result = runCli([command, ...(command === 'build' ? ['--no-cache'] : [])], site);
      expect(result.status, command).toBe(1);
      return `${result.stdout}${result.stderr}`.split('\n').find((line) => line.includes('[page-url-collision]')) ?? '';
    });
  } finally {
    renameSync(moved, guide);
    restore();
  }
}

describe('a page at a URL the site takes for itself', () => {
  it('is refused at the page: the API reference, the page for unknown paths, robots.txt', () => {
    // check says every problem; build stops at the first stage with errors (here the links to the moved guide), and fails all the same.
    expect(withGuides('/1/api/{...path}', 'curl')[0]).toBe("content/guides/curl.md:1:1  error  this page is /1/api/curl, which is the site's API reference: one of the two would be lost  [page-url-collision]");
    expect(withGuides('/{...path}', '404')[0]).toContain("this page is /404, which is the site's page for unknown paths");
    expect(withGuides('/robots.txt', 'getting-started')[0]).toContain('this page is /robots.txt, where the build writes the file robots.txt');
  });
});
