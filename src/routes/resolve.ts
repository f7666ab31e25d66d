// The route resolution rules of spec §2, as one pure function with no dependencies, so
// the build (which pages and redirect stubs to emit), the dev server and the browser
// (redirect stubs and 404.html, for paths no static host can enumerate) all share it.
//
// resolveRoute(path, hash, state, facts) answers with the page to show, a redirect
// target (already followed to its end, so at most one hop) or "not found". It never
// returns a target on another origin: targets are always absolute paths built here.

export const LOCALE_STORAGE_KEY = 'bankdocs:locale';
export const LANGUAGE_STORAGE_KEY = 'bankdocs:language';

/**
 * How a path is matched, from the declared collections (src/routes/route-rules.ts):
 * `path` is the static part of the URL after the locale ("" for the locale's root),
 *   exact     only that path ("/{locale}/support"),
 *   below     that path and anything under it: pages the host serves ("/developers/…"),
 *   versions  that path + a version of facts.legal[path]; the bare path goes to the latest,
 *   sections  the catch-all of spec §2 "general": a known section (or its `subpages`),
 *             else the closest section, else the first one (facts.generalSections).
 */
export interface RouteRule {
  path: string;
  route: string;
  translated: boolean;
  match: 'exact' | 'below' | 'versions' | 'sections';
  subpages?: string[];
}

/** The routes of spec §2, for facts that declare none (the built-in collections). */
export const SPEC_ROUTES: readonly RouteRule[] = [
  { path: '', route: 'home', translated: true, match: 'exact' },
  { path: 'support', route: 'support', translated: true, match: 'exact' },
  { path: 'general', route: 'general-section', translated: true, match: 'sections', subpages: ['faq'] },
  { path: 'terms-and-conditions', route: 'terms-and-conditions', translated: true, match: 'versions' },
  { path: 'privacy-notice', route: 'privacy-notice', translated: true, match: 'versions' },
  { path: 'developers', route: 'developers', translated: false, match: 'below' },
];

/** The old guide URLs of spec §2 "Redirects", for facts that declare no aliases. */
export const SPEC_ALIASES: Readonly<Record<string, string>> = {
  '/integrations-in-a-nutshell': '/developers/integrations-in-a-nutshell',
  '/connect-integrations': '/developers/connect-integrations',
  '/custom-integrations': '/developers/custom-integrations',
};

export interface SiteFacts {
  locales: readonly string[];
  defaultLocale: string;
  versions: readonly string[];
  defaultVersion: string;
  languages: readonly string[];
  defaultLanguage: string;
  /** Versions per versioned document path (e.g. "terms-and-conditions": ["v1.0", …]) and the latest. */
  legal: Readonly<Record<string, { versions: readonly string[]; latest: string }>>;
  /** Sections of the "sections" route in order; the first is where a bare /general goes. */
  generalSections: readonly string[];
  /** The routes of the declared collections; absent: SPEC_ROUTES. */
  routes?: readonly RouteRule[];
  /** Old paths (without locale) and the page each redirects to; absent: SPEC_ALIASES. */
  aliases?: Readonly<Record<string, string>>;
  /** false when the site has no API reference (no layout: api pages): /api and /1/api are then no routes; absent: it has one. */
  api?: false;
}

export interface BrowserState {
  /** The locale kept in browser storage, if any. */
  storedLocale: string | null;
  /** The API example language kept in browser storage, if any. */
  storedLanguage: string | null;
}

/** A route of the table: "api", "not-found", or a declared collection's route ("home", "developers", …). */
export type RouteName = string;

export interface Effects {
  /** Interface language to apply (spec §2 rules 4 and 5). */
  locale: string;
  /** Locale to write to browser storage, or null to leave it. */
  storeLocale: string | null;
  /** API language to write to browser storage, or null to leave it. */
  storeLanguage: string | null;
}

export type Resolution =
  | ({ type: 'page'; route: RouteName; path: string } & Effects)
  | ({ type: 'redirect'; route: RouteName; to: string } & Effects)
  | ({ type: 'not-found'; route: 'not-found' } & Effects);

/**
 * Paths are normalised before matching: no trailing slash, no empty segments, and a
 * folder's "index.html" (the file a static host serves for it, and what some hosts and
 * links show) is the folder.
 */
