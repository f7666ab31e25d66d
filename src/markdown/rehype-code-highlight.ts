// Build-time highlighting of fenced code with lowlight (highlight.js grammars), for the
// few languages API docs use. Like rehype-highlight, but walked with our own walker (see
// walk.ts), and an unknown language is simply left plain.
//
// highlight.js's bash and ruby grammars are quadratic in the length of one token (a
// 100 000-character line takes 8 s, a 2 MB base64 line minutes), so a block with a line
// or a total over the limits below is shown plain, with a warning at that line (issue #13).
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import bash from 'highlight.js/lib/languages/bash';
import http from 'highlight.js/lib/languages/http';
import json from 'highlight.js/lib/languages/json';
import ruby from 'highlight.js/lib/languages/ruby';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import type { VFile } from 'vfile';
import { walk, type WalkNode } from './walk.js';

const LANGUAGE_RE = /^(?:lang|language)-(.+)$/;

/** Longest line coloured (characters): 0.1 s of highlight.js at worst. */
export const MAX_HIGHLIGHT_LINE = 10_000;
/** Largest block coloured (characters). */
export const MAX_HIGHLIGHT_BLOCK = 200_000;

export interface CodeHighlightOptions {
  /** false: only report blocks too long to colour (bankdocs check, which colours nothing). */
  colour?: boolean;
}

export default function rehypeCodeHighlight({ colour = true }: CodeHighlightOptions = {}) {
  const lowlight = createLowlight({ bash, http, json, ruby, yaml });
  lowlight.registerAlias({ bash: ['curl', 'shell', 'sh', 'console'], yaml: ['yml'] });
  return (tree: Root, file: VFile) => {
    walk(tree as WalkNode, (any, _index, parent) => {
      const node = any as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'code' || (parent as unknown as Element | undefined)?.tagName !== 'pre') return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
      const lang = classes.map((c) => LANGUAGE_RE.exec(c)?.[1]).find(Boolean);
      if (!lang || !lowlight.registered(lang)) return;
      const text = toString(node);
      const tooLong = overLimit(text);
      if (tooLong) {
        const fence = node.position?.start ?? (parent as unknown as Element).position?.start;
        const message = file.message(`this ${lang} block is shown without syntax colouring: ${tooLong.what}`, {
          place: { line: (fence?.line ?? 0) + 1 + tooLong.line, column: 1 },
          ruleId: 'code-too-long-to-highlight',
          source: 'bankdocs',
        });
        message.fatal = false;
        return;
      }
      if (!colour) return;
      const result = lowlight.highlight(lang, text);
      node.properties.className = ['hljs', ...classes];
      node.children = withoutPunctuation(result.children as ElementContent[]);
    });
  };
}

/**
 * highlight.js wraps every `{ } [ ] , :` of a JSON body in a span of its own, which the
 * theme does not colour: a third of the elements of an API reference page (5,400 on the
 * bundled site's), each one for the reader's browser to style and lay out. They are
 * written as the text they hold, joined to the text around them.
 */
export function withoutPunctuation(children: ElementContent[]): ElementContent[] {
  // A new list only from the first punctuation span on: most blocks (shell, Ruby) have none.
  let out: ElementContent[] | null = null;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === 'element') {
      if (isPunctuation(child)) {
        out ??= children.slice(0, i);
        for (const inner of withoutPunctuation(child.children)) joined(out, inner);
        continue;
      }
      if (child.children.length) child.children = withoutPunctuation(child.children);
    }
    if (out) joined(out, child);
  }
  return out ?? children;
}

/** Appends `child`, joining text to the text before it. */
function joined(out: ElementContent[], child: ElementContent): void {
  const last = out[out.length - 1];
  if (child.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value + child.value };
  else out.push(child);
}

function isPunctuation(node: Element): boolean {
  const classes = node.properties.className;
  return node.tagName === 'span' && Array.isArray(classes) && classes.length === 1 && classes[0] === 'hljs-punctuation';
}

/** Why `text` is too long to colour, and the 0-based line to point at; null when it is not. */
export function overLimit(text: string): { what: string; line: number } | null {
  if (text.length > MAX_HIGHLIGHT_LINE) {
    let line = 0;
    for (let start = 0; ; line++) {
      const end = text.indexOf('\n', start);
      const stop = end < 0 ? text.length : end;
      if (stop - start > MAX_HIGHLIGHT_LINE) return { what: `line ${line + 1} has ${(stop - start).toLocaleString('en')} characters (colouring stops at ${MAX_HIGHLIGHT_LINE.toLocaleString('en')}); wrap it, or shorten the data`, line };
      if (end < 0) break;
      start = end + 1;
    }
  }
  if (text.length > MAX_HIGHLIGHT_BLOCK) return { what: `it has ${text.length.toLocaleString('en')} characters (colouring stops at ${MAX_HIGHLIGHT_BLOCK.toLocaleString('en')})`, line: 0 };
  return null;
}
