// A site's theme overrides (issue #16): names and keys checked with a did-you-mean at their
// config line, component files compiled with esbuild (errors at file:line:col), and the
// compiled overrides rendering with bankdocs' own React, wrapping the built-in component.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config/schema.js';
import type { ThemeContext } from '../../../src/theme/contract.js';
import { invalidNode, loadSiteTheme } from '../../../src/theme/load-theme.js';
import { resolveThemeOverrides } from '../../../src/theme/overrides.js';
import { shownFolder } from '../../../src/diagnostics.js';
import { builtinTheme } from '../../../theme/index.js';
import { removeSite } from '../../helpers/site.js';

let dir: string;
const previousCache = process.env.BANKDOCS_CACHE;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bankdocs-theme-'));
  mkdirSync(join(dir, 'theme'));
  process.env.BANKDOCS_CACHE = 'off';
});
afterAll(() => {
  removeSite(dir);
  if (previousCache === undefined) delete process.env.BANKDOCS_CACHE;
  else process.env.BANKDOCS_CACHE = previousCache;
});

/** The theme section as YAML, at the place it has in a config file, and what the schema makes of it. */
function resolveWith(yaml: string) {
  const text = `# A site\nlocales:\n  available: [en, nl]\n  default: en\n${yaml}`;
  const theme = (parse(text) as { theme: Partial<Config['theme']> }).theme;
  const config = { theme: { components: theme.components ?? {}, strings: theme.strings ?? {} }, locales: { available: ['en', 'nl'], default: 'en' } } as Pick<Config, 'theme' | 'locales'>;
  return resolveThemeOverrides({ config, configFile: join(dir, 'docs.config.yaml'), text });
}

const place = (d: { file: string; line: number; column: number; ruleId: string; hint?: string }) => `${d.file.replace(dir, '<site>')}:${d.line}:${d.column} ${d.ruleId}${d.hint ? ` (${d.hint})` : ''}`;

describe('theme overrides in the config', () => {
  it('reports an unknown component at its key, with a did-you-mean', async () => {
    writeFileSync(join(dir, 'theme', 'Footer.tsx'), 'export default function Footer() { return <footer>mine</footer>; }\n');
    const { diagnostics } = await resolveWith('theme:\n  components:\n    Footr: ./theme/Footer.tsx\n');
    expect(diagnostics.map(place)).toEqual(['<site>/docs.config.yaml:7:5 theme-component-unknown (did you mean "Footer"?)']);
  });

  it('reports an unknown string key and an unknown locale at their keys', async () => {
    const { diagnostics } = await resolveWith('theme:\n  strings:\n    en:\n      searchPlaceholdr: Search\n    de:\n      search: Suchen\n');
    expect(diagnostics.map(place)).toEqual([
      '<site>/docs.config.yaml:8:7 theme-string-unknown (did you mean "searchPlaceholder"?)',
      '<site>/docs.config.yaml:9:5 theme-string-unknown (the keys are listed in README, "Themes")',
    ]);
    expect(diagnostics[1]!.message).toBe('"de" is not in locales.available (en, nl)');
  });

  it('reports a missing file at its value', async () => {
    const { diagnostics } = await resolveWith('theme:\n  components:\n    Header: ./theme/Nope.tsx\n');
    expect(diagnostics.map(place)).toEqual(['<site>/docs.config.yaml:7:13 theme-component-missing (a path is relative to the config\'s folder (' + shownFolder(dir) + '))']);
  });

  it('reports a compile error at its file, line and column', async () => {
    writeFileSync(join(dir, 'theme', 'Broken.tsx'), 'export default function Header() {\n  return <header>{ok</header>;\n}\n');
    const { diagnostics, overrides } = await resolveWith('theme:\n  components:\n    Header: ./theme/Broken.tsx\n');
    expect(overrides).toBeNull();
    expect(diagnostics.map((d) => `${place(d).split(' (')[0]}`)).toEqual(['<site>/theme/Broken.tsx:2:31 theme-component-invalid']);
  });

  it('reports a file that exports no component', async () => {
    writeFileSync(join(dir, 'theme', 'Nothing.tsx'), 'export const answer = 42;\n');
    const { diagnostics } = await resolveWith('theme:\n  components:\n    Toc: ./theme/Nothing.tsx\n');
    expect(diagnostics.map(place)).toEqual(['<site>/theme/Nothing.tsx:1:1 theme-component-invalid (export the component as the module\'s default export: export default function Toc(props) { … })']);
  });
});

