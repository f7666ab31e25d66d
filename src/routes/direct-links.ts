// Links written to a route that redirects ("/api#list-accounts", as the content is written)
// go, in the built pages, straight to the page the redirect would send their reader to
// ("/1/api/curl#list-accounts"): no redirect stub to load first, no script to run, and no
// noindex page between a crawler and the reference. Only where every reader of the page
// lands on that one page; a target that differs only in the API example language is the
// default language's, and the runtime swaps in the reader's stored one (theme/client/
// api-links.ts).
import { resolveRoute, type SiteFacts } from './resolve.js';

/** What land() says of a redirect that stores a choice: no path, and equal to no landing. */
const STORES = '\u0000stores';

export interface DirectLink {
  /** Where the redirect lands (its path, without a hash). */
  to: string;
  /** The API example language `to` names for a reader who chose none: the runtime puts the stored one in its place. */
  language: string | null;
}

/**
 * Where a link to the site path `path` lands for every reader of a page in `locale` (a
 * translated page stores its locale, so its readers have that one stored) or of a page in
 * no locale (null: any stored locale, or none), reading it in `language` (an API page's)
 * or in any; null when the path is no redirect, or when readers would land in different
 * places (a page of no locale linking "/support", which goes to each reader's locale).
 */
export function directLinks(facts: SiteFacts): (path: string, locale: string | null, language: string | null) => DirectLink | null {
  const known = new Map<string, DirectLink | null>();
  const land = (path: string, storedLocale: string | null, storedLanguage: string | null) => {
    const resolved = resolveRoute(path, '', { storedLocale, storedLanguage }, facts);
    if (resolved.type !== 'redirect') return null;
    // A redirect that stores a choice the reader has not made ("/nl/developers/x" stores
    // Dutch for the interface) does more than lead somewhere: it stays.
    if ((resolved.storeLocale ?? storedLocale) !== storedLocale || (resolved.storeLanguage ?? storedLanguage) !== storedLanguage) return STORES;
    return resolved.to.split('#')[0]!;
  };
  return (path, locale, language) => {
    const key = `${locale ?? ''}\u0000${language ?? ''}\u0000${path}`;
    if (known.has(key)) return known.get(key)!;
    let found: DirectLink | null = null;
    const to = land(path, locale, language);
    // "/2/api/curl" where there is no version 2 lands on version 1: the link is wrong (check says so), not redirected.
    if (to !== null && to !== STORES && !path.includes('?') && unknownChoice(path, facts) === null) {
      const locales = locale === null ? [null, ...facts.locales] : [locale];
      const languages = language === null ? [null, ...facts.languages] : [language];
      const defaultPart = `/api/${language ?? facts.defaultLanguage}`;
      let swaps = false;
      const same = locales.every((l) =>
        languages.every((lang) => {
          const other = land(path, l, lang);
          if (other === to) return true;
          // The same page in another example language: the runtime's to swap in.
          const swapped = lang !== null && to.endsWith(defaultPart) && other === `${to.slice(0, -defaultPart.length)}/api/${lang}`;
          swaps ||= swapped;
          return swapped;
        }),
      );
      if (same) found = { to, language: swaps ? (language ?? facts.defaultLanguage) : null };
    }
    known.set(key, found);
    return found;
  };
}

/**
 * A version, example language or locale a link names that the site lacks ("/2/api/curl",
 * "/1/api/python", "/de/support"): the routes send such a reader somewhere else (the API
 * index, the page in their own locale), which a link should not rely on. Null when none.
 */
export function unknownChoice(path: string, facts: SiteFacts): string | null {
  const segs = path.split('/').filter(Boolean);
  const apiAt = segs.indexOf('api');
  if (facts.api !== false && ((apiAt === 0 && segs.length <= 2) || (apiAt === 1 && segs.length <= 3))) {
    if (apiAt === 1 && !facts.versions.includes(segs[0]!)) return `version "${segs[0]}"`;
    const language = segs[apiAt + 1];
    if (language !== undefined && !facts.languages.includes(language)) return `example language "${language}"`;
    return null;
  }
  const first = segs[0] ?? '';
  if (/^[A-Za-z]{2}$/.test(first) && !facts.locales.includes(first) && segs.length > 1) {
    const resolved = resolveRoute(`/${segs.slice(1).join('/')}`, '', { storedLocale: null, storedLanguage: null }, facts);
    if (resolved.type !== 'not-found') return `locale "${first}"`;
  }
  return null;
}

export function unknownChoiceKnown(unknown: string, facts: SiteFacts): string {
  const list = unknown.startsWith('version') ? facts.versions : unknown.startsWith('example') ? facts.languages : facts.locales;
  return `${unknown.split(' ')[0] === 'example' ? 'example languages' : `${unknown.split(' ')[0]}s`} ${list.join(', ')}`;
}
