// GFM task list items: "[ ]" or "[x]" and a blank at the start of an item's first
// paragraph. A core rule, run before inline parsing, so "[x]" is never taken for a
// reference link.
import type { StateCore } from 'markdown-it';

const TASK_RE = /^\[([ xX])\](?=\s|$)[ \t]?/;

export function taskList(state: StateCore): boolean {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
    const task = TASK_RE.exec(inline.content);
    if (!task) continue;
    inline.content = inline.content.slice(task[0].length);
    inline.meta = { ...inline.meta, skipped: task[0].length };
    tokens[i - 2]!.meta = { ...tokens[i - 2]!.meta, checked: task[1] !== ' ' };
  }
  return true;
}
