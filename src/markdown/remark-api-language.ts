// On an API page for one language, drops the fenced examples of the other languages
// (DESIGN "Content model": prose is shared, each example is tagged curl or ruby).
import type { Root } from 'mdast';
import type { Code } from 'mdast';
import { walk, type WalkNode } from './walk.js';
import type { VFile } from 'vfile';
import { contextOf } from './context.js';

export default function remarkApiLanguage() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    if (!ctx.apiLanguage) return;
    walk(tree as WalkNode, (node, index, parent) => {
      if (node.type !== 'code') return;
      const { lang } = node as unknown as Code;
      if (!lang || !ctx.apiLanguages.includes(lang) || lang === ctx.apiLanguage) return;
      if (parent?.children && index !== undefined) {
        parent.children.splice(index, 1);
        return index;
      }
    });
  };
}
