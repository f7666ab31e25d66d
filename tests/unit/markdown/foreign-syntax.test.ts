// Lines written for Docusaurus, MDX or GitBook, which Markdown shows as text: each is an
// error at its line that names the tool and what to write instead, in both engines. They
// showed on the page without a word.
import { describe, expect, it } from 'vitest';
import { MARKDOWN_ENGINES } from '../../../src/markdown/engines.js';
import { renderBody } from '../../helpers/markdown.js';

const found = (body: string, engine: (typeof MARKDOWN_ENGINES)[number]) =>
  renderBody(body, { engine }).diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.message, d.hint]);

describe.each(MARKDOWN_ENGINES)('syntax of another tool, the %s engine', (engine) => {
  it('tells a Docusaurus admonition with a title after its name, and the label to write', () => {
    const body = 'Intro.\n\n:::tip Pro tip\n\nCache the token.\n\n:::\n\n- Step.\n\n  ::::danger Take care\n  Tokens are secrets.\n  ::::\n\n:::callout Read this\nText.\n:::\n';
    expect(found(body, engine)).toEqual([
      ['foreign-syntax', 'error', 3, 1, '":::tip Pro tip" is how Docusaurus titles an admonition, which bankdocs does not read: the page shows it as text, up to its closing ":::"', 'write the title in brackets (Docusaurus reads that too): :::tip[Pro tip]'],
      ['foreign-syntax', 'error', 11, 3, '"::::danger Take care" is how Docusaurus titles an admonition, which bankdocs does not read: the page shows it as text, up to its closing "::::"', 'write the title in brackets (Docusaurus reads that too): ::::danger[Take care]'],
      ['foreign-syntax', 'error', 15, 1, '":::callout Read this" is no directive: a directive\'s name is followed by a label in brackets or attributes in braces, not text, so the page shows it as text', 'write :::callout[Read this] or :::callout{…}'],
    ]);
    // What the hint says to write is an admonition with that title.
    expect(renderBody(':::tip[Pro tip]\n\nCache the token.\n\n:::\n', { engine }).html).toContain('<p class="alert-title">Pro tip</p>');
  });

  it('tells MDX import and export lines, and components', () => {
    const body = "import Tabs from '@theme/Tabs';\nimport { Aside, Tabs as T } from \"@astrojs/starlight/components\";\n\nText.\n\n> import './styles.css'\n\nexport const Version = () => '1.0';\n\n<Tabs>\n  <TabItem value=\"curl\">\n\nInside.\n\n  </TabItem>\n</Tabs>\n\nInline <Highlight color=\"red\">text</Highlight>, and <Admonition type=\"note\" />.\n";
    const rows = found(body, engine);
    expect(rows.map(([rule, severity, line, column]) => [rule, severity, line, column])).toEqual([
      ['foreign-syntax', 'error', 1, 1],
      ['foreign-syntax', 'error', 2, 1],
      ['foreign-syntax', 'error', 6, 3],
      ['foreign-syntax', 'error', 8, 1],
      ['foreign-syntax', 'error', 10, 1],
      ['foreign-syntax', 'error', 18, 8],
      ['foreign-syntax', 'error', 18, 53],
    ]);
    expect(rows[0]!.slice(4)).toEqual([
      '"import Tabs from \'@theme/Tabs\';" is an MDX import, which bankdocs does not run: the page shows it as text',
      'remove it: bankdocs pages are Markdown, not MDX, and write what the component showed in Markdown (a tab view is ::::tabs, then :::tab{title="…"}, its content and ::: for each tab, then ::::; a note is :::note, its text, then :::)',
    ]);
    expect(rows[3]![4]).toBe('"export const Version = () => \'1.0\';" is MDX code, which bankdocs does not run: the page shows it as text');
    expect(rows[4]!.slice(4)).toEqual(['"<Tabs>" is an MDX component, which bankdocs does not run: the tag is left out of the page, and what is between its tags shows as ordinary Markdown', 'write a tab view: ::::tabs, then :::tab{title="…"}, its content and ::: for each tab, then ::::']);
    expect(rows.slice(5).map((row) => row[4])).toEqual([expect.stringMatching(/^"<Highlight>" is an MDX component/), expect.stringMatching(/^"<Admonition>" is an MDX component/)]);
    expect(rows[6]![5]).toBe('write a note: :::note (or tip, warning, danger), its text, then :::');
  });

  it('tells an MDX comment, and the HTML comment to write', () => {
    expect(found('Text.\n\n{/* TODO: screenshots */}\n\n> {/* in a quote */}\n', engine)).toEqual([
      ['foreign-syntax', 'error', 3, 1, '"{/* TODO: screenshots */}" is an MDX comment, which bankdocs does not read: the page shows it as text', 'write it as an HTML comment, <!-- … -->, which no reader sees'],
      ['foreign-syntax', 'error', 5, 3, '"{/* in a quote */}" is an MDX comment, which bankdocs does not read: the page shows it as text', 'write it as an HTML comment, <!-- … -->, which no reader sees'],
    ]);
  });

  it('tells GitBook blocks, each opening tag once, with what bankdocs has for it', () => {
    const body = '{% hint style="warning" %}\nDo not share the secret.\n{% endhint %}\n\n{% tabs %}\n{% tab title="curl" %}\nText.\n{% endtab %}\n{% endtabs %}\n\n{% embed url="https://example.com/video" %}\n\n{%- include "x.md" -%}\n';
    expect(found(body, engine).map(([, , line, column, message, hint]) => [line, column, message, hint])).toEqual([
      [1, 1, '"{% hint style="warning" %}" is a GitBook block, which bankdocs does not read: the page shows it as text', 'write it as an alert: "> [!WARNING]" on a line of its own, then its text with "> " before each line (or :::warning, its text, then :::), without the {% endhint %} line'],
      [5, 1, '"{% tabs %}" is a GitBook block, which bankdocs does not read: the page shows it as text', 'write it as a tab view: ::::tabs, then :::tab{title="…"}, its content and ::: for each tab, then ::::, without the {% endtab %} lines'],
      [6, 1, '"{% tab title="curl" %}" is a GitBook block, which bankdocs does not read: the page shows it as text', 'write it as a tab view: ::::tabs, then :::tab{title="…"}, its content and ::: for each tab, then ::::, without the {% endtab %} lines'],
      [11, 1, '"{% embed url="https://example.com/video" %}" is a GitBook block, which bankdocs does not read: the page shows it as text', 'link to it instead: [what it shows](its address)'],
      [13, 1, '"{%- include "x.md" -%}" is a GitBook block, which bankdocs does not read: the page shows it as text', 'bankdocs includes no files: copy the text in, or link to its page'],
    ]);
    expect(found('{% code title="lib/client.rb" %}\n\n```ruby\nputs 1\n```\n\n{% endcode %}\n', engine)[0]![5]).toBe('write the code as a fenced block (```ruby title="lib/client.rb", the code, then ```), without the {% endcode %} line');
    expect(found('{% hint style="danger" %}\nNo.\n{% endhint %}\n', engine)[0]![5]).toMatch(/^write it as an alert: "> \[!CAUTION\]" .* \(or :::danger, its text/);
  });

  it('warns of GitHub\'s emoji shortcodes in text, each at its place, with the emoji to write', () => {
    const body = '## :rocket: Quick start\n\nRead this\nfirst :warning: and (:sparkles:).\n\n- :+1: done\n\n| a | b |\n|---|---|\n| x | :unicorn_face: |\n';
    expect(found(body, engine).map(([rule, severity, line, column, message, hint]) => [rule, severity, line, column, String(message).split(' ')[0], hint])).toEqual([
      ['foreign-syntax', 'warning', 1, 4, '":rocket:"', 'write the emoji itself: 🚀'],
      ['foreign-syntax', 'warning', 4, 7, '":warning:"', 'write the emoji itself: ⚠️'],
      ['foreign-syntax', 'warning', 4, 22, '":sparkles:"', 'write the emoji itself: ✨'],
      ['foreign-syntax', 'warning', 6, 3, '":+1:"', 'write the emoji itself: 👍'],
      ['foreign-syntax', 'warning', 10, 7, '":unicorn_face:"', "write the emoji itself (paste it, or use your system's emoji picker), or put the word in `code` if it is meant as written"],
    ]);
    expect(found(':tada:\n', engine)[0]![4]).toBe('":tada:" is a GitHub emoji shortcode, which bankdocs does not read: the page shows it as text');
    const prose = 'At 10:30:45, a ratio of 1:2:3, a:b:c, Priority:high: and `:warning:` in code, :ref:`x`, https://example.com:443: and ::: alone.\n\n```\n:warning:\n```\n';
    expect(found(prose, engine)).toEqual([]);
  });

  it('leaves code, escaped text, prose and what bankdocs reads alone', () => {
    const body = [
      '```liquid\n{% hint style="info" %}\nimport Tabs from \'@theme/Tabs\';\n:::tip Pro tip\n```',
      '    {% raw %}',
      'Write `{% hint %}` or `import x from "y"` in code.',
      '\\{% hint style="info" %} and \\:::tip Pro tip shown as written.',
      'We import data from banks, and export it to your ledger.',
      'import the file, then export the report.',
      ':::note\nA note.\n:::',
      ':::tip[Titled]\nA tip.\n:::',
      'A <b>bold</b> word and a <DIV>shout</DIV>.',
    ].join('\n\n');
    expect(found(body, engine).filter(([rule]) => rule === 'foreign-syntax')).toEqual([]);
  });
});
