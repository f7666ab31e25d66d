// The facts the route resolver needs, derived from the Site model and its collections.
// Routes and aliases are written out only when they differ from spec §2's, so a site on
// the built-in collections keeps the facts (and the pages that inline them) it had.
import type { Page, Site } from '../content/site.js';
import { compareVersions } from '../content/classify.js';
import { SPEC_ALIASES, SPEC_ROUTES, type SiteFacts } from './resolve.js';
import { routeAliases, routeRules } from './route-rules.js';
import { seriesOf } from './series.js';
import { compareText } from '../collate.js';

export function siteFacts(site: Site): SiteFacts {
  const { config } = site;
  const defaultLocale = config.locales.default;
  const rules = routeRules(site.collections);
  // Every versioned document (a collection with order: versions) by its path, whether its
  // rule matches it alone ("terms-and-conditions") or a placeholder comes before its
  // version ("policies/{name}/{version}": "policies/cookies", "policies/privacy").
  const versionsByPath = new Map<string, Set<string>>();
  for (const page of site.pages) {
    const series = seriesOf(site, page);
    if (series) versionsByPath.set(series.path, (versionsByPath.get(series.path) ?? new Set()).add(series.version));
  }
  const legal: Record<string, { versions: string[]; latest: string }> = {};
  // The versions rules' documents first, in the rules' order; then the others by path.
  const ruled = rules.filter((r) => r.match === 'versions' && versionsByPath.has(r.path)).map((r) => r.path);
  const others = [...versionsByPath.keys()].filter((path) => !ruled.includes(path)).sort(compareText);
  for (const path of [...ruled, ...others]) {
    const found = versionsByPath.get(path)!;
    const versions = [...found].sort(compareVersions);
    legal[path] = { versions, latest: versions.at(-1)! };
  }
  const sectionsRule = rules.find((r) => r.match === 'sections');
  const sectionCollection = site.collections.find((c) => c.unknownPaths === 'closest');
  const intros = sectionsRule && sectionCollection
    ? site.pages
        .filter((p) => p.info.collection === sectionCollection.name && isSectionIntro(p) && (p.info.locale ?? defaultLocale) === defaultLocale)
        .sort((a, b) => (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || compareText(a.data.title, b.data.title))
    : [];
  const aliases = routeAliases(site.collections);
  return {
    locales: config.locales.available,
    defaultLocale,
    versions: config.versions.available,
    defaultVersion: config.versions.default,
    languages: config.api.languages,
    defaultLanguage: config.api.defaultLanguage,
    legal,
    generalSections: intros.map((p) => sectionName(p)),
    ...(JSON.stringify(rules) === JSON.stringify(SPEC_ROUTES) ? {} : { routes: rules }),
    ...(JSON.stringify(aliases) === JSON.stringify(SPEC_ALIASES) ? {} : { aliases }),
    // Written only when false, so a site with an API reference keeps the facts it had.
    ...(site.pages.some((p) => p.info.layout === 'api') ? {} : { api: false as const }),
  };
}

/** A section's introduction: the page whose URL is the section's own (its file is the folder's index). */
function isSectionIntro(page: Page): boolean {
  return page.source.endsWith('/index.md');
}

/** The section a page of the "sections" collection is in: its URL's segment after the rule's path. */
function sectionName(page: Page): string {
  const segments = (page.url ?? '').split('/').filter(Boolean);
  return segments.at(-1) ?? '';
}
