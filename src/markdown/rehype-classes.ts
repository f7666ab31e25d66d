// Classes the theme's stylesheet reads, set on the HTML tree after the site's rehype plugins
// (so an element one of them makes gets them too), in one walk:
//
// - A table column's alignment (`| :-: |`) as a class, `align-center`: hast gives the cells
//   an `align` that React writes as a style attribute, which the site's
//   Content-Security-Policy (style-src 'self', dist/_headers) refuses. The column lost its
//   alignment and every page with such a table logged a violation (GitHub's OpenAPI
//   descriptions have eight).
// - A link off the site whose text is its own address (`https://example.com`, or
//   `example.com` for https://example.com/, as text or as inline code), `bare-url`: print
//   follows every other off-site link with its address (site.css), which this one shows
//   already. Set here, not by the theme's Link from its children, as the fast markup path
//   hands Link its children unmade (src/render/static-markup.ts).
import type { Element, ElementContent, Root } from 'hast';
import { walk, type WalkNode } from './walk.js';

const ALIGNMENTS: ReadonlySet<unknown> = new Set(['left', 'right', 'center']);
const OFF_SITE_RE = /^(https?:)?\/\//;

/** "https://app.example/" and "app.example" alike: how a link's text can be its address. */
const addressOf = (url: string) => url.replace(OFF_SITE_RE, '').replace(/\/$/, '');

/** The element's classes as a list. */
const classesOf = (node: Element): string[] => (Array.isArray(node.properties.className) ? node.properties.className.map(String) : node.properties.className === undefined ? [] : [String(node.properties.className)]);

/** The text a link shows when it is one text, or one inline code element of one. */
function shownText(children: ElementContent[]): string | null {
  if (children.length !== 1) return null;
  const only = children[0]!;
  if (only.type === 'text') return only.value;
  if (only.type === 'element' && only.tagName === 'code' && only.children.length === 1 && only.children[0]!.type === 'text') return only.children[0]!.value;
  return null;
}

export default function rehypeClasses() {
  return (tree: Root) => {
    walk(tree as WalkNode, (any) => {
      const node = any as unknown as Element;
      if (node.type !== 'element') return;
      if (node.tagName === 'a') {
        const href = node.properties.href;
        if (typeof href !== 'string' || !OFF_SITE_RE.test(href)) return;
        const shown = shownText(node.children);
        if (shown !== null && addressOf(shown) === addressOf(href)) node.properties = { ...node.properties, className: [...classesOf(node), 'bare-url'] };
        return;
      }
      if ((node.tagName !== 'td' && node.tagName !== 'th') || node.properties.align === undefined) return;
      const { align, ...properties } = node.properties;
      node.properties = ALIGNMENTS.has(align) ? { ...properties, className: [...classesOf(node), `align-${String(align)}`] } : properties;
    });
  };
}
