// The plugins' UI strings (BankdocsPlugin.strings), merged: a later plugin overrides an
// earlier one's key. A key missing in a locale falls back to the first locale that has
// it (a plugin lists its reference locale first), then to the key itself.
import type { BankdocsPlugin } from './types.js';

export type StringTables = Record<string, Record<string, string>>;

export function mergeStrings(plugins: readonly BankdocsPlugin[]): StringTables {
  const tables: StringTables = {};
  for (const plugin of plugins) {
    for (const [locale, table] of Object.entries(plugin.strings ?? {})) Object.assign((tables[locale] ??= {}), table);
  }
  return tables;
}

export function translate(tables: StringTables, locale: string | null, key: string): string {
  const own = locale ? tables[locale]?.[key] : undefined;
  if (own !== undefined) return own;
  for (const table of Object.values(tables)) if (table[key] !== undefined) return table[key];
  return key;
}
