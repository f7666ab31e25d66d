import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { simpleFrontMatter, splitFrontMatter } from '../../../src/content/front-matter.js';
import { createRenderer } from '../../../src/render/render-documents.js';
import type { Site } from '../../../src/content/site.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { planRoutes } from '../../../src/routes/plan.js';

describe('splitFrontMatter', () => {
  it('keeps the body on its file lines', () => {
    const text = '---\ntitle: "A"\ndescription: "B"\n---\n\nHello\n';
    const split = splitFrontMatter(text);
    expect(split.yaml).toBe('title: "A"\ndescription: "B"');
    expect(split.yamlLineOffset).toBe(1);
    expect(split.body.split('\n')[5]).toBe('Hello');
    expect(split.body.split('\n').length).toBe(text.split('\n').length);
  });

  it('treats a file without an opening fence or a closing fence as having none', () => {
    expect(splitFrontMatter('Hello\n---\n').yaml).toBeNull();
    expect(splitFrontMatter('---\ntitle: x\n').yaml).toBeNull();
  });

  it('strips a byte order mark and accepts CRLF', () => {
    expect(splitFrontMatter('\ufeff---\r\ntitle: x\r\norder: 1\r\n---\r\nbody').yaml).toBe('title: x\norder: 1');
  });

  it('reads a CR-only (classic Mac) file\'s front matter, and gives its body with LF line ends, line for line', () => {
    expect(splitFrontMatter('---\rtitle: x\rorder: 1\r---\r# A\r\rText.\r')).toEqual({ yaml: 'title: x\norder: 1', yamlLineOffset: 1, body: '\n\n\n\n# A\n\nText.\n' });
    expect(splitFrontMatter('# No front matter\rText.\r\nMore.').body).toBe('# No front matter\nText.\nMore.');
  });

  it('gives a CRLF file\'s body with LF line ends, line for line', () => {
    expect(splitFrontMatter('---\r\ntitle: x\r\n---\r\n# A\r\n\r\nText.\r\n').body).toBe('\n\n\n# A\n\nText.\n');
    expect(splitFrontMatter('# No front matter\r\nText.').body).toBe('# No front matter\nText.');
  });
});

describe('simpleFrontMatter', () => {
  it('reads quoted one-line strings exactly as YAML does', () => {
    for (const yaml of ['title: "A: b # c"\ndescription: \'It is "x"\'', 'title:\t"Tab"\r\n\ndescription: "" ']) {
      expect(simpleFrontMatter(yaml)).toEqual(parse(yaml.replace(/\r/g, '')));
    }
  });

  it('reads whole numbers exactly as YAML does', () => {
    for (const yaml of ['order: 1', 'order: 0', 'order: -12\ntitle: "T"', 'order: 123456789012345']) {
      expect(simpleFrontMatter(yaml), yaml).toEqual(parse(yaml));
    }
  });

  it('leaves everything else to the YAML parser', () => {
    for (const yaml of ['title: plain', 'title: "a\\"b"', "title: 'it''s'", 'title: "A"\ntitle: "B"', 'order: 012', 'order: +1', 'order: 1.5', 'order: 1e3', 'order: 0x1', 'order: 1 # c', 'tags:\n  - "a"', '# comment', 'title: "A" # note']) {
      expect(simpleFrontMatter(yaml), yaml).toBeNull();
    }
  });
});

describe('positions survive front matter', () => {
  it('reports line 8 for a broken link on line 8 of a file with 5 lines of front matter', () => {
    const text = ['---', 'title: "Guide"', 'description: "D"', 'order: 1', '---', '', 'Intro.', 'See [x](missing.md).', ''].join('\n');
    const config = parseConfig(
      'product: { name: P, tag: T, provider: C }\nsite: { url: "https://p.example", titleTemplate: "%s", logo: l.svg }\nlocales: { available: [en], default: en }\nmenu: [{ label: H, to: / }]\nfooter: { links: [], copyright: c }\n',
      '/s/docs.config.yaml',
    );
    if (!config.ok) throw new Error('fixture config invalid');
    const site: Site = {
      config: config.value.config,
      configFile: '/s/docs.config.yaml',
      contentDir: '/s/content',
      api: null,
      assets: [{ rel: 'l.svg', file: '/s/content/l.svg' }],
      hostFiles: [],
      collections: config.value.collections.map((c) => c.model),
      pages: [{ source: 'developers/guide.md', file: '/s/content/developers/guide.md', info: { collection: 'guide', layout: 'article', params: { path: 'guide' } }, data: { title: 'Guide', description: 'D', order: 1 }, body: splitFrontMatter(text).body, url: '/developers/guide' }],
    };
    const plan = planRoutes(site);
    const doc = plan.documents.find((d) => d.url === '/developers/guide')!;
    const rendered = createRenderer({ site, plan, factsJson: '{}', assets: { css: '/a.css', script: null, redirectScript: '' }, buildYear: 2026 }).render(doc);
    expect(rendered.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['broken-link', 8, 5]]);
  });
});
