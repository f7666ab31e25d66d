// Declared collections (issue #16): each mistake in a declaration is one diagnostic at its
// line and column in docs.config.yaml.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load-config.js';
import { classifyFiles } from '../../../src/content/classify.js';
import { shownPath } from '../../../src/diagnostics.js';
import { compilePattern, fillUrl } from '../../../src/content/collection-pattern.js';

const BASE = 'product: { name: P, tag: T, provider: C }\nsite: { url: "https://p.example", titleTemplate: "%s", logo: l.svg }\nlocales: { available: [en, nl], default: en }\nmenu: [{ label: H, to: / }]\nfooter: { links: [], copyright: c }\n';
const FILE = '/s/docs.config.yaml';
const at = (config: string) => {
  const result = parseConfig(BASE + config, FILE);
  return result.ok ? result : { ok: false as const, found: result.diagnostics.map((d) => `${d.line - 5}:${d.column} ${d.ruleId} ${d.message}`) };
};

describe('collection patterns', () => {
  it('match files and fill URLs, dropping a final /index', () => {
    const pattern = compilePattern('{locale}/blog/{...path}.md', { locales: ['en'] });
    expect(pattern.ok && pattern.value.re.exec('en/blog/2026/launch.md')?.groups).toEqual({ locale: 'en', path: '2026/launch' });
    expect(pattern.ok && pattern.value.re.test('de/blog/x.md')).toBe(false);
    expect(fillUrl('/{locale}/blog/{...path}', { locale: 'en', path: 'a/index' })).toBe('/en/blog/a');
    expect(fillUrl('/docs/{...path}', { path: '' })).toBe('/docs');
  });

  it('refuse what is no placeholder, with a hint', () => {
    expect(compilePattern('blog/*.md')).toMatchObject({ ok: false, message: '"blog/*.md" in the pattern "blog/*.md" is not a placeholder' });
    expect(compilePattern('blog/{slug:date}.md')).toMatchObject({ ok: false, message: '{slug:date} is no known type' });
    expect(compilePattern('blog/{slug}')).toMatchObject({ ok: false, message: 'the file pattern "blog/{slug}" does not end in ".md"' });
    expect(compilePattern('x/{...path}-old.md')).toMatchObject({ ok: false, message: '{...path} is not a whole segment in "x/{...path}-old.md"' });
  });
});

