// Files and folders the build may not read, as another user meets them (root reads
// everything, so the runs drop to "nobody"): each is a diagnostic at its file, never an
// internal error, and a cache folder it may not enter only costs time.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeSite, runCli } from '../helpers/site.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

// Root, with runuser, in a checkout "nobody" may read (a clone in a private folder is not).
const asRoot =
  process.getuid?.() === 0 &&
  spawnSync('runuser', ['--help']).status === 0 &&
  spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(CLI)}, require('fs').constants.R_OK)`]).status === 0;
let root: string;
let site: string;

/** The CLI as the user "nobody". */
function asNobody(args: string[]) {
  const result = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, CLI, ...args], { cwd: site, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', BANKDOCS_CACHE_DIR: join(site, 'cache') } });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

beforeAll(() => {
  if (!asRoot) return;
  root = mkdtempSync(join(tmpdir(), 'bankdocs-unreadable-'));
  chmodSync(root, 0o755);
  expect(runCli(['init', 'site'], root).status).toBe(0);
  site = join(root, 'site');
  spawnSync('chown', ['-R', 'nobody', site]);
});
afterAll(() => {
  if (root) removeSite(root);
});

describe.skipIf(!asRoot)('files the build may not read', () => {
  it('an unreadable page is content-unreadable at the file, in build and check', () => {
    const page = join(site, 'content', 'guides', 'getting-started.md');
    chmodSync(page, 0o000);
    try {
      for (const command of ['build', 'check']) {
        const run = asNobody([command]);
        expect(run.out, command).toMatch(/content\/guides\/getting-started\.md:1:1 +error +cannot read getting-started\.md \(EACCES\) +\[content-unreadable\]/);
        expect(run.out, command).not.toMatch(/internal error/);
        expect(run.status, command).toBe(1);
      }
    } finally {
      chmodSync(page, 0o644);
    }
  });

  it('a cache folder it may not enter only costs time', () => {
    expect(asNobody(['build', '-q']).status).toBe(0);
    const sites = join(site, 'cache', 'sites');
    for (const dir of readdirSync(sites)) chmodSync(join(sites, dir), 0o000);
    try {
      const run = asNobody(['build', '--force']);
      expect(run.out).not.toMatch(/internal error/);
      expect(run.status).toBe(0);
    } finally {
      for (const dir of readdirSync(sites)) chmodSync(join(sites, dir), 0o755);
    }
  });
});
