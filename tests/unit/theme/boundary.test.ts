// Issue #16: theme/ and src/ meet only through published entries. theme/ imports from src/
// only src/theme-api.ts (the contract's types and pure helpers); src/ imports the theme
// only through theme/index.ts (the built-in theme object). The browser runtime
// (theme/client/) also imports the dependency-free modules it shares with the build (the
// route resolver, the search tokenizer and word rarity, search types, the edit distance
// search takes typos by): routing them through the entry
// would make esbuild put them in one chunk the runtime loads at start (STYLE.md: "the few
// modules both need … dependency-free and importable from both").
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/site.js';

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const CLIENT_SHARED = ['src/routes/resolve.ts', 'src/search/tokenize.ts', 'src/search/rarity.ts', 'src/search/build-index.ts', 'src/search/entries.ts', 'src/did-you-mean.ts'];

function sources(dir: string): string[] {
  return (readdirSync(join(REPO, dir), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile() && /\.(tsx?|mjs|js)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(REPO, join(e.parentPath, e.name)));
}

/** Every relative import of a file, as a repository path ("src/x.ts"). */
function importsOf(file: string): { target: string; line: number }[] {
  const text = readFileSync(join(REPO, file), 'utf8');
  const found: { target: string; line: number }[] = [];
  for (const match of text.matchAll(IMPORT_RE)) {
    const spec = match[1] ?? match[2]!;
    if (!spec.startsWith('.')) continue;
    const target = relative(REPO, resolve(REPO, dirname(file), spec)).replace(/\.js$/, '.ts');
    found.push({ target, line: text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0) });
  }
  return found;
}

const exists = (path: string) => sources(dirname(path)).includes(path) || sources(dirname(path)).includes(path.replace(/\.ts$/, '.tsx'));

describe('the theme boundary', () => {
  it('finds imports (the check itself can fail)', () => {
    expect(importsOf('theme/index.ts').map((i) => i.target)).toContain('src/theme-api.ts');
    expect(importsOf('src/render/render-documents.tsx').map((i) => i.target)).toContain('src/theme/load-theme.ts');
    expect(exists('src/theme-api.ts') && exists('theme/index.ts')).toBe(true);
  });

  it('theme/ imports from src/ only src/theme-api.ts (the browser runtime also its shared dependency-free modules)', () => {
    const offending = sources('theme').flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target.startsWith('src/'))
        .filter(({ target }) => target !== 'src/theme-api.ts' && !(file.startsWith('theme/client/') && CLIENT_SHARED.includes(target)))
        .map(({ target, line }) => `${file}:${line} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('src/ imports the theme only through theme/index.ts', () => {
    const offending = sources('src').flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target.startsWith('theme/') && target !== 'theme/index.ts')
        .map(({ target, line }) => `${file}:${line} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('the pure helpers src/theme-api.ts re-exports come from dependency-free modules', () => {
    const valueModules = [...readFileSync(join(REPO, 'src/theme-api.ts'), 'utf8').matchAll(/^export \{[^}]*\} from '([^']+)'/gm)].map((m) => resolve(REPO, 'src', m[1]!));
    for (const module of valueModules) {
      const path = relative(REPO, module).replace(/\.js$/, '.ts');
      const imports = readFileSync(join(REPO, path), 'utf8').match(/^import (?!type)[^;]*;/gm) ?? [];
      expect(imports, path).toEqual([]);
    }
  });
});
