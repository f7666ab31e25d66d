// On an API page for one language, drops the fenced examples of the other languages
// (DESIGN "Content model": prose is shared, each example is tagged curl or ruby).
import type { Root } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { contextOf } from './context.js';

export default function remarkApiLanguage() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    if (!ctx.apiLanguage) return;
    visit(tree, 'code', (node, index, parent) => {
      if (!node.lang || !ctx.apiLanguages.includes(node.lang) || node.lang === ctx.apiLanguage) return;
      if (parent && index !== undefined) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
    });
  };
}
