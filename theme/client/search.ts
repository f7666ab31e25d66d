// Search (lazy part, issue #17): a modal dialog holding a combobox and its listbox of
// results, grouped by page type, with the query's words marked. The index of the page's
// locale is static files (src/search/build-index.ts): index.json when the dialog first
// opens, then only the term chunks a query's words fall in and the record chunks of the
// results shown. Keyboard: ↑ ↓ move, Enter opens, Escape closes; full screen on phones (CSS).
import type { RecordChunk, SearchMeta } from '../../src/search/build-index.js';
import type { SearchGroup } from '../../src/search/entries.js';
import { editDistance } from '../../src/did-you-mean.js';
import { fold, isCjk, queryWords } from '../../src/search/tokenize.js';
import type { RuntimeConfig } from './config.js';

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
const EXCERPT_SHOWN = 160;
/** A query of no word (one letter, punctuation) is said to be too short after this pause in typing. */
const TOO_SHORT_AFTER_MS = 800;
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
/** Equal scores: the group that is more often the answer first. */
const GROUP_ORDER: readonly SearchGroup[] = ['api', 'guide', 'help', 'support', 'home', 'legal'];
const WORD_RE = /[\p{L}\p{N}]+/gu;

interface Result {
  id: number;
  score: number;
  href: string;
  /** The page's URL (href may be a bare #hash on the page being read). */
  url: string;
  title: string;
  page: string;
  group: SearchGroup;
  excerpt: string;
  detail?: string;
}

type Postings = Record<string, number[]>;

export interface SearchController {
  /**
   * Shows the dialog, with `typed` (keys pressed while this part loaded) added to the
   * field, or in its place with `replace` (a query typed elsewhere: the 404 page's box).
   */
  open(typed?: string, options?: { replace?: boolean }): void;
}

export interface SearchOptions {
  /** The header button: it names the dialog, and gets the focus back. */
  button: HTMLElement;
  /**
   * The stored API example language. Passed in by the core runtime, which reads storage
   * already: importing its modules here would split them into chunks of their own.
   */
  storedLanguage: () => string | null;
}

/** The index of one locale, its chunks fetched once each. */
class Index {
  private readonly files = new Map<string, Promise<unknown>>();
  /** The terms that stood in for a query word that finds none ("payment" for "paymnet"), by word. */
  private readonly standIns = new Map<string, string[]>();
  constructor(
    readonly meta: SearchMeta,
    private readonly base: string,
    private readonly storedLanguage: () => string | null,
  ) {}

  private file<T>(name: string): Promise<T> {
    let loading = this.files.get(name);
    if (!loading) {
      loading = fetchJson(`${this.base}${name}`);
      // A failed chunk is fetched again by the next query.
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
    const names = new Set([...this.termFiles(word), ...singulars.flatMap((singular) => this.termFiles(singular))]);
    const chunks = await Promise.all([...names].map((name) => this.file<Postings>(name)));
    const scores = new Map<number, number>();
    const add = (list: number[], factor: number) => {
      let id = 0;
      for (let i = 0; i < list.length; i += 2) {
        id += list[i]!;
        const score = list[i + 1]! * factor;
        // The best form of the word counts, not every form found.
        if (score > (scores.get(id) ?? 0)) scores.set(id, score);
      }
    };
    for (const chunk of chunks) {
      for (const term of Object.keys(chunk)) {
        const factor = termFactor(term, word, last, singulars);
        if (factor) add(chunk[term]!, factor);
      }
    }
    // A word no term is or begins: a typo ("paymnet"), or a spelling the site does not use
    // ("synchronisation"): the nearest terms of its chunks, by edits, stand in.
    if (!scores.size && word.length >= 4 && !isCjk(word)) {
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
      for (const [, list] of found) add(list, TYPO_FACTOR);
      this.standIns.set(word, found.map(([term]) => term));
    }
    return scores;
  }

  /** The words a result may show for `words`: theirs, and the terms that stood in for those that found none. */
  shownWords(words: string[]): string[] {
    return words.flatMap((word) => [...(this.standIns.get(word) ?? []), word]);
  }

  /** `words`, and the parts of the camelCase ones apart ("redirectUri": "redirect uri"), found together; `path`: the query, when it is an API path. */
  async search(words: string[], parts: string[] = [], path: string | null = null): Promise<Result[]> {
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
      const bonus = path !== null && detail !== undefined && samePath(detail, path) ? TITLE_EXACT : Math.max(titleBonus(title, words), parts.length ? titleBonus(title, parts) : 1);
      const result: Result = { id, score: score * bonus * (GROUP_WEIGHT[group] ?? 1), href: this.href(url, hash), url, title, page: pageTitle, group, excerpt };
      if (detail) result.detail = detail;
      return result;
    });
    // The title bonus can lift a record from far down the index's order: cut after it.
    return results.sort((a, b) => b.score - a.score || GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || a.id - b.id).slice(0, MAX_RESULTS);
  }

  /** On this page, a bare #hash, so the runtime's own same-page scrolling (with its offset) applies. */
  private href(url: string, hash: string): string {
    const path = url.replace('{language}', this.language());
    // A host may serve the page at /x/ or /x/index.html (GitHub Pages, S3 send /x there).
    const here = location.pathname.replace(/\/index\.html$/, '').replace(/(.)\/+$/, '$1');
    if (path === here && hash) return `#${hash}`;
    return hash ? `${path}#${hash}` : path;
  }

  /** The reader's API example language: this page's, else the stored one, else the default. */
  private language(): string {
    const { available, default: fallback } = this.meta.languages;
    const current = document.querySelector<HTMLElement>('[data-api-language]')?.dataset.apiLanguage;
    const stored = this.storedLanguage();
    return [current, stored].find((l): l is string => !!l && available.includes(l)) ?? fallback;
  }
}

