// The text of a page for the search index, cut at its headings: one section for the text
// before the first heading, then one per h2/h3 (deeper headings stay in their section),
// each with the heading's id so a result links to it (#hash). Runs after the heading ids
// are set. Code blocks and an operation's example column are left out (they repeat what
// the reference documents, and would be most of the index); inline code is kept.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { contextOf } from './context.js';

export interface SearchSection {
  /** Heading id; "" for the text before the first heading. */
  id: string;
  /** Heading text ("" for the text before the first heading). */
  title: string;
  depth: number;
  /** Plain text, white space as it came ("" when there is none but white space). */
  text: string;
  /** The operationId, when this heading is an API operation's (:::operation). */
  operation?: string;
}

declare module 'vfile' {
  interface DataMap {
    search: SearchSection[];
  }
}

/** Elements whose text is not searched (an operation's examples: `bankdocs-example`); also any marked `dataUnsearched` (a resource's relationship, which names another resource: remark-api.ts). */
const SKIPPED = new Set(['pre', 'script', 'style', 'template', 'svg', 'math', 'bankdocs-example']);
const NAMED_PREFIX = 'bankdocs-';
/**
 * Classes whose text is not searched: heading self-links, the parts of an operation the
 * index takes from the OpenAPI model instead (method and path, scope line, table captions),
 * and an alert's title ("Note"; remark-alerts.ts), which would begin the excerpt.
 */
const SKIPPED_CLASSES = ['operation-examples', 'endpoint', 'operation-facts', 'table-caption', 'alert-title'];
/** Elements that end a word: their text is not glued to what follows. */
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'tr', 'br', 'div', 'dd', 'dt', 'blockquote', 'figcaption', 'figure', 'table', 'ul', 'ol', 'section', 'h4', 'h5', 'h6', 'hr', 'details', 'summary']);
/** Sections start at these heading depths. */
const SECTION_DEPTH = 3;
/** Text kept per section: enough for every word of a long section, bounded for a runaway one. */
const MAX_SECTION_TEXT = 50_000;

const NON_BLANK_RE = /\S/;

/** Whether the element has one of the skipped classes (a loop, not a closure per element: this runs for every element of every page). */
function hasSkippedClass(node: Element): boolean {
  const value = node.properties.className;
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < SKIPPED_CLASSES.length; i++) if (value.includes(SKIPPED_CLASSES[i]!)) return true;
  return false;
}

/** A heading's depth (h1-h6), or 0. */
function headingDepth(tagName: string): number {
  if (tagName.length !== 2 || tagName.charCodeAt(0) !== 104) return 0;
  const digit = tagName.charCodeAt(1) - 48;
  return digit >= 1 && digit <= 6 ? digit : 0;
}

export default function rehypeSearchText() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    const headingText = new Map(ctx.headings.map((h) => [h.id, h.text]));
    const sections: SearchSection[] = [];
    let current: SearchSection = { id: '', title: '', depth: 0, text: '' };
    let parts: string[] = [];
    let size = 0;
    const finish = () => {
      // White space is collapsed only where it is shown (the excerpt): words do not need it.
      current.text = parts.join('');
      if (!NON_BLANK_RE.test(current.text)) current.text = '';
      if (current.id || current.text) sections.push(current);
      parts = [];
      size = 0;
    };
    const add = (value: string) => {
      if (size >= MAX_SECTION_TEXT) return;
      const kept = value.length > MAX_SECTION_TEXT - size ? value.slice(0, MAX_SECTION_TEXT - size) : value;
      parts.push(kept);
      size += kept.length;
    };
    const visit = (node: Root | RootContent | ElementContent) => {
      if (node.type === 'text') return add(node.value);
      if (node.type !== 'element' && node.type !== 'root') return;
      if (node.type === 'element') {
        const depth = headingDepth(node.tagName);
        if (depth && depth <= SECTION_DEPTH && typeof node.properties.id === 'string') {
          finish();
          const id = node.properties.id;
          current = { id, title: headingText.get(id) ?? '', depth, text: '' };
          return;
        }
        if (SKIPPED.has(node.tagName) || hasSkippedClass(node) || node.properties.dataUnsearched !== undefined) return;
        const operation = node.properties.dataOperation;
        if (typeof operation === 'string' && current.id) current.operation = operation;
        // Named elements (src/theme/named-elements.ts) are blocks; the words they show
        // that their children lack (a field's name and type, a tab's title) are dataSearch.
        const named = node.tagName.startsWith(NAMED_PREFIX);
        const block = named || BLOCKS.has(node.tagName);
        if (block) add(' ');
        if (named && typeof node.properties.dataSearch === 'string') add(` ${node.properties.dataSearch} `);
        visitChildren(node.children);
        if (block) add(' ');
        return;
      }
      visitChildren(node.children);
    };
    const visitChildren = (children: (RootContent | ElementContent)[]) => {
      for (let i = 0; i < children.length; i++) visit(children[i]!);
    };
    visit(tree);
    finish();
    file.data.search = sections;
  };
}
