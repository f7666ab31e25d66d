// A site large enough for the threaded paths: pages are written (build) and scanned
// (check) on the page thread, or rendered by a pool (--workers 2). Same output as the
// small-site path, and a failure late in the build still leaves nothing behind.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PAGES_FOR_SINK_THREAD } from '../../src/build/render-all.js';
import { copySite, removeSite, runCli } from '../helpers/site.js';

const GUIDES = MIN_PAGES_FOR_SINK_THREAD + 10;
let site: string;

function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    try {
      files.set(file, createHash('sha256').update(readFileSync(join(dir, file))).digest('hex'));
    } catch {
      // a folder
    }
  }
  return files;
}

beforeAll(() => {
  site = copySite('basic-site');
  for (let i = 0; i < GUIDES; i++) {
    const folder = join(site, 'content', 'developers', `area-${i % 7}`);
    mkdirSync(folder, { recursive: true });
    const next = `../area-${(i + 1) % 7}/guide-${i + 1}.md`;
    const link = i + 1 < GUIDES ? `See [the next guide](${next}#setup).` : 'This is the last guide.';
    writeFileSync(
      join(folder, `guide-${i}.md`),
      `---\ntitle: "Guide ${i}"\ndescription: "Guide number ${i}."\n---\n\n## Setup\n\nStep ${i} of the tour. ${link}\n\n\`\`\`ruby\nclient.payments.list(page: ${i})\n\`\`\`\n`,
    );
  }
});
afterAll(() => removeSite(site));

describe(`a site of more than ${MIN_PAGES_FOR_SINK_THREAD} pages`, () => {
  it('builds the same files on the page thread as with a render pool', () => {
    const a = runCli(['build', '--out', 'dist-a'], site);
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toMatch(new RegExp(`Built \\d+ pages \\(\\d+ files\\)`));
    const b = runCli(['build', '--out', 'dist-b', '--workers', '2', '--quiet'], site);
    expect(b.status, b.stderr).toBe(0);
    const filesA = tree(join(site, 'dist-a'));
    const filesB = tree(join(site, 'dist-b'));
    expect(filesA.size).toBeGreaterThan(GUIDES);
    expect([...filesA.keys()]).toEqual([...filesB.keys()]);
    expect(filesA).toEqual(filesB);
    const page = readFileSync(join(site, 'dist-a', 'developers', 'area-3', 'guide-10', 'index.html'), 'utf8');
    expect(page).toContain('<h1');
    expect(page).toContain('Guide 10');
    expect(page).toContain('href="/developers/area-4/guide-11#setup"');
    const count = Number(/Built \d+ pages \((\d+) files\)/.exec(a.stdout)![1]);
    expect(count).toBe(filesA.size);
    // More render threads than batches to go round: a thread that runs out of work stops
    // while the others still render (it once failed the build as "stopped before its last page").
    const c = runCli(['build', '--out', 'dist-c', '--workers', '4', '--quiet'], site);
    expect(c.status, c.stderr).toBe(0);
    expect(tree(join(site, 'dist-c'))).toEqual(filesA);
  });

  it('reports a missing anchor and a link to a missing page, each once, found on the page thread', () => {
    const places = () => {
      const result = runCli(['check', '--format', 'json'], site);
      const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: { ruleId: string; file: string; line: number; column: number }[] };
      return diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`);
    };
    const baseline = new Set(places()); // the basic-site fixture's own findings
    const anchor = join(site, 'content', 'developers', 'area-5', 'guide-40.md');
    const page = join(site, 'content', 'developers', 'area-1', 'guide-99.md');
    const texts = [readFileSync(anchor, 'utf8'), readFileSync(page, 'utf8')] as const;
    writeFileSync(anchor, texts[0].replace('#setup', '#set-up'));
    writeFileSync(page, texts[1].replace('guide-100.md', 'guide-1000.md'));
    const found = places().filter((p) => !baseline.has(p));
    writeFileSync(anchor, texts[0]);
    writeFileSync(page, texts[1]);
    expect(found).toEqual(['content/developers/area-1/guide-99.md:8:26 broken-link', 'content/developers/area-5/guide-40.md:8:26 missing-anchor']);
  });

  it('keeps the previous dist/ and leaves no staging folder when a rendered page has an error', () => {
    expect(runCli(['build', '--quiet'], site).status).toBe(0);
    const before = tree(join(site, 'dist'));
    const file = join(site, 'content', 'developers', 'area-1', 'guide-99.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('../area-2/guide-100.md', '../area-2/guide-1000.md'));
    const result = runCli(['build'], site);
    writeFileSync(file, text);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('content/developers/area-1/guide-99.md:8:');
    expect(tree(join(site, 'dist'))).toEqual(before);
    expect(readdirSync(site).filter((f) => f.startsWith('.dist'))).toEqual([]);
  });
});