/**
 * A title that is the query ("Create payment" for "create payment") ranks first, one that
 * holds every word of it next: the index scores words, not their order.
 */
export function titleBonus(title: string, words: string[]): number {
  const own = queryWords(title);
  const same = (a: string, b: string) => a === b || singularsOf(a).includes(b) || singularsOf(b).includes(a);
  if (own.length === words.length && own.every((w, i) => same(w, words[i]!))) return TITLE_EXACT;
  if (!words.every((w) => own.some((o) => same(o, w)))) return 1;
  const named = own.filter((o) => words.some((w) => same(o, w))).length;
  return 1 + TITLE_ALL_WORDS + (TITLE_COVERAGE * named) / own.length;
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

/** How much a term of the index counts for a query word: 1 for the word, less for a longer word it begins or its singular, 0 for none. */
export function termFactor(term: string, word: string, last: boolean, singulars: readonly string[] = singularsOf(word)): number {
  if (term === word) return 1;
  if (term.startsWith(word) && (last || term.length - word.length <= FINISHED_WORD_SLACK)) return PREFIX_FACTOR + (PREFIX_FACTOR * word.length) / term.length;
  return singulars.includes(term) ? 0.9 : 0;
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

async function fetchJson<T>(url: string): Promise<T> {
  // index.json keeps its name across builds: ask the host whether it changed.
  const response = await fetch(url, { cache: url.endsWith('/index.json') ? 'no-cache' : 'default', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * Whether a word of the text is one a query word finds, by the rules of the search
 * (termFactor: the word, a longer one it begins, its singular), or a part of it written in
 * camelCase ("createPayment" finds "Create payment"); for Chinese, Japanese or Korean, a
 * run the word is in.
 */
function matches(folded: string, words: string[]): boolean {
  return words.some((w, i) => termFactor(folded, w, i === words.length - 1) > 0 || (isCjk(w) && folded.includes(w)));
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

/** `text` with the words the query's words find marked (<mark>), built as nodes: never HTML. */
function marked(text: string, words: string[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(WORD_RE)) {
    if (!matches(fold(match[0]), words)) continue;
    fragment.append(text.slice(last, match.index));
    const mark = document.createElement('mark');
    mark.textContent = match[0];
    fragment.append(mark);
    last = match.index! + match[0].length;
  }
  fragment.append(text.slice(last));
  return fragment;
}

/** The part of the excerpt around its first matching word. */
export function windowed(text: string, words: string[]): string {
  let at = 0;
  for (const match of text.matchAll(WORD_RE)) {
    if (matches(fold(match[0]), words)) {
      at = match.index!;
      break;
    }
  }
  let start = at > EXCERPT_SHOWN / 2 ? text.lastIndexOf(' ', at - 40) + 1 : 0;
  if (start < 0) start = 0;
  let end = start + EXCERPT_SHOWN;
  if (end >= text.length) return `${start ? '…' : ''}${text.slice(start).trim()}`;
  // Cut between words ("Creditor names are l…" was cut inside one).
  const space = text.lastIndexOf(' ', end);
  if (space > start) end = space;
  return `${start ? '…' : ''}${text.slice(start, end).trim()}…`;
}

export function createSearch(config: RuntimeConfig, { button, storedLanguage }: SearchOptions): SearchController {
  const root = document.documentElement;
  // The index of the interface locale, read when searching: on a page that is not
  // translated the footer's picker changes it in place.
  let index: Promise<Index> | null = null;
  let indexLocale = '';
  const loadIndex = () => {
    const locale = config.locales.available.includes(root.lang) ? root.lang : config.locales.default;
    if (locale !== indexLocale) index = null;
    indexLocale = locale;
    const base = `/search/${locale}/`;
    index ??= fetchJson<SearchMeta>(`${base}index.json`).then((meta) => new Index(meta, base, storedLanguage));
    index.catch(() => (index = null));
    return index;
  };

  const label = button.querySelector('.search-label')?.textContent ?? 'Search';
  const dialog = el('dialog', 'search-dialog', { 'aria-label': label });
  const panel = el('div', 'search-panel');
  const bar = el('div', 'search-bar');
  const input = el('input', 'search-input', {
    type: 'text',
    role: 'combobox',
    'aria-label': label,
    'aria-expanded': 'false',
    'aria-controls': 'search-listbox',
    'aria-autocomplete': 'list',
    'aria-describedby': 'search-help',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    enterkeyhint: 'search',
    placeholder: label,
  });
  const close = el('button', 'search-close', { type: 'button' });
  close.textContent = root.dataset.closeLabel ?? 'Close';
  const help = el('p', 'search-help', { id: 'search-help' });
  const status = el('p', 'search-status', { role: 'status', 'aria-live': 'polite' });
  // Not a Tab stop of its own (a scroll box is one in Chromium): the input leads it, with the arrow keys.
  const listbox = el('div', 'search-results', { id: 'search-listbox', role: 'listbox', 'aria-label': label, tabindex: '-1' });
  listbox.hidden = true;
  bar.append(input, close);
  panel.append(bar, help, status, listbox);
  dialog.append(panel);
  document.body.append(dialog);

  let options: HTMLAnchorElement[] = [];
  let active = -1;
  let sequence = 0;
  let meta: SearchMeta | null = null;

  const setActive = (next: number) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = next;
    const option = options[active];
    if (!option) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };

  /** `words`: those to mark; the last is the one the reader may still be typing. */
  const show = (results: Result[], words: string[], query: string) => {
    listbox.replaceChildren();
    // Which query the list answers (a reader typing fast sees each in turn): for scripts and tests.
    listbox.dataset.query = query;
    options = [];
    active = -1;
    input.removeAttribute('aria-activedescendant');
    const strings = meta!.strings;
    // Groups in the order of their best result; results in rank order within each, a
    // group's weak ones left out (they would push better ones of the next group off the
    // screen), and one section shown once across the versions of a document.
    const groups = new Map<SearchGroup, Result[]>();
    const seen = new Set<string>();
    const best = results[0]?.score ?? 0;
    for (const r of results) {
      // "7. Payments" of v5.0 and "6. Payments" of v2.0 are one section of one document.
      const key = `${r.group}\u0000${r.url.replace(/\/v\d+(?:\.\d+)*(?=\/|$)/, '')}\u0000${r.title.replace(/^\d+(?:\.\d+)*\.?\s+/, '')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = groups.get(r.group) ?? [];
      if (list.length < MAX_PER_GROUP && (list.length === 0 || r.score >= best * STRONG)) list.push(r);
      groups.set(r.group, list);
    }
    for (const [group, list] of groups) {
      const box = el('div', 'search-group', { role: 'group', 'aria-labelledby': `search-group-${group}` });
      const heading = el('div', 'search-group-label', { id: `search-group-${group}` });
      heading.textContent = meta!.groups[group];
      box.append(heading);
      for (const r of list) {
        const option = el('a', 'search-result', { role: 'option', id: `search-option-${options.length}`, href: r.href, tabindex: '-1', 'aria-selected': 'false' });
        const title = el('span', 'search-result-title');
        title.append(marked(r.title, words));
        const page = el('span', 'search-result-page');
        page.append(r.page);
        // An operation's method and path ("GET /oauth2/token"): what "oauth" found.
        if (r.detail) page.append(' · ', marked(r.detail, words));
        option.append(title, page);
        if (r.excerpt) {
          const excerpt = el('span', 'search-result-excerpt');
          excerpt.append(marked(windowed(r.excerpt, words), words));
          option.append(excerpt);
        }
        box.append(option);
        options.push(option);
      }
      listbox.append(box);
    }
    listbox.hidden = options.length === 0;
    input.setAttribute('aria-expanded', String(options.length > 0));
    status.textContent = !query ? '' : options.length === 0 ? strings.searchNoResults.replace('{query}', query) : options.length === 1 ? strings.searchCountOne : strings.searchCount.replace('{count}', String(options.length));
  };

  /** The index is there: the dialog speaks its locale. */
  const ready = (loaded: Index) => {
    if (meta === loaded.meta) return;
    meta = loaded.meta;
    const { strings } = meta;
    input.placeholder = strings.searchPlaceholder;
    help.textContent = strings.searchHelp;
    listbox.setAttribute('aria-label', strings.searchResults);
    close.textContent = strings.close;
  };
  const failed = () => {
    // The last query's results answer another question: not left to be opened with Enter.
    show([], [], '');
    status.textContent = meta?.strings.searchFailed ?? root.dataset.loadError ?? 'Search could not be loaded.';
  };

  const run = async () => {
    const query = input.value.trim();
    const mine = ++sequence;
    const words = queryWords(query);
    try {
      const loaded = await loadIndex();
      ready(loaded);
      const parts = camelParts(query, words);
      const results = words.length ? await loaded.search(words, parts, queryPath(query)) : [];
      if (mine === sequence) {
        // The parts of a camelCase word first, marked as finished words.
        show(results, [...parts.filter((w) => !words.includes(w)), ...loaded.shownWords(words)], words.length ? query : '');
        // Letters, but no word of two or more: said, rather than an empty list, once the
        // reader stops typing (not at the first letter of every query, to a screen reader).
        if (!words.length && query) setTimeout(() => mine === sequence && (status.textContent = meta!.strings.searchTooShort), TOO_SHORT_AFTER_MS);
      }
    } catch {
      if (mine === sequence) failed();
    }
  };

  const hide = () => {
    if (dialog.open) dialog.close();
  };

  input.addEventListener('input', () => void run());
  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[active < 0 ? 0 : active];
      if (!option) return;
      event.preventDefault();
      option.click();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      hide();
    }
  });
  close.addEventListener('click', hide);
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop (the dialog element itself, outside the panel) closes it.
    if (event.target === dialog) return hide();
    const option = (event.target as Element).closest('.search-result');
    // A result opens in this tab: the dialog goes; one opened in another tab leaves it.
    if (option && event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) hide();
  });
  // Focus goes back where it was (the header's button, the 404 page's search box), unless a
  // result on this page was chosen: the page then moved focus to it (scroll.ts).
  let returnTo: HTMLElement = button;
  dialog.addEventListener('close', () => {
    const focus = document.activeElement;
    if (focus && focus !== document.body && !dialog.contains(focus)) return;
    (returnTo.isConnected ? returnTo : button).focus({ preventScroll: true });
  });
  // Back to this page from the history (bfcache): the page as it was before the search.
  window.addEventListener('pagehide', hide);

  return {
    open(typed = '', { replace = false } = {}) {
      if (!dialog.open) {
        const from = document.activeElement;
        returnTo = from instanceof HTMLElement && from !== document.body ? from : button;
        dialog.showModal();
      }
      input.focus();
      if (replace) input.value = '';
      if (typed) {
        input.value += typed;
        void run();
      } else input.select();
      void loadIndex().then((loaded) => {
        if (meta === loaded.meta) return;
        ready(loaded);
        // Typed while the index was loading: search it now.
        if (input.value.trim()) void run();
      }, failed);
    },
  };
}
