// Footnotes' words (the list's heading, the back links' labels) are the page's locale's:
// mdast-util-to-hast writes English ones for every page.
import { describe, expect, it } from 'vitest';
import { builtinStrings } from '../../../theme/components/strings.js';
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
});
