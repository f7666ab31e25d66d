// A table column's alignment (`| :-: |`) as a class, `align-center`: hast gives the cells an
// `align` that React writes as a style attribute, which the site's Content-Security-Policy
// (style-src 'self', dist/_headers) refuses. The column lost its alignment and every page
// with such a table logged a violation (GitHub's OpenAPI descriptions have eight).
import type { Element, Root } from 'hast';
import { walk, type WalkNode } from './walk.js';

const ALIGNMENTS: ReadonlySet<unknown> = new Set(['left', 'right', 'center']);

export default function rehypeTableAlign() {
  return (tree: Root) => {
    walk(tree as WalkNode, (any) => {
      const node = any as unknown as Element;
      if (node.type !== 'element' || (node.tagName !== 'td' && node.tagName !== 'th') || node.properties.align === undefined) return;
      const { align, ...properties } = node.properties;
      const classes = Array.isArray(properties.className) ? properties.className : properties.className === undefined ? [] : [String(properties.className)];
      node.properties = ALIGNMENTS.has(align) ? { ...properties, className: [...classes, `align-${String(align)}`] } : properties;
    });
  };
}
