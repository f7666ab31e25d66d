// Footnotes' words in the page's locale. remark-rehype (mdast-util-to-hast) writes its own
// English ones under a page's footnotes (`[^1]`): "Footnotes", the heading of their list,
// which screen readers read and the table of contents lists, and "Back to reference 1",
// each back link's label. Its options are one for the processor, and a processor serves
// every locale of the site, so a Dutch page said "Footnotes" and "Back to reference 1".
// The list is the last element of the tree (mdast-util-to-hast appends it): a page
// without footnotes costs a look at its last children.
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import type { UiStrings } from '../theme/contract.js';
import { contextOf } from './context.js';

/** "1" or "1-2" (the second reference to footnote 1): the end of mdast-util-to-hast's label. */
const REFERENCE_RE = /(\d+(?:-\d+)?)$/;

/** The footnotes' list: the tree's last element, a `section` with `data-footnotes`. */
function footnotesOf(tree: Root): Element | null {
  for (let i = tree.children.length - 1; i >= 0; i--) {
    const child = tree.children[i]!;
    if (child.type === 'text') continue;
    return child.type === 'element' && child.tagName === 'section' && child.properties.dataFootnotes !== undefined ? child : null;
  }
  return null;
}

export default function rehypeFootnoteWords(options: { strings: (locale: string | null) => UiStrings }) {
  return (tree: Root, file: VFile) => {
    const section = footnotesOf(tree);
    if (!section) return;
    const ui = options.strings(contextOf(file).locale);
    const stack: ElementContent[] = [...section.children];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.type !== 'element') continue;
      if (node.tagName === 'h2' && node.properties.id === 'footnote-label') node.children = [{ type: 'text', value: ui.footnotes }];
      else if (node.tagName === 'a' && node.properties.dataFootnoteBackref !== undefined && typeof node.properties.ariaLabel === 'string') {
        const reference = REFERENCE_RE.exec(node.properties.ariaLabel)?.[1];
        if (reference) node.properties.ariaLabel = ui.footnoteBack.replace('{n}', reference);
      } else stack.push(...node.children);
    }
  };
}
