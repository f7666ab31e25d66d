// Runs the transforms of the site plugins' directives (src/plugin/types.ts
// DirectiveDefinition.transform): each directive node is replaced by what its transform
// returns. Runs after bankdocs' own directive stages and before links are resolved, so
// links a directive makes are checked like any other.
import type { Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { DirectiveRegistry } from '../plugin/directives.js';
import type { DirectiveContext, DirectiveNode } from '../plugin/types.js';
import { contextOf } from './context.js';
import { hasDirectives } from './engines.js';

export interface PluginDirectivesOptions {
  directives: DirectiveRegistry;
  /** A plugin string for a locale (src/plugin/strings.ts). */
  t: (locale: string | null, key: string) => string;
}

export default function remarkPluginDirectives(options: PluginDirectivesOptions) {
  const transformed = [...options.directives.values()].filter((d) => d.transform);
  return (tree: Root, file: VFile) => {
    if (!transformed.length || !hasDirectives(tree)) return;
    const ctx = contextOf(file);
    visit(tree, (node, index, parent) => {
      if ((node.type !== 'leafDirective' && node.type !== 'containerDirective') || !parent || index === undefined) return undefined;
      const directive = options.directives.get(node.name);
      if (!directive?.transform) return undefined;
      const directiveNode = node as DirectiveNode;
      const context: DirectiveContext = {
        attributes: Object.fromEntries(Object.entries(node.attributes ?? {}).map(([k, v]) => [k, v ?? ''])),
        locale: ctx.locale,
        source: ctx.source,
        t: (key) => options.t(ctx.locale, key),
        report(message, more = {}) {
          const start = (more.node ?? directiveNode).position?.start ?? directiveNode.position?.start;
          ctx.diagnostics.push({
            ruleId: `${directive.owner}/${more.rule ?? directive.name}`,
            severity: more.severity ?? 'error',
            message,
            ...(more.hint ? { hint: more.hint } : {}),
            file: ctx.file,
            line: start?.line ?? 1,
            column: start?.column ?? 1,
          });
        },
      };
      let result: ReturnType<NonNullable<typeof directive.transform>>;
      try {
        result = directive.transform(directiveNode, context);
      } catch (error) {
        context.report(`the directive "${node.name}" of the plugin "${directive.owner}" failed: ${(error as Error)?.message ?? String(error)}`, { rule: 'directive-failed', hint: 'a bug in the plugin: report it to its authors, with this page' });
        result = null;
      }
      let replacement: RootContent[] = result == null ? [] : Array.isArray(result) ? result : [result];
      // A transform must give Markdown nodes, at once: a promise or a string would render as
      // nothing, or fail later with no name to it.
      const wrong = replacement.find((n) => typeof n !== 'object' || n === null || typeof (n as { type?: unknown }).type !== 'string' || typeof (n as { then?: unknown }).then === 'function');
      if (wrong !== undefined) {
        const what = typeof (wrong as { then?: unknown } | null)?.then === 'function' ? 'a promise (transforms run synchronously: no async function)' : `${typeof wrong === 'object' ? JSON.stringify(wrong)?.slice(0, 60) : JSON.stringify(wrong)}, not a Markdown node`;
        context.report(`the directive "${node.name}" of the plugin "${directive.owner}" returned ${what}`, { rule: 'directive-failed', hint: 'return an mdast node ({ type: "paragraph", children: [...] }), a list of them, or null' });
        replacement = [];
      }
      parent.children.splice(index, 1, ...(replacement as never[]));
      return index + replacement.length;
    });
  };
}
