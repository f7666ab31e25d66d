// Percent-decoding that never throws: a stray "%" in a link or an example is the writer's
// mistake, reported where it is, never an internal error.

/** decodeURIComponent, or the text as written when an escape is malformed ("100%zz"). */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** decodeURI, or null when an escape is malformed. */
export function decodedPath(text: string): string | null {
  try {
    return decodeURI(text);
  } catch {
    return null;
  }
}
