// Footnotes (`[^1]`), as remark-rehype (mdast-util-to-hast) writes them, made right for the
// page they are on:
//
// - their words in the page's locale (rehypeFootnoteWords, before the headings are read):
//   it writes its own English ones, "Footnotes", the heading of their list, which screen
//   readers read and the table of contents lists, and "Back to reference 1", each back
//   link's label. Its options are one for the processor, and a processor serves every
//   locale of the site, so a Dutch page said "Footnotes" and "Back to reference 1";
// - their ids unique in the document (rehypeFootnoteIds, after the headings took theirs):
//   each section of an API reference page is a tree of its own, and two sections with a
//   footnote 1 both had `user-content-fn-1`, so the second's reference led to the first's
//   note; the list's heading became `footnote-label-1` while its references still named
//   `footnote-label`.
//
// The list is the last element of the tree (mdast-util-to-hast appends it): a page
// without footnotes costs a look at its last children.
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import type { UiStrings } from '../theme/contract.js';
import { contextOf } from './context.js';
import { walk, type WalkNode } from './walk.js';

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

/** The footnotes' ids made unique among the document's ids, and what leads to them renamed with them. */
export function rehypeFootnoteIds() {
  return (tree: Root, file: VFile) => {
    const section = footnotesOf(tree);
    if (!section) return;
    const ctx = contextOf(file);
    // The list's heading has its id from rehype-headings (footnote-label, or footnote-label-1).
    let label: string | null = null;
    const refs: Element[] = [];
    const notes: Element[] = [];
    const backs: Element[] = [];
    walk(tree as WalkNode, (any) => {
      if (any.type !== 'element') return;
      const node = any as unknown as Element;
      if (node.properties.dataFootnoteRef !== undefined) refs.push(node);
      else if (node.properties.dataFootnoteBackref !== undefined) backs.push(node);
      else if (node.tagName === 'li' && typeof node.properties.id === 'string' && node.properties.id.includes('fn-')) notes.push(node);
      else if (node.tagName === 'h2' && typeof node.properties.id === 'string' && node.properties.id.startsWith('footnote-label')) label = node.properties.id;
    });
    const renamed = new Map<string, string>();
    for (const node of [...refs, ...notes]) {
      const id = node.properties.id;
      if (typeof id !== 'string') continue;
      const unique = ctx.slugger.take(id, { kind: 'footnote', at: { source: ctx.source } });
      if (unique !== id) {
        renamed.set(id, unique);
        node.properties.id = unique;
      }
    }
    for (const node of [...refs, ...backs]) {
      const href = node.properties.href;
      const to = typeof href === 'string' && href.startsWith('#') ? renamed.get(href.slice(1)) : undefined;
      if (to) node.properties.href = `#${to}`;
    }
    if (label !== null) for (const ref of refs) ref.properties.ariaDescribedBy = [label];
  };
}
