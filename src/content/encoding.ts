// Content files, docs.config.yaml and the OpenAPI document are UTF-8. Anything else used
// to build silently with U+FFFD in the output (issue #13): the first bad byte is reported
// at its line and column instead.
import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../diagnostics.js';

export interface DecodedSource {
  text: string;
  /** Set when the bytes are not clean UTF-8 text. */
  diagnostic: Diagnostic | null;
}

const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function decodeSource(bytes: Uint8Array, file: string): DecodedSource {
  const problem = (line: number, column: number, message: string, hint: string): Diagnostic => ({ ruleId: 'encoding-invalid', severity: 'error', message, hint, file, line, column });
  const utf16 = utf16Kind(bytes);
  if (utf16) {
    return {
      text: new TextDecoder(utf16).decode(bytes),
      diagnostic: problem(1, 1, `the file is ${utf16.toUpperCase()} text; bankdocs reads its files as UTF-8`, 'save the file as UTF-8 (in most editors: "Save with encoding" or the encoding in the status bar)'),
    };
  }
  const text = decoder.decode(bytes);
  if (!isUtf8(bytes)) {
    const offset = firstInvalidUtf8(bytes);
    // The bytes before the first bad one are valid UTF-8.
    const { line, column } = placeAfter(decoder.decode(bytes.subarray(0, offset)));
    return {
      text,
      diagnostic: problem(line, column, `byte 0x${bytes[offset]!.toString(16).padStart(2, '0').toUpperCase()} is not valid UTF-8 (the file has another encoding, or is damaged)`, 'save the file as UTF-8; if it was pasted from elsewhere, retype the character at this place'),
    };
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    const { line, column } = placeAfter(text.slice(0, nul));
    return { text, diagnostic: problem(line, column, 'the file holds a NUL character', 'remove it: the file is text, and browsers show NUL as �') };
  }
  return { text, diagnostic: null };
}

function utf16Kind(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // Without a byte order mark: ASCII text in UTF-16 has a zero in every other byte.
  const sample = Math.min(bytes.length, 64) & ~1;
  if (sample < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  if (oddZeros >= (sample / 2) * 0.9 && evenZeros === 0) return 'utf-16le';
  if (evenZeros >= (sample / 2) * 0.9 && oddZeros === 0) return 'utf-16be';
  return null;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are invalid too.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += need + 1;
  }
  return -1;
}

/** 1-based line and column (in characters) of what follows `before`; a line ends at CRLF, CR or LF, as in Markdown. */
function placeAfter(before: string): { line: number; column: number } {
  const lines = before.split(/\r\n?|\n/);
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}
