// Texts a site gives in one language or per locale (menu and footer labels, a collection's
// label), and the locale codes they are keyed by.
import { z } from 'zod';

export const LOCALE_CODE_RE = /^[a-z]{2}$/;

export const localeCode = z
  .string()
  .regex(LOCALE_CODE_RE, 'a locale code is exactly two lower-case letters, e.g. "en"');

/** A label that is either one string for all locales or one per locale code. */
export const localizedString = z.union([
  z.string().min(1),
  z.record(localeCode, z.string().min(1)),
]);
export type LocalizedString = z.infer<typeof localizedString>;

