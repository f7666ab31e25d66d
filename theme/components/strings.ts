// Interface strings of the built-in theme, per locale (the keys: UiStrings in the theme
// contract). The menu and footer labels are in docs.config.yaml; these are the theme's own
// words, and a site overrides any of them (theme.strings in docs.config.yaml).
import type { UiStrings } from '../../src/theme-api.js';
import { da } from './locales/da.js';
import { de } from './locales/de.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { it } from './locales/it.js';
import { nl } from './locales/nl.js';
import { pl } from './locales/pl.js';
import { pt } from './locales/pt.js';
import { sv } from './locales/sv.js';

const en: UiStrings = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  toggleMenu: 'Show or hide the menu',
  onThisPage: 'On this page',
  previous: 'Previous',
  next: 'Next',
  fallbackNotice: 'This page is not available in your language yet; you are reading the {language} text.',
  versions: 'All versions',
  effectiveFrom: 'Effective from',
  latest: 'latest',
  youAreReading: 'You are reading version',
  newerVersion: 'This is not the latest version; the latest is {version}.',
  legalSample: '',
  notFoundText: 'The page you asked for does not exist or has moved.',
  backHome: 'Go to the home page',
  introduction: 'Introduction',
  faq: 'FAQ',
  exampleLanguage: 'Example language',
  copy: 'Copy',
  helpSections: 'Help sections',
  emptyTab: 'Nothing to show in this tab.',
  alertNote: 'Note',
  alertTip: 'Tip',
  alertImportant: 'Important',
  alertWarning: 'Warning',
  alertCaution: 'Caution',
  alertInfo: 'Info',
  alertDanger: 'Danger',
  footnotes: 'Footnotes',
  footnoteBack: 'Back to reference {n}',
  copied: 'Copied to the clipboard',
  copyFailed: 'Could not copy: select the text and copy it by hand',
  copyPage: 'Copy page as Markdown',
  copyPageDone: 'Page copied as Markdown',
  copyPageFailed: 'Could not copy the page. Its Markdown version is at {url}',
  close: 'Close',
  loadError: 'Part of this page could not be loaded. Check your connection and try again.',
  toggleApiMenu: 'Show or hide the API menu',
  language: 'Language',
  consentTitle: "Cookies and embedded services",
  consentText: 'We use what this site needs to work. With your consent we also load the embedded services you allow below. You can change your choice at any time under “Cookies settings” in the footer.',
  acceptAll: "Accept all",
  rejectAll: "Reject all",
  choose: "Choose",
  saveChoices: "Save choices",
  necessary: "Necessary",
  necessaryText: "Keeps your language and example choices. Always on.",
  functional: "Functional",
  functionalText: 'Embedded services that add features to the pages.',
  analytics: "Analytics",
  analyticsText: "Anonymous statistics on how pages are used.",
  serviceError: "An embedded service could not be loaded; the page works without it.",
  search: 'Search',
  searchPlaceholder: 'Search the documentation',
  searchResults: 'Search results',
  searchNoResults: 'No results for “{query}”.',
  searchTooShort: 'Type at least two letters.',
  searchCount: '{count} results',
  searchCountOne: '1 result',
  searchFailed: 'Search could not be loaded. Check your connection and try again.',
  searchHelp: 'Use ↑ and ↓ to move through the results, Enter to open one, Escape to close.',
  searchTop: 'Top results',
  searchGroups: { api: 'API reference', guide: 'Guides', help: 'Help', support: 'Support', legal: 'Legal', home: 'Home' },
  home: 'Home',
  breadcrumbs: 'Breadcrumb',
  guides: 'Guides',
  earlierPages: '{count} earlier pages',
  laterPages: '{count} later pages',
  earlierPagesOne: '1 earlier page',
  laterPagesOne: '1 later page',
  apiReference: 'API reference',
  darkMode: 'Dark mode',
  closeMenu: 'Close the menu',
  request: 'Request',
  response: 'Response',
  heroPrimary: 'Get started',
  heroSecondary: 'API reference',
  exploreGuides: 'Developer guides',
  apiReferenceText: 'Every operation with its parameters, rules and examples.',
  supportText: 'Questions the documentation does not answer: we help.',
  notFoundSearch: 'Search the documentation',
  notFoundSections: 'Or go to one of these sections:',
  notFoundTitle: 'Page Not Found',
  notFoundDescription: 'The page you asked for does not exist.',
  redirectTitle: 'Redirecting to {url}',
  redirectText: 'This page has moved to {url}.',
  apiReferenceTitle: '{product} API Reference',
  apiReferenceDescription: 'Reference of the {product} {tag}, version {version}, with {language} examples.',
  operationScope: 'Scope',
  operationAuth: 'Authentication',
  operationNone: 'none',
  operationDeprecated: 'Deprecated',
  authBasic: 'basic authentication with the client credentials',
  authBearer: 'bearer access token',
  authApiKeyHeader: 'API key in the {name} header',
  authApiKeyQuery: 'API key in the query parameter {name}',
  authApiKeyCookie: 'API key in the cookie {name}',
  authOAuth2: 'bearer access token (OAuth 2.0: {flows})',
  authFlowAuthorizationCode: 'authorization code',
  authFlowClientCredentials: 'client credentials',
  authFlowImplicit: 'implicit',
  authFlowPassword: 'password',
  fieldRequired: 'required',
  fieldOptional: 'optional',
  fieldsParameters: 'Parameters',
  fieldsAttributes: 'Attributes',
  fieldsBody: 'Body',
  fieldsForm: 'Form fields',
  fieldsResponses: 'Responses',
  fieldsHeaders: 'Headers',
  fieldsUnlisted: 'This list is cut: {count} more fields, from {first} on, are not listed. The OpenAPI document has them all.',
  fieldInLanguage: 'In {language}:',
  fieldsOf: 'Fields: {name}',
  relationToOne: 'to one: {name}',
  relationToMany: 'to many: {name}',
};

