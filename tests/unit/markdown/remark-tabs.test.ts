import { describe, expect, it } from 'vitest';
import { renderBody } from '../../helpers/markdown.js';

const where = (body: string, engine: 'fast' | 'remark') => renderBody(body, { engine }).diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`);
const STRAY = 'error tabs-invalid a tab belongs inside a ::::tabs view: outside one, its content is shown as ordinary text and its title is lost';

describe('tab views', () => {
  it('report a tab outside a ::::tabs view at the tab, in both engines (it was a plain div, its title dropped)', () => {
    for (const engine of ['fast', 'remark'] as const) {
      expect(where('Intro.\n\n:::tab{title="curl"}\nOnly for curl users.\n:::\n', engine), engine).toEqual([`3:1 ${STRAY}`]);
    }
  });

  it('report a tab inside another tab, not the tabs of the view', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const body = ['::::::tabs', ':::::tab{title="a"}', ':::tab{title="b"}', 'Inner.', ':::', ':::::', ':::::tab{title="c"}', 'C.', ':::::', '::::::', ''].join('\n');
      expect(where(body, engine), engine).toEqual([`3:1 ${STRAY}`]);
    }
  });

  it('take tabs inside a view without a word', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { diagnostics, html } = renderBody('::::tabs\n:::tab{title="curl"}\nA.\n:::\n:::tab{title="Ruby"}\nB.\n:::\n::::\n', { engine });
      expect(diagnostics, engine).toEqual([]);
      expect(html, engine).toContain('Ruby');
    }
  });

  it('mark the tabs titled as an example language (api.languages, in any case) and their view, in both engines', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { html } = renderBody('::::tabs\n:::tab{title="Ruby"}\nB.\n:::\n:::tab{title=" CURL "}\nA.\n:::\n:::tab{title="Python"}\nC.\n:::\n::::\n', { engine });
      expect(html, engine).toContain('<div class="tabs" data-languages="ruby curl">');
      expect(html.match(/<button[^>]*>/g)!.map((b) => /data-language="([^"]*)"/.exec(b)?.[1] ?? null), engine).toEqual(['ruby', 'curl', null]);
      expect(html.match(/<div role="tabpanel"[^>]*>/g)!.map((d) => /data-language="([^"]*)"/.exec(d)?.[1] ?? null), engine).toEqual(['ruby', 'curl', null]);
      // A view without such a tab is as it was.
      expect(renderBody('::::tabs\n:::tab{title="Sandbox"}\nA.\n:::\n::::\n', { engine }).html, engine).not.toContain('data-language');
    }
  });

  it('report an attribute named __proto__ as any unknown attribute, in both engines, and change no prototype (it was dropped unreported)', () => {
    for (const engine of ['fast', 'remark'] as const) {
      expect(where('::::tabs\n:::tab{title="curl" __proto__="x"}\nA.\n:::\n::::\n', engine), engine).toEqual(['2:21 warning directive-attribute-unknown "tab" takes no attribute "__proto__"']);
      expect(where('::::tabs{__proto__="x"}\n:::tab{title="curl"}\nA.\n:::\n::::\n', engine), engine).toEqual(['1:10 warning directive-attribute-unknown "tabs" takes no attribute "__proto__"']);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});
