// Links into the API reference were built for the default example language, as the /api
// redirect would send a reader who chose none (src/routes/direct-links.ts): they lead to
// the reader's stored choice instead. Run when the page loads (locale.ts) and on the
// content `bankdocs dev` patches in (dev.ts), and again when a guide's tab view stores
// another choice (tabs.ts): a link leads to the language stored last.
import { LANGUAGE_STORAGE_KEY } from '../../src/routes/resolve.js';
import { readStored } from './storage.js';

export function linkStoredLanguage(root: ParentNode, available: readonly string[]): void {
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  if (!stored || !available.includes(stored)) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-default-language]')) {
    const now = link.dataset.linkedLanguage ?? link.dataset.defaultLanguage;
    link.pathname = link.pathname.replace(`/api/${now}`, `/api/${stored}`);
    link.dataset.linkedLanguage = stored;
  }
}
