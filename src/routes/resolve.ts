// The route resolution rules of spec §2, as one pure function with no dependencies, so
// the build (which pages and redirect stubs to emit), the dev server and the browser
// (redirect stubs and 404.html, for paths no static host can enumerate) all share it.
//
// resolveRoute(path, hash, state, facts) answers with the page to show, a redirect
// target (already followed to its end, so at most one hop) or "not found". It never
// returns a target on another origin: targets are always absolute paths built here.

export const LOCALE_STORAGE_KEY = 'bankdocs:locale';
export const LANGUAGE_STORAGE_KEY = 'bankdocs:language';

/** The guide pages that old top-level URLs still point to (spec §2 "Redirects"). */
export const DEVELOPER_ALIASES = ['integrations-in-a-nutshell', 'connect-integrations', 'custom-integrations'] as const;
export const LEGAL_KINDS = ['terms-and-conditions', 'privacy-notice'] as const;

export interface SiteFacts {
  locales: readonly string[];
  defaultLocale: string;
  versions: readonly string[];
  defaultVersion: string;
  languages: readonly string[];
  defaultLanguage: string;
  /** Legal versions per kind (e.g. "terms-and-conditions": ["v1.0", …]) and the latest. */
  legal: Readonly<Record<string, { versions: readonly string[]; latest: string }>>;
  /** Help sections in order; the first is where a bare /general goes. */
  generalSections: readonly string[];
}

export interface BrowserState {
  /** The locale kept in browser storage, if any. */
  storedLocale: string | null;
  /** The API example language kept in browser storage, if any. */
  storedLanguage: string | null;
}

export type RouteName =
  | 'home'
  | 'developers'
  | 'api'
  | 'support'
  | 'terms-and-conditions'
  | 'privacy-notice'
  | 'general-section'
  | 'not-found';

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

/** Paths are normalised before matching: no trailing slash, no empty segments. */
export function normalizePath(path: string): string {
  return `/${path.split('/').filter(Boolean).join('/')}`;
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

  // /developers and its guides: not translated (rule 5: language from the stored locale).
  if (first === 'developers') return page('developers');

  // /:version?/api/:language?
  const apiAt = segs.indexOf('api');
  if ((apiAt === 0 && segs.length <= 2) || (apiAt === 1 && segs.length <= 3)) {
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

  // Translated routes carry an optional two-letter locale first (rule 4).
  const localeParam = first.length === 2 ? first : null;
  const rest = localeParam ? segs.slice(1) : segs;
  const translated = matchTranslated(rest, facts);
  if (!translated) {
    // /:locale?/integrations-in-a-nutshell & co. -> /developers/…
    if (rest.length === 1 && (DEVELOPER_ALIASES as readonly string[]).includes(rest[0]!)) return redirect('developers', `/developers/${rest[0]}`);
    return notFound;
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

function matchTranslated(rest: string[], facts: SiteFacts): TranslatedMatch | null {
  const [head, second, third] = rest;
  if (rest.length === 0) return { route: 'home' };
  if (head === 'support' && rest.length === 1) return { route: 'support' };
  const legal = LEGAL_KINDS.find((k) => k === head);
  if (legal && rest.length <= 2) {
    const info = facts.legal[legal];
    if (!info) return rest.length === 1 ? null : { route: legal, missing: true };
    if (second === undefined) return { route: legal, to: `/${legal}/${info.latest}` };
    return info.versions.includes(second) ? { route: legal } : { route: legal, missing: true };
  }
  if (head === 'general') {
    // The catch-all redirect view: a known section (and its FAQ) shows; anything else
    // under /general goes to the closest section, or the first one.
    const first = facts.generalSections[0];
    if (!first) return null;
    if (second !== undefined && facts.generalSections.includes(second)) {
      if (rest.length === 2) return { route: 'general-section' };
      if (rest.length === 3 && third === 'faq') return { route: 'general-section' };
      return { route: 'general-section', to: `/general/${second}${third === 'faq' ? '/faq' : ''}` };
    }
    return { route: 'general-section', to: `/general/${first}` };
  }
  return null;
}
