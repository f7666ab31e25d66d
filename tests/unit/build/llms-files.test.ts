import { describe, expect, it } from 'vitest';
import { languageName } from '../../../src/build/llms-files.js';
import { fallbackNoticeText, languageNameIn, LOCALE_NAMES } from '../../../theme/index.js';
import { builtinStrings } from '../../../theme/components/strings.js';

describe('languageName', () => {
  it("gives the locale picker's names, which are what Intl.DisplayNames gives", () => {
    for (const [locale, name] of Object.entries(LOCALE_NAMES)) {
      expect(languageName(locale)).toBe(name);
      expect(languageNameIn(locale, locale, true)).toBe(name);
    }
  });

  it('asks Intl.DisplayNames for other locales', () => {
    expect(LOCALE_NAMES.fi).toBeUndefined();
    expect(languageName('fi')).toBe('Suomi');
    expect(languageName('cs')).toBe('Čeština');
  });
});

describe('the fallback notice', () => {
  it('names the default locale\'s language in the reader\'s, whichever it is', () => {
    const notice = (locale: string) => builtinStrings[locale]!.fallbackNotice;
    expect(fallbackNoticeText(notice('en'), 'en', 'en')).toBe('This page is not available in your language yet; you are reading the English text.');
    expect(fallbackNoticeText(notice('en'), 'de', 'en')).toBe('This page is not available in your language yet; you are reading the German text.');
    expect(fallbackNoticeText(notice('nl'), 'en', 'nl')).toBe('Deze pagina is nog niet in het Nederlands beschikbaar; u leest de tekst in het Engels.');
    expect(fallbackNoticeText(notice('fr'), 'nl', 'fr')).toBe('Cette page n’est pas encore disponible en français ; vous lisez le texte en néerlandais.');
    expect(fallbackNoticeText(notice('es'), 'fr', 'es')).toBe('Esta página aún no está disponible en español; está leyendo el texto en francés.');
    // A site's own notice without the placeholder is kept as written.
    expect(fallbackNoticeText('Not translated yet.', 'de', 'en')).toBe('Not translated yet.');
  });
});
