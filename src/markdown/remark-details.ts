// A folding section, as GitHub pages write it in HTML around Markdown:
//
//   <details>
//   <summary>Why does my payment stay pending?</summary>
//
//   Banks confirm SEPA transfers in batches …
//
//   </details>
//
// becomes a `details` element with its `summary`, the Markdown between the tags rendered as
// Markdown (raw HTML is otherwise left out of the page, and a FAQ written so showed its
// answers without their questions). `<details open>` starts open. Only that form is read:
// the opening tag and the summary (plain text; tags in it are left out) in one HTML block,
// a blank line, then the blocks, then `</details>` as a block of its own; sections may
// nest. Any other form stays raw HTML, which remark-links reports with this form as its
// hint. Nothing is looked at on a page whose text has no "<details".
import type { Html, Paragraph, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';

const OPEN_RE = /^<details(\s+open(?:=(?:""|''|"open"|'open'|open))?)?\s*>\s*<summary>([\s\S]*?)<\/summary>$/i;
const CLOSE_RE = /^<\/details\s*>$/i;
const TAG_RE = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY_RE = /&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/gi;

type Container = { type: string; children?: RootContent[]; data?: { hName?: string } };

/** The summary's text: its tags left out, its entities read, its white space one space. */
function summaryText(html: string): string {
  return html
    .replace(TAG_RE, '')
    .replace(ENTITY_RE, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : null;
      if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      return ENTITIES[name!.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const isHtml = (node: RootContent | undefined, re: RegExp): node is Html => node?.type === 'html' && re.test(node.value.trim());

/** The index of the `</details>` that closes the section opened at `from`, among `children`; -1 when none does. */
function closingOf(children: readonly RootContent[], from: number): number {
  let depth = 0;
  for (let i = from + 1; i < children.length; i++) {
    if (isHtml(children[i], OPEN_RE)) depth++;
    else if (isHtml(children[i], CLOSE_RE)) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** The sections among `children`, made `details` elements in place; their contents too. */
function fold(node: Container): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const open = child.type === 'html' ? OPEN_RE.exec(child.value.trim()) : null;
    if (open) {
      const end = closingOf(children, i);
      if (end < 0) continue;
      const summary: Paragraph = { type: 'paragraph', data: { hName: 'summary' }, children: [{ type: 'text', value: summaryText(open[2]!) }] };
      // A container as remark-tabs makes its panes: a paragraph named for its element.
      const details = {
        type: 'paragraph',
        data: { hName: 'details', ...(open[1] ? { hProperties: { open: true } } : {}) },
        children: [summary, ...children.slice(i + 1, end)],
        ...(child.position && children[end]!.position ? { position: { start: child.position.start, end: children[end]!.position!.end } } : {}),
      } as unknown as RootContent;
      children.splice(i, end - i + 1, details);
      fold(details as Container);
      continue;
    }
    if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading' && child.type !== 'table') fold(child as Container);
  }
}

const DETAILS = 'details';

/**
 * Whether the text has "<details" in any case. Every page is asked: /<details/i, which
 * cannot skip ahead as a plain search does, took about 30 ms of a build of 1000 pages.
 */
export function mentionsDetails(text: string): boolean {
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    let k = 0;
    while (k < DETAILS.length && (text.charCodeAt(at + 1 + k) | 0x20) === DETAILS.charCodeAt(k)) k++;
    if (k === DETAILS.length) return true;
  }
  return false;
}

export default function remarkDetails() {
  return (tree: Root, file: VFile) => {
    if (!mentionsDetails(String(file.value))) return;
    fold(tree as Container);
  };
}
