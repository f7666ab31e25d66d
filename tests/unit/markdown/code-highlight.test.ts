import { describe, expect, it } from 'vitest';
import { MAX_HIGHLIGHT_BLOCK, MAX_HIGHLIGHT_LINE, overLimit } from '../../../src/markdown/rehype-code-highlight.js';
import { renderBody } from '../../helpers/markdown.js';
import jsonGrammar from 'highlight.js/lib/languages/json';
import { createLowlight } from 'lowlight';

const render = (body: string, highlight = true) => renderBody(body, { highlight });

describe('overLimit', () => {
  it('names the first line that is too long, else a block that is too long', () => {
    expect(overLimit('short\nlines')).toBeNull();
    expect(overLimit(`a\n${'x'.repeat(MAX_HIGHLIGHT_LINE)}`)).toBeNull();
    expect(overLimit(`a\nb\n${'x'.repeat(MAX_HIGHLIGHT_LINE + 1)}\nc`)).toMatchObject({ line: 2, what: expect.stringMatching(/^line 3 has 10,001 characters/) });
    expect(overLimit(`${'x'.repeat(100)}\n`.repeat(MAX_HIGHLIGHT_BLOCK / 100))).toMatchObject({ line: 0, what: expect.stringMatching(/^it has 202,000 characters/) });
  });
});

describe('code highlighting', () => {
  it('colours ordinary blocks', () => {
    expect(render('```ruby\nputs "hi"\n```\n').html).toContain('class="hljs-string"');
  });

  it('writes punctuation, which the theme does not colour, as plain text joined to the text around it', () => {
    const json = '```json response 200\n{ "data": [{ "id": 1, "ok": true }], "links": { "next": null } }\n```\n';
    const { html } = render(json);
    expect(html).not.toContain('hljs-punctuation');
    expect(html).toContain('<span class="hljs-attr">&quot;data&quot;</span>: [{ <span class="hljs-attr">&quot;id&quot;</span>: <span class="hljs-number">1</span>, ');
    // The same text, and the same colours for the rest.
    const text = (h: string) => h.replace(/<[^>]*>/g, '');
    const plain = render(json, false).html;
    expect(text(html)).toBe(text(plain));
    const lowlight = createLowlight({ json: jsonGrammar });
    const classes: string[] = [];
    const collect = (nodes: readonly { type: string; properties?: { className?: unknown }; children?: unknown[] }[]) => {
      for (const node of nodes) {
        if (node.type !== 'element') continue;
        const name = (node.properties!.className as string[]).join(' ');
        if (name !== 'hljs-punctuation') classes.push(`class="${name}"`);
        collect(node.children as never);
      }
    };
    collect(lowlight.highlight('json', '{ "data": [{ "id": 1, "ok": true }], "links": { "next": null } }').children as never);
    expect(classes.length).toBeGreaterThan(5);
    expect(html.match(/class="hljs-[^"]+"/g)).toEqual(classes);
  });

  it('shows a block with a 2 MB line plain, with a warning at that line, in every highlighted language', () => {
    for (const lang of ['curl', 'bash', 'ruby', 'json', 'yaml', 'http']) {
      const { html, diagnostics } = render(`## Upload\n\n\`\`\`${lang}\nfirst line\n${'QUJD'.repeat(500_000)}\n\`\`\`\n`);
      expect(html, lang).not.toContain('hljs');
      expect(html, lang).toContain('QUJDQUJD');
      expect(diagnostics, lang).toEqual([
        {
          ruleId: 'code-too-long-to-highlight',
          severity: 'warning',
          message: `this ${lang} block is shown without syntax colouring: line 2 has 2,000,000 characters (colouring stops at 10,000); wrap it, or shorten the data`,
          file: '/s/content/developers/x.md',
          line: 5,
          column: 1,
        },
      ]);
    }
  });

  it('reports the same block when colouring is off (bankdocs check)', () => {
    expect(render(`\`\`\`ruby\n${'a'.repeat(20_000)}\n\`\`\`\n`, false).diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['code-too-long-to-highlight', 2]]);
  });
});
