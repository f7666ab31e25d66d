import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../../src/markdown/context.js';
import { renderBody } from '../../helpers/markdown.js';
import { shownFolder } from '../../../src/diagnostics.js';

describe('unsafe links', () => {
  it('are reported at their place and never emitted', () => {
    const { html, diagnostics } = renderBody('Intro.\n\nClick [here](javascript:alert(document.cookie)) or [there](JaVaScRiPt:void(0)).\n\n![x](data:text/html;base64,PHNjcmlwdD4=)\n');
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column])).toEqual([
      ['unsafe-link', 'error', 3, 7],
      ['unsafe-link', 'error', 3, 52],
      ['unsafe-link', 'error', 5, 1],
    ]);
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain('Click here or there.');
  });

  it('let data: images and ordinary links through', () => {
    const { html, diagnostics } = renderBody('![dot](data:image/png;base64,iVBORw0KGgo=) [y](y.md) [ext](https://moorlink.example)\n');
    expect(diagnostics).toEqual([]);
    expect(html).toContain('href="/developers/y"');
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
  });
});

describe('a relative link to a page without its ".md"', () => {
  it('is broken, and the hint names the Markdown file and the URL it meant', () => {
    const { diagnostics } = renderBody('See [y](y#setup).\n');
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message, d.hint])).toEqual([
      ['broken-link', 1, 5, `"y#setup" points to developers/y, which is not a file under ${shownFolder('/s/content')}`, 'did you mean "y.md#setup"? A page is linked by its Markdown file, with ".md", or by its URL (/developers/y)'],
    ]);
  });
});

describe('a relative link to a folder, as GitHub takes it', () => {
  it('is broken, and the hint names the folder\'s index.md (it said "check the path")', () => {
    const urlBySource = new Map([['developers/payments/index.md', '/developers/payments']]);
    const { diagnostics } = renderBody('See [payments](payments/) and [again](./payments/#refunds).\n', { urlBySource });
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.column, d.hint])).toEqual([
      ['broken-link', 1, 5, 'did you mean "payments/index.md"? A page is linked by its Markdown file, with ".md", or by its URL (/developers/payments)'],
      ['broken-link', 1, 31, 'did you mean "./payments/index.md#refunds"? A page is linked by its Markdown file, with ".md", or by its URL (/developers/payments)'],
    ]);
  });
});

describe('raw HTML of GitHub\'s and Docusaurus\' pages', () => {
  it('is told with what to write in Markdown instead', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { diagnostics } = renderBody('<details>\n<summary>More</summary>\n\nHidden.\n\n</div>\n\n<div align="center">\n  <img src="x.svg" alt="x">\n</div>\n\nLine and <img src="y.svg" alt="y">.\n\n<br>\n', { engine });
      expect(diagnostics.map((d) => [d.ruleId, d.line, d.column, d.hint]), engine).toEqual([
        ['raw-html', 1, 1, 'write a folding section as <details>, then <summary>its title</summary> on the next line, a blank line, its Markdown, a blank line, and </details> on a line of its own'],
        ['raw-html', 8, 1, 'write the image in Markdown, ![what it shows](path "title"): it is centred and sized by the theme'],
        ['raw-html', 12, 10, 'write the image in Markdown, ![what it shows](path "title"): it is centred and sized by the theme'],
        ['raw-html', 14, 1, 'a <br> breaks a line inside text; alone on its line it breaks nothing: start a new paragraph with a blank line'],
      ]);
    }
  });
});

describe('a <br> in text', () => {
  it('is a line break in a paragraph, a heading and a table\'s cell, in both engines alike, with no warning', () => {
    const text = 'Intro.\n\n## Top<br/>line\n\nOne<br>two<BR />three\n\n| Field | Meaning |\n|---|---|\n| `a` | first<br>second |\n\n- item<br />next\n';
    const html = (['fast', 'remark'] as const).map((engine) => {
      const result = renderBody(text, { engine });
      expect(result.diagnostics, engine).toEqual([]);
      return result.html;
    });
    expect(html[0]).toBe(html[1]);
    expect(html[0]).toMatch(/One<br\/?>\s*two<br\/?>\s*three/);
    expect(html[0]).toMatch(/<td>first<br\/?>\s*second<\/td>/);
    expect(html[0]).toMatch(/item<br\/?>\s*next/);
    expect(html[0]).toMatch(/Top<br\/?>\s*line/);
  });

  it('keeps other tags that look like it out: <br class> and <bra> are raw HTML', () => {
    const { html, diagnostics } = renderBody('A<br class="x">b and c<bra>d.\n');
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['raw-html', 'raw-html']);
    expect(html).not.toContain('<br');
  });
});

