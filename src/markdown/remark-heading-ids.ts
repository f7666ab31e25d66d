// Heading ids a writer chooses: "## Install the client {#install}" keeps the id "install"
// whatever the heading later says, so links to it survive a reworded title (as Docusaurus,
// Hugo and MkDocs read it). The braces are taken out of the heading; rehype-headings.ts
// registers the id like an API operation's (no other heading then takes it).
import type { Heading, Root, Text } from 'mdast';
import { walk, type WalkNode } from './walk.js';

const EXPLICIT_ID_RE = /\s*\{#([A-Za-z][\w-]*)\}\s*$/;

export default function remarkHeadingIds() {
  return (tree: Root) => {
    walk(tree as WalkNode, (any) => {
      if (any.type !== 'heading') return;
      const heading = any as unknown as Heading;
      const last = heading.children.at(-1);
      if (last?.type !== 'text') return;
      const match = EXPLICIT_ID_RE.exec((last as Text).value);
      if (!match) return;
      (last as Text).value = (last as Text).value.slice(0, match.index);
      if (!(last as Text).value) heading.children.pop();
      heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: match[1]! } };
    });
  };
}
