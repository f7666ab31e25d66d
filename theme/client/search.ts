// Search (lazy part, issue #17): a modal dialog holding a combobox and its listbox of
// results, grouped by page type, with the query's words marked. The index of the page's
// locale is static files (src/search/build-index.ts): index.json when the dialog first
// opens, then only the term chunks a query's words fall in and the record chunks of the
// results shown. Keyboard: ↑ ↓ move, Enter opens, Escape closes; full screen on phones (CSS).
import type { RecordChunk, SearchMeta } from '../../src/search/build-index.js';
import type { SearchGroup } from '../../src/search/entries.js';
import { fold, isCjk, queryWords } from '../../src/search/tokenize.js';
import type { RuntimeConfig } from './config.js';

/** Results fetched and ranked per query, and shown per group. */
const MAX_RESULTS = 40;
/** Records ranked by the index before titles are read: enough that an exact title far down the index's order is still found. */
const MAX_CANDIDATES = 80;
const MAX_PER_GROUP = 8;
/** Beyond this many results a group shows only those at least STRONG times as good as the best result of all. */
const GROUP_SHOWN = 3;
const STRONG = 0.5;
/** A query word other than the last is one the reader finished typing: it matches words at most this many letters longer ("payment" -> "payments"), not every word it begins ("is" -> "issue"). */
const FINISHED_WORD_SLACK = 2;
/** A word the query word only starts counts less than the word itself. */
const PREFIX_FACTOR = 0.5;
const EXCERPT_SHOWN = 160;
const TITLE_EXACT = 3;
const TITLE_ALL_WORDS = 1.5;
const WORD_RE = /[\p{L}\p{N}]+/gu;

interface Result {
  id: number;
  score: number;
  href: string;
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
    const singular = singularOf(word);
    const names = new Set([...this.termFiles(word), ...(singular ? this.termFiles(singular) : [])]);
    const chunks = await Promise.all([...names].map((name) => this.file<Postings>(name)));
    const scores = new Map<number, number>();
    for (const chunk of chunks) {
      for (const term of Object.keys(chunk)) {
        const factor =
          term === word ? 1
          : term.startsWith(word) && (last || term.length - word.length <= FINISHED_WORD_SLACK) ? PREFIX_FACTOR + (PREFIX_FACTOR * word.length) / term.length
          : term === singular ? 0.9
          : 0;
        if (!factor) continue;
        const list = chunk[term]!;
        let id = 0;
        for (let i = 0; i < list.length; i += 2) {
          id += list[i]!;
          const score = list[i + 1]! * factor;
          // The best form of the word counts, not every form found.
          if (score > (scores.get(id) ?? 0)) scores.set(id, score);
        }
      }
    }
    return scores;
  }

  async search(words: string[]): Promise<Result[]> {
    const perWord = await Promise.all(words.map((w, i) => this.scores(w, i === words.length - 1)));
    // Every word (AND); when no record has them all, any of them.
    let ranked = combine(perWord, true);
    if (!ranked.length) ranked = combine(perWord, false);
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
      const result: Result = { id, score: score * titleBonus(title, words), href: this.href(url, hash), title, page: pageTitle, group, excerpt };
      if (detail) result.detail = detail;
      return result;
    });
    // The title bonus can lift a record from far down the index's order: cut after it.
    return results.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, MAX_RESULTS);
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
function titleBonus(title: string, words: string[]): number {
  const own = queryWords(title);
  const same = (a: string, b: string) => a === b || singularOf(a) === b || singularOf(b) === a;
  if (own.length === words.length && own.every((w, i) => same(w, words[i]!))) return TITLE_EXACT;
  return words.every((w) => own.some((o) => same(o, w))) ? TITLE_ALL_WORDS : 1;
}

/** "payments" -> "payment", "statuses" -> "status"; null for a word that is no plural of this simple kind. */
function singularOf(word: string): string | null {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss')) return null;
  return /(?:s|x|z|ch|sh)es$/.test(word) ? word.slice(0, -2) : word.slice(0, -1);
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

/** Whether a word of the text is one a query word finds: one it starts, or for Chinese, Japanese or Korean, a run it is in. */
function matches(folded: string, word: string): boolean {
  return folded.startsWith(word) || (isCjk(word) && folded.includes(word));
}

/** `text` with the words the query's words start marked (<mark>), built as nodes: never HTML. */
function marked(text: string, words: string[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(WORD_RE)) {
    const folded = fold(match[0]);
    if (!words.some((w) => matches(folded, w))) continue;
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
function windowed(text: string, words: string[]): string {
  let at = 0;
  for (const match of text.matchAll(WORD_RE)) {
    const folded = fold(match[0]);
    if (words.some((w) => matches(folded, w))) {
      at = match.index!;
      break;
    }
  }
  let start = at > EXCERPT_SHOWN / 2 ? text.lastIndexOf(' ', at - 40) + 1 : 0;
  if (start < 0) start = 0;
  const end = start + EXCERPT_SHOWN;
  return `${start ? '…' : ''}${text.slice(start, end).trim()}${end < text.length && !text.endsWith('…') ? '…' : ''}`;
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

  const show = (results: Result[], words: string[], query: string) => {
    listbox.replaceChildren();
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
      const key = `${r.group}\u0000${r.href.split('#')[0]!.replace(/\/v\d+(?:\.\d+)*(?=\/|$)/, '')}\u0000${r.title.replace(/^\d+(?:\.\d+)*\.?\s+/, '')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = groups.get(r.group) ?? [];
      if (list.length < MAX_PER_GROUP && (list.length < GROUP_SHOWN || r.score >= best * STRONG)) list.push(r);
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
        page.textContent = r.detail ? `${r.page} · ${r.detail}` : r.page;
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
      const results = words.length ? await loaded.search(words) : [];
      if (mine === sequence) show(results, words, words.length ? query : '');
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