describe('raw HTML', () => {
  it('is left out with a warning at its place; comments stay quiet', () => {
    const { html, diagnostics } = renderBody('<!-- a note for writers -->\n\n<div class="x">\n<script>alert(1)</script>\n</div>\n\nText with <b onclick="x()">bold</b>.\n');
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column])).toEqual([
      ['raw-html', 'warning', 3, 1],
      ['raw-html', 'warning', 7, 11],
    ]);
    expect(html).not.toMatch(/<script|onclick|<div/);
  });
});

describe('a # heading that opens the page', () => {
  it('is a warning in both engines: the page has its title as its h1 already (Docusaurus takes the heading as the title)', () => {
    for (const engine of ['fast', 'remark'] as const) {
      for (const body of ['# Payments\n\nText.\n', '<!-- moved from Docusaurus -->\n\nPayments\n========\n\nText.\n']) {
        const { diagnostics } = renderBody(body, { engine });
        expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.message, d.hint]), body).toEqual([
          ['heading-h1', 'warning', body.startsWith('#') ? 1 : 3, 1, "the page opens with a # heading, a second title under the page's own (its front matter's title): readers see both", 'remove it (if its words are better than the title, put them in title: in the front matter), or make it ## if it starts a section'],
        ]);
      }
      // One further down is the writer's choice.
      expect(renderBody('Intro.\n\n# Appendix\n\n## Payments\n', { engine }).diagnostics, engine).toEqual([]);
    }
  });
});

