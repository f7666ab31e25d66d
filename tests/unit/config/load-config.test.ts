import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig, resolveConfig } from '../../../src/config/load-config.js';

const base = `product: { name: P, tag: T, provider: Co }
site:
  url: https://docs.p.example
  titleTemplate: "%s | P Docs"
  logo: assets/logo.svg
menu:
  - label: Home
    to: /
footer:
  links: []
  copyright: "© P"
`;

const problems = (text: string) => {
  const result = parseConfig(text, '/site/docs.config.yaml');
  return result.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`);
};

describe('parseConfig', () => {
  it('fills in the spec defaults', () => {
    const result = parseConfig(base, '/site/docs.config.yaml');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { config } = result.value;
    // A site that names no locales, or no example languages, has one: its default.
    expect(config.locales).toEqual({ available: ['en'], default: 'en' });
    expect(config.versions).toEqual({ available: ['1'], default: '1' });
    expect(config.api).toEqual({ languages: ['curl'], defaultLanguage: 'curl', openapi: 'api/openapi.yaml', rubyClient: 'api/ruby-client.yaml', requestHeaders: { Accept: 'application/json' } });
    expect(config.runtime).toEqual({
      breakpoint: 992,
      scrollOffset: { h1: 70, other: 50 },
      scrollThrottleMs: 50,
      activeSection: { top: -200, bottom: 100 },
      restoreScrollDelayMs: 500,
      resizeDebounceMs: 1000,
      toast: { autoHideMs: 5000, position: 'top-right' },
    });
    expect(result.value.contentDir).toBe('/site/content');
  });

  it('places a wrong type on the value', () => {
    expect(problems(`${base}runtime:\n  scrollOffset:\n    h1: "seventy"\n`)).toEqual([
      '14:9 config-invalid "runtime.scrollOffset.h1" must be a number, not the text "seventy"',
    ]);
    expect(parseConfig(`${base}runtime:\n  scrollOffset:\n    h1: "seventy"\n`, '/site/docs.config.yaml').diagnostics[0]!.hint).toMatch(/JSON Schema .* README, "Configuration"/);
  });

  it('says what a value must be and what it is, in the words of YAML, not zod\'s ("expected int, received number")', () => {
    const found = parseConfig(`${base.replace('tag: T', 'tag: 42')}search:\n  enabled: yes\nruntime:\n  breakpoint: 99.5\n  toast: { position: top-rigth }\n`, '/site/docs.config.yaml').diagnostics;
    expect(found.sort((a, b) => a.line - b.line).map((d) => [`${d.line}:${d.column}`, d.message, d.hint])).toEqual([
      ['1:26', '"product.tag" must be text, not the number 42', 'put it in quotes to keep it as text: "42"'],
      ['13:12', '"search.enabled" must be true or false, not the text "yes"', 'write true or false (YAML reads yes, no, on and off as text)'],
      ['15:15', '"runtime.breakpoint" must be a whole number, not the number 99.5', 'see what this key takes in the JSON Schema (an editor shows it as you type) or in README, "Configuration"'],
      ['16:22', '"runtime.toast.position" must be one of "top-right", "top-left", "bottom-right", "bottom-left", not the text "top-rigth"', 'did you mean "top-right"?'],
    ]);
  });

  it('places an unknown key on the key itself', () => {
    expect(problems(base.replace('  logo:', '  logoo: x\n  logo:'))).toEqual([
      '5:3 config-unknown-key unknown key "site.logoo" in the config',
    ]);
  });

  it('suggests the key a mistyped one was meant to be, at any depth', () => {
    const hints = (text: string) => parseConfig(text, '/site/docs.config.yaml').diagnostics.map((d) => d.hint);
    expect(hints(base.replace('  logo:', '  logoo: x\n  logo:'))).toEqual(['did you mean "logo"?']);
    expect(hints(`${base}runtime:\n  scrolOffset: { h1: 70 }\n`)).toEqual(['did you mean "scrollOffset"?']);
    expect(hints(`${base}runtime:\n  zzzzzzzz: 1\n`)).toEqual(['remove it or correct its spelling; see the JSON Schema or README for the allowed keys']);
  });

  it('tells a colon inside a value and a tab that indents in its own words, not the YAML package\'s ("Nested mappings are not allowed in compact mappings")', () => {
    const told = (text: string) => parseConfig(text, '/site/docs.config.yaml').diagnostics.map((d) => [`${d.line}:${d.column}`, d.message, d.hint]);
    expect(told(base.replace('titleTemplate: "%s | P Docs"', 'titleTemplate: P Docs: the guide'))).toEqual([
      ['4:18', 'invalid YAML in the config: this value holds ": " (or the line after it is indented under it), which YAML reads as a key inside the value', 'put a value with ": " in quotes, e.g. title: "Payments: how they work"; start each key on a line of its own, as far in as the keys beside it'],
    ]);
    expect(told(base.replace('  logo:', '\tlogo:'))).toEqual([['5:1', 'invalid YAML in the config: a tab indents this line; YAML indents with spaces only', 'replace the tab with spaces']]);
  });

  it('reports a mistyped required key once, at the typo, naming the key it misses (it was also "missing required key")', () => {
    const told = (text: string) => parseConfig(text, '/site/docs.config.yaml').diagnostics.map((d) => [`${d.line}:${d.column}`, d.ruleId, d.message, d.hint]);
    expect(told(base.replace('  logo:', '  lgo:'))).toEqual([['5:3', 'config-unknown-key', 'unknown key "site.lgo" in the config; did you mean "logo" (which is missing)?', 'rename "lgo" to "logo"']]);
    expect(told(base.replace('product: { name: P, tag: T,', 'product: { nam: P, tagg: T,'))).toEqual([
      ['1:12', 'config-unknown-key', 'unknown key "product.nam" in the config; did you mean "name" (which is missing)?', 'rename "nam" to "name"'],
      ['1:20', 'config-unknown-key', 'unknown key "product.tagg" in the config; did you mean "tag" (which is missing)?', 'rename "tagg" to "tag"'],
    ]);
  });

  it('places a missing key on its parent', () => {
    expect(problems(base.replace('  titleTemplate: "%s | P Docs"\n', ''))).toEqual([
      '3:3 config-missing-key missing required key "site.titleTemplate" in the config',
    ]);
  });

  it('reports the closest branch of a menu item, not "Invalid input"', () => {
    expect(problems(base.replace('    to: /', '    to: developers'))).toEqual([
      '8:9 config-invalid "menu[0].to": an internal link is a site path that starts with a single "/", e.g. "/developers", with no "\\", spaces or control characters ("//…" and "/\\…" lead to another site: link to one with href: and its https:// URL)',
    ]);
  });

  it('checks cross-field rules: default locale available, labels cover the default locale', () => {
    expect(problems(`${base}locales: { available: [en, nl], default: fr }\n`)).toEqual([
      '12:42 config-invalid "locales.default": "fr" is not one of locales.available (en, nl): add it there, or choose one of them',
    ]);
    expect(problems(`${base}api: { languages: [curl, ruby], defaultLanguage: python }\n`)).toEqual([
      '12:50 config-invalid "api.defaultLanguage": "python" is not one of api.languages (curl, ruby): add it there, or choose one of them',
    ]);
    expect(problems(`${base.replace('  - label: Home', '  - label: { nl: Thuis }')}locales: { available: [en, nl] }\n`)).toEqual([
      '7:12 config-invalid "menu[0].label": the label needs a text for the default locale "en"',
    ]);
    expect(parseConfig(`${base}locales: { default: fr }\n`, '/site/docs.config.yaml').ok && (parseConfig(`${base}locales: { default: fr }\n`, '/site/docs.config.yaml') as { value: { config: { locales: unknown } } }).value.config.locales).toEqual({ available: ['fr'], default: 'fr' });
  });

  it('reports YAML syntax errors with their place', () => {
    expect(problems(`${base}runtime: [\n`)).toEqual(['12:10 config-yaml-syntax invalid YAML in the config: the list opened with "[" here is not closed with "]"']);
  });

  it('reports a repeated key at the second one, as a YAML syntax error', () => {
    expect(problems(`${base}menu: []\n`)).toEqual(['12:1 config-yaml-syntax invalid YAML in the config: the key "menu" is here a second time in its mapping']);
  });

  it('reports an alias bomb at its first alias instead of expanding it (it used to exit 70)', () => {
    const bomb = ['x0: &a0 ["lol"]', ...Array.from({ length: 9 }, (_, i) => `x${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`)].join('\n');
    const result = parseConfig(`${base}${bomb}\n`, '/site/docs.config.yaml');
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['13:10 config-yaml-syntax']);
    expect(result.diagnostics[0]!.message).toMatch(/the aliases expand to more than 100,000 values/);
  });

  it('accepts anchors and aliases that stay small', () => {
    const result = parseConfig(base.replace('  - label: Home', '  - label: &home Home').replace('  links: []', '  links:\n    - label: *home\n      to: /'), '/site/docs.config.yaml');
    expect(result.diagnostics).toEqual([]);
    expect(result.ok && result.value.config.footer.links[0]?.label).toBe('Home');
  });
});

describe('resolveConfig: size', () => {
  it('refuses a config file over 1 MiB at line 1, column 1, without parsing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-config-'));
    try {
      const file = join(dir, 'docs.config.yaml');
      writeFileSync(file, `${base}# ${'x'.repeat(2_000_000)}\n`);
      const result = await resolveConfig(file);
      expect(result.ok).toBe(false);
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ ruleId: 'file-too-large', severity: 'error', file, line: 1, column: 1, message: 'the config is 1.9 MiB, more than bankdocs reads (1 MiB)' }),
      ]);
      writeFileSync(file, `${base}# ${'x'.repeat(1024 * 1024 - Buffer.byteLength(base) - 3)}\n`);
      const atLimit = await resolveConfig(file);
      expect(atLimit.diagnostics.filter((d) => d.ruleId === 'file-too-large')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('resolveConfig: a locale the theme does not speak', () => {
  const resolved = async (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-config-'));
    try {
      const file = join(dir, 'docs.config.yaml');
      writeFileSync(file, text);
      const result = await resolveConfig(file);
      return { ok: result.ok, found: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('is a warning at the locale, which does not stop the build, until the site gives every string', async () => {
    const locales = 'locales:\n  available: [en, zz]\n  default: en\n';
    const none = await resolved(`${base}${locales}`);
    expect(none.ok).toBe(true);
    expect(none.found).toEqual([expect.stringMatching(/^13:19 warning theme-strings-missing the theme has no interface strings in "zz": the theme's own words \(.*\) show in English on its pages$/)]);
    const some = await resolved(`${base}${locales}theme:\n  strings:\n    zz: { menu: Zmenu, searchGroups: { api: Zapi } }\n`);
    expect(some.ok).toBe(true);
    expect(some.found).toEqual([expect.stringMatching(/^13:19 warning theme-strings-missing theme\.strings\.zz lacks \d+ of the theme's \d+ interface strings \(skipToContent, toggleMenu, onThisPage, …\): its pages show them in English$/)]);
    const { builtinTheme } = await import('../../../theme/index.js');
    const all = Object.fromEntries(Object.entries(builtinTheme.strings.en).map(([key, value]) => [key, typeof value === 'object' ? { ...value } : `z${value}`]));
    expect((await resolved(`${base}${locales}theme:\n  strings:\n    zz: ${JSON.stringify(all)}\n`)).found).toEqual([]);
    // A locale the built-in theme speaks needs nothing.
    expect((await resolved(`${base}locales:\n  available: [en, nl]\n  default: en\n`)).found).toEqual([]);
  });
});
