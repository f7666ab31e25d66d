// A build stopped by Ctrl+C or by a CI job's cancellation (SIGINT, SIGTERM) leaves the
// previous output as it was and no staging folder beside it; one killed outright leaves
// its folder, which the next build sweeps away.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, copySite, removeSite, REPO, runCli } from '../helpers/site.js';

let site: string;
const siblings = () => readdirSync(site).filter((name) => name.startsWith('.dist.'));

beforeAll(() => {
  site = copySite(null);
  // Enough pages for the page thread, and for a build to last a moment.
  const gen = spawnSync(process.execPath, [join(REPO, 'bench', 'gen-corpus.mjs'), '--pages', '600', '--out', join(site, 'content', 'developers', 'bulk')], { encoding: 'utf8' });
  expect(gen.status, gen.stderr).toBe(0);
  const first = runCli(['build', '--quiet'], site);
  expect(first.status, first.stdout + first.stderr).toBe(0);
});
afterAll(() => removeSite(site));

/** Starts a cold build, and stops it with `signal` once its staging folder is there. */
async function interrupted(signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'build', '--no-cache', '--quiet'], { cwd: site, env: { ...process.env, BANKDOCS_CACHE: 'off' } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 400 && !siblings().some((n) => n.startsWith('.dist.tmp-')); i++) await new Promise((r) => setTimeout(r, 10));
  expect(siblings().some((n) => n.startsWith('.dist.tmp-')), 'the build staged its output').toBe(true);
  await new Promise((r) => setTimeout(r, 150));
  child.kill(signal);
  return { code: await exited, stderr };
}

describe('a build stopped midway', () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`by ${signal} exits ${code}, keeps the previous output and removes its staging folder`, async () => {
      const before = readFileSync(join(site, 'dist', 'developers', 'index.html'), 'utf8');
      const { code: exit, stderr } = await interrupted(signal);
      expect(exit).toBe(code);
      expect(stderr).toContain(`bankdocs: stopped (${signal}); the previous output is unchanged`);
      expect(stderr).not.toMatch(/internal error/);
      // The write the stop cut short is no failure to report ("cannot write the output folder … ENOENT").
      expect(stderr).not.toMatch(/cannot write/);
      expect(siblings()).toEqual([]);
      expect(readFileSync(join(site, 'dist', 'developers', 'index.html'), 'utf8')).toBe(before);
    });
  }

  it('killed outright leaves its staging folder, which the next build that writes removes', () => {
    // A folder named as a build of a process that no longer runs names it.
    mkdirSync(join(site, '.dist.tmp-4194303-zzzz', 'en'), { recursive: true });
    mkdirSync(join(site, '.dist.old-4194303-zzzz'));
    const next = runCli(['build', '--quiet', '--no-cache'], site);
    expect(next.status, next.stdout + next.stderr).toBe(0);
    expect(siblings()).toEqual([]);
  });
});
