// The fast engine against the reference (issue #14): every example of the CommonMark
// 0.31.2 spec and of the GFM extensions, rendered to HTML by both engines through the
// same mdast -> hast -> HTML path, must give the same HTML, except for the examples in
// accepted-differences.json (each with its reason; the goal is none).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toHtml } from 'hast-util-to-html';
import { toHast } from 'mdast-util-to-hast';
import { describe, expect, it } from 'vitest';
import { parseWith, type MarkdownEngine } from '../../../src/markdown/engines.js';

const SPEC = join(import.meta.dirname, '..', '..', 'fixtures', 'markdown', 'spec');
const EXAMPLE_RE = /^`{32} example(?: (\w+))?\n([\s\S]*?)^\.\n([\s\S]*?)^`{32}$|^#{1,6} *(.*)$/gm;

interface Example {
  id: string;
  section: string;
  markdown: string;
}

/** The examples of a spec file, numbered as the spec numbers them ("commonmark-42", "gfm-3"). */
function examples(file: string, prefix: string): Example[] {
  const out: Example[] = [];
  let section = '';
  for (const m of readFileSync(join(SPEC, file), 'utf8').matchAll(EXAMPLE_RE)) {
    if (m[4] !== undefined) section = m[4];
    else out.push({ id: `${prefix}-${out.length + 1}`, section, markdown: m[2]!.replace(/→/g, '\t') });
  }
  return out;
}

export function renderHtml(engine: MarkdownEngine, markdown: string): string {
  return toHtml(toHast(parseWith(engine, markdown), { allowDangerousHtml: true }), { allowDangerousHtml: true });
}

const accepted = JSON.parse(readFileSync(join(SPEC, 'accepted-differences.json'), 'utf8')) as Record<string, string>;
const all = [...examples('commonmark-0.31.2.txt', 'commonmark'), ...examples('gfm-extensions.txt', 'gfm')];

describe('the spec examples', () => {
  it('are all read', () => {
    expect(all.filter((e) => e.id.startsWith('commonmark')).length).toBe(652);
    expect(all.filter((e) => e.id.startsWith('gfm')).length).toBe(23);
  });

  it('render alike in both engines, but for the accepted differences', () => {
    const differing: Record<string, { section: string; markdown: string; fast: string; remark: string }> = {};
    for (const example of all) {
      const fast = renderHtml('fast', example.markdown);
      const remark = renderHtml('remark', example.markdown);
      if (fast !== remark) differing[example.id] = { section: example.section, markdown: example.markdown, fast, remark };
    }
    expect(Object.keys(differing).filter((id) => !(id in accepted)).map((id) => ({ id, ...differing[id] }))).toEqual([]);
    // An accepted difference that is gone must leave the list.
    expect(Object.keys(accepted).filter((id) => !(id in differing))).toEqual([]);
  });
});
