// The built-in theme's strings in every language it speaks: each has every key of the
// English ones, keeps their placeholders, and is filled in (an English word left in a
// translation is a choice, but an empty string where English has text is a gap).
import { describe, expect, it } from 'vitest';
import { builtinTheme } from '../../../theme/index.js';
import { dateIn, localeName } from '../../../theme/components/strings.js';
import { stringKeys } from '../../../src/theme/overrides.js';

const english = builtinTheme.strings.en;
const flat = (strings: object): Record<string, string> =>
  Object.fromEntries(Object.entries(strings).flatMap(([key, value]) => (typeof value === 'object' ? Object.entries(value as Record<string, string>).map(([k, v]) => [`${key}.${k}`, v]) : [[key, value as string]])));
const placeholders = (text: string) => (text.match(/\{[a-z]+\}/g) ?? []).sort();

describe('the built-in strings', () => {
  it('speak ten languages', () => {
    expect(Object.keys(builtinTheme.strings).sort()).toEqual(['da', 'de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'sv']);
  });

  for (const [locale, strings] of Object.entries(builtinTheme.strings)) {
    it(`in ${locale} (${localeName(locale)}) have every key, with its placeholders, and no empty one where English has text`, () => {
      expect(stringKeys(strings)).toEqual(stringKeys(english));
      const ours = flat(strings);
      for (const [key, text] of Object.entries(flat(english))) {
        expect(placeholders(ours[key]!), `${locale}.${key}`).toEqual(placeholders(text));
        expect(ours[key] === '', `${locale}.${key}`).toBe(text === '');
      }
    });
  }

  it('write a date as each language does, the same whatever the time zone, and one that is no date as written', () => {
    expect(['en', 'nl', 'fr', 'de', 'es', 'pl'].map((locale) => dateIn('2021-03-01', locale))).toEqual(['March 1, 2021', '1 maart 2021', '1 mars 2021', '1. März 2021', '1 de marzo de 2021', '1 marca 2021']);
    // The last day of a year stays in it east and west of Greenwich (read in UTC).
    expect(dateIn('2024-12-31', 'nl')).toBe('31 december 2024');
    for (const text of ['2021-3-1', 'soon', '']) expect(dateIn(text, 'nl')).toBe(text);
  });
});
