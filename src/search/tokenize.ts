// Words for the search index, shared by the build (which indexes them) and the browser
// (which looks queries up the same way). Dependency-free, like src/routes/resolve.ts.
// No stemming (it is per language): a query word matches every indexed word it starts,
// so "pay" finds "payment" and "betaling" finds "betalingen". Chinese and Japanese put no
// spaces between words (and Korean joins particles to them): their text is indexed, and
// queries read, as every pair of characters in a row, so "作成" is found in "決済を作成する".

const WORD_RE = /[\p{L}\p{N}]+/gu;
const SEPARATORS_RE = /[^\p{L}\p{N}]+/u;
const NON_ASCII_RE = /[^\x00-\x7f]/;
/** Accents and other combining marks; not the kana voicing marks (が is not か). */
const MARKS_RE = /(?![\u3099\u309a])\p{M}/gu;
const CJK = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}';
const CJK_RUN_RE = new RegExp(`[${CJK}]+`, 'gu');
const HAS_CJK_RE = new RegExp(`[${CJK}]`, 'u');
const CAMEL_RE = /\p{Ll}\p{Lu}/u;
const CAMEL_PARTS_RE = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu;

/** Indexed words are at least this long: one letter matches too much to be a word. */
export const MIN_WORD = 2;
/** Longer words (hashes, base64 in examples) are left out. */
export const MAX_WORD = 40;

/** Lower case without accents: "Générale" -> "generale", so either spelling finds it. */
export function fold(text: string): string {
  return unmarked(text).toLowerCase();
}

/** Without accents; composed again (NFC), so a Hangul syllable or a voiced kana stays one character. */
function unmarked(text: string): string {
  return text.normalize('NFD').replace(MARKS_RE, '').normalize('NFC');
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
  for (const raw of unmarked(text).split(SEPARATORS_RE)) {
    if (HAS_CJK_RE.test(raw)) cjkWords(raw, false, emit);
    else if (raw.length >= MIN_WORD && raw.length <= MAX_WORD) emitWord(raw, emit);
  }
}

/**
 * A run of letters with Chinese, Japanese or Korean in it: each such part as its pairs of
 * characters ("決済を作成" -> "決済", "済を", "を作", "作成"), the rest as words. A query
 * of one such character (`query`) is kept whole: it finds the pairs it starts.
 */
function cjkWords(raw: string, query: boolean, emit: (word: string) => void): void {
  let last = 0;
  const other = (part: string) => {
    if (part.length >= MIN_WORD && part.length <= MAX_WORD) emitWord(part, emit);
  };
  for (const match of raw.matchAll(CJK_RUN_RE)) {
    other(raw.slice(last, match.index));
    last = match.index + match[0].length;
    const chars = Array.from(match[0].toLowerCase());
    if (chars.length === 1 && query) emit(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) emit(chars[i]! + chars[i + 1]!);
  }
  other(raw.slice(last));
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
    if (HAS_CJK_RE.test(match[0])) cjkWords(match[0], true, (word) => seen.add(word));
    else if (match[0].length >= MIN_WORD && match[0].length <= MAX_WORD) seen.add(match[0]);
  }
  return [...seen];
}

/** Whether a query word is Chinese, Japanese or Korean: a pair of characters, found inside a run of them. */
export function isCjk(word: string): boolean {
  return HAS_CJK_RE.test(word);
}

/**
 * What a plural may be the plural of: "payments" -> "payment", "statuses" -> "status",
 * "responses" -> "response" or "respons" (a word ending in -ses, -ces, -ges may drop "s"
 * or "es"); none for a word that is no plural of this simple kind.
 */
export function singularsOf(word: string): string[] {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss')) return [];
  if (/(?:x|z|ch|sh)es$/.test(word)) return [word.slice(0, -2)];
  if (/[scg]es$/.test(word)) return [word.slice(0, -1), word.slice(0, -2)];
  return [word.slice(0, -1)];
}
