import fc from 'fast-check';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OnLoadArgs, OnLoadResult, PluginBuild } from 'esbuild';
import type { Node } from 'unist';
import { slug } from 'github-slugger';
import { trimLines } from 'trim-lines';
import { regex as slugStripped } from 'github-slugger/regex.js';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { position } from 'unist-util-position';
import { parseMarkdown } from '../../../src/markdown/fast/index.js';
import { describe, expect, it } from 'vitest';
import { COMPILED_AT_ONCE, KEPT_AS_IS, ONE_LINE_AS_IS, SHARED_POSITION, SLUG_ASCII, asciiSlug, cheaperDependencies, validPosition, walkAll } from '../../../scripts/bundle-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(import.meta.url);

/** The patched source of a dependency's file, as the compile's plugin gives it to esbuild. */
async function patched(file: string): Promise<string> {
  const loaders: [RegExp, (args: OnLoadArgs) => Promise<OnLoadResult>][] = [];
  cheaperDependencies.setup({ onLoad: (options: { filter: RegExp }, load: (args: OnLoadArgs) => Promise<OnLoadResult>) => loaders.push([options.filter, load]) } as unknown as PluginBuild);
  const loader = loaders.find(([filter]) => filter.test(file));
  if (!loader) throw new Error(`no patch for ${file}`);
  return String((await loader[1]({ path: file } as OnLoadArgs)).contents);
}

