// Links into the API reference were built for the default example language, as the /api
// redirect would send a reader who chose none (src/routes/direct-links.ts): they lead to
// the reader's stored choice instead. Run when the page loads (locale.ts) and on the
// content `bankdocs dev` patches in (dev.ts); a link already changed is left as it is.
import { LANGUAGE_STORAGE_KEY } from '../../src/routes/resolve.js';
import { readStored } from './storage.js';

export function linkStoredLanguage(root: ParentNode, available: readonly string[]): void {
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  if (!stored || !available.includes(stored)) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-default-language]')) {
    link.pathname = link.pathname.replace(`/api/${link.dataset.defaultLanguage}`, `/api/${stored}`);
  }
}
