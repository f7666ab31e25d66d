// A site whose Markdown is not in content/ (site.contentDir): messages name its files
// where they are. Before, every hint said "content/…".
import { mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-content-dir-'));
const site = join(root, 'site');

beforeAll(() => {
  expect(runCli(['init', 'site'], root).status).toBe(0);
  renameSync(join(site, 'content'), join(site, 'docs'));
  const config = join(site, 'docs.config.yaml');
  replaceIn(config, '  logo: assets/logo.svg\n', '  logo: assets/logo.svg\n  contentDir: ./docs/\n');
  replaceIn(config, 'available: [en]', 'available: [en, nl]');
  replaceIn(join(site, 'docs', 'api', '02-status.md'), ':::operation{id="getStatus"}', ':::operation{id="getStatuses"}');
});
afterAll(() => removeSite(root));

describe('a site with its content in another folder', () => {
  it('is told about its files where they are', () => {
    const { stdout, stderr, status } = runCli(['check'], site);
    const out = stdout + stderr;
    expect(status).toBe(1);
    expect(out).toMatch(/docs\/api\/02-status\.md:\d+:\d+ +error +no operation "getStatuses" in docs\/api\/openapi\.yaml/);
    expect(out).toContain('hint: add docs/nl/index.md');
    expect(out).not.toContain('content/');
  });
});