describe('a compiled override', () => {
  it('renders with bankdocs\' React (hooks work) and wraps the built-in component', async () => {
    writeFileSync(join(dir, 'theme', 'helper.ts'), 'export const note = (url: string) => `Made with care on ${url}`;\n');
    writeFileSync(
      join(dir, 'theme', 'Wrapped.tsx'),
      "import { useId } from 'react';\nimport { CopyPageButton as Builtin } from 'bankdocs/theme';\nimport { note } from './helper';\n\nexport default function CopyPageButton(props) {\n  const id = useId();\n  return <div className=\"wrapped\" id={id}>{note(props.url)}<Builtin {...props} /></div>;\n}\n",
    );
    const { diagnostics, overrides } = await resolveWith('theme:\n  components:\n    CopyPageButton: ./theme/Wrapped.tsx\n  strings:\n    en: { copyPage: Copy as Markdown }\n');
    expect(diagnostics).toEqual([]);
    expect(overrides!.files).toEqual([join(dir, 'theme', 'Wrapped.tsx'), join(dir, 'theme', 'helper.ts')].sort());
    expect(overrides!.bundle).toBeNull(); // the cache is off: the bundle runs from memory
    const config = { theme: { components: { CopyPageButton: './theme/Wrapped.tsx' }, strings: { en: { copyPage: 'Copy as Markdown' } } }, llms: { enabled: true } } as unknown as Config;
    const { theme, strings } = loadSiteTheme(config, overrides);
    expect(theme.components.CopyPageButton).not.toBe(builtinTheme.components.CopyPageButton);
    expect(theme.components.Footer).toBe(builtinTheme.components.Footer);
    expect(strings('en').copyPage).toBe('Copy as Markdown');
    expect(strings('nl').copyPage).toBe(builtinTheme.strings.nl!.copyPage);
    const ctx = { config, strings: strings('en') } as unknown as ThemeContext;
    const Override = theme.components.CopyPageButton;
    expect(renderToStaticMarkup(<Override ctx={ctx} url="/en/support" />)).toMatch(/^<div class="wrapped" id="[^"]+">Made with care on \/en\/support<button type="button" class="copy-page" data-markdown="\/en\/support\.md"[^>]*>Copy as Markdown<\/button><\/div>$/);
  });
});

describe('what an override returns', () => {
  const Box = ({ children }: { children?: unknown }) => <div>{typeof children === 'function' ? (children as () => string)() : null}</div>;
  it('passes what React renders: elements, text, lists, null, and any children a component takes', () => {
    expect(invalidNode(null, 0)).toBeNull();
    expect(invalidNode(['a', 1, <p key="p">x</p>, [false, undefined]], 0)).toBeNull();
    expect(invalidNode(<footer style={{ color: 'red' }} dangerouslySetInnerHTML={{ __html: '<b>x</b>' }} />, 0)).toBeNull();
    expect(invalidNode(<Box>{() => 'made'}</Box>, 0)).toBeNull();
    expect(invalidNode(<Box>{{ settings: true } as never}</Box>, 0)).toBeNull();
  });
  it('names what React refuses: an object as a child of an element, a style written as text', () => {
    expect(invalidNode({ a: 1, b: 2 }, 0)).toBe('an object (with the keys a, b)');
    expect(invalidNode(<footer><p>{{ year: 2026 } as never}</p></footer>, 0)).toBe('an object (with the keys year)');
    expect(invalidNode(<p style={'color: red' as never} />, 0)).toBe('<p style="color: red"> (style takes an object, such as style={{ color: \'red\' }})');
    expect(invalidNode(<p dangerouslySetInnerHTML={'<b>x</b>' as never} />, 0)).toBe('<p> with a dangerouslySetInnerHTML that is not {{ __html: … }}');
  });
});
