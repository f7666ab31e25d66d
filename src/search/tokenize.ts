// Words for the search index, shared by the build (which indexes them) and the browser
// (which looks queries up the same way). Dependency-free, like src/routes/resolve.ts.
// No stemming (it is per language): a query word matches every indexed word it starts,
// so "pay" finds "payment" and "betaling" finds "betalingen".

const WORD_RE = /[\p{L}\p{N}]+/gu;
const SEPARATORS_RE = /[^\p{L}\p{N}]+/u;
const NON_ASCII_RE = /[^\x00-\x7f]/;
const MARKS_RE = /\p{M}+/gu;
const CAMEL_RE = /\p{Ll}\p{Lu}/u;
const CAMEL_PARTS_RE = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu;

/** Indexed words are at least this long: one letter matches too much to be a word. */
export const MIN_WORD = 2;
/** Longer words (hashes, base64 in examples) are left out. */
export const MAX_WORD = 40;

/** Lower case without accents: "Générale" -> "generale", so either spelling finds it. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(MARKS_RE, '').toLowerCase();
}

/**
 * The words of a text, folded, in order. A camelCase word also gives its parts
 * ("createPayment" -> "createpayment", "create", "payment"), so an operation id is found
 * by its whole name and by each word of it; `a_b` and `/a/{b}` split on the punctuation.
 */
export function words(text: string, emit: (word: string) => void): void {
  // Most text is ASCII: no accents to strip, and the runs of letters and digits are found
  // by their character codes (a regular expression's split makes an array of every piece).
  if (!NON_ASCII_RE.test(text)) {
    let start = -1;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : 0;
      const alphanumeric = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
      if (alphanumeric) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        if (i - start >= MIN_WORD && i - start <= MAX_WORD) emitWord(text.slice(start, i), emit);
        start = -1;
      }
    }
    return;
  }
  for (const raw of text.normalize('NFD').replace(MARKS_RE, '').split(SEPARATORS_RE)) {
    if (raw.length >= MIN_WORD && raw.length <= MAX_WORD) emitWord(raw, emit);
  }
}

/** A word, and the parts of a camelCase word. */
function emitWord(raw: string, emit: (word: string) => void): void {
  const word = raw.toLowerCase();
  emit(word);
  if (raw !== word && CAMEL_RE.test(raw)) {
    for (const part of raw.matchAll(CAMEL_PARTS_RE)) {
      const lower = part[0].toLowerCase();
      if (lower.length >= MIN_WORD && lower !== word) emit(lower);
    }
  }
}

/** The words of a query, as typed: whole words only (no camelCase parts), deduplicated. */
export function queryWords(query: string): string[] {
  const seen = new Set<string>();
  for (const match of fold(query).matchAll(WORD_RE)) {
    if (match[0].length >= MIN_WORD && match[0].length <= MAX_WORD) seen.add(match[0]);
  }
  return [...seen];
}
