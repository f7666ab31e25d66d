// The ranking of search results over one locale's index (src/search/build-index.ts),
// apart from the dialog (search.ts) so that it reads its files through any function: the
// browser fetches them, the relevance test (tests/integration/search-relevance.test.ts)
// reads them from a built site and ranks exactly as the dialog does.
import type { RecordChunk, SearchMeta } from '../../src/search/build-index.js';
import type { SearchGroup } from '../../src/search/entries.js';
import { editDistance } from '../../src/did-you-mean.js';
import { inverseFrequency } from '../../src/search/rarity.js';
import { stemmerOf, type Stem } from './search-stem.js';
import { fold, isCjk, queryWords, singularsOf } from '../../src/search/tokenize.js';

/** Results fetched and ranked per query, and shown per group. */
const MAX_RESULTS = 40;
/** Records ranked by the index before titles are read: enough that an exact title far down the index's order is still found. */
const MAX_CANDIDATES = 80;
const MAX_PER_GROUP = 8;
/** After its first result, a group shows only those at least this many times as good as the best result of all. */
const STRONG = 0.5;
/** A query word other than the last is one the reader finished typing: it matches words at most this many letters longer ("payment" -> "payments"), not every word it begins ("is" -> "issue"). */
const FINISHED_WORD_SLACK = 2;
/** A word the query word only starts counts less than the word itself. */
const PREFIX_FACTOR = 0.5;
/** Another form of the query word by its stem ("supports", "support" for "supported") counts less than a plural's singular. */
const STEM_FACTOR = 0.8;
const TITLE_EXACT = 3;
/** A title holding every query word counts this much more, and up to TITLE_COVERAGE more by the share of its words the query names ("Given mandates" over "Delete given mandate account"). */
const TITLE_ALL_WORDS = 0.3;
const TITLE_COVERAGE = 0.4;
/** A word within this many edits of a query word that finds nothing stands in for it ("paymnet" -> "payment"), at this factor. */
const TYPO_FACTOR = 0.6;
/** In a query no record matches in full, a word found in more than this share of the records ("the", "to") counts for nothing. */
const COMMON_SHARE = 0.25;
/**
 * How much a group's results count: the legal documents name payments, fees and data in
 * nearly every section, and are rarely what a reader of the docs searches for.
 */
const GROUP_WEIGHT: Partial<Record<SearchGroup, number>> = { legal: 0.7 };
/**
 * An operation the query finds by words outside its title (a parameter, its text) counts
 * this much: the section that explains a thing ranks above the calls that take it
 * ("page[limit]": Pagination, not every list operation).
 */
const OPERATION_WEIGHT = 0.85;
/** Equal scores: the group that is more often the answer first. */
const GROUP_ORDER: readonly SearchGroup[] = ['api', 'guide', 'help', 'support', 'home', 'legal'];

export interface Ranked {
  id: number;
  score: number;
  /** The page's URL; for the API reference, with its language placeholder. */
  url: string;
  /** The heading id ("" for the top of the page). */
  hash: string;
  title: string;
  page: string;
  group: SearchGroup;
  excerpt: string;
  detail?: string;
}

/** A query as the index answers it. */
export interface Answer {
  /** The query's words, the last the one the reader may still be typing. */
  words: string[];
  /** The parts of its camelCase words ("redirectUri": "redirect", "uri"), if any. */
  parts: string[];
  results: Ranked[];
}

type Postings = Record<string, number[]>;

/** The index of one locale, its files read once each through `read` (a file's name in the locale's folder). */
export class SearchIndex {
  private readonly files = new Map<string, Promise<unknown>>();
  /** The terms that stood in for a query word that finds none ("payment" for "paymnet"), by word. */
  private readonly standIns = new Map<string, string[]>();
  /** The stemmer of the index's locale, if it has one: a query word finds the words of its stem. */
  readonly stem: Stem | null;
  constructor(
    readonly meta: SearchMeta,
    private readonly read: (name: string) => Promise<unknown>,
  ) {
    this.stem = stemmerOf(meta.locale);
  }

