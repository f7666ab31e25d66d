// GitHub's alerts: a blockquote whose first line is a marker alone, `> [!NOTE]` (TIP,
// IMPORTANT, WARNING, CAUTION; any case), is a note of that kind: a `div` with
// role="note" and the classes `alert alert-<kind>`, its first line the kind's name in the
// page's locale (UiStrings alertNote…) instead of the marker. Anything else (text after
// the marker on its line, a marker with nothing under it, an unknown kind) stays a plain
// blockquote, as on GitHub; so does a marker in a quote (GitHub nests no alert), while one
// in a list or a tab pane is an alert (our pages use them there).
//
// Why a div with role="note" and not an aside: an aside is a complementary landmark, which
// screen readers list with the page's regions (one per alert, each named "complementary",
// and axe reports one inside main); role="note" is what ARIA names "a section whose content
// is parenthetic or ancillary to the main content", which screen readers announce as a note
// without adding it to the landmarks, and the title says which kind it is.
//
// Docusaurus' and Starlight's admonitions, `:::note` … `:::` (info, tip, important, warning,
// caution, danger), are the same note (src/plugin/core.ts ADMONITIONS says which kind and
// title each is); a label, `:::tip[Did you know?]`, is its title. A site plugin that
// defines a directive of one of those names keeps it (the registry's owner is then not us).
//
// The Markdown twin is taken before this runs (remark-twin.ts), so it keeps `> [!NOTE]` as
// written. Only blocks are looked at, once, and only on a page whose text has "[!" or that
// brings in the OpenAPI document's descriptions (a directive): most pages skip the walk.
import type { Blockquote, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import type { UiStrings } from '../theme/contract.js';
import { ADMONITIONS, CORE_PLUGIN_NAME } from '../plugin/core.js';
import type { DirectiveRegistry } from '../plugin/directives.js';
import { contextOf } from './context.js';
import { hasDirectives } from './engines.js';

export const ALERT_KINDS = ['note', 'tip', 'important', 'warning', 'caution'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

const TITLE_KEY = { note: 'alertNote', tip: 'alertTip', important: 'alertImportant', warning: 'alertWarning', caution: 'alertCaution' } as const satisfies Record<AlertKind, keyof UiStrings>;

/** The marker and what may follow it on its line: spaces (a hard break's too). */
const MARKER_RE = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i;

type Container = { type: string; children?: RootContent[]; data?: { hName?: string } };

/** Nodes whose children are blocks, where an alert may be: a paragraph only when a plugin made it a named element (a tab pane). */
function holdsBlocks(node: Container): boolean {
  switch (node.type) {
    case 'root':
    case 'list':
    case 'listItem':
    case 'containerDirective':
    case 'footnoteDefinition':
      return true;
    case 'paragraph':
      return node.data?.hName !== undefined;
    default:
      return false;
  }
}

/** The kind of alert the blockquote is, its marker taken out of its first paragraph; null (and the quote as it was) for a plain quote. */
function takeMarker(quote: Blockquote): AlertKind | null {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return null;
  const text = first.children[0];
  if (text?.type !== 'text') return null;
  const match = MARKER_RE.exec(text.value);
  if (!match) return null;
  const rest = text.value.slice(match[0].length);
  // What the first paragraph keeps after the marker's line: a hard break after it goes too.
  const after: PhrasingContent[] = first.children.slice(1);
  if (!rest && !match[0].endsWith('\n') && after[0]?.type === 'break') after.shift();
  else if (!rest && !match[0].endsWith('\n') && after.length) return null; // "[!NOTE] *x*": not alone on its line
  const kept: PhrasingContent[] = rest ? [{ ...text, value: rest }, ...after] : after;
  // A marker with nothing under it is a quote of its text, as on GitHub.
  if (!kept.length && quote.children.length === 1) return null;
  if (kept.length) first.children = kept;
  else quote.children.shift();
  return match[1]!.toLowerCase() as AlertKind;
}

/** The admonition a directive is, or null: one of another name, or a site plugin's own. */
function admonitionOf(node: ContainerDirective, directives: DirectiveRegistry): (typeof ADMONITIONS)[keyof typeof ADMONITIONS] | null {
  if (!Object.hasOwn(ADMONITIONS, node.name) || directives.get(node.name)?.owner !== CORE_PLUGIN_NAME) return null;
  return ADMONITIONS[node.name as keyof typeof ADMONITIONS];
}

/** The title paragraph and the node made a note of `kind`, in place. */
function makeAlert(node: Blockquote, kind: AlertKind, title: PhrasingContent[]): void {
  const paragraph: Paragraph = { type: 'paragraph', data: { hProperties: { className: ['alert-title'] } }, children: title };
  node.children.unshift(paragraph);
  node.data = { ...node.data, hName: 'div', hProperties: { role: 'note', className: ['alert', `alert-${kind}`] } };
}

export default function remarkAlerts(options: { strings: (locale: string | null) => UiStrings; directives: DirectiveRegistry }) {
  return (tree: Root, file: VFile) => {
    if (!String(file.value).includes('[!') && !hasDirectives(tree)) return;
    const ctx = contextOf(file);
    let ui: UiStrings | undefined;
    const visit = (node: Container) => {
      const children = node.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'blockquote') {
          const kind = takeMarker(child);
          // Neither a quote's nor an alert's own quotes are alerts: the walk goes no deeper.
          if (kind === null) continue;
          ui ??= options.strings(ctx.locale);
          makeAlert(child, kind, [{ type: 'text', value: ui[TITLE_KEY[kind]] }]);
        } else if (child.type === 'containerDirective' && admonitionOf(child, options.directives)) {
          const admonition = admonitionOf(child, options.directives)!;
          // The label, "[Did you know?]", is the first child: a paragraph marked as one.
          const first = child.children[0];
          const label = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel ? (child.children.shift() as Paragraph) : null;
          ui ??= options.strings(ctx.locale);
          // A quote, as GitHub's alert is: the same HTML, line for line.
          const quote: Blockquote = { type: 'blockquote', children: child.children as Blockquote['children'], ...(child.position ? { position: child.position } : {}) };
          makeAlert(quote, admonition.kind, label?.children.length ? label.children : [{ type: 'text', value: ui[admonition.title] }]);
          children[i] = quote;
          visit(quote as Container);
        } else if (holdsBlocks(child as Container)) visit(child as Container);
      }
    };
    visit(tree);
  };
}
