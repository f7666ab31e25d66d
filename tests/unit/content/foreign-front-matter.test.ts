// Front matter written for Docusaurus or Starlight: each key bankdocs does not read is an
// unknown key at its line that names the tool and what bankdocs does instead (the hint
// said "correct its spelling" of sidebar_position), and a title missing from it is named
// from the # heading the page opens with, where Docusaurus keeps it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../src/config/collections-schema.js';
import { compileCollections, declaredCollections } from '../../../src/content/collections.js';
import { loadPage } from '../../../src/content/load-content.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-foreign-front-matter-'));
mkdirSync(join(dir, 'developers'));
mkdirSync(join(dir, 'notes'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const configFile = join(dir, 'docs.config.yaml');

async function load(rel: string, yaml: string | null, declared?: Parameters<typeof declaredCollections>[0], body = 'Text.\n') {
  const { compiled } = compileCollections({ collections: declaredCollections(declared), locales: ['en'], parsed: null, configFile });
  writeFileSync(join(dir, rel), yaml === null ? body : `---\n${yaml}---\n\n${body}`);
  return (await loadPage(dir, rel, compiled, configFile)).diagnostics.map((d) => [d.line, d.column, d.ruleId, d.message, d.hint]);
}

const HEAD = 'title: "Payments"\ndescription: "How payments work."\n';
const unknown = (key: string, tool: string) => `unknown key "${key}" in the front matter of this guide page: ${tool}, which bankdocs does not read`;

describe('front matter of another tool', () => {
  it('names Docusaurus\' keys and what bankdocs does instead', async () => {
    const yaml = `id: payments\n${HEAD}sidebar_position: 2\nsidebar_label: Pay\nslug: /pay\nhide_table_of_contents: true\ndraft: true\nkeywords: [pay]\n`;
    expect(await load('developers/payments.md', yaml)).toEqual([
      [2, 1, 'front-matter-unknown-key', unknown('id', "Docusaurus' key"), 'remove it: a page is named by its file; link to it by its path (../guide.md) or its URL'],
      [5, 1, 'front-matter-unknown-key', unknown('sidebar_position', "Docusaurus' key"), 'rename it to order (pages are ordered by it, then by title)'],
      [6, 1, 'front-matter-unknown-key', unknown('sidebar_label', "Docusaurus' key"), "remove it: the sidebar shows the page's title"],
      [7, 1, 'front-matter-unknown-key', unknown('slug', 'a key of Docusaurus and Starlight'), "remove it: a page's URL comes from its file's path and its collection's url pattern; rename the file to change it, and list the old path under the collection's aliases in docs.config.yaml ({ /old-path: /new/url }) to keep old links working"],
      [8, 1, 'front-matter-unknown-key', unknown('hide_table_of_contents', "Docusaurus' key"), 'remove it: a guide with two or more ## headings lists them under "On this page", one with fewer has no list'],
      [9, 1, 'front-matter-unknown-key', unknown('draft', 'a key of Docusaurus and Starlight'), 'remove it: every page under content/ is published; keep a draft elsewhere (or start its file name with a dot) until it is ready'],
      // A key of no tool bankdocs knows stays a plain unknown key.
      [10, 1, 'front-matter-unknown-key', 'unknown key "keywords" in the front matter of this guide page', 'remove it or correct its spelling; see the JSON Schema or README for the allowed keys'],
    ]);
  });

  it('names Starlight\'s sidebar, and tells a collection without order to declare it', async () => {
    expect(await load('developers/asides.md', `${HEAD}sidebar:\n  order: 3\n  label: Asides\n`)).toEqual([
      [4, 1, 'front-matter-unknown-key', unknown('sidebar', "Starlight's key"), "write its order as order: and remove sidebar (pages are ordered by it, then by title); the sidebar shows the page's title"],
    ]);
    const notes = [collectionSchema.parse({ name: 'note', files: 'notes/{slug}.md', url: '/notes/{slug}', order: 'prev-next' })];
    expect((await load('notes/first.md', `${HEAD}sidebar_position: 1\n`, notes)).map((row) => row.slice(4))).toEqual([
      ["declare order: { type: integer } under this collection's frontMatter in docs.config.yaml, then rename it to order (pages are ordered by it, then by title)"],
    ]);
  });

  it('names the # heading a page opens with as its title, where the front matter has none', async () => {
    expect(await load('developers/no-title.md', 'description: "How payments work."\nsidebar_position: 2\n', undefined, '# Payments in 5 minutes\n\nText.\n')).toEqual([
      [2, 1, 'front-matter-missing-key', 'missing required key "title" in the front matter of this guide page', 'add title: "Payments in 5 minutes", the # heading the page opens with (Docusaurus takes it as the title; bankdocs shows the title above the text), and remove that heading'],
      [3, 1, 'front-matter-unknown-key', unknown('sidebar_position', "Docusaurus' key"), 'rename it to order (pages are ordered by it, then by title)'],
    ]);
    expect((await load('developers/no-front-matter.md', null, undefined, '\n# Payments #\n\nText.\n')).map((row) => row.slice(2))).toEqual([
      ['front-matter-missing', 'the page has no front matter', 'start the file with a "---" line, then "title: \"Payments\"" and "description: …", then "---", and remove the # heading (Docusaurus takes it as the title; bankdocs shows the title above the text)'],
    ]);
    // Without such a heading, the hints are as they were.
    expect((await load('developers/plain.md', null)).map((row) => row[4])).toEqual(['start the file with a "---" line, then "title: …" and "description: …", then "---"']);
    expect((await load('developers/untitled.md', 'description: "How payments work."\n')).map((row) => row[4])).toEqual(['add "title: …" (expected string)']);
  });

  it('leaves a site the key its collection declares', async () => {
    const notes = [collectionSchema.parse({ name: 'note', files: 'notes/{slug}.md', url: '/notes/{slug}', frontMatter: { slug: { type: 'string' } } })];
    expect(await load('notes/second.md', `${HEAD}slug: kept\n`, notes)).toEqual([]);
  });
});
