// planRedirects: the redirecting paths a static host can serve as files (one stub per
// path), and the `_redirects` rules for hosts that read them. Paths no host can
// enumerate (/1/api/python, /nl/general/anything) are left to 404.html, which runs the
// same resolver in the browser.
import { resolveRoute, SPEC_ALIASES, SPEC_ROUTES, type BrowserState, type SiteFacts } from './resolve.js';

export interface RedirectStub {
  /** The path the stub is served at. */
  from: string;
  /** Where a visitor with nothing stored goes: the no-JavaScript fallback and canonical. */
  fallback: string;
  /** True when the target is the same whatever the browser stored: a server rule is safe. */
  stateless: boolean;
  /**
   * True for a page that moved (an alias): the rule is permanent (301). Other targets move
   * with the site (the latest version of a document, the first help section, the default
   * API version), so their rule is temporary (302): a browser caches a 301 for good, and
   * would keep sending its readers to superseded terms after a new version ships.
   */
  moved: boolean;
}

export function enumerateRedirectPaths(facts: SiteFacts): string[] {
  const routes = facts.routes ?? SPEC_ROUTES;
  const paths = new Set<string>();
  if (facts.api !== false) {
    paths.add('/api');
    for (const language of facts.languages) paths.add(`/api/${language}`);
    for (const version of facts.versions) paths.add(`/${version}/api`);
  }
  for (const rule of routes) {
    const path = rule.path ? `/${rule.path}` : '';
    if (!rule.translated) {
      // A versioned document goes to its latest version; a sections route to its first section.
      if (rule.match === 'versions' && facts.legal[rule.path]) paths.add(path || '/');
      if (rule.match === 'sections' && facts.generalSections.length) paths.add(path || '/');
      continue;
    }
    // Without a locale, every translated route redirects (rule 4).
    paths.add(path || '/');
    if (rule.match === 'sections') {
      for (const section of facts.generalSections) {
        paths.add(`${path}/${section}`);
        for (const sub of rule.subpages ?? []) paths.add(`${path}/${section}/${sub}`);
      }
      for (const locale of facts.locales) paths.add(`/${locale}${path}`);
    }
    if (rule.match === 'versions') {
      const info = facts.legal[rule.path];
      if (!info) {
        paths.delete(path || '/');
        continue;
      }
      for (const version of info.versions) paths.add(`${path}/${version}`);
      for (const locale of facts.locales) paths.add(`/${locale}${path}`);
    }
  }
  // Versioned documents under a rule that is not their own (a placeholder before the
  // version): the document's path goes to its latest version, as a versions rule's does.
  for (const [series, info] of Object.entries(facts.legal)) {
    const rule = routes.find((r) => r.match === 'below' && (r.path === '' || series.startsWith(`${r.path}/`)));
    if (!rule) continue;
    paths.add(`/${series}`);
    if (!rule.translated) continue;
    for (const version of info.versions) paths.add(`/${series}/${version}`);
    for (const locale of facts.locales) paths.add(`/${locale}/${series}`);
  }
  for (const alias of Object.keys(facts.aliases ?? SPEC_ALIASES)) {
    paths.add(alias);
    for (const locale of facts.locales) paths.add(`/${locale}${alias}`);
  }
  return [...paths].sort();
}

/** A visitor with nothing stored. */
const FRESH: BrowserState = { storedLocale: null, storedLanguage: null };

export function planRedirects(facts: SiteFacts, pagePaths: ReadonlySet<string>): RedirectStub[] {
  // Every stored value a visitor could have: the stub's target may depend on them.
  const states: BrowserState[] = facts.locales.flatMap((storedLocale) => facts.languages.map((storedLanguage) => ({ storedLocale, storedLanguage })));
  const stubs: RedirectStub[] = [];
  const aliases = Object.keys(facts.aliases ?? SPEC_ALIASES);
  const moved = new Set([...aliases, ...facts.locales.flatMap((locale) => aliases.map((alias) => `/${locale}${alias}`))]);
  for (const from of [...new Set([...enumerateRedirectPaths(facts), ...unprefixedPages(facts, pagePaths)])].sort()) {
    if (pagePaths.has(from)) continue;
    const resolved = resolveRoute(from, '', FRESH, facts);
    if (resolved.type !== 'redirect') continue;
    // No stub that ends on no page ("/help" -> "/en/help" of a collection at
    // /{locale}/help/{topic}): 404.html answers that path as it would the target.
    if (!endsOnPage(resolved.to, facts, pagePaths)) continue;
    const stateless = states.every((state) => {
      const other = resolveRoute(from, '', state, facts);
      return other.type === 'redirect' && other.to === resolved.to;
    });
    stubs.push({ from, fallback: resolved.to, stateless, moved: moved.has(from) });
  }
  return stubs;
}

/**
 * The pages of translated collections whose rule takes everything below its path (a blog
 * at /{locale}/blog/{slug}) without their locale ("/blog/hello"): each redirects to the
 * reader's locale, and no rule of the table enumerates them.
 */
function unprefixedPages(facts: SiteFacts, pagePaths: ReadonlySet<string>): string[] {
  const below = (facts.routes ?? SPEC_ROUTES).filter((rule) => rule.translated && rule.match === 'below').map((rule) => (rule.path ? rule.path.split('/') : []));
  if (!below.length) return [];
  const paths: string[] = [];
  for (const page of pagePaths) {
    const segs = page.split('/').filter(Boolean);
    if (!facts.locales.includes(segs[0] ?? '')) continue;
    const rest = segs.slice(1);
    if (below.some((base) => rest.length > base.length && base.every((s, i) => rest[i] === s))) paths.push(`/${rest.join('/')}`);
  }
  return paths;
}

/** Whether following redirects from `to` (as a visitor with nothing stored) reaches one of `pagePaths`. */
function endsOnPage(to: string, facts: SiteFacts, pagePaths: ReadonlySet<string>): boolean {
  let path = to.split('#')[0]!;
  for (let hops = 0; hops < 4; hops++) {
    if (pagePaths.has(path)) return true;
    const next = resolveRoute(path, '', FRESH, facts);
    if (next.type !== 'redirect') return false;
    path = next.to.split('#')[0]!;
  }
  return pagePaths.has(path);
}

/** Netlify / Cloudflare Pages `_redirects`: rules for the stateless redirects only, permanent for moved pages. */
export function formatRedirectsFile(stubs: readonly RedirectStub[]): string {
  const lines = [
    '# Generated by bankdocs. Redirects that do not depend on the visitor\'s stored locale or',
    '# language; the others are answered by the stub pages and 404.html in the browser.',
    ...stubs.filter((s) => s.stateless).map((s) => `${s.from}  ${s.fallback}  ${s.moved ? 301 : 302}`),
  ];
  return `${lines.join('\n')}\n`;
}
