// Heading ids a writer chooses: "## Install the client {#install}" keeps the id "install"
// whatever the heading later says, so links to it survive a reworded title (as Docusaurus,
// Hugo and MkDocs read it). The braces are taken out of the heading; rehype-headings.ts
// registers the id like an API operation's (no other heading then takes it).
import type { Heading, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { walk, type WalkNode } from './walk.js';

const EXPLICIT_ID_RE = /\{#([A-Za-z][\w-]*)\}$/;

/**
 * The id a heading's text ends with (`Install the client {#install}`) and where its text
 * ends. Matched on the text's last brace group only: an expression that starts with the
 * spaces before it is tried from every space of a long run (seconds for a 100 KB heading).
 */
export function explicitId(value: string): { id: string; end: number } | null {
  const trimmed = value.trimEnd();
  if (!trimmed.endsWith('}')) return null;
  const start = trimmed.lastIndexOf('{#');
  const match = start === -1 ? null : EXPLICIT_ID_RE.exec(trimmed.slice(start));
  return match ? { id: match[1]!, end: trimmed.slice(0, start).trimEnd().length } : null;
}

/** Where a heading starts, as rehype-headings.ts finds it again on the HTML heading. */
export function placeKey(place: { line: number; column: number }): string {
  return `${place.line}:${place.column}`;
}

export default function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    walk(tree as WalkNode, (any) => {
      if (any.type !== 'heading') return;
      const heading = any as unknown as Heading;
      const last = heading.children.at(-1);
      if (last?.type !== 'text') return;
      const found = explicitId((last as Text).value);
      if (!found) return;
      (last as Text).value = (last as Text).value.slice(0, found.end);
      if (!(last as Text).value) heading.children.pop();
      heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: found.id } };
      if (heading.position) (file.data.writtenIds ??= new Set()).add(placeKey(heading.position.start));
    });
  };
}