describe('heading ids', () => {
  it('take the id a writer wrote ({#id}) in both engines, without the braces, and keep others unique', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { html, headings } = renderBody('## Install the client {#install}\n\n### `code` {#with-code}\n\n## Install\n\n## Braces {in the text}\n', { engine });
      expect(headings.map((h) => [h.id, h.text]), engine).toEqual([['install', 'Install the client'], ['with-code', 'code'], ['install-1', 'Install'], ['braces-in-the-text', 'Braces {in the text}']]);
      expect(html, engine).toContain('<h2 id="install"><a href="#install" class="heading-link">Install the client</a></h2>');
    }
  });

  it('report a written id that is taken, naming what holds it, in both engines (it was renamed without a word)', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const body = '## Install\n\n## Install the client {#install}\n\n## Setup {#main}\n\n## Again {#install}\n';
      const { headings, diagnostics } = renderBody(body, { engine });
      expect(headings.map((h) => h.id), engine).toEqual(['install', 'install-1', 'main-1', 'install-2']);
      expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`), engine).toEqual([
        '3:1 error heading-id-taken the id "install" is taken already, by the heading on line 1: this heading gets "install-1", so links to "#install" do not reach it',
        '5:1 error heading-id-taken the id "main" is taken already, by the page frame (an element of the theme): this heading gets "main-1", so links to "#main" do not reach it',
        '7:1 error heading-id-taken the id "install" is taken already, by the heading on line 1: this heading gets "install-2", so links to "#install" do not reach it',
      ]);
      expect(diagnostics.map((d) => d.hint), engine).toEqual([
        'give one of the two headings another id ({#…} at the end of the heading)',
        `give this heading another id ({#…} at the end of the heading); the theme's own ids are ${THEME_IDS.join(', ')}`,
        'give one of the two headings another id ({#…} at the end of the heading)',
      ]);
    }
  });

  it('report a written id taken by a written id or a tab view before it, but not by a heading after it', () => {
    const body = '::::tabs\n:::tab{title="a"}\nA.\n:::\n::::\n\n## Views {#tabs}\n\n### Setup {#setup}\n\n## Setup\n\n## Set up again {#setup}\n';
    const { headings, diagnostics } = renderBody(body);
    expect(headings.map((h) => h.id)).toEqual(['tabs-1', 'setup', 'setup-1', 'setup-2']);
    expect(diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
      '7 the id "tabs" is taken already, by the tab view on line 1: this heading gets "tabs-1", so links to "#tabs" do not reach it',
      '13 the id "setup" is taken already, by the heading on line 9: this heading gets "setup-2", so links to "#setup" do not reach it',
    ]);
  });

  it('keep a written id\'s capitals, which links match case by case (it was lowercased without a word)', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { html, headings, diagnostics } = renderBody('## Setup {#MyId}\n\n## Myid\n\n## Again {#MyId}\n\n[to it](#MyId)\n', { engine });
      expect(headings.map((h) => h.id), engine).toEqual(['MyId', 'myid', 'myid-1']);
      expect(html, engine).toContain('<h2 id="MyId">');
      expect(diagnostics.map((d) => `${d.line} ${d.message}`), engine).toEqual(['5 the id "MyId" is taken already, by the heading on line 1: this heading gets "myid-1", so links to "#MyId" do not reach it']);
    }
  });

  it('keep a tab view\'s button and pane ids from headings', () => {
    const body = '::::tabs\n:::tab{title="a"}\nA.\n:::\n::::\n\n## Tabs tab 0\n\n## Pane {#tabs-panel-0}\n';
    const { html, headings, diagnostics } = renderBody(body);
    expect(headings.map((h) => h.id)).toEqual(['tabs-tab-0-1', 'tabs-panel-0-1']);
    expect(html.match(/id="tabs-tab-0"/g)).toHaveLength(1);
    expect(diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual(['9 the id "tabs-panel-0" is taken already, by the tab view on line 1: this heading gets "tabs-panel-0-1", so links to "#tabs-panel-0" do not reach it']);
  });

  it('take the last brace group only, with the spaces around it', () => {
    const { headings } = renderBody(`## Spaced ${' '.repeat(5000)} {#spaced}   \n\n## Two {#one} {#two}\n\n## Not at the end {#early} text\n\n## Bad {#9lives}\n`);
    expect(headings.map((h) => [h.id, h.text])).toEqual([['spaced', 'Spaced'], ['two', 'Two {#one}'], ['not-at-the-end-early-text', 'Not at the end {#early} text'], ['bad-9lives', 'Bad {#9lives}']]);
  });

  it('give a heading of punctuation an id of its own (it had id="" and a link to "#")', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { headings } = renderBody('## !!!\n\n## ???\n\n## Section\n', { engine });
      expect(headings.map((h) => h.id), engine).toEqual(['section', 'section-1', 'section-2']);
    }
  });

  it('never take an id the theme uses', () => {
    const { headings } = renderBody('## bankdocs consent\n\n## Main\n\n## Site menu\n');
    expect(headings.map((h) => h.id)).toEqual(['bankdocs-consent-1', 'main-1', 'site-menu-1']);
  });

  it('THEME_IDS lists every fixed id of the theme', () => {
    const dir = join(import.meta.dirname, '..', '..', '..', 'theme', 'components');
    const ids = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.tsx'))) for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/\bid="([^"]+)"/g)) ids.add(m[1]!);
    expect(ids.size).toBeGreaterThan(3);
    for (const id of ids) expect(THEME_IDS, id).toContain(id);
  });
});

describe('an image without alternative text', () => {
  it('is a warning at the image, inline, linked or by reference; one with text, or only spaces, is told apart', () => {
    const { diagnostics } = renderBody('![](a.png) and ![Flow](b.png)\n\n[![ ](c.png)](y.md)\n\n![][d]\n\n[d]: d.png\n', { assets: ['developers/a.png', 'developers/b.png', 'developers/c.png', 'developers/d.png'] });
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column])).toEqual([
      ['image-alt-missing', 'warning', 1, 1],
      ['image-alt-missing', 'warning', 3, 2],
      ['image-alt-missing', 'warning', 5, 1],
    ]);
    expect(diagnostics[0]!.hint).toContain('![Payment flow from your application to the bank](…)');
  });
});
