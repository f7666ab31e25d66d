// A fenced block's title as Docusaurus and Starlight write it (```js title="src/client.js"):
// shown in the bar above the code in place of the language, in both engines. It was
// dropped without a word.
import { describe, expect, it } from 'vitest';
import { MARKDOWN_ENGINES } from '../../../src/markdown/engines.js';
import { renderBody } from '../../helpers/markdown.js';

const bar = (html: string) => [...html.matchAll(/<div class="code-bar">(.*?)<\/div>/g)].map((m) => m[1]);

describe.each(MARKDOWN_ENGINES)('code block titles, the %s engine', (engine) => {
  it('show the title in the bar, in place of the language, quoted either way or not, beside other words of the line', () => {
    const body = [
      '```ruby title="lib/client.rb"\nputs 1\n```',
      "```bash {1,3-4} title='fetch <status>.sh' showLineNumbers\ncurl x\n```",
      '```yaml title=docs.config.yaml\na: 1\n```',
      '```json\n{}\n```',
      '```json response 201\n{}\n```',
      '```\nplain\n```',
    ].join('\n\n');
    const { html, diagnostics } = renderBody(body, { engine, highlight: false });
    expect(bar(html)).toEqual([
      '<span class="code-title">lib/client.rb</span>',
      '<span class="code-title">fetch &lt;status&gt;.sh</span>',
      '<span class="code-title">docs.config.yaml</span>',
      '<span class="code-language">json</span>',
      '<span class="code-language">json</span>',
      '<span class="code-language"></span>',
    ]);
    // The code element carries no copy of it.
    expect(html).not.toContain('data-title');
    expect(html).toContain('<code class="language-ruby">puts 1\n</code>');
    expect(diagnostics).toEqual([]);
  });

  it('leave an empty title, and one in the code itself, alone', () => {
    const { html } = renderBody('```ruby title=""\nputs 1\n```\n\n```text\ntitle="not a title"\n```\n', { engine, highlight: false });
    expect(bar(html)).toEqual(['<span class="code-language">ruby</span>', '<span class="code-language">text</span>']);
  });
});
