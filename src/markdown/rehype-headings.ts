// Stable, unique heading ids (GitHub's slug rules, shared across the sections of one
// document), a self-link on each section heading, and the heading list for the TOC.
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walk, type WalkNode } from './walk.js';
import type { VFile } from 'vfile';
import { claimId, contextOf } from './context.js';

const HEADING_RE = /^h([1-6])$/;

export interface HeadingsOptions {
  /** The self-link's name for a page of this locale ("Link to “{heading}”"). */
  label?: (locale: string | null) => string;
}

export default function rehypeHeadings({ label = () => 'Link to “{heading}”' }: HeadingsOptions = {}) {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    const name = label(ctx.locale);
    walk(tree as WalkNode, (any) => {
      if (any.type !== 'element') return;
      const node = any as unknown as Element;
      const match = HEADING_RE.exec(node.tagName);
      if (!match) return;
      const text = toString(node).trim();
      const explicit = typeof node.properties.id === 'string' ? node.properties.id : null;
      // An explicit id (an API operation's anchor) is registered too, so no heading repeats
      // it; one the document reserved for it is its own, whatever came before.
      const id = explicit ? claimId(ctx.slugger, explicit) : ctx.slugger.slug(text);
      node.properties.id = id;
      const depth = Number(match[1]);
      ctx.headings.push({ depth, id, text });
      if (depth >= 2 && depth <= 4) {
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: name.replace('{heading}', () => text) },
          children: [{ type: 'text', value: '#' }],
        });
      }
    });
  };
}