describe('declared collections in docs.config.yaml', () => {
  it('report an invalid pattern at its list item', () => {
    expect(at('collections:\n  - name: blog\n    files: ["blog/{slug}.md", "news/*.md"]\n    url: /blog/{slug}\n')).toEqual({
      ok: false,
      found: ['3:31 collection-pattern-invalid "news/*.md" in the pattern "news/*.md" is not a placeholder'],
    });
  });

  it('report a URL placeholder the files do not have, and a translated collection without {locale}', () => {
    const result = at('collections:\n  - name: blog\n    files: "blog/{slug}.md"\n    url: /blog/{year}/{slug}\n  - name: news\n    files: "news/{slug}.md"\n    url: /news/{slug}\n    translated: true\n');
    expect(result).toEqual({
      ok: false,
      found: [
        '4:10 collection-pattern-invalid {year} in the URL "/blog/{year}/{slug}" is in no file pattern of "blog"',
        '6:12 collection-pattern-invalid the translated collection "news" has a file pattern without {locale}: "news/{slug}.md"',
        '7:10 collection-pattern-invalid the URL of the translated collection "news" does not start with /{locale}',
      ],
    });
  });

  it('refuse title and description among a collection\'s front matter keys (every page\'s own text)', () => {
    const result = at('collections:\n  - name: blog\n    files: "blog/{slug}.md"\n    url: /blog/{slug}\n    frontMatter:\n      title: { type: integer }\n      order: { type: integer }\n');
    expect(result).toEqual({ ok: false, found: ['6:14 collection-invalid "title" is every page\'s own front matter key (text): "blog" cannot declare it'] });
  });

  it('keeps the built-in collections with "default" beside a new one', () => {
    const result = at('collections:\n  - default\n  - name: blog\n    files: "blog/{slug}.md"\n    url: /blog/{slug}\n');
    expect(result.ok && result.value.collections.map((c) => [c.model.name, c.model.at])).toEqual([
      ['home', null], ['support', null], ['general', null], ['legal', null], ['guide', null], ['api-section', null], ['blog', 1],
    ]);
  });

  it('report a mistyped value of a declaration at it, not as "expected default" (the other kind of list item)', () => {
    const found = parseConfig(BASE + 'collections:\n  - default\n  - name: blog\n    files: "blog/{slug}.md"\n    url: /blog/{slug}\n    order: prev-nxt\n', FILE);
    expect(found.ok ? [] : found.diagnostics.map((d) => [`${d.line - 5}:${d.column}`, d.message, d.hint])).toEqual([
      ['6:12', '"collections[1].order" must be one of "none", "prev-next", "versions", not the text "prev-nxt"', 'did you mean "prev-next"?'],
    ]);
    // Two letters of three are no near miss: "faq" meant help, not "api".
    const far = parseConfig(BASE + 'collections:\n  - name: faq\n    files: "faq/{slug}.md"\n    url: /faq/{slug}\n    layout: faq\n', FILE);
    expect(far.ok ? [] : far.diagnostics.map((d) => d.hint)).toEqual(['see what this key takes in the JSON Schema (an editor shows it as you type) or in README, "Configuration"']);
  });

  it('say that a name "default" brings in is taken, at the site\'s own declaration, wherever "default" stands', () => {
    // The starter config of `bankdocs init` declares home and api-section: adding "default" repeats them.
    const own = '  - name: home\n    files: "{locale}/index.md"\n    url: "/{locale}"\n    layout: home\n    translated: true\n  - name: api-section\n    files: "api/{position:number}-{slug}.md"\n    layout: api\n';
    const expected = (line: number) => [
      `${line}:11 collection-invalid "home" is also a built-in collection, which "default" in this list brings in (home, support, general, legal, guide, api-section)`,
      `${line + 5}:11 collection-invalid "api-section" is also a built-in collection, which "default" in this list brings in (home, support, general, legal, guide, api-section)`,
      `${line + 7}:13 collection-invalid "api-section" and the built-in "api-section", which "default" in this list brings in, both hold the API reference`,
    ];
    expect(at(`collections:\n  - default\n${own}`)).toEqual({ ok: false, found: expected(3) });
    expect(at(`collections:\n${own}  - default\n`)).toEqual({ ok: false, found: expected(2) });
  });

  it('report two collections that take one file, and a collection that takes none, at their declarations', () => {
    const parsed = parseConfig(BASE + 'collections:\n  - name: docs\n    files: "docs/{...path}.md"\n    url: /docs/{...path}\n  - name: api-docs\n    files: "docs/api/{slug}.md"\n    url: /api-docs/{slug}\n  - name: blog\n    files: "blog/{slug}.md"\n    url: /blog/{slug}\n', FILE);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
    const { classified, diagnostics } = classifyFiles({ files: ['docs/intro.md', 'docs/api/a.md', 'docs/api/b.md', 'notes.md'], collections: parsed.value.collections, contentDir: '/s/content', configFile: FILE, parsed: parsed.value.yaml });
    expect(classified.get('docs/api/a.md')).toEqual({ info: { collection: 'docs', layout: 'article', params: { path: 'api/a' } }, url: '/docs/api/a' });
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`)).toEqual([
      '/s/content/notes.md:1:1 error content-unknown-location no collection takes "notes.md"',
      `${FILE}:11:12 error collection-overlap the collections "docs" and "api-docs" both take docs/api/a.md and 1 more file; the page goes to "docs", the first declared`,
      `${FILE}:14:12 warning collection-empty the collection "blog" takes no file (blog/{slug}.md)`,
    ]);
    expect(diagnostics[0]!.hint).toMatch(/docs: docs\/\{\.\.\.path\}\.md; api-docs: docs\/api\/\{slug\}\.md; blog: blog\/\{slug\}\.md/);
  });

  it('say why a file whose name is no URL part is taken by none, and what to call it', () => {
    const parsed = parseConfig(BASE + 'collections:\n  - name: docs\n    files: "docs/{...path}.md"\n    url: /docs/{...path}\n', FILE);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
    const { diagnostics } = classifyFiles({ files: ['docs/Upper-Case.md', 'docs/café/über Guide.md', 'docs/fine.md'], collections: parsed.value.collections, contentDir: '/s/content', configFile: FILE, parsed: parsed.value.yaml });
    expect(diagnostics.map((d) => (d.hint ?? '').split(';')[0])).toEqual([
      '"Upper-Case" is no URL part: pages are named in lower-case letters a-z, digits and hyphens (rename it, e.g. "upper-case")',
      '"café" is no URL part: pages are named in lower-case letters a-z, digits and hyphens (rename it, e.g. "cafe")',
    ]);
  });

  it('say that a translated page in a folder that is no locale of the site is in the wrong folder', () => {
    const parsed = parseConfig(BASE + 'collections:\n  - name: home\n    files: "{locale}/index.md"\n    url: "/{locale}"\n    translated: true\n', FILE);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
    const { diagnostics } = classifyFiles({ files: ['en/index.md', 'de/index.md', 'en/other.md', 'blog/index.md'], collections: parsed.value.collections, contentDir: '/s/content', configFile: FILE, parsed: parsed.value.yaml });
    expect(diagnostics.map((d) => [d.message, d.hint])).toEqual([
      ['no collection takes "de/index.md"', `"de" is no locale of the site (locales.available: en, nl): move the file into the folder of one of them, or add "de" to locales.available in ${shownPath(FILE)}`],
      ['no collection takes "en/other.md"', `rename or move the file to match a collection (home: {locale}/index.md), or declare one for it under collections: in ${shownPath(FILE)}`],
      // A new folder, not a mistyped locale.
      ['no collection takes "blog/index.md"', `rename or move the file to match a collection (home: {locale}/index.md), or declare one for it under collections: in ${shownPath(FILE)}`],
    ]);
  });
});
