// Stable, unique heading ids (GitHub's slug rules, shared across the sections of one
// document), a self-link on each section heading, and the heading list for the TOC.
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { slug } from 'github-slugger';
import { walk, type WalkNode } from './walk.js';
import type { VFile } from 'vfile';
import { claimId, contextOf } from './context.js';

const HEADING_RE = /^h([1-6])$/;

/**
 * Each section heading (h2 to h4) links to itself: its text is the link, so the heading's
 * accessible name is its text. A separate "#" link inside the heading made screen readers
 * name every heading twice ("Install Link to “Install”"), and its text end in "#". The
 * "#" now shows on hover and focus from the style sheet, with no text of its own. A
 * heading that holds a link of its own keeps its text as it is (a link in a link is not
 * HTML); the table of contents still leads to it.
 */
export default function rehypeHeadings() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    walk(tree as WalkNode, (any) => {
      if (any.type !== 'element') return;
      const node = any as unknown as Element;
      const match = HEADING_RE.exec(node.tagName);
      if (!match) return;
      const text = toString(node).trim();
      const explicit = typeof node.properties.id === 'string' ? node.properties.id : null;
      // An explicit id (an API operation's anchor) is registered too, so no heading repeats
      // it; one the document reserved for it is its own, whatever came before.
      // A heading of punctuation ("## !!!") slugs to nothing: it is "section" (then "section-1"), not id="" and a link to "#".
      const id = explicit ? claimId(ctx.slugger, explicit) : ctx.slugger.slug(slug(text) ? text : 'section');
      node.properties.id = id;
      const depth = Number(match[1]);
      ctx.headings.push({ depth, id, text });
      if (depth >= 2 && depth <= 4 && node.children.length && !holdsLink(node)) {
        node.children = [{ type: 'element', tagName: 'a', properties: { className: ['heading-link'], href: `#${id}` }, children: node.children }];
      }
    });
  };
}

function holdsLink(node: Element): boolean {
  return node.children.some((child) => child.type === 'element' && (child.tagName === 'a' || holdsLink(child)));
}
