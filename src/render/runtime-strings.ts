// The interface strings the browser runtime writes itself (copy buttons and their toasts,
// error toasts, "Copy page as Markdown"), in every locale, as one static file
// (assets/strings-<hash>.json). A page that is not translated names it in its runtime
// config; when the reader's stored locale is not the page's, the runtime fetches it and
// puts that locale's strings in place (theme/client/locale.ts). A site of one locale has
// no such file.
import { createHash } from 'node:crypto';
import type { Site } from '../content/site.js';
import type { UiStrings } from '../theme/contract.js';
import { siteStrings } from '../theme/strings.js';
import { builtinTheme } from '../../theme/index.js';

/** The consent bar's words (the theme's template names each by its key, data-string), which the runtime swaps with the others. */
export const CONSENT_STRING_KEYS = ['consentTitle', 'consentText', 'necessary', 'necessaryText', 'functional', 'functionalText', 'analytics', 'analyticsText', 'acceptAll', 'rejectAll', 'choose', 'saveChoices'] as const satisfies readonly (keyof UiStrings)[];

/** The strings the runtime reads, by its name for each. */
export const RUNTIME_STRING_KEYS = ['copy', 'copied', 'copyFailed', 'close', 'loadError', 'serviceError', 'copyPage', 'copyPageDone', 'copyPageFailed', 'toggleMenu', ...CONSENT_STRING_KEYS] as const satisfies readonly (keyof UiStrings)[];

export type RuntimeStrings = Record<string, Record<(typeof RUNTIME_STRING_KEYS)[number], string>>;

/** The file, or null for a site of one locale. */
export function runtimeStringsFile(site: Pick<Site, 'config'>): { path: string; url: string; contents: string } | null {
  const { locales, theme } = site.config;
  if (locales.available.length < 2) return null;
  const stringsOf = siteStrings(builtinTheme, theme.strings);
  const all: RuntimeStrings = Object.fromEntries(
    locales.available.map((locale) => {
      const strings = stringsOf(locale);
      return [locale, Object.fromEntries(RUNTIME_STRING_KEYS.map((key) => [key, strings[key]]))];
    }),
  ) as RuntimeStrings;
  const contents = JSON.stringify(all);
  // Named by its content, as the other assets (build/assets.ts's contentHash; not imported: the dev render thread's bundle leaves the build's modules out).
  const path = `assets/strings-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}.json`;
  return { path, url: `/${path}`, contents };
}
