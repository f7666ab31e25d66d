// Tab views (WAI-ARIA tabs pattern): click or arrow keys select; Home/End jump.
// Without JavaScript every pane shows, one after another, under its own heading.
// A tab in an example language (data-language, theme/components/tabs.tsx) is the reader's
// choice of language, as the API reference's picker is: a view opens on the stored one,
// and choosing one stores it and opens it in every view of the page that has it.
import { LANGUAGE_STORAGE_KEY } from '../../src/routes/resolve.js';
import { linkStoredLanguage } from './api-links.js';
import type { RuntimeConfig } from './config.js';
import { readStored, writeStored } from './storage.js';

export function setupTabs(config: RuntimeConfig): void {
  const views: ((language: string) => void)[] = [];
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  for (const view of document.querySelectorAll<HTMLElement>('.tabs')) {
    const tabs = [...view.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const select = (index: number, focus: boolean) => {
      tabs.forEach((tab, i) => {
        const on = i === index;
        tab.setAttribute('aria-selected', String(on));
        tab.tabIndex = on ? 0 : -1;
        document.getElementById(tab.getAttribute('aria-controls')!)?.toggleAttribute('data-inactive', !on);
      });
      if (focus) tabs[index]?.focus();
    };
    const open = (language: string | null) => {
      const at = tabs.findIndex((tab) => tab.dataset.language === language);
      if (at >= 0) select(at, false);
    };
    // The reader's choice: a language is kept, and the page's other views follow it.
    const choose = (index: number, focus: boolean) => {
      select(index, focus);
      const language = tabs[index]?.dataset.language;
      if (!language) return;
      writeStored(LANGUAGE_STORAGE_KEY, language);
      for (const other of views) other(language);
      linkStoredLanguage(document, config.languages.available);
    };
    open(stored);
    views.push(open);
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => choose(i, false));
      tab.addEventListener('keydown', (event) => {
        const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
        if (next === undefined) return;
        event.preventDefault();
        choose((next + tabs.length) % tabs.length, true);
      });
    });
  }
  // The views now show what the stylesheet showed for the stored language before: it gives way.
  delete document.documentElement.dataset.storedLanguage;
}