/** The folder of an installed package (its exports leave package.json out). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!(existsSync(join(dir, 'package.json')) && JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === name)) dir = dirname(dir);
  return dir;
}

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? markdownFiles(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : []));

describe('the bundle patch of normalizeUri', () => {
  const fast = (value: string) => (KEPT_AS_IS.test(value) ? value : normalizeUri(value));

  it('returns what normalizeUri returns, for URLs and for any text', () => {
    const urls = ['../guides/payments.md#create-a-payment', 'https://api.example/v1/accounts?page=2&size=10', 'mailto:team@example.com', '/a b', '50%', '%2F', '%zz', 'é', '\u{1F600}', '\ud800', '<x>', '"q"', '`', '{id}', '[x]', '^', '|', '\\'];
    for (const url of urls) expect(fast(url)).toBe(normalizeUri(url));
    const unit = fc.oneof(fc.integer({ min: 0, max: 160 }).map((c) => String.fromCharCode(c)), fc.constantFrom('%2F', '%', 'é', '\u{1F600}', '\ud800', '\udc00'));
    fc.assert(fc.property(fc.string({ unit, maxLength: 16 }), (value) => fast(value) === normalizeUri(value)), { numRuns: 20_000 });
  });

  it('keeps as they are only URLs normalizeUri keeps as they are', () => {
    const kept = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).filter((c) => KEPT_AS_IS.test(c));
    expect(kept).not.toContain('%');
    for (const c of kept) expect(normalizeUri(`a${c}b`)).toBe(`a${c}b`);
  });

  it('is what the compile puts in the bundle', async () => {
    // The file esbuild bundles (vitest resolves the package's development build).
    const source = await patched(join(packageDir('micromark-util-sanitize-uri'), 'index.js'));
    expect(source).toContain(`const KEPT_AS_IS = ${KEPT_AS_IS}`);
    expect(source).toMatch(/export function normalizeUri\(value\) \{\n {2}if \(KEPT_AS_IS\.test\(value\)\) return value\n/);
  });
});

describe("the bundle patch of markdown-it's text rule", () => {
  type TextRule = (state: { pos: number; posMax: number; src: string; pending: string }, silent: boolean) => boolean;
  const file = join(packageDir('markdown-it'), 'lib', 'rules_inline', 'text.mjs');
  const load = async (source: string): Promise<TextRule> => (await import(`data:text/javascript,${encodeURIComponent(source)}`)).default;

  it('takes the text the original takes, from any place in any text', async () => {
    const original = await load(readFileSync(file, 'utf8'));
    const fast = await load(await patched(file));
    const run = (rule: TextRule, src: string, pos: number) => {
      const state = { pos, posMax: src.length, src, pending: '' };
      return [rule(state, false), state.pos, state.pending];
    };
    const unit = fc.oneof(fc.integer({ min: 0, max: 200 }).map((c) => String.fromCharCode(c)), fc.constantFrom('é', '\u2028', '\u{1F600}', '\uff01'));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), fc.nat(), (src, at) => {
        const pos = src.length ? at % src.length : 0;
        expect(run(fast, src, pos)).toEqual(run(original, src, pos));
      }),
      { numRuns: 20_000 },
    );
    // Every character code, one at a time.
    for (let code = 0; code < 0x10000; code++) expect(run(fast, `${String.fromCharCode(code)}a`, 0)).toEqual(run(original, `${String.fromCharCode(code)}a`, 0));
  });
});

describe('the bundle patch of trim-lines', () => {
  const file = join(packageDir('trim-lines'), 'index.js');

  it('gives what trimLines gives, for any text, with line breaks or without', async () => {
    const fast = ((await import(`data:text/javascript,${encodeURIComponent(await patched(file))}`)) as { trimLines: (value: string) => string }).trimLines;
    const unit = fc.constantFrom('a', ' ', '\t', '\n', '\r', '\r\n', 'é', '\u{1F600}', '\ud800', '\u00a0', '\v');
    fc.assert(fc.property(fc.string({ unit, maxLength: 20 }), (value) => fast(value) === trimLines(value)), { numRuns: 20_000 });
    for (const value of ['', ' ', 'a ', ' a', 'one line, spaces kept ', 'two\nlines ', ' \r\n ']) expect(fast(value)).toBe(trimLines(value));
  });

  it('is what the compile puts in the bundle', async () => {
    expect(await patched(file)).toContain(ONE_LINE_AS_IS);
  });
});

describe('the bundle patch of mdast-util-to-hast', () => {
  it('visits the nodes unist-util-visit visits, in the same order, on every page of the bundled site', () => {
    const parser = unified().use(remarkParse).use(remarkGfm);
    const files = markdownFiles(join(root, 'content'));
    expect(files.length).toBeGreaterThan(50);
    const extra = '[a]: /one\n[A]: /two\n\nText[^n] and [a].\n\n[^n]: A note with [a link](/x).\n\n> - [b]\n>\n> [b]: /three\n';
    for (const text of [...files.map((file) => readFileSync(file, 'utf8')), extra]) {
      const tree = parser.parse(text);
      const visited: Node[] = [];
      const walked: Node[] = [];
      visit(tree, (node) => {
        visited.push(node);
      });
      walkAll(tree, (node) => walked.push(node as Node));
      expect(walked.length).toBe(visited.length);
      expect(walked.every((node, i) => node === visited[i])).toBe(true);
    }
  });

  it('shares a position only where the copy would equal it, on every node of the bundled site in both engines', () => {
    const parser = unified().use(remarkParse).use(remarkGfm);
    let shared = 0;
    for (const file of markdownFiles(join(root, 'content'))) {
      const text = readFileSync(file, 'utf8');
      for (const tree of [parser.parse(text), parseMarkdown(text)]) {
        visit(tree, (node) => {
          if (!node.position) return;
          // What the patch does, and what the original gives.
          if (validPosition(node.position)) {
            shared++;
            expect(node.position).toEqual(position(node));
          } else expect(position(node)).not.toEqual(node.position);
        });
      }
    }
    expect(shared).toBeGreaterThan(10_000);
    // A position the copy would mend or drop is not shared.
    for (const bad of [{ start: { line: 0, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } }, { start: { line: 1, column: 1 }, end: { line: 1, column: 2, offset: 1 } }, { start: { line: 1, column: 1, offset: -1 }, end: { line: 1, column: 2, offset: 1 } }, { start: null, end: null }]) {
      expect(validPosition(bad)).toBe(false);
    }
  });

  it('is what the compile puts in the bundle', async () => {
    const state = join(packageDir('mdast-util-to-hast'), 'lib', 'state.js');
    const source = await patched(state);
    expect(source).toContain('  walkAll(tree, function (node) {');
    expect(source).not.toContain('  visit(tree, function (node) {');
    expect(source).toContain(String(walkAll));
    expect(source).toContain(SHARED_POSITION);
  });
});

describe("the bundle patch of highlight.js's compileLanguage", () => {
  type Hljs = {
    registerLanguage(name: string, language: unknown): void;
    registerAliases(aliases: string[], options: { languageName: string }): void;
    highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string; relevance: number; illegal: boolean };
  };
  const core = join(packageDir('highlight.js'), 'lib', 'core.js');
  /** A highlight.js instance of the given source of lib/core.js, with the grammars bankdocs colours. */
  const instance = (source: string): Hljs => {
    const module = { exports: {} as { newInstance(): Hljs } };
    new Function('module', 'exports', source)(module, module.exports);
    const hljs = module.exports.newInstance();
    for (const name of ['bash', 'http', 'json', 'ruby', 'yaml']) hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`));
    hljs.registerAliases(['curl', 'shell', 'sh', 'console'], { languageName: 'bash' });
    return hljs;
  };
  const FENCE = /^```(\w+)\n([\s\S]*?)^```$/gm;

  it('colours every code block of the bundled site as the original does, the first time and after', async () => {
    const original = instance(readFileSync(core, 'utf8'));
    const fast = instance(await patched(core));
    const blocks = markdownFiles(join(root, 'content')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(FENCE)].map((m) => [m[1]!, m[2]!] as const));
    const languages = new Set(['bash', 'curl', 'shell', 'sh', 'console', 'http', 'json', 'ruby', 'yaml']);
    const coloured = blocks.filter(([lang]) => languages.has(lang));
    expect(new Set(coloured.map(([lang]) => lang)).size).toBeGreaterThanOrEqual(4);
    expect(coloured.length).toBeGreaterThan(100);
    const colour = (hljs: Hljs, language: string, code: string) => {
      const { value, relevance, illegal } = hljs.highlight(code, { language, ignoreIllegals: true });
      return { value, relevance, illegal };
    };
    for (let round = 0; round < 2; round++) for (const [language, code] of coloured) expect(colour(fast, language, code)).toEqual(colour(original, language, code));
  });

  it('is what the compile puts in the bundle', async () => {
    const source = await patched(core);
    expect(source).toContain(COMPILED_AT_ONCE);
    expect(source.match(/function compileLanguage\(language\) \{/g)).toHaveLength(1);
  });
});

describe("the bundle patch of github-slugger's slug", () => {
  const fast = (value: string) => asciiSlug(value.toLowerCase()) ?? slug(value);

  it('has the table of the ASCII characters the expression strips', () => {
    const table = Array.from({ length: 128 }, (_, code) => {
      slugStripped.lastIndex = 0;
      return code === 32 ? '2' : slugStripped.test(String.fromCharCode(code)) ? '0' : '1';
    }).join('');
    expect(SLUG_ASCII).toBe(table);
  });

  it('gives the slug github-slugger gives, for headings and for any text', () => {
    const headings = ['Create a payment', 'GET /accounts/{id}', 'What is PSD2?', 'C++ & Ruby: 3.1.0', 'snake_case-and--dashes', '  spaced  out  ', 'Ünïcödé title', 'KELVIN \u212A', 'İstanbul', '日本語', 'emoji 🚀 launch', '\t\n'];
    for (const text of headings) expect(fast(text)).toBe(slug(text));
    const unit = fc.oneof(fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), fc.constantFrom('é', 'İ', '\u212A', 'ß', '\u{1F600}', '\u00A0', '\u2013'));
    fc.assert(fc.property(fc.string({ unit, maxLength: 24 }), (text) => fast(text) === slug(text)), { numRuns: 20_000 });
  });

  it('is what the compile puts in the bundle', async () => {
    const source = await patched(join(packageDir('github-slugger'), 'index.js'));
    expect(source).toContain('  const ascii = asciiSlug(value)\n  if (ascii !== null) return ascii\n');
    expect(source).toContain(`const SLUG_ASCII = '${SLUG_ASCII}'`);
    expect(source).toContain(String(asciiSlug));
  });
});
