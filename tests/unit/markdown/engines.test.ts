import { describe, expect, it } from 'vitest';
import { MARKDOWN_ENGINES } from '../../../src/markdown/engines.js';
import { renderBody } from '../../helpers/markdown.js';

describe.each(MARKDOWN_ENGINES)('the %s engine', (engine) => {
  const rules = (body: string) => renderBody(body, { engine }).diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column]);

  it('reports nesting deeper than it reads, and stays fast on 2 000 nested lists', () => {
    expect(rules(`## Deep\n\n${'- '.repeat(2000)}x\n`)).toEqual([['markdown-too-deep', 'error', 3, 1]]);
    expect(rules(`${'> '.repeat(2000)}x\n`)).toEqual([['markdown-too-deep', 'error', 1, 1]]);
    expect(rules(`${'- '.repeat(20)}x\n`)).toEqual([]);
  });

  it('warns about a code fence that is never closed', () => {
    expect(rules('Intro.\n\n```ruby\nputs 1\n\nMore text that became code.\n')).toEqual([['code-fence-unclosed', 'warning', 3, 1]]);
    expect(rules('- item\n\n  ~~~~\n  code\n\n- next\n')).toEqual([['code-fence-unclosed', 'warning', 3, 3]].map(([r, s, l]) => [r, s, l, 1]));
    expect(rules('```\na\n```\n\n> ```js\n> b\n> ```\n\n- ~~~\n  c\n  ~~~~\n')).toEqual([]);
  });

  it('warns about a directive that is never closed, which takes in the rest of its container', () => {
    const at = (body: string) => rules(body).filter(([rule]) => rule === 'directive-unclosed').map(([, severity, line, column]) => [severity, line, column]);
    expect(at('Intro.\n\n:::note\nInside.\n\n## Meant to be outside\n')).toEqual([['warning', 3, 1]]);
    expect(at('::::tabs\n:::tab{title="One"}\nA\n:::\n\n## After\n')).toEqual([['warning', 1, 1]]);
    expect(at('- item\n\n  :::note\n  Inside.\n\n- next\n')).toEqual([['warning', 3, 3]]);
    const [unclosed] = renderBody('::::tabs\n:::tab{title="One"}\nA\n:::\n', { engine }).diagnostics.filter((d) => d.ruleId === 'directive-unclosed');
    expect([unclosed?.message, unclosed?.hint]).toEqual(['"::::tabs" is never closed: everything after it, to the end of its container, is part of it', 'end it with a line of "::::" where it should end']);
    expect(at(':::note\nA\n:::\n\n::::tabs\n:::tab{title="One"}\nB\n:::\n::::\n\n> :::note\n> C\n> :::\n\n:::note\n:::\n\n:::note\n::::\n')).toEqual([]);
  });
});

describe('hasDirectives', () => {
  it('tells a tree with a block directive from one without, whichever engine parsed it, and a tree changed by hand', async () => {
    const { hasDirectives, parseWith } = await import('../../../src/markdown/engines.js');
    for (const engine of MARKDOWN_ENGINES) {
      expect(hasDirectives(parseWith(engine, '# Title\n\nText with :inline[directive].\n')), engine).toBe(false);
      expect(hasDirectives(parseWith(engine, '# Title\n\n::tip[Note]\n')), engine).toBe(true);
      expect(hasDirectives(parseWith(engine, '# Title\n\n- a list\n\n  :::note\n  Nested.\n  :::\n')), engine).toBe(true);
    }
    // A tree not made by the fast parser is walked.
    expect(hasDirectives({ type: 'root', children: [{ type: 'leafDirective', name: 'x', attributes: {}, children: [] }] })).toBe(true);
    expect(hasDirectives({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }] })).toBe(false);
  });
});
