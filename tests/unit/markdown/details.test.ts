// A folding section written as GitHub pages write it, <details> and <summary> around
// Markdown, is a details element whose Markdown is rendered (remark-details.ts).
import { describe, expect, it } from 'vitest';
import { staticMarkup, type MarkupStats } from '../../../src/render/static-markup.js';
import { renderBody } from '../../helpers/markdown.js';

const both = (body: string) => {
  const [fast, remark] = (['fast', 'remark'] as const).map((engine) => renderBody(body, { engine }));
  expect(remark!.html).toBe(fast!.html);
  expect(remark!.diagnostics).toEqual(fast!.diagnostics);
  // The fast markup path writes what React writes (the open attribute too).
  const stats: MarkupStats = { fast: 0, react: 0 };
  expect(staticMarkup(fast!.element, { stats })).toBe(fast!.html);
  expect(stats).toMatchObject({ fast: 1, react: 0 });
  return fast!;
};

describe('a folding section', () => {
  it('is a details element with its summary, its Markdown rendered, in both engines alike', () => {
    const { html, diagnostics } = both('Intro.\n\n<details>\n<summary>Why does my payment stay <b>pending</b> &amp; unpaid?</summary>\n\nBanks confirm **SEPA** transfers in [batches](y.md).\n\n- once an hour\n\n</details>\n\nAfter.\n');
    expect(diagnostics).toEqual([]);
    expect(html).toBe('<p>Intro.</p>\n<details><summary>Why does my payment stay pending &amp; unpaid?</summary><p>Banks confirm <strong>SEPA</strong> transfers in <a href="/developers/y">batches</a>.</p><ul>\n<li>once an hour</li>\n</ul></details>\n<p>After.</p>');
  });

  it('starts open with <details open>, holds nested sections, alerts and headings, and stands in lists', () => {
    const { html, diagnostics, headings } = both('<details open>\n<summary>Outer</summary>\n\n## Inside\n\n> [!NOTE]\n> Careful.\n\n<details><summary>Inner</summary>\n\nDeep.\n\n</details>\n\n</details>\n\n- item\n\n  <details>\n  <summary>In a list</summary>\n\n  Listed.\n\n  </details>\n');
    expect(diagnostics).toEqual([]);
    expect(html).toMatch(/^<details open=""><summary>Outer<\/summary><h2 id="inside">/);
    expect(html).toContain('<div role="note" class="alert alert-note">');
    expect(html).toContain('<details><summary>Inner</summary><p>Deep.</p></details></details>');
    expect(html).toMatch(/<li>\s*<p>item<\/p>\s*<details><summary>In a list<\/summary><p>Listed.<\/p><\/details>\s*<\/li>/);
    expect(headings.map((h) => h.id)).toEqual(['inside']);
  });

  it('stands in a tab view\'s pane', () => {
    const { html, diagnostics } = both('::::tabs\n:::tab{title="Curl"}\n<details>\n<summary>Flags</summary>\n\nUse -s.\n\n</details>\n:::\n::::\n');
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<details><summary>Flags</summary><p>Use -s.</p></details>');
  });

  it('written otherwise stays raw HTML, left out with a hint for the form that folds', () => {
    // No closing tag; and the content in the same HTML block as the tags.
    const { html, diagnostics } = both('<details>\n<summary>Open</summary>\n\nNever closed.\n\nText.\n\n<details><summary>One block</summary>Inside.</details>\n');
    expect(html).not.toContain('<details');
    expect(html).toContain('<p>Never closed.</p>');
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.hint])).toEqual([
      ['raw-html', 1, 'write a folding section as <details>, then <summary>its title</summary> on the next line, a blank line, its Markdown, a blank line, and </details> on a line of its own'],
      ['raw-html', 8, 'write a folding section as <details>, then <summary>its title</summary> on the next line, a blank line, its Markdown, a blank line, and </details> on a line of its own'],
    ]);
  });
});