  private file<T>(name: string): Promise<T> {
    let loading = this.files.get(name);
    if (!loading) {
      loading = this.read(name);
      // A failed chunk is read again by the next query.
      loading.catch(() => this.files.delete(name));
      this.files.set(name, loading);
    }
    return loading as Promise<T>;
  }

  /** The term chunks that may hold words starting with `word`. */
  private termFiles(word: string): string[] {
    const terms = this.meta.terms;
    let first = 0;
    for (let i = 0; i < terms.length && terms[i]![0] <= word; i++) first = i;
    const names = terms.length ? [terms[first]![1]] : [];
    for (let i = first + 1; i < terms.length && terms[i]![0].startsWith(word); i++) names.push(terms[i]![1]);
    return names;
  }

  private async scores(word: string, last: boolean): Promise<Map<number, number>> {
    // A plural finds its singular too ("payments" -> "payment"), as the singular finds the plural.
    const singulars = singularsOf(word);
    // The words of its stem begin with the stem less its last letter (search-stem.ts).
    const stemmed = this.stem ? [this.stem(word).slice(0, -1)] : [];
    const names = new Set([word, ...singulars, ...stemmed].flatMap((prefix) => this.termFiles(prefix)));
    const chunks = await Promise.all([...names].map((name) => this.file<Postings>(name)));
    const forms: [list: number[], factor: number][] = [];
    for (const chunk of chunks) {
      for (const term of Object.keys(chunk)) {
        const factor = termFactor(term, word, last, this.stem, singulars);
        if (factor) forms.push([chunk[term]!, factor]);
      }
    }
    // A word no term is or begins: a typo ("paymnet"), or a spelling the site does not use
    // ("synchronisation"): the nearest terms of its chunks, by edits, stand in.
    if (!forms.length && word.length >= 4 && !isCjk(word)) {
      const allowed = word.length >= 8 ? 2 : 1;
      let nearest = allowed + 1;
      let found: [string, number[]][] = [];
      for (const chunk of chunks) {
        for (const term of Object.keys(chunk)) {
          if (Math.abs(term.length - word.length) > allowed || term[0] !== word[0]) continue;
          const distance = editDistance(term, word);
          if (distance < nearest) [nearest, found] = [distance, [[term, chunk[term]!]]];
          else if (distance === nearest) found.push([term, chunk[term]!]);
        }
      }
      for (const [, list] of found) forms.push([list, TYPO_FACTOR]);
      this.standIns.set(word, found.map(([term]) => term));
    }
    return this.oneWord(forms);
  }

  /**
   * The scores of the forms of one query word, by record: each form's score as the index has
   * it, but for the word's rarity, which is that of all its forms together ("betaling" is
   * rare, "betalingen" common: one word; "mandateaccount" is rare, but no rarer than
   * "mandate"); a record scores by its best form, not by every form it holds.
   */
  private oneWord(forms: [list: number[], factor: number][]): Map<number, number> {
    const records = this.meta.records;
    const holding = new Set<number>();
    for (const [list] of forms) {
      let id = 0;
      for (let i = 0; i < list.length; i += 2) holding.add((id += list[i]!));
    }
    const rarity = inverseFrequency(records, holding.size);
    const scores = new Map<number, number>();
    for (const [list, factor] of forms) {
      const scale = (rarity / inverseFrequency(records, list.length / 2)) * factor;
      let id = 0;
      for (let i = 0; i < list.length; i += 2) {
        id += list[i]!;
        const score = list[i + 1]! * scale;
        if (score > (scores.get(id) ?? 0)) scores.set(id, score);
      }
    }
    return scores;
  }

  /** The words a result may show for `words`: theirs, and the terms that stood in for those that found none. */
  shownWords(words: string[]): string[] {
    return words.flatMap((word) => [...(this.standIns.get(word) ?? []), word]);
  }

  /** The results of a query as typed: its words, the parts of its camelCase words, and whether it is an API path. */
  async answer(query: string): Promise<Answer> {
    const words = queryWords(query);
    const parts = camelParts(query, words);
    return { words, parts, results: words.length ? await this.search(words, parts, queryPath(query)) : [] };
  }

