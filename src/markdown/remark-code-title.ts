// A fenced block's title, as Docusaurus and Starlight write it after the language
// (```js title="src/client.js"): the theme's CodeBlock shows it in the bar above the code,
// where the language is shown otherwise. It reaches the code element as data-title. The
// rest of such a line (line highlights {1,3-4}, showLineNumbers) is not read: the code
// shows whole, as written.
import type { Code, Root } from 'mdast';
import type { VFile } from 'vfile';
import { walk, type WalkNode } from './walk.js';

const TITLE_RE = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|([^\s"']+))/;

export default function remarkCodeTitle() {
  return (tree: Root, file: VFile) => {
    if (!String(file.value).includes('title=')) return;
    walk(tree as WalkNode, (any) => {
      if (any.type !== 'code') return;
      const node = any as unknown as Code;
      const match = node.meta ? TITLE_RE.exec(node.meta) : null;
      const title = match ? (match[1] ?? match[2] ?? match[3]!).trim() : '';
      if (title) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, dataTitle: title } };
    });
  };
}
