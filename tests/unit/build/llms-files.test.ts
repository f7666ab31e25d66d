import { describe, expect, it } from 'vitest';
import { displayName, languageName } from '../../../src/build/llms-files.js';
import { LOCALE_NAMES } from '../../../theme/index.js';

describe('languageName', () => {
  it("gives the locale picker's names, which are what Intl.DisplayNames gives", () => {
    for (const [locale, name] of Object.entries(LOCALE_NAMES)) {
      expect(languageName(locale)).toBe(name);
      expect(displayName(locale)).toBe(name);
    }
  });

  it('asks Intl.DisplayNames for other locales', () => {
    expect(LOCALE_NAMES.sv).toBeUndefined();
    expect(languageName('sv')).toBe('Svenska');
    expect(languageName('pl')).toBe('Polski');
  });
});
