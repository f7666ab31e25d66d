// URL builders (spec §2 route table). A page's own URL comes from its collection's URL
// pattern (src/content/collections.ts). Dependency-free so the browser runtime can share it.

export function apiUrl(version: string, language: string): string {
  return `/${version}/api/${language}`;
}

export const NOT_FOUND_URL = '/404';
export const OPENAPI_YAML_URL = '/openapi.yaml';
export const OPENAPI_JSON_URL = '/openapi.json';

/** Where a URL's document is written under dist/: "/en/support" -> "en/support/index.html". */
export function outputPath(url: string): string {
  if (url === NOT_FOUND_URL) return '404.html';
  const trimmed = url.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

/** The key that pairs translations: the source path without its locale folder. */
export function translationKey(source: string): string {
  return source.slice(source.indexOf('/') + 1);
}

/** First path segments of the translated routes of spec §2 (plus "" for home): the built-in collections'. */
export const TRANSLATED_SEGMENTS = ['', 'support', 'general', 'terms-and-conditions', 'privacy-notice'] as const;

/** "/support" on a "nl" page -> "/nl/support"; non-translated paths are left alone. `translated`: the first segments of the site's translated routes. */
export function localizePath(path: string, locale: string, translated: readonly string[] = TRANSLATED_SEGMENTS): string {
  const [pathname = '', hash] = splitHash(path);
  const first = pathname.split('/')[1] ?? '';
  if (!translated.includes(first)) return path;
  const localized = pathname === '/' ? `/${locale}` : `/${locale}${pathname}`;
  return hash === undefined ? localized : `${localized}#${hash}`;
}

export function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i === -1 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}
