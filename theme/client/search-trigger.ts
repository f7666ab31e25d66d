// The header's search button and the shortcuts "/" and Ctrl/⌘K. The dialog and the index
// are a lazy part (search.ts): imported on the button's first focus or hover, or at the
// first shortcut, so nothing of search weighs on a page that never searches.
import { LANGUAGE_STORAGE_KEY } from '../../src/routes/resolve.js';
import type { RuntimeConfig } from './config.js';
import { loadPart } from './lazy.js';
import type { SearchController } from './search.js';
import { readStored } from './storage.js';

/** Typing in a field: "/" is a character there, not a shortcut. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

export function setupSearch(config: RuntimeConfig): void {
  const button = document.querySelector<HTMLElement>('[data-search-open]');
  if (!button) return;
  let controller: Promise<SearchController | null> | null = null;
  const load = () => {
    controller ??= loadPart(config, 'search', () => import('./search.js')).then(
      (part) => part?.createSearch(config, { button, storedLanguage: () => readStored(LANGUAGE_STORAGE_KEY) }) ?? null,
      () => {
        controller = null; // a failed load (toast shown) is tried again next time
        return null;
      },
    );
    return controller;
  };
  // Keys typed after the shortcut while the part loads go into the field, not lost.
  let typed: string | null = null;
  const open = () => {
    typed ??= '';
    void load().then((search) => {
      const early = typed ?? '';
      typed = null;
      search?.open(early);
    });
  };
  button.addEventListener('click', open);
  // The 404 page's search box: what was typed goes into the dialog's field.
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-form]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const query = form.querySelector('input')?.value.trim() ?? '';
      void load().then((search) => search?.open(query, { replace: true }));
    });
  }
  button.addEventListener('focus', () => void load());
  button.addEventListener('pointerenter', () => void load());
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing || event.altKey) return;
    if (typed !== null && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !typing(event.target)) {
      event.preventDefault();
      typed += event.key;
      return;
    }
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.shiftKey;
    if (shortcut || (event.key === '/' && !event.ctrlKey && !event.metaKey && !typing(event.target))) {
      event.preventDefault();
      open();
    }
  });
}
