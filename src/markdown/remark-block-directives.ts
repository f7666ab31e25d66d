// Block directives (`::name{…}` and `:::name{…} … :::`, the generic directives proposal):
// the names and attribute schemas come from the directive registry (bankdocs' own
// through src/plugin/core.ts, and the site's plugins). Only the block forms are
// enabled: the inline form would turn "Priority:high" or "10:30" in prose into
// directives. An unknown directive stays as its text; one missing a required
// attribute is dropped, so no later stage reads it half-written.
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ADMONITIONS, CORE_PLUGIN_NAME } from '../plugin/core.js';
import { attributeIssues, type DirectiveRegistry, type RegisteredDirective } from '../plugin/directives.js';
import { attributePlace } from './attribute-place.js';
import { contextOf } from './context.js';
import { shownPath } from '../diagnostics.js';
import { hasDirectives } from './engines.js';

export default function remarkBlockDirectives(options: { directives: DirectiveRegistry }) {
  const names = () => {
    const all = [...options.directives.values()];
    const isAdmonition = (d: RegisteredDirective) => d.owner === CORE_PLUGIN_NAME && Object.hasOwn(ADMONITIONS, d.name);
    return `${all.filter((d) => !isAdmonition(d)).map((d) => d.name).join(', ')}; admonitions: ${all.filter(isAdmonition).map((d) => d.name).join(', ')}`;
  };
  return (tree: Root, file: VFile) => {
    if (!hasDirectives(tree)) return; // no directive: skip the walk (most pages)
    const source = String(file.value);
    const ctx = contextOf(file);
    visit(tree, (node, index, parent) => {
      if (node.type !== 'leafDirective' && node.type !== 'containerDirective') return;
      const start = node.position?.start;
      const at = { file: ctx.file, line: start?.line ?? 1, column: start?.column ?? 1 };
      const directive = options.directives.get(node.name);
      if (!directive) {
        ctx.diagnostics.push({
          ruleId: 'unknown-directive',
          severity: 'error',
          message: `"${node.name}" is not a directive bankdocs knows (${names()})`,
          hint: `check the spelling, add the plugin that defines it to plugins: in ${shownPath(ctx.places.configFile)}, or escape the leading colon (\\:) if this is plain text`,
          paths: [ctx.places.configFile],
          ...at,
        });
        if (parent && index !== undefined) {
          const raw = source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
          parent.children.splice(index, 1, { type: 'paragraph', children: [{ type: 'text', value: raw }] });
        }
        return;
      }
      const kind = node.type === 'leafDirective' ? 'leaf' : 'container';
      if (directive.kind !== 'any' && directive.kind !== kind) {
        ctx.diagnostics.push({
          ruleId: 'directive-invalid',
          severity: 'error',
          message: `"${node.name}" is a ${directive.kind} directive, written here as a ${kind}`,
          hint: directive.kind === 'leaf' ? `write it on one line: ::${node.name}{…}` : `write it as :::${node.name}{…}, its content, then ::: on a line of its own`,
          ...at,
        });
      }
      const issues = attributeIssues(directive, node.attributes ?? {});
      // Each at its attribute: two on one directive were one place, and the second was dropped as a repeat.
      for (const { attribute, ...issue } of issues) ctx.diagnostics.push({ ...issue, severity: issue.ruleId === 'directive-attribute-unknown' ? 'warning' : 'error', file: ctx.file, ...attributePlace(source, node, attribute) });
      if (issues.some((i) => i.ruleId === 'directive-attribute-missing') && parent && index !== undefined) {
        parent.children.splice(index, 1);
        return index;
      }
      return undefined;
    });
  };
}
