// Block directives (`::name{…}` and `:::name{…} … :::`, the generic directives proposal)
// for our components: tab views now, API operations and schemas later. Only the block
// forms are enabled: the inline form would turn "Priority:high" or "10:30" in prose
// into directives.
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { contextOf } from './context.js';
import { hasDirectives } from './engines.js';

export const KNOWN_DIRECTIVES = new Set(['tabs', 'tab', 'operation', 'schema']);

export default function remarkBlockDirectives() {
  return (tree: Root, file: VFile) => {
    if (!hasDirectives(tree)) return; // no directive: skip the walk (most pages)
    const source = String(file.value);
    const ctx = contextOf(file);
    visit(tree, (node, index, parent) => {
      if (node.type !== 'leafDirective' && node.type !== 'containerDirective') return;
      if (KNOWN_DIRECTIVES.has(node.name)) return;
      const start = node.position?.start;
      ctx.diagnostics.push({
        ruleId: 'unknown-directive',
        severity: 'error',
        message: `"${node.name}" is not a directive bankdocs knows (${[...KNOWN_DIRECTIVES].join(', ')})`,
        hint: 'check the spelling, or escape the leading colon (\\:) if this is plain text',
        file: ctx.file,
        line: start?.line ?? 1,
        column: start?.column ?? 1,
      });
      if (parent && index !== undefined) {
        const raw = source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
        parent.children.splice(index, 1, { type: 'paragraph', children: [{ type: 'text', value: raw }] });
      }
    });
  };
}