export function normalizePath(path: string): string {
  // A path ends where a query or a fragment starts: "#" and "?" are never part of a segment.
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  // A folder's index file, with or without its extension (GitHub Pages serves /x/index as
  // x/index.html): no page is called "index", its folder's URL is the page.
  if (segments.at(-1) === 'index.html' || segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

export function resolveRoute(path: string, hash: string, state: BrowserState, facts: SiteFacts): Resolution {
  const start = normalizePath(path);
  let step = resolveOnce(start, state, facts);
  // Follow redirects here so a visitor makes at most one hop; a resolved target
  // resolves to itself. Three steps always suffice (e.g. /9/api -> /1/api -> /1/api/curl).
  for (let hops = 0; step.type === 'redirect' && hops < 4; hops++) {
    const next = resolveOnce(step.to, state, facts);
    if (next.type !== 'redirect') {
      if (next.type === 'not-found') return next;
      break;
    }
    step = { ...next, storeLocale: next.storeLocale ?? step.storeLocale, storeLanguage: next.storeLanguage ?? step.storeLanguage };
  }
  if (step.type === 'redirect') {
    if (step.to === start) return { ...step, type: 'page', path: start } as Resolution;
    return { ...step, to: step.to + formatHash(hash) };
  }
  return step;
}

function formatHash(hash: string): string {
  if (!hash || hash === '#') return '';
  return hash.startsWith('#') ? hash : `#${hash}`;
}

function resolveOnce(path: string, state: BrowserState, facts: SiteFacts): Resolution {
  const segs = path.split('/').filter(Boolean);
  const current = facts.locales.includes(state.storedLocale ?? '') ? state.storedLocale! : facts.defaultLocale;
  const keep: Effects = { locale: current, storeLocale: null, storeLanguage: null };
  const page = (route: RouteName, effects: Effects = keep): Resolution => ({ type: 'page', route, path, ...effects });
  const redirect = (route: RouteName, to: string, effects: Effects = keep): Resolution => ({ type: 'redirect', route, to, ...effects });
  const notFound: Resolution = { type: 'not-found', route: 'not-found', ...keep };
  const first = segs[0] ?? '';

  const routes = facts.routes ?? SPEC_ROUTES;
  // Pages that are not translated, e.g. /developers and its guides (rule 5: language from the
  // stored locale). A collection at the site's root ("/{slug}": its rule's path is empty)
  // would take every path: it is tried last, once nothing else matched.
  const untranslated = (root: boolean): Resolution | null => {
    for (const rule of routes) {
      if (rule.translated || (rule.path === '') !== root) continue;
      const match = matchRule(rule, segs, facts);
      if (!match) continue;
      if (match.to) return redirect(match.route, match.to);
      return match.missing ? notFound : page(match.route);
    }
    return null;
  };
  const own = untranslated(false);
  if (own) return own;

  // /:version?/api/:language?
  const apiAt = segs.indexOf('api');
  if (facts.api !== false && ((apiAt === 0 && segs.length <= 2) || (apiAt === 1 && segs.length <= 3))) {
    const version = apiAt === 1 ? first : undefined;
    const language = segs[apiAt + 1];
    const knownVersion = version !== undefined && facts.versions.includes(version);
    const knownLanguage = language !== undefined && facts.languages.includes(language);
    const preferred = facts.languages.includes(state.storedLanguage ?? '') ? state.storedLanguage! : facts.defaultLanguage;
    // Rule 3: an unknown language goes to the index route (the selected language), keeping the hash.
    const targetLanguage = knownLanguage ? language : preferred;
    const targetVersion = knownVersion ? version : facts.defaultVersion;
    if (knownVersion && knownLanguage) return page('api', { ...keep, storeLanguage: language });
    return redirect('api', `/${targetVersion}/api/${targetLanguage}`);
  }

  // Translated routes carry an optional two-letter locale first (rule 4), unless those two
  // letters are a translated route's own first segment (a collection at "/{locale}/qa/…").
  const localeParam = /^[A-Za-z]{2}$/.test(first) && (facts.locales.includes(first) || !routes.some((r) => r.translated && r.path.split('/')[0] === first)) ? first : null;
  const rest = localeParam ? segs.slice(1) : segs;
  const translated = matchTranslated(rest, routes, facts);
  if (!translated) {
    // /:locale?/integrations-in-a-nutshell & co. -> /developers/…
    const alias = rest.length ? (facts.aliases ?? SPEC_ALIASES)[`/${rest.join('/')}`] : undefined;
    if (alias !== undefined) return redirect(routes.find((r) => !r.translated && matchRule(r, alias.split('/').filter(Boolean), facts))?.route ?? 'not-found', alias);
    // A page of no locale asked for under one ("/nl/developers/x"): that page, in the
    // locale the reader named. Not for a collection at the root: any path would match it.
    if (localeParam !== null && rest.length) {
      const plain = routes.find((r) => !r.translated && r.path !== '' && matchRule(r, rest, facts));
      if (plain) return redirect(plain.route, `/${rest.join('/')}`, facts.locales.includes(localeParam) ? { locale: localeParam, storeLocale: localeParam, storeLanguage: null } : keep);
    }
    // Nothing here: the 404 page, in the locale the path names ("/nl/nope" is Dutch, as "/nl/support" is).
    return untranslated(true) ?? (localeParam !== null && facts.locales.includes(localeParam) ? { ...notFound, locale: localeParam, storeLocale: localeParam } : notFound);
  }
  if (localeParam === null) {
    // Absent: re-save the stored locale and prefix it ("/" becomes just "/{locale}").
    return redirect(translated.route, rest.length ? `/${current}/${rest.join('/')}` : `/${current}`, { ...keep, storeLocale: current });
  }
  if (!facts.locales.includes(localeParam)) {
    // Present but unavailable: nothing changes. A static host has no page at this path,
    // so show the same page in the current locale.
    return redirect(translated.route, rest.length ? `/${current}/${rest.join('/')}` : `/${current}`);
  }
  const here: Effects = { locale: localeParam, storeLocale: localeParam, storeLanguage: null };
  if (translated.to) return redirect(translated.route, `/${localeParam}${translated.to}`, here);
  if (translated.missing) return { type: 'not-found', route: 'not-found', ...here };
  return page(translated.route, here);
}

interface TranslatedMatch {
  route: RouteName;
  /** A redirect within the same locale (path after the locale), e.g. to the latest version. */
  to?: string;
  /** The route matched but names a version or section that does not exist. */
  missing?: boolean;
}

function matchTranslated(rest: string[], routes: readonly RouteRule[], facts: SiteFacts): TranslatedMatch | null {
  for (const rule of routes) {
    if (!rule.translated) continue;
    const match = matchRule(rule, rest, facts);
    if (match) return match;
  }
  return null;
}

/** `segs` (after the locale, for translated rules) against one rule; redirects are paths without the locale. */
function matchRule(rule: RouteRule, segs: string[], facts: SiteFacts): TranslatedMatch | null {
  const base = rule.path ? rule.path.split('/') : [];
  if (segs.length < base.length || base.some((s, i) => segs[i] !== s)) return null;
  const tail = segs.slice(base.length);
  const route = rule.route;
  switch (rule.match) {
    case 'exact':
      return tail.length === 0 ? { route } : null;
    case 'below': {
      // A versioned document whose rule has a placeholder before its version ("policies/cookies"): its latest version.
      const info = tail.length ? facts.legal[segs.join('/')] : undefined;
      return info ? { route, to: `/${segs.join('/')}/${info.latest}` } : { route };
    }
    case 'versions': {
      if (tail.length > 1) return null;
      const info = facts.legal[rule.path];
      if (!info) return tail.length === 0 ? null : { route, missing: true };
      if (tail[0] === undefined) return { route, to: `/${rule.path}/${info.latest}` };
      return info.versions.includes(tail[0]) ? { route } : { route, missing: true };
    }
    case 'sections': {
      // The catch-all redirect view: a known section (and its FAQ) shows; anything else
      // under it goes to the closest section, or the first one.
      const first = facts.generalSections[0];
      if (!first) return null;
      const [section, sub] = tail;
      const subpages = rule.subpages ?? [];
      if (section !== undefined && facts.generalSections.includes(section)) {
        if (tail.length === 1) return { route };
        if (tail.length === 2 && subpages.includes(sub!)) return { route };
        return { route, to: `/${rule.path}/${section}${sub !== undefined && subpages.includes(sub) ? `/${sub}` : ''}` };
      }
      return { route, to: `/${rule.path}/${first}` };
    }
  }
}