/** Names of locales in their own language, for the locale picker. */
export const LOCALE_NAMES: Record<string, string> = { en: 'English', nl: 'Nederlands', fr: 'Français', es: 'Español', de: 'Deutsch', it: 'Italiano', pt: 'Português', pl: 'Polski', sv: 'Svenska', da: 'Dansk' };

/** A locale's name in its own language ("Polski" for pl): LOCALE_NAMES', else ICU's. */
export function localeName(locale: string): string {
  return LOCALE_NAMES[locale] ?? languageNameIn(locale, locale, true);
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

/**
 * The name of the language `code` in the language of `locale`, as ICU has it ("Engels" for
 * en in nl, "anglais" in fr); `capital` starts it with a capital letter. The locale code
 * itself when ICU has no name. Each locale's names are loaded once (about 10 ms for the first).
 */
export function languageNameIn(code: string, locale: string, capital = false): string {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  let name: string | undefined;
  try {
    name = names?.of(code);
  } catch {
    name = undefined;
  }
  if (!name || name === code) return code;
  return capital ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : name;
}

const dateFormats = new Map<string, Intl.DateTimeFormat | null>();

/**
 * A date written YYYY-MM-DD (a legal version's `effective`) as `locale` writes it in full
 * ("1 maart 2021", "March 1, 2021", "1. März 2021"), read in UTC so that every build gives
 * the same words; the date as written when it is not such a date or ICU has no such locale.
 */
export function dateIn(iso: string, locale: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!parts) return iso;
  let format = dateFormats.get(locale);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    } catch {
      format = null;
    }
    dateFormats.set(locale, format);
  }
  const time = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return format && !Number.isNaN(time) ? format.format(time) : iso;
}

/** The fallback notice in `locale`, naming the default locale's language where it says {language} (ICU writes it as that language does: "English", "anglais"). */
export function fallbackNoticeText(notice: string, defaultLocale: string, locale: string): string {
  return notice.includes('{language}') ? notice.replace('{language}', languageNameIn(defaultLocale, locale)) : notice;
}

/** The strings of every locale the built-in theme speaks; English for any other. */
export const builtinStrings: Readonly<Record<string, UiStrings>> & { en: UiStrings } = { en, nl, fr, es, de, it, pt, pl, sv, da };
