// A site whose collections are not named as the built-in ones: the API reference is found
// by its layout (layout: api), guides by being pages of no locale, whatever the names.
// Before, `check` looked for collections called "api-section" and "guide", llms.txt for
// URLs under /developers, and search grouped results by the built-in names.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-names-'));
const site = join(root, 'docs');
const config = join(site, 'docs.config.yaml');
const guide = join(site, 'content', 'guides', 'getting-started.md');
const section = join(site, 'content', 'api', '02-status.md');

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
  replaceIn(config, 'name: home\n', 'name: start\n');
  replaceIn(config, 'name: guide\n', 'name: tutorials\n');
  replaceIn(config, 'name: api-section\n', 'name: reference\n');
  // A second collection of untranslated pages, which no menu item leads to, and a
  // translated one, which the menu links without a locale.
  replaceIn(config, '\nmenu:\n', '\n  - name: recipes\n    files: "recipes/{slug}.md"\n    url: "/recipes/{slug}"\n  - name: blog\n    files: "{locale}/blog/{slug}.md"\n    url: "/{locale}/blog/{slug}"\n    translated: true\n\nmenu:\n  - label: Blog\n    to: /blog/hello\n');
  mkdirSync(join(site, 'content', 'en', 'blog'));
  writeFileSync(join(site, 'content', 'en', 'blog', 'hello.md'), '---\ntitle: "Hello"\ndescription: "The first post."\n---\n\nHello.\n');
  mkdirSync(join(site, 'content', 'recipes'));
  writeFileSync(join(site, 'content', 'recipes', 'paging.md'), '---\ntitle: "Paging"\ndescription: "Read a long list a page at a time."\n---\n\nAsk for the status again:\n\n```bash\ncurl https://api.example.com/status -H "Accept: application/json"\n```\n');
});
afterAll(() => removeSite(root));

