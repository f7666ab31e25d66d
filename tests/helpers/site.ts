// Helpers for integration tests: copy a fixture site into a temp dir, build it, parse HTML.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root } from 'hast';
import { selectAll, select } from 'hast-util-select';
import { toString } from 'hast-util-to-string';

export const REPO = join(import.meta.dirname, '..', '..');
export const FIXTURES = join(REPO, 'tests', 'fixtures');
export const CLI = join(REPO, 'bin', 'bankdocs.js');

/** A private copy of a fixture (or the repository's own site) in a temp dir. */
export function copySite(name: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'bankdocs-test-'));
  if (name === null) {
    cpSync(join(REPO, 'content'), join(dir, 'content'), { recursive: true });
    cpSync(join(REPO, 'docs.config.yaml'), join(dir, 'docs.config.yaml'));
  } else {
    cpSync(join(FIXTURES, name), dir, { recursive: true });
  }
  return dir;
}

/** Replaces `from` (which must be there) with `to` in a file; returns what puts the file back. */
export function replaceIn(file: string, from: string, to: string): () => void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
  return () => writeFileSync(file, text);
}

export function removeSite(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], cwd: string): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What `check` prints for the site at `site` with `from` replaced by `to` in `file` (put back after). */
export function checkWith(site: string, file: string, from: string, to: string): string {
  const restore = replaceIn(file, from, to);
  try {
    const { stdout, stderr } = runCli(['check'], site);
    return stdout + stderr;
  } finally {
    restore();
  }
}

export function readHtml(dist: string, path: string): Root {
  return fromHtml(readFileSync(join(dist, path), 'utf8'));
}

export { select, selectAll, toString };
export type { Element, Root };

export function attr(node: Element | undefined, name: string): string | undefined {
  const value = node?.properties[name];
  return value === undefined || value === null ? undefined : Array.isArray(value) ? value.join(' ') : String(value);
}
