// Footnotes' words (the list's heading, the back links' labels) are the page's locale's:
// mdast-util-to-hast writes English ones for every page.
import { describe, expect, it } from 'vitest';
import { builtinStrings } from '../../../theme/components/strings.js';
import { DocumentSlugger } from '../../../src/markdown/context.js';
import { renderBody } from '../../helpers/markdown.js';

const BODY = 'Intro[^a], again[^a] and once more[^b].\n\n## Section\n\nText.\n\n[^a]: A note.\n[^b]: Another.\n';

describe('footnotes', () => {
  it('have their heading and back links in the page\'s locale, in both engines alike', () => {
    for (const locale of ['nl', 'de', 'en', null]) {
      const words = builtinStrings[locale ?? 'en']!;
      const [fast, remark] = (['fast', 'remark'] as const).map((engine) => renderBody(BODY, { engine, locale }));
      expect(remark!.html, String(locale)).toBe(fast!.html);
      const { html, headings, diagnostics } = fast!;
      expect(diagnostics).toEqual([]);
      expect(html).toContain(`id="footnote-label">`);
      expect(html).toMatch(new RegExp(`<h2 class="sr-only" id="footnote-label"><a href="#footnote-label" class="heading-link">${words.footnotes}</a></h2>`));
      expect([...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1])).toEqual(['1', '1-2', '2'].map((n) => words.footnoteBack.replace('{n}', n)));
      expect(headings.at(-1)).toEqual({ depth: 2, id: 'footnote-label', text: words.footnotes });
    }
    expect(builtinStrings.nl!.footnotes).toBe('Voetnoten');
  });

  it('leave a page without them alone', () => {
    const { html } = renderBody('No notes here.\n\n<section data-footnotes="x"></section>\n', { locale: 'nl' });
    expect(html).not.toContain('Voetnoten');
  });

  it('have ids of their own in each section of a document (an API reference page), and lead to their own notes', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const slugger = new DocumentSlugger();
      const [first, second] = ['One[^1].\n\n[^1]: First note.\n', 'Two[^1] and again[^1].\n\n[^1]: Second note.\n'].map((body) => renderBody(body, { engine, slugger }).html);
      const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids(first!), engine).toEqual(['user-content-fnref-1', 'footnote-label', 'user-content-fn-1']);
      expect(ids(second!), engine).toEqual(['user-content-fnref-1-1', 'user-content-fnref-1-2', 'footnote-label-1', 'user-content-fn-1-1']);
      // The second section's references lead to its note, and its note back to them; both name its list's heading.
      expect([...second!.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])).toEqual(['user-content-fn-1-1', 'user-content-fn-1-1', 'footnote-label-1', 'user-content-fnref-1-1', 'user-content-fnref-1-2']);
      expect([...second!.matchAll(/aria-describedby="([^"]+)"/g)].map((m) => m[1])).toEqual(['footnote-label-1', 'footnote-label-1']);
      expect(second).toContain('Second note.');
    }
  });
});