describe('collections with names of their own', () => {
  it('are checked as the built-in ones: the reference by its layout, every other page\'s curl calls', () => {
    const clean = runCli(['check'], site);
    expect(clean.stdout + clean.stderr).toMatch(/0 errors, 0 warnings/);
    expect(clean.status).toBe(0);

    // A wrong call in a guide and in a recipe is found, at its line.
    const restoreGuide = replaceIn(guide, 'curl https://api.example.com/status', 'curl https://api.example.com/statuses');
    const restoreRecipe = replaceIn(join(site, 'content', 'recipes', 'paging.md'), 'curl https://api.example.com/status', 'curl -X DELETE https://api.example.com/status');
    try {
      const broken = runCli(['check'], site);
      expect(broken.status).toBe(1);
      expect(broken.stdout + broken.stderr).toMatch(/content\/guides\/getting-started\.md:12:\d+ +error +GET \/statuses is no endpoint of the API/);
      expect(broken.stdout + broken.stderr).toMatch(/content\/recipes\/paging\.md:9:\d+ +error +DELETE \/status is not documented/);
    } finally {
      restoreGuide();
      restoreRecipe();
    }

    // An operation no section documents is reported with where the sections are.
    const text = readFileSync(section, 'utf8');
    writeFileSync(section, text.replace(/:::operation\{id="getStatus"\}[\s\S]*?\n:::\n/, 'No operation here.\n'));
    try {
      const missing = runCli(['check'], site);
      expect(missing.status).toBe(1);
      expect(missing.stdout + missing.stderr).toContain('getStatus (GET /status) is documented in no API section');
      expect(missing.stdout + missing.stderr).toContain('add :::operation{id="getStatus"} with a curl and a response example to an API reference section (content/api/{position:number}-{slug}.md)');
    } finally {
      writeFileSync(section, text);
    }
  });

  it('give llms.txt and llms-full.txt every guide, under the menu\'s label or the collection\'s name', () => {
    const build = runCli(['build'], site);
    expect(build.status, build.stderr).toBe(0);
    const llms = readFileSync(join(site, 'dist', 'llms.txt'), 'utf8');
    expect(llms).toContain('## Guides\n- [Getting started](https://docs.example.com/guides/getting-started.md): Make your first call to the Example API.');
    expect(llms).toContain('## Recipes\n- [Paging](https://docs.example.com/recipes/paging.md): Read a long list a page at a time.');
    expect(llms.indexOf('## Guides')).toBeLessThan(llms.indexOf('## Recipes'));
    expect(llms).toContain('## English (en)\n- [Meet Example](https://docs.example.com/en.md)');
    expect(llms).toContain('- [Hello](https://docs.example.com/en/blog/hello.md): The first post.');
    const full = readFileSync(join(site, 'dist', 'llms-full.txt'), 'utf8');
    for (const url of ['/en', '/guides/getting-started', '/recipes/paging', '/1/api/curl']) expect(full).toContain(`Source: https://docs.example.com${url}\n`);
  });

  it('group search results by layout', () => {
    const dir = join(site, 'dist', 'search', 'en');
    const pages = readdirSync(dir)
      .filter((f) => f.startsWith('r-'))
      .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { pages: [string, string, string][] }).pages);
    const groupOf = Object.fromEntries(pages.map(([url, , group]) => [url, group]));
    expect(groupOf).toMatchObject({ '/en': 'home', '/guides/getting-started': 'guide', '/recipes/paging': 'guide' });
    expect(Object.entries(groupOf).find(([url]) => url.includes('/api/'))?.[1]).toBe('api');
  });

  it('check that a translation keeps the values of the keys its collection declares as no words', () => {
    const before = readFileSync(config, 'utf8');
    replaceIn(config, '    translated: true\n\nmenu:', '    translated: true\n    frontMatter: { date: { type: date }, pinned: { type: boolean }, tags: { type: strings } }\n\nmenu:');
    replaceIn(config, 'available: [en]', 'available: [en, nl]');
    const post = (date: string, pinned: boolean, tags: string) => `---\ntitle: "Hello"\ndescription: "The first post."\ndate: "${date}"\npinned: ${pinned}\ntags: [${tags}]\n---\n\nHello.\n`;
    const english = join(site, 'content', 'en', 'blog', 'hello.md');
    const original = readFileSync(english, 'utf8');
    writeFileSync(english, post('2026-01-05', true, 'news'));
    mkdirSync(join(site, 'content', 'nl', 'blog'), { recursive: true });
    writeFileSync(join(site, 'content', 'nl', 'blog', 'hello.md'), post('2026-01-06', false, 'nieuws'));
    try {
      const result = runCli(['check'], site);
      const out = result.stdout + result.stderr;
      expect(out).toMatch(/content\/nl\/blog\/hello\.md:4:1 +warning +date is "2026-01-06" here but "2026-01-05" in en\/blog\/hello\.md +\[translation-structure\]/);
      expect(out).toMatch(/content\/nl\/blog\/hello\.md:5:1 +warning +pinned is false here but true in en\/blog\/hello\.md/);
      // Words are translated: tags may differ.
      expect(out).not.toMatch(/tags is/);
    } finally {
      rmSync(join(site, 'content', 'nl'), { recursive: true });
      writeFileSync(english, original);
      writeFileSync(config, before);
    }
  });

  it('give a menu link into a translated collection the page\'s locale, as the built-in ones', () => {
    const home = readFileSync(join(site, 'dist', 'en', 'index.html'), 'utf8');
    expect(home).toContain('<a href="/en/blog/hello"');
    expect(home).not.toContain('href="/blog/hello"');
    // /blog would redirect to /en/blog, which is no page: no stub or rule for it (404.html answers).
    expect(readFileSync(join(site, 'dist', '_redirects'), 'utf8')).not.toMatch(/^\/blog /m);
    expect(existsSync(join(site, 'dist', 'blog', 'index.html'))).toBe(false);
    // Each post without its locale redirects to it: a stub, and a rule (one locale: the same for every reader).
    expect(readFileSync(join(site, 'dist', 'blog', 'hello', 'index.html'), 'utf8')).toContain('Redirecting to /en/blog/hello');
    expect(readFileSync(join(site, 'dist', '_redirects'), 'utf8')).toMatch(/^\/blog\/hello +\/en\/blog\/hello +302$/m);
  });
});
