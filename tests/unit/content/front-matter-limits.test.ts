// Hostile front matter through the content loader: many keys, alias bombs, sheer size.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileCollections, declaredCollections } from '../../../src/content/collections.js';
import { loadPage } from '../../../src/content/load-content.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-front-matter-'));
mkdirSync(join(dir, 'developers'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { compiled: collections } = compileCollections({ collections: declaredCollections(undefined), locales: ['en'], parsed: null, configFile: join(dir, 'docs.config.yaml') });

let count = 0;
async function loadGuide(yaml: string) {
  const rel = `developers/guide-${count++}.md`;
  writeFileSync(join(dir, rel), `---\n${yaml}---\n\n## Body\n`);
  return loadPage(dir, rel, collections, join(dir, 'docs.config.yaml'));
}
const where = (loaded: Awaited<ReturnType<typeof loadGuide>>) => loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`);
const HEAD = 'title: "Guide"\ndescription: "A guide."\n';

describe('front matter', () => {
  it('reports each of 20 000 unknown keys at its line, in linear time', async () => {
    const loaded = await loadGuide(`${HEAD}${Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`).join('\n')}\n`);
    expect(loaded.diagnostics).toHaveLength(20_000);
    expect(where(loaded)[0]).toBe('4:1 front-matter-unknown-key');
    expect(where(loaded)[19_999]).toBe('20003:1 front-matter-unknown-key');
    expect(loaded.page?.data.title).toBe('Guide');
  });

  it('reports a repeated key at the second one', async () => {
    expect(where(await loadGuide(`${HEAD}title: "Again"\n`))).toEqual(['4:1 front-matter-yaml-syntax']);
  });

  it('reports an alias bomb at its first alias (it used to exit 70)', async () => {
    const bomb = ['x0: &a0 ["lol"]', ...Array.from({ length: 9 }, (_, i) => `x${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`)].join('\n');
    const loaded = await loadGuide(`${HEAD}${bomb}\n`);
    expect(where(loaded)).toEqual(['5:10 front-matter-yaml-syntax']);
    expect(loaded.page?.url).toBe('/developers/guide-2');
  });

  it('refuses front matter over 256 KiB at line 1, even one the quick reader could take', async () => {
    const loaded = await loadGuide(`title: "Guide"\ndescription: "${'x'.repeat(300_000)}"\n`);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'file-too-large', line: 1, column: 1, message: 'the front matter is 293 KiB, more than bankdocs reads (256 KiB)' }),
    ]);
    // Still a page (with a title from its name), so links to it are not broken as well.
    expect(loaded.page?.data.title).toBe('guide-3');
  });

  it('reports a mistyped required key once, at the typo, naming the key it misses (it was also "missing required key")', async () => {
    const loaded = await loadGuide('titel: "Guide"\ndescription: "A guide."\n');
    expect(loaded.diagnostics.map((d) => [d.line, d.column, d.ruleId, d.message, d.hint])).toEqual([
      [2, 1, 'front-matter-unknown-key', 'unknown key "titel" in the front matter of this guide page; did you mean "title" (which is missing)?', 'rename "titel" to "title"'],
    ]);
    // A typo of a key that is there too stays an unknown key, and a missing key with no typo near it stays missing.
    expect(where(await loadGuide(`${HEAD}titel: "Guide"\n`))).toEqual(['4:1 front-matter-unknown-key']);
    expect(where(await loadGuide('description: "A guide."\nzzzzzzzz: 1\n'))).toEqual(['2:1 front-matter-missing-key', '3:1 front-matter-unknown-key']);
  });

  it('reports __proto__, constructor and toString as unknown keys, quoted or not (a quoted __proto__ was dropped unreported)', async () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      for (const head of [HEAD, 'title: Guide\ndescription: A guide.\n']) {
        const loaded = await loadGuide(`${head}${key}: "x"\n`);
        expect(loaded.diagnostics.map((d) => [d.line, d.column, d.ruleId, d.message]), `${key} after ${head}`).toEqual([[4, 1, 'front-matter-unknown-key', `unknown key "${key}" in the front matter of this guide page`]]);
      }
    }
  });
});
