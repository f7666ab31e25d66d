// GFM strikethrough: `~one~` or `~~two~~`, opener and closer of the same length; longer
// runs are text. (markdown-it's own rule knows `~~` only.) The delimiter tokens carry
// their place in the inline content, so the delete node gets its position.
import type { StateInline } from 'markdown-it';
import type { Located } from './positions.js';

const TILDE = 0x7e;
/** A marker code for single tildes, so `~` never pairs with `~~`. */
const SINGLE_TILDE = -TILDE;

export function strikethrough(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false;
  const scanned = state.scanDelims(state.pos, true);
  const token = state.push('text', '', 0) as Located;
  token.content = '~'.repeat(scanned.length);
  token.start = state.pos;
  token.end = state.pos + scanned.length;
  if (scanned.length <= 2) {
    state.delimiters.push({
      marker: scanned.length === 2 ? TILDE : SINGLE_TILDE,
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += scanned.length;
  return true;
}

export function strikethroughPairs(state: StateInline): boolean {
  const pair = (delimiters: StateInline['delimiters']) => {
    for (const open of delimiters) {
      if ((open.marker !== TILDE && open.marker !== SINGLE_TILDE) || open.end === -1) continue;
      const close = delimiters[open.end]!;
      for (const [token, nesting] of [[state.tokens[open.token]!, 1], [state.tokens[close.token]!, -1]] as const) {
        token.type = nesting === 1 ? 's_open' : 's_close';
        token.tag = 's';
        token.nesting = nesting;
        token.markup = token.content;
        token.content = '';
      }
    }
  };
  pair(state.delimiters);
  for (const meta of state.tokens_meta) if (meta?.delimiters) pair(meta.delimiters);
  return true;
}
