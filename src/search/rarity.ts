// How rare a word is, as BM25 counts it: shared by the index (build-index.ts), which
// scores every word of a record by it, and the browser (theme/client/search-index.ts),
// which takes the forms a query word finds ("betaling", "betalingen") for one word, as rare
// as all of them together. Dependency-free, like tokenize.ts.

/** BM25's inverse document frequency of a word held by `df` of `n` records (never negative). */
export function inverseFrequency(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