  /** `words`, and the parts of the camelCase ones apart ("redirectUri": "redirect uri"), found together; `path`: the query, when it is an API path. */
  async search(words: string[], parts: string[] = [], path: string | null = null): Promise<Ranked[]> {
    const perWord = await Promise.all(words.map((w, i) => this.scores(w, i === words.length - 1)));
    // Every word (AND); when no record has them all, any of them but the words most records hold ("the", "to").
    let ranked = combine(perWord, true);
    if (!ranked.length) {
      const records = this.meta.records;
      const rare = perWord.filter((scores) => scores.size <= records * COMMON_SHARE);
      ranked = combine(rare.length ? rare : perWord, false);
    }
    if (parts.length) {
      const perPart = await Promise.all(parts.map((w, i) => this.scores(w, i === parts.length - 1)));
      const best = new Map(ranked);
      for (const [id, score] of combine(perPart, true)) if (score > (best.get(id) ?? 0)) best.set(id, score);
      ranked = [...best];
    }
    ranked = ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MAX_CANDIDATES);
    const chunks = this.meta.chunks;
    const chunkOf = (id: number) => {
      let at = 0;
      while (at + 1 < chunks.length && chunks[at + 1]![0] <= id) at++;
      return at;
    };
    const needed = [...new Set(ranked.map(([id]) => chunkOf(id)))];
    const loaded = new Map(await Promise.all(needed.map(async (at) => [at, await this.file<RecordChunk>(chunks[at]![1])] as const)));
    const results = ranked.map(([id, score]) => {
      const at = chunkOf(id);
      const chunk = loaded.get(at)!;
      const [page, hash, title, excerpt, detail] = chunk.records[id - chunks[at]![0]]!;
      const [url, pageTitle, group] = chunk.pages[page]!;
      // The operation whose path the query is ("/accounts/{id}/transactions") as a title that is the query.
      const bonus = path !== null && detail !== undefined && samePath(detail, path) ? TITLE_EXACT : Math.max(titleBonus(title, words, this.stem), parts.length ? titleBonus(title, parts, this.stem) : 1);
      const result: Ranked = { id, score: score * bonus * (GROUP_WEIGHT[group] ?? 1) * (detail !== undefined && bonus === 1 ? OPERATION_WEIGHT : 1), url, hash, title, page: pageTitle, group, excerpt };
      if (detail) result.detail = detail;
      return result;
    });
    // The title bonus can lift a record from far down the index's order: cut after it.
    return results.sort((a, b) => b.score - a.score || GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || a.id - b.id).slice(0, MAX_RESULTS);
  }
}

/** Results listed first, before the groups, when they are not all of one group: the best of all. */
const TOP = 2;

/** What the dialog lists: the results of a group, or the best of all first ("top"). */
export type ListedGroup = SearchGroup | 'top';

/**
 * The results as the dialog shows them: the best TOP of all first when they are of two
 * groups (an operation and a FAQ answer: each group would list all its good results before
 * the other's best), then groups in the order of their best result; results in rank order
 * within each, a group's weak ones left out (they would push better ones of the next group
 * off the screen), and one section shown once across the versions of a document.
 */
