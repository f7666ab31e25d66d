// `bankdocs init [dir]` (issue #16): a new site that builds and checks clean at once, and
// a refusal, with a clear message, to write into a folder that is not empty.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, removeSite, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-init-'));
afterAll(() => removeSite(root));

describe('bankdocs init', () => {
  it('creates a site that builds and checks with 0 errors and 0 warnings', () => {
    const init = runCli(['init', 'docs'], root);
    expect(init.status, init.stderr).toBe(0);
    const site = join(root, 'docs');
    for (const file of ['docs.config.yaml', 'content/en/index.md', 'content/guides/getting-started.md', 'content/api/openapi.yaml', 'content/api/02-status.md']) {
      expect(existsSync(join(site, file)), file).toBe(true);
    }
    // The schema comment points at this bankdocs' JSON Schema, relative to the site.
    const schema = /^# yaml-language-server: \$schema=(.+)$/m.exec(readFileSync(join(site, 'docs.config.yaml'), 'utf8'))?.[1];
    expect(schema && existsSync(join(site, schema))).toBe(true);
    expect(readFileSync(join(site, schema!), 'utf8')).toBe(readFileSync(join(REPO, 'docs.config.schema.json'), 'utf8'));

    const build = runCli(['build'], site);
    expect(build.status, build.stderr).toBe(0);
    expect(build.stderr).toBe('');
    expect(readFileSync(join(site, 'dist', 'guides', 'getting-started', 'index.html'), 'utf8')).toContain('Check the service');
    expect(readFileSync(join(site, 'dist', '1', 'api', 'curl', 'index.html'), 'utf8')).toContain('id="get-status"');

    const check = runCli(['check'], site);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout + check.stderr).toMatch(/0 errors, 0 warnings/);
  });

  it('writes beside an npm project\'s files, as README\'s "npm init -y && npm install … && npx bankdocs init" does', () => {
    const project = join(root, 'project');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{ "name": "docs" }\n');
    writeFileSync(join(project, 'package-lock.json'), '{}\n');
    const result = runCli(['init'], project);
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(project, 'docs.config.yaml'))).toBe(true);
    expect(readFileSync(join(project, 'package.json'), 'utf8')).toBe('{ "name": "docs" }\n');
  });

  it('refuses to replace a site\'s config or content, unless --force', () => {
    const busy = join(root, 'busy');
    mkdirSync(join(busy, 'content'), { recursive: true });
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    writeFileSync(join(busy, 'docs.config.yaml'), '# mine\n');
    const refused = runCli(['init', 'busy'], root);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/busy already has content and docs\.config\.yaml/);
    expect(refused.stderr).toMatch(/--force/);
    expect(readFileSync(join(busy, 'docs.config.yaml'), 'utf8')).toBe('# mine\n');

    const forced = runCli(['init', 'busy', '--force'], root);
    expect(forced.status, forced.stderr).toBe(0);
    expect(readFileSync(join(busy, 'notes.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(busy, 'docs.config.yaml'), 'utf8')).not.toBe('# mine\n');
  });

  it('refuses a folder inside another site (init content in a site made its pages part of it), unless --force', () => {
    const outer = join(root, 'outer');
    expect(runCli(['init', 'outer'], root).status).toBe(0);
    const refused = runCli(['init', 'content'], outer);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/content is inside the site of .*outer\/docs\.config\.yaml/);
    expect(existsSync(join(outer, 'content', 'docs.config.yaml'))).toBe(false);
    expect(runCli(['check'], outer).status).toBe(0);
    expect(runCli(['init', 'content/nested', '--force'], outer).status).toBe(0);
  });

  it('refuses a path that is a file', () => {
    writeFileSync(join(root, 'a-file'), '');
    const result = runCli(['init', 'a-file'], root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/is a file, not a folder/);
  });

  it('says so when the folder cannot be made or written, never an internal error', () => {
    writeFileSync(join(root, 'plain'), '');
    const result = runCli(['init', 'plain/docs'], root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^bankdocs init: cannot write the site into .*plain\/docs \(ENOTDIR\)\n {2}hint: /);
  });

  it('says so, and stops, where mkdir answers ENOENT under a folder that exists (/proc: Node\'s recursive mkdir spun there)', () => {
    const result = runCli(['init', '/proc/bankdocs-site'], root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^bankdocs init: cannot write the site into \/proc\/bankdocs-site \(ENOENT\)/);
  });
});
