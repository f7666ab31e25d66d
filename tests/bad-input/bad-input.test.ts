// Runs the bad-input corpus (cases.ts): each case on a fresh copy of the check fixture
// site that already has a built dist/, through the real CLI with a bounded heap and a
// time-out, so a hang or a blow-up fails the test instead of stalling it.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, FIXTURES } from '../helpers/site.js';
import { CASES, type BadInputCase } from './cases.js';

/** Heap limit of each run (MiB): a case that needs more dies, and fails. */
const HEAP_MB = 400;
/** A case that runs longer is killed, and fails: none may come near it. */
const TIME_LIMIT_MS = 30_000;
const STACK_TRACE_RE = /^\s+at .+(:\d+:\d+\)?|\(native\))$/m;

let template: string;
beforeAll(() => {
  template = mkdtempSync(join(tmpdir(), 'bankdocs-bad-input-'));
  cpSync(join(FIXTURES, 'check', 'base'), template, { recursive: true });
  const built = run(['build', '--quiet'], template);
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
});
afterAll(() => rmSync(template, { recursive: true, force: true }));

function run(args: string[], cwd: string) {
  return spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: TIME_LIMIT_MS,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', BANKDOCS_DEBUG: '' },
  });
}

function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    const path = join(entry.parentPath, entry.name);
    hash.update(path.slice(dir.length));
    if (entry.isFile()) hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

function applyOverlay(site: string, files: NonNullable<BadInputCase['files']>): void {
  for (const [rel, change] of Object.entries(files)) {
    const path = join(site, rel);
    if (change === null) {
      rmSync(path, { force: true });
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    if (typeof change === 'string' || change instanceof Uint8Array) writeFileSync(path, change);
    else if ('symlink' in change) symlinkSync(change.symlink.replace('{site}', site), path);
    else writeFileSync(path, change.patch(readFileSync(path, 'utf8')));
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the bad-input corpus', () => {
  it('has at least 40 cases, each named once', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    const site = mkdtempSync(join(tmpdir(), 'bankdocs-case-'));
    try {
      cpSync(template, site, { recursive: true });
      const before = fingerprint(join(site, 'dist'));
      applyOverlay(site, testCase.files ?? {});
      const result = run(testCase.args ?? ['build'], site);
      const output = `${result.stdout}${result.stderr}`;
      expect(result.error, 'the run was killed (time-out)').toBeUndefined();
      expect(output, 'no stack trace').not.toMatch(STACK_TRACE_RE);
      expect(output).not.toMatch(/internal error|FATAL ERROR|heap out of memory/i);
      for (const d of testCase.diagnostics ?? []) {
        const place = `${escapeRe(d.file)}:${d.line ?? '\\d+'}:${d.column ?? '\\d+'}`;
        expect(output, `${d.rule} at ${d.file}:${d.line ?? '?'}:${d.column ?? '?'}`).toMatch(new RegExp(`^${place}  ${d.severity ?? 'error'}  .*  \\[${escapeRe(d.rule)}\\]$`, 'm'));
      }
      if (testCase.output) expect(output).toMatch(testCase.output);
      expect(result.status, output.slice(0, 2000)).toBe(testCase.exit);
      if (testCase.exit !== 0) expect(fingerprint(join(site, 'dist')), 'the previous dist/ is unchanged').toBe(before);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
