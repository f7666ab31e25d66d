// A site's interface strings: the theme's for each locale (English for a locale the theme
// does not know), with the site's own (theme.strings in docs.config.yaml) over them.
import type { Config } from '../config/schema.js';
import type { Theme, UiStrings, UiStringsOverride } from './contract.js';

export type StringsOf = (locale: string) => UiStrings;

/** The theme's own strings of a locale, without the site's. */
export function themeStrings(theme: Pick<Theme, 'strings'>, locale: string): UiStrings {
  return theme.strings[locale] ?? theme.strings.en;
}

export function siteStrings(theme: Pick<Theme, 'strings'>, overrides: Config['theme']['strings'] = {}): StringsOf {
  const made = new Map<string, UiStrings>();
  return (locale) => {
    let strings = made.get(locale);
    if (!strings) {
      const base = themeStrings(theme, locale);
      const own = (overrides[locale] ?? {}) as UiStringsOverride;
      strings = { ...base, ...own, searchGroups: { ...base.searchGroups, ...own.searchGroups } } as UiStrings;
      made.set(locale, strings);
    }
    return strings;
  };
}
