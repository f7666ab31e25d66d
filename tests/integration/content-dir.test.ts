// A site whose Markdown is not in content/ (site.contentDir): messages name its files
// where they are. Before, every hint said "content/…".
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

describe('a site with its content and its config named otherwise, checked from the folder above (-c site/bankdocs.yaml)', () => {
  const above = mkdtempSync(join(tmpdir(), 'bankdocs-content-dir-'));
  const other = join(above, 'site');
  beforeAll(() => {
    expect(runCli(['init', 'site'], above).status).toBe(0);
    renameSync(join(other, 'content'), join(other, 'docs'));
    renameSync(join(other, 'docs.config.yaml'), join(other, 'bankdocs.yaml'));
    const config = join(other, 'bankdocs.yaml');
    replaceIn(config, '  logo: assets/logo.svg\n', '  logo: assets/logo.svg\n  contentDir: ./docs/\n');
    // The document is not where the config says: the directives cannot be read.
    replaceIn(config, '  openapi: api/openapi.yaml\n', '  openapi: reference/api.yaml\n');
    appendFileSync(join(other, 'docs', 'guides', 'getting-started.md'), '\n[outside](../../../README.md) and [missing](./nope.png).\n\n::nope\n');
    writeFileSync(join(other, 'docs', 'guides', 'notes.html'), '<p>notes</p>\n');
    mkdirSync(join(other, 'docs', 'blog'));
    writeFileSync(join(other, 'docs', 'blog', 'index.md'), '---\ntitle: "Blog"\n---\n\nBlog.\n');
  });
  afterAll(() => removeSite(above));

  it('names the folder and config it has in every hint: the OpenAPI document, links, files, directives, collections (they said "under content/", "docs.config.yaml")', () => {
    const { stdout, stderr, status } = runCli(['check', '-c', 'site/bankdocs.yaml'], above);
    const out = stdout + stderr;
    expect(status).toBe(1);
    expect(out).toContain('hint: add the OpenAPI document as site/docs/reference/api.yaml (api.openapi in site/bankdocs.yaml names it), or remove this directive');
    expect(out).toContain('"../../../README.md" points outside the content folder, site/docs/  [broken-link]');
    expect(out).toContain('"./nope.png" points to guides/nope.png, which is not a file under site/docs/  [broken-link]');
    expect(out).toContain('hint: check the spelling, add the plugin that defines it to plugins: in site/bankdocs.yaml,');
    expect(out).toContain('guides/notes.html is not published: only passive files are copied from site/docs/ (');
    expect(out).toMatch(/hint: rename or move the file to match a collection \(.*\), or declare one for it under collections: in site\/bankdocs\.yaml\n/);
    expect(out).not.toContain('content/');
    expect(out).not.toContain('docs.config.yaml');
  });

  it('names the logo the content folder lacks, and a missing content folder as the one problem it is', () => {
    rmSync(join(other, 'docs', 'assets', 'logo.svg'));
    const logo = runCli(['build', '-c', 'site/bankdocs.yaml'], above);
    expect(logo.stdout + logo.stderr).toContain('error  site.logo "assets/logo.svg" is not a file under site/docs/  [config-missing-file]');
    rmSync(join(other, 'docs'), { recursive: true, force: true });
    for (const command of ['build', 'check']) {
      const { stderr, status } = runCli([command, '-c', 'site/bankdocs.yaml'], above);
      expect(status).toBe(1);
      // Not also every collection empty, the logo missing and each menu link broken ("did you mean /404?").
      expect(stderr.split('\n').filter((line) => /\s(error|warning)\s/.test(line))).toEqual(['site/bankdocs.yaml:1:1  error  cannot read the content folder, site/docs/ (ENOENT)  [content-missing]']);
      expect(stderr).toContain('  hint: create it, or set site.contentDir in site/bankdocs.yaml');
    }
  });
});
