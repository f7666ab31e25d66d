// Search (lazy part, issue #17): a modal dialog holding a combobox and its listbox of
// results, grouped by page type, with the query's words marked. The index of the page's
// locale is static files (src/search/build-index.ts): index.json when the dialog first
// opens, then only the term chunks a query's words fall in and the record chunks of the
// results shown. Keyboard: ↑ ↓ move, Enter opens, Escape closes; full screen on phones (CSS).
// The ranking is search-index.ts, which reads the index through any function (tests read dist/).
import type { SearchMeta } from '../../src/search/build-index.js';
import type { Stem } from './search-stem.js';
import { fold, isCjk } from '../../src/search/tokenize.js';
import type { RuntimeConfig } from './config.js';
import { arrange, SearchIndex, termFactor, type Ranked } from './search-index.js';
import { lockScroll } from './scroll-lock.js';

const EXCERPT_SHOWN = 160;
/** A query of no word (one letter, punctuation) is said to be too short after this pause in typing. */
const TOO_SHORT_AFTER_MS = 800;
const WORD_RE = /[\p{L}\p{N}]+/gu;

interface Result extends Ranked {
  href: string;
}

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
 * (termFactor: the word, a longer one it begins, its singular, a word of its stem), or a part of it written in
 * camelCase ("createPayment" finds "Create payment"); for Chinese, Japanese or Korean, a
 * run the word is in.
 */
function matches(folded: string, words: string[], stem: Stem | null): boolean {
  return words.some((w, i) => termFactor(folded, w, i === words.length - 1, stem) > 0 || (isCjk(w) && folded.includes(w)));
}

/** `text` with the words the query's words find marked (<mark>), built as nodes: never HTML. */
function marked(text: string, words: string[], stem: Stem | null): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(WORD_RE)) {
    if (!matches(fold(match[0]), words, stem)) continue;
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
export function windowed(text: string, words: string[], stem: Stem | null = null): string {
  let at = 0;
  for (const match of text.matchAll(WORD_RE)) {
    if (matches(fold(match[0]), words, stem)) {
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
  let index: Promise<SearchIndex> | null = null;
  let indexLocale = '';
  const loadIndex = () => {
    const locale = config.locales.available.includes(root.lang) ? root.lang : config.locales.default;
    if (locale !== indexLocale) index = null;
    indexLocale = locale;
    const base = `/search/${locale}/`;
    index ??= fetchJson<SearchMeta>(`${base}index.json`).then((meta) => new SearchIndex(meta, (name) => fetchJson(`${base}${name}`)));
    index.catch(() => (index = null));
    return index;
  };

  /** The reader's API example language: this page's, else the stored one, else the default. */
  const language = ({ available, default: fallback }: SearchMeta['languages']): string => {
    const current = document.querySelector<HTMLElement>('[data-api-language]')?.dataset.apiLanguage;
    return [current, storedLanguage()].find((l): l is string => !!l && available.includes(l)) ?? fallback;
  };
  /** A result's link; on this page, a bare #hash, so the runtime's own same-page scrolling (with its offset) applies. */
  const hrefOf = (r: Ranked, languages: SearchMeta['languages']): string => {
    const path = r.url.replace('{language}', language(languages));
    // A host may serve the page at /x/ or /x/index.html (GitHub Pages, S3 send /x there).
    const here = location.pathname.replace(/\/index\.html$/, '').replace(/(.)\/+$/, '$1');
    if (path === here && r.hash) return `#${r.hash}`;
    return r.hash ? `${path}#${r.hash}` : path;
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
  /** The stemmer of the index shown: its words are marked as the search found them. */
  let stem: Stem | null = null;

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
    for (const [group, list] of arrange(results)) {
      const box = el('div', 'search-group', { role: 'group', 'aria-labelledby': `search-group-${group}` });
      const heading = el('div', 'search-group-label', { id: `search-group-${group}` });
      heading.textContent = group === 'top' ? strings.searchTop : meta!.groups[group];
      box.append(heading);
      for (const r of list) {
        const option = el('a', 'search-result', { role: 'option', id: `search-option-${options.length}`, href: r.href, tabindex: '-1', 'aria-selected': 'false' });
        const title = el('span', 'search-result-title');
        title.append(marked(r.title, words, stem));
        const page = el('span', 'search-result-page');
        page.append(r.page);
        // An operation's method and path ("GET /oauth2/token"): what "oauth" found.
        if (r.detail) page.append(' · ', marked(r.detail, words, stem));
        option.append(title, page);
        if (r.excerpt) {
          const excerpt = el('span', 'search-result-excerpt');
          excerpt.append(marked(windowed(r.excerpt, words, stem), words, stem));
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
  const ready = (loaded: SearchIndex) => {
    if (meta === loaded.meta) return;
    meta = loaded.meta;
    stem = loaded.stem;
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
    try {
      const loaded = await loadIndex();
      ready(loaded);
      const { words, parts, results: ranked } = await loaded.answer(query);
      const results = ranked.map((r) => ({ ...r, href: hrefOf(r, loaded.meta.languages) }));
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
  // The page behind does not scroll while the dialog is open; the results do.
  let unlock = () => {};
  dialog.addEventListener('close', () => {
    unlock();
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
        unlock = lockScroll();
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
