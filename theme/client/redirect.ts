// Inlined into every redirect stub and into 404.html: resolves the current URL with the
// shared route rules and the visitor's stored locale and language, then replaces the
// location (keeping the query and the hash). Runs in <head>, before anything renders.
import { LANGUAGE_STORAGE_KEY, LOCALE_STORAGE_KEY, resolveRoute, type SiteFacts } from '../../src/routes/resolve.js';
import { readStored as read, writeStored as write } from './storage.js';

/** What follows the path in the address: the query (?utm_source=… on a shared link), then the hash. */
function withRest(to: string): string {
  const at = to.indexOf('#');
  return at < 0 ? to + window.location.search : to.slice(0, at) + window.location.search + to.slice(at);
}

/** What marks 404.html (its <html data-page-kind>): a host may answer a missing file with it and status 200. */
const NOT_FOUND_MARK = 'data-page-kind="not-found"';

/**
 * A page's URL that the host answered with 404.html: a page is the file <path>/index.html,
 * which some hosts serve only at <path>/ (a folder), and some only by its name (S3's REST
 * endpoint behind CloudFront). Asks for each in turn and goes to the first the host
 * serves as a page; neither (a path the route takes but no page has): the 404 page stays.
 */
async function openByFolder(path: string): Promise<void> {
  const folder = path === '/' ? '/' : `${path}/`;
  for (const candidate of [folder, `${folder}index.html`]) {
    // Never the address just answered with 404: no loop, whatever the host does.
    if (candidate === window.location.pathname) continue;
    const found = await fetch(candidate, { cache: 'no-store', credentials: 'same-origin' })
      .then(async (response) => response.ok && !(await response.text()).includes(NOT_FOUND_MARK))
      .catch(() => false);
    if (found) return window.location.replace(withRest(candidate + window.location.hash));
  }
}

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
  if (result.type === 'redirect') window.location.replace(withRest(result.to));
  // Only 404.html: a stub is its own path's file, served already.
  else if (result.type === 'page' && document.documentElement.dataset.pageKind === 'not-found') void openByFolder(encodeURI(result.path));
}
