// Classes set on the HTML tree for the stylesheet (src/markdown/rehype-classes.ts): a table
// column's alignment, and a link off the site whose text is its own address (print does not
// repeat that address after it), in both Markdown engines.
import { describe, expect, it } from 'vitest';
import { renderBody } from '../../helpers/markdown.js';

describe.each(['fast', 'remark'] as const)('classes for the stylesheet (%s engine)', (engine) => {
  const links = (body: string) => renderBody(body, { engine }).html.match(/<a [^>]*>/g);

  it('marks a link off the site whose text, or inline code, is its address', () => {
    expect(
      links(
        [
          '[example.com](https://example.com/)',
          '<https://example.com>',
          '[`https://example.com`](https://example.com)',
          '[`api.example.com/v1`](//api.example.com/v1/)',
          '[Example](https://example.com)',
          '[`curl`](https://example.com)',
          '[*example.com*](https://example.com)',
          '[y](/developers/y)',
          '[/developers/y](/developers/y)',
        ].join(' '),
      ),
    ).toEqual([
      '<a href="https://example.com/" rel="noopener" target="_blank" class="bare-url">',
      '<a href="https://example.com" rel="noopener" target="_blank" class="bare-url">',
      '<a href="https://example.com" rel="noopener" target="_blank" class="bare-url">',
      '<a href="//api.example.com/v1/" rel="noopener" target="_blank" class="bare-url">',
      '<a href="https://example.com" rel="noopener" target="_blank">',
      '<a href="https://example.com" rel="noopener" target="_blank">',
      '<a href="https://example.com" rel="noopener" target="_blank">',
      '<a href="/developers/y">',
      '<a href="/developers/y">',
    ]);
  });

  it('marks a reference link too, and keeps a title', () => {
    expect(links('[https://example.com][ex]\n\n[ex]: https://example.com "Example"')).toEqual(['<a href="https://example.com" rel="noopener" target="_blank" title="Example" class="bare-url">']);
  });

  it('gives an aligned column\'s cells a class instead of a style', () => {
    const { html } = renderBody('| a | b | c |\n|:-|:-:|--:|\n| 1 | 2 | 3 |', { engine });
    expect(html).not.toContain('style=');
    expect(html.match(/<t[hd](?: [^>]*)?>/g)).toEqual(['<th class="align-left">', '<th class="align-center">', '<th class="align-right">', '<td class="align-left">', '<td class="align-center">', '<td class="align-right">']);
  });
});
