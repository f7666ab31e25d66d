// The order of texts (titles, folder names, file paths) as `Intl.Collator('en')` sorts
// them, without making the collator for texts of printable ASCII, which are nearly all of
// them. Making the first collator loads ICU's collation data: 4-17 ms (depending on what
// of ICU was loaded before) of every build and check, the warm ones included;
// String#localeCompare does the same on its first call.
//
// For printable ASCII, Unicode's root collation (which "en" is) compares the characters'
// primary weights first (letters without case; no character is ignored and none shares
// a weight with another), and texts equal there by case, lower case first. ASCII_ORDER
// is that order, as the collator itself gives it; tests/unit/collate.test.ts checks the
// fast comparison against the collator. The locale is fixed: a build does not sort
// pages differently on a machine with another LANG.

/** Printable ASCII in collation order; each lower-case letter beside its capital. */
export const ASCII_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ';

/** Each printable ASCII character's primary weight (1-based; 0: not printable ASCII). */
const WEIGHT = new Uint8Array(128);
{
  let weight = 0;
  for (const char of ASCII_ORDER) {
    const code = char.charCodeAt(0);
    // A capital shares the weight of the lower-case letter before it.
    WEIGHT[code] = char >= 'A' && char <= 'Z' ? WEIGHT[code + 32]! : ++weight;
  }
}

let collator: Intl.Collator | null = null;

/** -1, 0 or 1, as `new Intl.Collator('en').compare(a, b)`. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (!printableAscii(a) || !printableAscii(b)) return slow(a, b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const wa = WEIGHT[a.charCodeAt(i)]!;
    const wb = WEIGHT[b.charCodeAt(i)]!;
    if (wa !== wb) return wa < wb ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  // The same letters, in other cases: the first difference decides, lower case first.
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x > y ? -1 : 1;
  }
  return 0;
}

function printableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || WEIGHT[code] === 0) return false;
  }
  return true;
}

function slow(a: string, b: string): number {
  collator ??= new Intl.Collator('en');
  return collator.compare(a, b);
}

/**
 * File paths with their numbers compared as numbers ("api/2-status.md" before
 * "api/10-webhooks.md"), the rest by code unit, as Array#sort would.
 */
export function compareNumbered(a: string, b: string): number {
  const pa = a.match(NUMBERED_RE) ?? [];
  const pb = b.match(NUMBERED_RE) ?? [];
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    const digits = DIGITS_RE.test(x) && DIGITS_RE.test(y);
    if (digits && Number(x) !== Number(y)) return Number(x) < Number(y) ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

const NUMBERED_RE = /\d+|\D+/g;
const DIGITS_RE = /^\d/;
