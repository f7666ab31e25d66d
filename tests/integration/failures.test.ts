// Broken input: one clear file:line:col error, exit 1, and the previous dist/ untouched.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, copySite, removeSite, runCli } from '../helpers/site.js';

let site: string;
beforeEach(() => {
  site = copySite('basic-site');
});
afterEach(() => removeSite(site));

function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    hash.update(file);
    try {
      hash.update(readFileSync(join(dir, file)));
    } catch {
      // a folder
    }
  }
  return hash.digest('hex');
}

function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => /\s error\s/.test(l));
}

describe('a failed build', () => {
  it('reports a wrong config value at its line and column, exits 1 and keeps dist/', () => {
    expect(runCli(['build', '--quiet'], site).status).toBe(0);
    const before = fingerprint(join(site, 'dist'));

    const config = readFileSync(join(site, 'docs.config.yaml'), 'utf8');
    writeFileSync(join(site, 'docs.config.yaml'), `${config}runtime:\n  breakpoint: wide\n`);
    const result = runCli(['build'], site);

    expect(result.status).toBe(1);
    const lineNo = config.split('\n').length + 1;
    expect(errorLines(result.stderr)).toEqual([
      `docs.config.yaml:${lineNo}:15  error  "runtime.breakpoint" must be a number, not the text "wide"  [config-invalid]`,
    ]);
    expect(result.stderr).toContain('the previous output, if any, is unchanged');
    expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
    expect(fingerprint(join(site, 'dist'))).toBe(before);
  });

  it('reports an unknown front matter key at its line and column, exits 1 and keeps dist/', () => {
    expect(runCli(['build', '--quiet'], site).status).toBe(0);
    const before = fingerprint(join(site, 'dist'));

    const file = join(site, 'content', 'en', 'support.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('description: "How to get help."', 'description: "How to get help."\nsummary: "oops"'));
    const result = runCli(['build'], site);

    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      'content/en/support.md:4:1  error  unknown key "summary" in the front matter of this support page  [front-matter-unknown-key]',
    ]);
    expect(fingerprint(join(site, 'dist'))).toBe(before);
  });

  it('reports a link to a missing page at the link', () => {
    const file = join(site, 'content', 'developers', 'getting-started.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee [the FAQ](faq.md).\n`);
    const result = runCli(['build'], site);
    expect(result.status).toBe(1);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(errorLines(result.stderr)).toEqual([
      `content/developers/getting-started.md:${lines.length - 1}:5  error  "faq.md" points to developers/faq.md, which is not a page  [broken-link]`,
    ]);
  });

  it('exits 2 on a usage error and 1 without a config file', () => {
    expect(runCli(['build', '--no-such-flag'], site).status).toBe(2);
    expect(runCli(['frobnicate'], site).status).toBe(2);
    // (mock says so in its own words: tests/integration/mock.test.ts)
    for (const command of ['dev', 'preview']) {
      const port = runCli([command, '--port', 'abc'], site);
      expect(port.status, command).toBe(2);
      expect(port.stderr, command).toContain('use a port number from 0 to 65535');
    }
    expect(runCli(['preview', '--port', '99999'], site).status).toBe(2);
    const missing = runCli(['build', '--config', 'nope.yaml'], site);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('nope.yaml:1:1  error  no config file here  [config-missing]');
    // A newcomer in an empty folder learns how to start one.
    expect(missing.stderr).toContain('to start a new site here, run bankdocs init');
  });

  it('refuses an output folder that would replace the content', () => {
    const result = runCli(['build', '--out', '.'], site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[out-dir-unsafe]');
    expect(readdirSync(join(site, 'content')).length).toBeGreaterThan(0);
  });

  it('never replaces a folder or file it did not build, and --force only where that is safe', () => {
    mkdirSync(join(site, 'src'));
    writeFileSync(join(site, 'src', 'main.ts'), 'precious');
    writeFileSync(join(site, 'README.md'), 'precious');
    for (const out of ['src', 'README.md', '.git', '..', 'content/dist']) {
      const result = runCli(['build', '--out', out, ...(out === 'src' ? [] : ['--force'])], site);
      expect(result.status, out).toBe(1);
      expect(result.stderr, out).toMatch(/error {2}refusing to replace the output folder: .*\[out-dir-unsafe\]/);
    }
    expect(readFileSync(join(site, 'src', 'main.ts'), 'utf8')).toBe('precious');
    expect(readFileSync(join(site, 'README.md'), 'utf8')).toBe('precious');

    // A folder bankdocs built carries a marker, so the next build replaces it without --force.
    expect(runCli(['build', '--out', 'src', '--force', '--quiet'], site).status).toBe(0);
    expect(readdirSync(join(site, 'src'))).toContain('.bankdocs-output');
    expect(runCli(['build', '--out', 'src', '--quiet'], site).status).toBe(0);
  });

  it('exits 74 when schema --out cannot be written', () => {
    writeFileSync(join(site, 'blocker'), 'a file where a folder must go');
    const result = runCli(['schema', '--out', 'blocker/schema.json'], site);
    expect(result.status).toBe(74);
    expect(result.stderr).toMatch(/^bankdocs: cannot write blocker\/schema.json: ENOTDIR/m);
  });

  it('says what --workers auto does', () => {
    expect(runCli(['build', '--help'], site).stdout.replace(/\s+/g, ' ')).toContain('"auto": render on this thread, with a second thread writing the pages (build) on sites of 150 pages or more');
  });

  it('reports an output folder that cannot be written with exit 74 and no stack trace', () => {
    writeFileSync(join(site, 'blocker'), 'a file where the output folder must go');
    const result = runCli(['build', '--out', 'blocker/dist'], site);
    expect(result.status).toBe(74);
    expect(result.stderr).toMatch(/^bankdocs: cannot write the output folder beside .*blocker\/dist: ENOTDIR/m);
    expect(result.stderr).toContain('The previous output, if any, is unchanged.');
    expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });

  it('exits 74 with the reason, not 1 with a stack trace, when the report cannot be written (a full disk)', () => {
    const result = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check --format json > /dev/full`], { cwd: site, encoding: 'utf8' });
    expect(result.status).toBe(74);
    expect(result.stderr).toContain('bankdocs: cannot write the standard output: ENOSPC');
    expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });

  it('ends at once after an internal error (exit 70), though a site plugin left a timer running (it printed the error and never ended)', () => {
    // Loads on this thread, where it starts a timer, and fails on the render threads: an internal error.
    writeFileSync(join(site, 'remark-timer.mjs'), "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) throw new Error('not on this thread');\nsetInterval(() => {}, 1 << 30);\nexport default () => () => {};\n");
    writeFileSync(join(site, 'docs.config.yaml'), `${readFileSync(join(site, 'docs.config.yaml'), 'utf8')}\nmarkdown:\n  remarkPlugins: [./remark-timer.mjs]\n`);
    const run = (env: Record<string, string> = {}) => spawnSync(process.execPath, [CLI, 'build', '--workers', '2'], { cwd: site, encoding: 'utf8', timeout: 15_000, env: { ...process.env, ...env } });
    const result = run();
    expect(result.signal).toBeNull();
    expect(result.status).toBe(70);
    expect(result.stderr).toMatch(/^bankdocs: internal error: .*remark-timer\.mjs/m);
    expect(result.stderr).not.toMatch(/internal error: .*internal error/i); // the thread's own words, not "… a render thread failed: Internal error: …"
    expect(result.stderr).toContain('Run again with BANKDOCS_DEBUG=1 for the stack trace');
    expect(result.stderr).not.toMatch(/\bat .*\.[jt]s:\d+/);
    // The stack trace only when asked for, and the end just as soon.
    const debug = run({ BANKDOCS_DEBUG: '1' });
    expect(debug.signal).toBeNull();
    expect(debug.status).toBe(70);
    expect(debug.stderr).toMatch(/\bat .*\.[jt]s:\d+/);
  });
});
