// Translations: a page whose front matter differs in structure from the reference locale
// (keys added or missing, or values that are not words that differ: the keys a collection
// declares as a number, a boolean or a date, such as the built-in order and effective).
// Missing pages are reported by the route plan (translation-missing).
import { parseYaml, positionOfPath, yamlValue } from '../config/yaml-positions.js';
import type { FrontMatterField } from '../config/collections-schema.js';
import { frontMatterKeys } from '../content/schemas.js';
import type { Page, Site } from '../content/site.js';
import type { Diagnostic } from '../diagnostics.js';
import { translationKey } from '../routes/paths.js';

/** Front matter types whose values stay the same in every language: they are no words. */
const SHARED_TYPES: ReadonlySet<FrontMatterField['type']> = new Set(['integer', 'number', 'boolean', 'date']);

export async function checkTranslations(site: Site): Promise<Diagnostic[]> {
  const defaultLocale = site.config.locales.default;
  const translated = site.pages.filter((p) => 'locale' in p.info);
  const reference = new Map(translated.filter((p) => p.source.startsWith(`${defaultLocale}/`)).map((p) => [translationKey(p.source), p]));
  // The front matter as the content was read (load-content.ts): the files are not read again.
  const frontMatter = async (page: Page) => {
    if (!page.frontMatter) return null;
    const parsed = parseYaml(page.frontMatter.yaml, page.frontMatter.lineOffset);
    if (parsed.doc.errors.length) return null; // reported when the page was loaded
    const data = yamlValue(parsed) as Record<string, unknown> | null;
    return data && typeof data === 'object' ? { data, parsed } : null;
  };
  const diagnostics: Diagnostic[] = [];
  for (const page of translated) {
    if (page.source.startsWith(`${defaultLocale}/`)) continue;
    const ref = reference.get(translationKey(page.source));
    if (!ref) continue;
    const [mine, theirs] = await Promise.all([frontMatter(page), frontMatter(ref)]);
    if (!mine || !theirs) continue;
    // Keys the schema does not know are errors of their own (front-matter-unknown-key).
    const collection = site.collections.find((c) => c.name === page.info.collection)!;
    const known = new Set(frontMatterKeys(collection));
    const shared = (key: string) => SHARED_TYPES.has(collection.frontMatter[key]?.type ?? 'string');
    for (const data of [mine.data, theirs.data]) for (const key of Object.keys(data)) if (!known.has(key)) delete data[key];
    const problem = (key: string, message: string, hint: string, onKey: boolean) =>
      diagnostics.push({ ruleId: 'translation-structure', severity: 'warning', message, hint, file: page.file, ...positionOfPath(mine.parsed, onKey ? [key] : [], { key: true }) });
    for (const key of Object.keys(theirs.data)) {
      if (!(key in mine.data)) problem(key, `"${key}" is in the ${defaultLocale} front matter but not in this translation`, `add ${key}: as in ${ref.source}`, false);
      else if (shared(key) && JSON.stringify(mine.data[key]) !== JSON.stringify(theirs.data[key])) {
        problem(key, `${key} is ${JSON.stringify(mine.data[key])} here but ${JSON.stringify(theirs.data[key])} in ${ref.source}`, `${key} is the same in every language: copy it from ${ref.source}`, true);
      }
    }
    for (const key of Object.keys(mine.data)) {
      if (!(key in theirs.data)) problem(key, `"${key}" is in this translation but not in the ${defaultLocale} front matter`, `remove it, or add it to ${ref.source} first`, true);
    }
  }
  return diagnostics;
}
