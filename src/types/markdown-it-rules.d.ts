// markdown-it's rule modules, imported one by one to wrap them through the public Ruler
// methods (md.inline.ruler.at): @types/markdown-it describes only the package's root.
declare module 'markdown-it/lib/rules_inline/*.mjs' {
  import type { StateInline } from 'markdown-it';
  type InlineRule = (state: StateInline, silent: boolean) => boolean;
  const rule: InlineRule & { tokenize?: InlineRule; postProcess?: (state: StateInline) => void };
  export default rule;
}

declare module 'markdown-it/lib/rules_block/*.mjs' {
  import type { StateBlock } from 'markdown-it';
  const rule: (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
  export default rule;
}

declare module 'markdown-it/lib/common/utils.mjs' {
  export function unescapeAll(text: string): string;
  export function normalizeReference(text: string): string;
  export function isSpace(code: number): boolean;
}
