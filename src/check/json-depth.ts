// JSON nested deeper than anyone writes an example: refused before it is parsed, since
// jsonc-parser, JSON Schema validation and the places of problems all recurse once per
// level (20 000 nested arrays in a response example ended `check` with a stack overflow).

/** Deepest nesting of arrays and objects an example may have. */
export const MAX_JSON_DEPTH = 256;

/** The offset of the bracket that nests `text` deeper than MAX_JSON_DEPTH, or null. Strings are skipped. */
export function jsonTooDeepAt(text: string): number | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) {
      // A string: to its closing quote, past escapes.
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (code === 91 || code === 123) {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (code === 93 || code === 125) depth--;
  }
  return null;
}
