// Inlined into every redirect stub and into 404.html: resolves the current URL with the
// shared route rules and the visitor's stored locale and language, then replaces the
// location (keeping the query and the hash). Runs in <head>, before anything renders.
import { LANGUAGE_STORAGE_KEY, LOCALE_STORAGE_KEY, resolveRoute, type SiteFacts } from '../../src/routes/resolve.js';
import { readStored as read, writeStored as write } from './storage.js';

const source = document.getElementById('bankdocs-routes');
if (source?.textContent) {
  const facts = JSON.parse(source.textContent) as SiteFacts;
  let path = window.location.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // keep the raw path: it will not match a route and shows "Page Not Found"
  }
  const result = resolveRoute(path, window.location.hash, { storedLocale: read(LOCALE_STORAGE_KEY), storedLanguage: read(LANGUAGE_STORAGE_KEY) }, facts);
  if (result.storeLocale) write(LOCALE_STORAGE_KEY, result.storeLocale);
  if (result.storeLanguage) write(LANGUAGE_STORAGE_KEY, result.storeLanguage);
  // The query goes along (?utm_source=… on a shared link), before the hash.
  if (result.type === 'redirect') {
    const at = result.to.indexOf('#');
    window.location.replace(at < 0 ? result.to + window.location.search : result.to.slice(0, at) + window.location.search + result.to.slice(at));
  }
}
