import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stemmerOf, type Stem } from '../../../../theme/client/search-stem.js';
import { words } from '../../../../src/search/tokenize.js';

const REPO = join(import.meta.dirname, '..', '..', '..', '..');
const LOCALES = ['en', 'nl', 'fr', 'es'];
const stemmer = (locale: string): Stem => stemmerOf(locale)!;
/** Whether every word of `forms` has one stem. */
const oneStem = (stem: Stem, forms: string[]) => new Set(forms.map(stem)).size === 1;

describe('stemmers', () => {
  it('gives English inflections one stem, and no derivations', () => {
    const en = stemmer('en');
    for (const forms of [
      ['support', 'supports', 'supported', 'supporting'],
      ['bank', 'banks'],
      ['payment', 'payments'],
      ['create', 'creates', 'created', 'creating'],
      ['cancel', 'cancels', 'cancelled', 'canceled', 'cancelling'],
      ['company', 'companies'],
      ['apply', 'applies', 'applied', 'applying'],
      ['stop', 'stops', 'stopped', 'stopping'],
      ['call', 'calls', 'called'],
      ['status', 'statuses'],
      ['address', 'addresses'],
      ['response', 'responses'],
      ['use', 'uses'],
      ['add', 'added'],
    ]) {
      expect(oneStem(en, forms), forms.join(' ')).toBe(true);
    }
    // Another word, not a form: "payment" is no "pay", "user" no "use", "need" no "-ed".
    for (const [a, b] of <[string, string][]>[['payment', 'pay'], ['user', 'use'], ['need', 'ne'], ['bring', 'br'], ['status', 'statu'], ['access', 'acces']]) {
      expect(en(a), `${a} ${b}`).not.toBe(en(b));
    }
  });

  it('gives Dutch, French and Spanish plurals (and French verb endings) one stem', () => {
    const nl = stemmer('nl');
    for (const forms of [['betaling', 'betalingen'], ['mandaat', 'mandaten'], ['toestemming', 'toestemmingen'], ['stap', 'stappen'], ['gebruiker', 'gebruikers'], ['bank', 'banken']]) {
      expect(oneStem(nl, forms), forms.join(' ')).toBe(true);
    }
    // The English pages every index holds do not answer Dutch words.
    expect(nl('mandate')).not.toBe(nl('mandaat'));
    const fr = stemmer('fr');
    for (const forms of [['paiement', 'paiements'], ['journal', 'journaux'], ['autorise', 'autoriser', 'autorisees'], ['mandat', 'mandats']]) {
      expect(oneStem(fr, forms), forms.join(' ')).toBe(true);
    }
    const es = stemmer('es');
    for (const forms of [['mandato', 'mandatos'], ['paginacion', 'paginaciones'], ['pago', 'pagos'], ['error', 'errores'], ['cuenta', 'cuentas'], ['interfaz', 'interfaces']]) {
      expect(oneStem(es, forms), forms.join(' ')).toBe(true);
    }
  });

  it('is per language, and leaves numbers and codes alone', () => {
    expect(stemmerOf('de')).toBeNull();
    expect(stemmerOf('ja')).toBeNull();
    expect(stemmerOf('en-GB')!('supported')).toBe('support');
    expect(stemmer('en')('pain001s')).toBe('pain001s');
  });

  // The browser fetches the chunks of the stem less its last letter (search-index.ts): every form must begin with it.
  it('keeps its promise: a word begins with its stem less the stem’s last letter', () => {
    for (const locale of LOCALES) {
      const stem = stemmer(locale);
      fc.assert(fc.property(fc.stringMatching(/^[a-z]{0,14}$/), (word) => word.startsWith(stem(word).slice(0, -1))), { numRuns: 2000 });
    }
  });

  it('keeps it for every word of the bundled site', () => {
    const seen = new Set<string>();
    const read = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) read(join(dir, entry.name));
        else if (/\.(?:md|ya?ml)$/.test(entry.name)) words(readFileSync(join(dir, entry.name), 'utf8'), (w) => seen.add(w));
      }
    };
    read(join(REPO, 'content'));
    expect(seen.size).toBeGreaterThan(3000);
    for (const locale of LOCALES) {
      const stem = stemmer(locale);
      expect([...seen].filter((word) => !word.startsWith(stem(word).slice(0, -1))), locale).toEqual([]);
    }
  });
});
