// Where a directive's attribute is written, for problems with its value: the parsers keep
// the directive's place, not its attributes'.
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { attributeOffsets } from './fast/rules/directive.js';

/**
 * The line and column of the attribute `name` of a directive, read from its opening line
 * in `source` (the text the tree was parsed from); the directive's own place for an
 * attribute not written there (a missing one), or none named.
 */
export function attributePlace(source: string, node: ContainerDirective | LeafDirective, name?: string): { line: number; column: number } {
  const start = node.position?.start;
  const at = { line: start?.line ?? 1, column: start?.column ?? 1 };
  if (name === undefined || start?.offset === undefined) return at;
  const end = source.indexOf('\n', start.offset);
  const offset = attributeOffsets(source.slice(start.offset, end < 0 ? undefined : end)).get(name);
  return offset === undefined ? at : { line: at.line, column: at.column + offset };
}
