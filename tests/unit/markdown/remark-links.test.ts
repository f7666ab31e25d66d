import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../../src/markdown/context.js';
import { renderBody } from '../../helpers/markdown.js';

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

describe('heading ids', () => {
  it('take the id a writer wrote ({#id}) in both engines, without the braces, and keep others unique', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { html, headings } = renderBody('## Install the client {#install}\n\n### `code` {#with-code}\n\n## Install\n\n## Braces {in the text}\n', { engine });
      expect(headings.map((h) => [h.id, h.text]), engine).toEqual([['install', 'Install the client'], ['with-code', 'code'], ['install-1', 'Install'], ['braces-in-the-text', 'Braces {in the text}']]);
      expect(html, engine).toContain('<h2 id="install"><a href="#install" class="heading-link">Install the client</a></h2>');
    }
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
