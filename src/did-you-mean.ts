// "Did you mean": the known name closest to a mistyped one, for the hints of diagnostics.

/**
 * Edit distance between a and b: insertions, deletions, substitutions and swaps of two
 * letters side by side ("paymnet"), one each (optimal string alignment).
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `wanted` by edit distance, if it is at most `within` edits away
 * (by default a third of its length, and at least 3); null when none is that close.
 */
export function nearest(wanted: string, candidates: Iterable<string>, within = Math.max(3, wanted.length / 3)): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // A length apart larger than the limit is that many edits at least: skip the table.
    if (Math.abs(wanted.length - candidate.length) > within) continue;
    const d = editDistance(wanted, candidate);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return bestDistance <= within ? best : null;
}

/** `did you mean "x"?` for the nearest candidate, or `otherwise` when none is close. */
export function suggest(wanted: string, candidates: Iterable<string>, otherwise = 'check the path: relative links are resolved from the folder of this file'): string {
  const best = nearest(wanted, candidates);
  return best !== null ? `did you mean "${best}"?` : otherwise;
}
