// bankdocs check --execute: every curl (and, with ruby, Ruby) example runs against the mock
// API. The bundled site runs clean; each broken fixture (one mistake each) is reported as
// example-execution-failed at the example, with the mock's status and error. Without curl
// or ruby the examples are skipped with a notice.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, FIXTURES, removeSite, runCli } from '../helpers/site.js';

const BASE = join(FIXTURES, 'check', 'base');
const EXECUTE = join(FIXTURES, 'execute');

interface Found {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  severity: string;
  message: string;
  hint?: string;
}

const which = (program: string) => {
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};
const CURL = which('curl');
const RUBY = which('ruby');

function siteWith(files: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'bankdocs-execute-'));
  cpSync(BASE, dir, { recursive: true });
  if (files) cpSync(files, dir, { recursive: true });
  return dir;
}

function checkExecute(dir: string, env: Record<string, string> = {}) {
  const result = env.PATH === undefined ? runCli(['check', '--execute', '--format', 'json'], dir) : runWithPath(dir, env.PATH);
  return { ...result, diagnostics: (JSON.parse(result.stdout) as { diagnostics: Found[] }).diagnostics };
}

function runWithPath(dir: string, path: string, format = 'json') {
  const result = spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', 'bin', 'bankdocs.js'), 'check', '--execute', '--format', format], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: path } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A PATH with only the given programs on it. */
function pathWith(programs: (string | null)[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bankdocs-path-'));
  for (const program of programs) if (program) symlinkSync(program, join(dir, program.split('/').pop()!));
  return dir;
}

describe.skipIf(!CURL)('bankdocs check --execute', () => {
  it('runs every example of the bundled site against the mock, clean', () => {
    const dir = copySite(null);
    const result = checkExecute(dir);
    expect(result.diagnostics).toEqual([]);
    expect(result.status).toBe(0);
    if (RUBY) expect(result.stderr).toContain('Ran 70 curl and 58 Ruby examples against the mock API.');
    else expect(result.stderr).toContain('notice: ruby is not installed: 58 Ruby examples were not run (install ruby to run them).');
    removeSite(dir);
  });

  const cases = readdirSync(join(EXECUTE, 'cases')).sort();
  it('has the four broken fixtures', () => expect(cases).toEqual(['invalid-body', 'missing-header', 'wrong-method', 'wrong-path']));

  const statusOf: Record<string, string> = { 'invalid-body': '422', 'missing-header': '406', 'wrong-method': '405', 'wrong-path': '404' };
  for (const name of cases) {
    it(`reports the broken example of "${name}" at its place, with the mock's answer`, () => {
      const dir = siteWith(join(EXECUTE, 'cases', name, 'files'));
      const expected = JSON.parse(readFileSync(join(EXECUTE, 'cases', name, 'expected.json'), 'utf8')) as Found[];
      const result = checkExecute(dir);
      expect(result.diagnostics.map(({ file, line, column, ruleId, severity }) => ({ file, line, column, ruleId, severity }))).toEqual(expected);
      const executed = result.diagnostics.find((d) => d.ruleId === 'example-execution-failed')!;
      expect(executed.message).toMatch(new RegExp(`^the mock API answered ${statusOf[name]} to (GET|POST|PUT) /`));
      expect(executed.hint).toContain('bankdocs mock');
      expect(result.status).toBe(1);
      rmSync(dir, { recursive: true, force: true });
    });
  }

  it('without --execute, reports only what the static check finds', () => {
    const dir = siteWith(join(EXECUTE, 'cases', 'wrong-method', 'files'));
    const result = runCli(['check', '--format', 'json'], dir);
    expect((JSON.parse(result.stdout) as { diagnostics: Found[] }).diagnostics.map((d) => d.ruleId)).toEqual(['example-unknown-endpoint']);
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!RUBY)('reports a Ruby example that raises at the line it raised', () => {
    const dir = siteWith(join(EXECUTE, 'ruby-cases', 'ruby-unknown-attribute', 'files'));
    const expected = JSON.parse(readFileSync(join(EXECUTE, 'ruby-cases', 'ruby-unknown-attribute', 'expected.json'), 'utf8')) as Found[];
    const result = checkExecute(dir);
    expect(result.diagnostics.map(({ file, line, column, ruleId, severity }) => ({ file, line, column, ruleId, severity }))).toEqual(expected);
    expect(result.diagnostics[0]!.message).toBe('the Ruby example failed against the mock API: undefined method `signing_link\' for #<payment 6e2f9a1b-3c4d-4e5f-a6b7-c8d9e0f1a2b3> (NoMethodError)');
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips the Ruby examples with a notice when ruby is not installed', () => {
    const dir = siteWith(join(EXECUTE, 'cases', 'wrong-method', 'files'));
    const path = pathWith([CURL]);
    const result = checkExecute(dir, { PATH: path });
    expect(result.diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(['9 example-execution-failed', '9 example-unknown-endpoint']);
    expect(result.stderr).toContain('Ran 5 curl examples against the mock API.');
    expect(result.stderr).toContain('notice: ruby is not installed: 3 Ruby examples were not run (install ruby to run them).');
    rmSync(path, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('bankdocs check --execute without a temporary folder', () => {
  it.skipIf(!CURL)('ends (exit 70, saying why) instead of keeping the mock API listening for ever', () => {
    const dir = siteWith(null);
    try {
      const result = spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', 'bin', 'bankdocs.js'), 'check', '--execute'], { cwd: dir, encoding: 'utf8', timeout: 20_000, env: { ...process.env, TMPDIR: join(dir, 'no-such-folder') } });
      expect(result.signal).toBeNull();
      expect(result.status).toBe(70);
      expect(result.stderr).toMatch(/ENOENT.*mkdtemp/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bankdocs check --execute without curl', () => {
  it('gives its notices as GitHub notice commands with --format github (they were plain text on the standard error)', () => {
    const dir = siteWith(join(EXECUTE, 'cases', 'wrong-method', 'files'));
    const path = pathWith([]);
    const result = runWithPath(dir, path, 'github');
    expect(result.stdout).toContain('::notice title=bankdocs check::curl is not installed: 5 curl examples were not run (install curl to run them).');
    expect(result.stdout).toContain('::notice title=bankdocs check::ruby is not installed: 3 Ruby examples were not run (install ruby to run them).');
    expect(result.stderr).not.toContain('notice:');
    rmSync(path, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips the curl examples with a notice, and still reports what the static check finds', () => {
    const dir = siteWith(join(EXECUTE, 'cases', 'wrong-method', 'files'));
    const path = pathWith([]);
    const result = checkExecute(dir, { PATH: path });
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['example-unknown-endpoint']);
    expect(result.stderr).toContain('notice: curl is not installed: 5 curl examples were not run (install curl to run them).');
    expect(result.stderr).toContain('notice: ruby is not installed: 3 Ruby examples were not run (install ruby to run them).');
    expect(result.status).toBe(1);
    expect(existsSync(path)).toBe(true);
    rmSync(path, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });
});
