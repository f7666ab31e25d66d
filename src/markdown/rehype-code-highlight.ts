// Build-time highlighting of fenced code with lowlight (highlight.js grammars), for the
// few languages API docs use. Like rehype-highlight, but walked with our own walker (see
// walk.ts), and an unknown language is simply left plain.
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import bash from 'highlight.js/lib/languages/bash';
import http from 'highlight.js/lib/languages/http';
import json from 'highlight.js/lib/languages/json';
import ruby from 'highlight.js/lib/languages/ruby';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import { walk, type WalkNode } from './walk.js';

const LANGUAGE_RE = /^(?:lang|language)-(.+)$/;

export default function rehypeCodeHighlight() {
  const lowlight = createLowlight({ bash, http, json, ruby, yaml });
  lowlight.registerAlias({ bash: ['curl', 'shell', 'sh', 'console'], yaml: ['yml'] });
  return (tree: Root) => {
    walk(tree as WalkNode, (any, _index, parent) => {
      const node = any as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'code' || (parent as unknown as Element | undefined)?.tagName !== 'pre') return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
      const lang = classes.map((c) => LANGUAGE_RE.exec(c)?.[1]).find(Boolean);
      if (!lang || !lowlight.registered(lang)) return;
      const result = lowlight.highlight(lang, toString(node));
      node.properties.className = ['hljs', ...classes];
      node.children = result.children as ElementContent[];
    });
  };
}
