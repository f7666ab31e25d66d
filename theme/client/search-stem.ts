// Light stemmers for search queries (theme/client/search-index.ts), per locale: the forms
// of a word a reader means by it ("supported" for "supports" and "support", "created" for
// "create", "betalingen" for "betaling", "mandaten" for "mandaat"). Inflections only, no
// derivations ("payment" is not "pay", "user" not "use"): a query finds fewer wrong pages
// than a full stemmer's would. Dependency-free and small: it ships in the
// browser's search part. Words come folded (lower case, no accents).
//
// The index keeps words as written; the browser takes the terms of the query word's chunks
// whose stem is the query word's. So that those chunks are found, every stemmer here keeps
// this promise: a word begins with its stem less the stem's last letter (tests check it over
// the bundled site's words), and the chunks of that prefix hold every form of the word.

/** A word's stem; the same for all its inflected forms. */
export type Stem = (word: string) => string;

const DIGIT_RE = /\d/;
const VOWEL_RE = /[aeiouy]/;

/**
 * English, after Porter's first step: plural and third person "-s" ("payments", "supports",
 * "statuses", "companies" -> "compani", as "company"), "-ed" and "-ing" ("supported",
 * "creating"; "stopped" -> "stop"), a final "y" after a consonant as "i", a final "e" left
 * out ("create" -> "creat", as "created") and a final "ll" after two syllables as "l"
 * ("cancelled", "cancel" -> "cancel"). Words of three letters are kept.
 */
function english(word: string): string {
  if (word.length < 4) return word;
  let w = word;
  if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  const ending = /(?:ed|ing)$/.exec(w);
  // Not "need" or "agreed" ("-eed" is no "-ed"), nor "bring" (no vowel before "-ing").
  if (ending && !w.endsWith('eed')) {
    const rest = w.slice(0, ending.index);
    if (rest.length >= 3 && VOWEL_RE.test(rest)) {
      w = rest;
      // "stopped" -> "stop"; not "called" -> "cal", nor "added" -> "ad" (as "add" is kept).
      if (w.length > 3 && w.at(-1) === w.at(-2) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
    }
  }
  if (/[^aeiou]y$/.test(w) && w.length > 2) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  // "cancelled", "installed" as "cancel", "install" (Porter's step 5b); not "call".
  if (w.endsWith('ll') && (w.match(/[aeiouy]+[^aeiouy]+/g)?.length ?? 0) > 1) w = w.slice(0, -1);
  return w;
}

/**
 * Dutch: plural "-en" ("betalingen", "stappen" -> "stap") and "-s" after "-el", "-em",
 * "-en", "-er" or "-je" ("gebruikers"), and a long vowel before the last consonant written
 * once ("mandaat" -> "mandat", as "mandaten"). Not a final "e" ("nieuwe"): the English
 * pages every locale's index holds would answer Dutch words ("mandate" for "mandaat").
 */
function dutch(word: string): string {
  if (word.length < 5) return word;
  let w = word;
  if (/(?:e[lmnr]|je)s$/.test(w)) w = w.slice(0, -1);
  if (/[^aeiou]en$/.test(w) && w.length >= 5) {
    w = w.slice(0, -2);
    if (w.length > 3 && w.at(-1) === w.at(-2) && !VOWEL_RE.test(w.at(-1)!)) w = w.slice(0, -1);
  }
  return w.replace(/(?<=[^aeiou])(aa|ee|oo|uu)(?=[^aeiou]$)/, (pair) => pair[0]!);
}

/**
 * French, after Savoy's minimal stemmer (Lucene's FrenchMinimalStemmer): plural "-s" and
 * "-x" ("journaux" -> "journal"), then "-r", "-e" and "-é" ("autoriser", "autorisées" ->
 * "autoris", as "autorisé"; accents are folded), and a doubled last letter. Words under six letters are kept.
 */
function french(word: string): string {
  if (word.length < 6) return word;
  if (word.endsWith('x')) return word.endsWith('aux') ? `${word.slice(0, -2)}l` : word.slice(0, -1);
  let w = word;
  for (const letter of ['s', 'r', 'e', 'e']) if (w.endsWith(letter)) w = w.slice(0, -1);
  return w.at(-1) === w.at(-2) ? w.slice(0, -1) : w;
}

/**
 * Spanish, after Savoy's light stemmer (Lucene's SpanishLightStemmer): plural "-s", "-es"
 * ("paginaciones"; "luces" -> "luz") and a gender's final vowel ("mandato", "mandatos" ->
 * "mandat"), when four letters or more are left ("pago" and "pagos" are "pago").
 */
function spanish(word: string): string {
  if (word.length < 5) return word;
  let w = word;
  if (w.endsWith('ces')) return `${w.slice(0, -3)}z`;
  if (/[aeo]s$/.test(w) && w.length - 2 >= 4) return w.slice(0, -2);
  if (w.endsWith('s')) w = w.slice(0, -1);
  return /[aeo]$/.test(w) && w.length - 1 >= 4 ? w.slice(0, -1) : w;
}

const STEMMERS: Record<string, Stem> = { en: english, nl: dutch, fr: french, es: spanish };

/**
 * The stemmer of a locale ("en", "en-GB"), or none for a language without one here: its
 * words then find their own forms only as before (a longer word they begin, a plural's
 * singular).
 */
export function stemmerOf(locale: string): Stem | null {
  const stem = STEMMERS[locale.toLowerCase().split('-')[0]!];
  if (!stem) return null;
  // A query's words are compared with every term of their chunks, and marked in every result shown: each stemmed once.
  const known = new Map<string, string>();
  return (word) => {
    let found = known.get(word);
    if (found === undefined) {
      // Numbers and codes ("v2", "pain001") are not inflected.
      found = DIGIT_RE.test(word) ? word : stem(word);
      known.set(word, found);
    }
    return found;
  };
}
