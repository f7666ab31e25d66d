// The built-in theme's strings in every language it speaks: each has every key of the
// English ones, keeps their placeholders, and is filled in (an English word left in a
// translation is a choice, but an empty string where English has text is a gap).
import { describe, expect, it } from 'vitest';
import { builtinTheme } from '../../../theme/index.js';
import { localeName } from '../../../theme/components/strings.js';
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
});