export function arrange<T extends Ranked>(results: readonly T[]): [ListedGroup, T[]][] {
  const seen = new Set<string>();
  const kept = results.filter((r) => {
    // "7. Payments" of v5.0 and "6. Payments" of v2.0 are one section of one document.
    const key = `${r.group}\u0000${r.url.replace(/\/v\d+(?:\.\d+)*(?=\/|$)/, '')}\u0000${r.title.replace(/^\d+(?:\.\d+)*\.?\s+/, '')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const best = kept[0]?.score ?? 0;
  const strong = (r: T) => r.score >= best * STRONG;
  let top = kept.slice(0, TOP).filter(strong);
  if (top.every((r) => r.group === top[0]!.group)) top = [];
  const groups = new Map<ListedGroup, T[]>(top.length ? [['top', top]] : []);
  const shown = new Map<SearchGroup, number>();
  for (const r of kept) {
    const list = groups.get(r.group) ?? [];
    // A group keeps its place by its best result, also when that is listed first.
    groups.set(r.group, list);
    const count = shown.get(r.group) ?? 0;
    if (count >= MAX_PER_GROUP || (count > 0 && !strong(r))) continue;
    if (!top.includes(r)) list.push(r);
    shown.set(r.group, count + 1);
  }
  return [...groups].filter(([, list]) => list.length > 0);
}

/**
 * A title that is the query ("Create payment" for "create payment") ranks first, one that
 * holds every word of it next, as the search finds words (termFactor: "Betalingen
 * initiëren" holds "betaling" typed, "Create payment" "created"): the index scores words,
 * not their order. A title whose words are the query's by their stems only is not the
 * query ("7. Betalingen" of the terms is not all "betaling" asks for).
 */
export function titleBonus(title: string, words: string[], stem: Stem | null = null): number {
  const own = queryWords(title);
  const same = (a: string, b: string) => a === b || singularsOf(a).includes(b) || singularsOf(b).includes(a);
  if (own.length === words.length && own.every((w, i) => same(w, words[i]!))) return TITLE_EXACT;
  const finds = (o: string, w: string, i: number) => termFactor(o, w, i === words.length - 1, stem) > 0;
  if (!words.every((w, i) => own.some((o) => finds(o, w, i)))) return 1;
  const named = own.filter((o) => words.some((w, i) => finds(o, w, i))).length;
  return 1 + TITLE_ALL_WORDS + (TITLE_COVERAGE * named) / own.length;
}

/**
 * How much a term of the index counts for a query word: 1 for the word, less for a longer
 * word it begins, its singular or another word of its stem (with `stem`, the locale's), 0
 * for none.
 */
export function termFactor(term: string, word: string, last: boolean, stem: Stem | null = null, singulars: readonly string[] = singularsOf(word)): number {
  if (term === word) return 1;
  if (term.startsWith(word) && (last || term.length - word.length <= FINISHED_WORD_SLACK)) return PREFIX_FACTOR + (PREFIX_FACTOR * word.length) / term.length;
  if (singulars.includes(term)) return 0.9;
  if (stem === null) return 0;
  const own = stem(word);
  // Its words begin with the stem less its last letter (search-stem.ts): no other term is stemmed.
  return term.startsWith(own.slice(0, -1)) && stem(term) === own ? STEM_FACTOR : 0;
}

function combine(perWord: Map<number, number>[], all: boolean): [number, number][] {
  const total = new Map<number, number>();
  const hits = new Map<number, number>();
  for (const scores of perWord) {
    for (const [id, score] of scores) {
      total.set(id, (total.get(id) ?? 0) + score);
      hits.set(id, (hits.get(id) ?? 0) + 1);
    }
  }
  return [...total].filter(([id]) => !all || hits.get(id) === perWord.length);
}

/** The query, when it is an API path ("/accounts/{id}/transactions", "GET /payments"): its path; else null. */
export function queryPath(query: string): string | null {
  const path = /^(?:[A-Za-z]+\s+)?(\/[^\s?#]*)$/.exec(query.trim())?.[1];
  return path && path.length > 1 ? path : null;
}

/**
 * Whether an operation's "METHOD /path" has the path `path`, any placeholder ("{id}",
 * "{accountId}", ":id") standing for any segment, a trailing slash or none.
 */
export function samePath(detail: string, path: string): boolean {
  const segments = (p: string) => p.replace(/^[A-Z]+\s+/, '').split('/').filter(Boolean);
  const own = segments(detail);
  const asked = segments(path);
  const placeholder = (segment: string) => /^\{[^}]*\}$|^:/.test(segment);
  return own.length === asked.length && own.every((segment, i) => segment.toLowerCase() === asked[i]!.toLowerCase() || placeholder(segment));
}

/** The parts of the query's words written in camelCase ("createPayment": "create", "payment"); none when it has no such word. */
function camelParts(query: string, words: string[]): string[] {
  if (!/\p{Ll}\p{Lu}/u.test(query)) return [];
  const parts = [...query.matchAll(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu)].map((m) => fold(m[0])).filter((w) => w.length >= 2);
  return parts.join(' ') === words.join(' ') ? [] : [...new Set(parts)];
}
