// The facts the route resolver needs, derived from the Site model and the route plan.
import type { Site } from '../content/site.js';
import { compareVersions, LEGAL_KINDS } from '../content/classify.js';
import type { SiteFacts } from './resolve.js';

export function siteFacts(site: Site): SiteFacts {
  const { config } = site;
  const defaultLocale = config.locales.default;
  const legal: Record<string, { versions: string[]; latest: string }> = {};
  for (const kind of LEGAL_KINDS) {
    const versions = [
      ...new Set(site.pages.flatMap((p) => (p.info.collection === 'legal' && p.info.legalKind === kind ? [p.info.version] : []))),
    ].sort(compareVersions);
    const latest = versions.at(-1);
    if (latest) legal[kind] = { versions, latest };
  }
  const intros = site.pages
    .filter((p) => p.info.collection === 'general' && p.info.kind === 'intro' && p.info.locale === defaultLocale)
    .sort((a, b) => (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || a.data.title.localeCompare(b.data.title));
  return {
    locales: config.locales.available,
    defaultLocale,
    versions: config.versions.available,
    defaultVersion: config.versions.default,
    languages: config.api.languages,
    defaultLanguage: config.api.defaultLanguage,
    legal,
    generalSections: intros.map((p) => (p.info.collection === 'general' ? p.info.section : '')),
  };
}
