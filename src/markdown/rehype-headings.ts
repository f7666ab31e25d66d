// Stable, unique heading ids (GitHub's slug rules, shared across the sections of one
// document), a self-link on each section heading, and the heading list for the TOC.
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { slug } from 'github-slugger';
import { walk, type WalkNode } from './walk.js';
import type { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics.js';
import { contextOf, THEME_IDS, type IdHolder } from './context.js';
import { placeKey } from './remark-heading-ids.js';

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
    const first = tree.children.find((child) => child.type === 'element');
    if (first?.tagName === 'h1' && first.position) ctx.diagnostics.push(secondTitle(ctx.file, first.position.start));
    walk(tree as WalkNode, (any) => {
      if (any.type !== 'element') return;
      const node = any as unknown as Element;
      const match = HEADING_RE.exec(node.tagName);
      if (!match) return;
      const text = toString(node).trim();
      const explicit = typeof node.properties.id === 'string' ? node.properties.id : null;
      const start = node.position?.start;
      const holder: IdHolder = { kind: 'heading', ...(start ? { at: { source: ctx.source, line: start.line } } : {}) };
      let id: string;
      if (explicit && start && file.data.writtenIds?.has(placeKey(start))) {
        // The writer's own id ({#install}) is what links keep to: one that is taken is reported, never renamed in silence.
        const claimed = ctx.slugger.claim(explicit, holder);
        id = claimed.id;
        if (claimed.heldBy) ctx.diagnostics.push(idTaken({ explicit, id, heldBy: claimed.heldBy, source: ctx.source, file: ctx.file, start }));
      } else if (explicit) {
        // Another explicit id (an API operation's anchor) is registered too, so no heading
        // repeats it; one the document reserved for it is its own, whatever came before.
        id = ctx.slugger.claimReserved(explicit, holder);
      } else {
        // A heading of punctuation ("## !!!") slugs to nothing: it is "section" (then "section-1"), not id="" and a link to "#".
        id = ctx.slugger.take(slug(text) ? text : 'section', holder);
      }
      node.properties.id = id;
      const depth = Number(match[1]);
      // An operation's heading (remark-api.ts) names its operation's anchor for the API menu, and not as an attribute of the page.
      const operation = node.properties.dataOperationHeading;
      delete node.properties.dataOperationHeading;
      ctx.headings.push({ depth, id, text, ...(typeof operation === 'string' ? { operation } : {}) });
      if (depth >= 2 && depth <= 4 && node.children.length && !holdsLink(node)) {
        node.children = [{ type: 'element', tagName: 'a', properties: { className: ['heading-link'], href: `#${id}` }, children: node.children }];
      }
    });
  };
}

/**
 * A "# Heading" that opens the Markdown: Docusaurus and GitBook take it as the page's
 * title, but a bankdocs page has its title (front matter's title) as its h1 already, so
 * pages brought from them showed their title twice. A "# Heading" further down is the
 * writer's choice (the runtime scrolls to one with its own offset, spec §2).
 */
function secondTitle(file: string, start: { line: number; column: number }): Diagnostic {
  return {
    ruleId: 'heading-h1',
    severity: 'warning',
    message: "the page opens with a # heading, a second title under the page's own (its front matter's title): readers see both",
    hint: 'remove it (if its words are better than the title, put them in title: in the front matter), or make it ## if it starts a section',
    file,
    line: start.line,
    column: start.column,
  };
}

function holdsLink(node: Element): boolean {
  return node.children.some((child) => child.type === 'element' && (child.tagName === 'a' || holdsLink(child)));
}

const HOLDERS: Record<IdHolder['kind'], string> = {
  frame: 'the page frame (an element of the theme)',
  operation: 'the heading of an operation of the API reference',
  field: 'a field of the API reference',
  section: 'the title of a section of the API reference',
  heading: 'the heading',
  tabs: 'the tab view',
  footnote: 'a footnote',
};

/** A writer's heading id that another element of the document holds already. */
function idTaken({ explicit, id, heldBy, source, file, start }: { explicit: string; id: string; heldBy: IdHolder; source: string; file: string; start: { line: number; column: number } }): Diagnostic {
  const { at } = heldBy;
  const where = !at ? '' : at.line === undefined ? ` (${at.source})` : at.source === source ? ` on line ${at.line}` : ` on line ${at.line} of ${at.source}`;
  return {
    ruleId: 'heading-id-taken',
    severity: 'error',
    message: `the id "${explicit}" is taken already, by ${HOLDERS[heldBy.kind]}${where}: this heading gets "${id}", so links to "#${explicit}" do not reach it`,
    hint:
      heldBy.kind === 'heading'
        ? 'give one of the two headings another id ({#…} at the end of the heading)'
        : `give this heading another id ({#…} at the end of the heading)${heldBy.kind === 'frame' ? `; the theme's own ids are ${THEME_IDS.join(', ')}` : ''}`,
    file,
    line: start.line,
    column: start.column,
  };
}
