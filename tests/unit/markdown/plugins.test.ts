import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load-config.js';
import { shownFolder, shownPath, type Diagnostic } from '../../../src/diagnostics.js';
import type { MarkdownEngine } from '../../../src/markdown/engines.js';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.js';
import { loadMarkdownPlugins, resolveMarkdownPlugins, type PluginSpec } from '../../../src/markdown/plugins.js';
import { FIXTURES, REPO } from '../../helpers/site.js';
import { PLACES } from '../../helpers/markdown.js';

const BASE = readFileSync(join(FIXTURES, 'basic-site', 'docs.config.yaml'), 'utf8');
const PAGE = '/s/content/developers/x.md';

let site: string;

// Local plugins, written into the site's folder as a site would.
const PLUGINS: Record<string, string> = {
  'not-a-function.mjs': 'export default { name: "x" };\n',
  'broken.mjs': 'throw new Error("cannot start here\\nat line two");\n',
  'picky.mjs': 'export default function (options) { if (options?.level > 3) throw new Error("level is at most 3"); }\n',
  // Adds syntax the way remark-gfm and remark-math do.
  'syntax.mjs': 'export default function () { const data = this.data(); (data.micromarkExtensions ??= []).push({ text: {} }); }\n',
  'compiler.mjs': 'export default function () { this.compiler = () => "text"; }\n',
  'note.mjs': `export default function (options = {}) {
  return (tree, file) => {
    const walk = (node) => {
      if (node.type === 'text' && node.value.includes('TODO')) file.message('a TODO note is left', node);
      if (node.type === 'text' && node.value.includes('FIXME')) Object.assign(file.message('a FIXME note is left', { place: node.position, ruleId: 'no-fixme', source: 'notes' }), { note: 'fix it first' });
      if (node.type === 'text' && node.value.includes('STOP')) file.fail('a STOP note stops the page', node);
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}
`,
  'crash.mjs': 'export default function () { return () => { throw new TypeError("cannot read x of undefined"); }; }\n',
  'later.mjs': 'export default function () { return async () => {}; }\n',
  // What each kind of plugin sees: the resolved link (remark), the heading id and colouring (rehype).
  'spy-remark.mjs': `export default function () {
  return (tree, file) => { file.message('link to ' + tree.children.find((n) => n.type === 'paragraph')?.children.find((n) => n.type === 'link')?.url); };
}
`,
  'spy-rehype.mjs': `export default function () {
  return (tree, file) => {
    const all = [];
    const walk = (node) => { if (node.type === 'element') all.push(node); for (const c of node.children ?? []) walk(c); };
    walk(tree);
    file.message('heading id ' + all.find((n) => n.tagName === 'h2')?.properties.id + ', coloured ' + all.some((n) => String(n.properties.className ?? '').includes('hljs')));
  };
}
`,
};

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'bankdocs-plugins-'));
  mkdirSync(join(site, 'plugins'));
  for (const [name, text] of Object.entries(PLUGINS)) writeFileSync(join(site, 'plugins', name), text);
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** resolveMarkdownPlugins on the basic config with this markdown section, in `dir`. */
async function resolveWith(markdown: string, dir = site) {
  const text = `${BASE}${markdown}`;
  const file = join(dir, 'docs.config.yaml');
  const parsed = parseConfig(text, file);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
  const lines = BASE.split('\n').length - 1;
  return { ...(await resolveMarkdownPlugins({ markdown: parsed.value.config.markdown, configFile: file, text })), file, line: (n: number) => lines + n };
}

async function render(body: string, markdown: string, options: { engine?: MarkdownEngine; dir?: string } = {}) {
  const resolved = await resolveWith(markdown, options.dir);
  expect(resolved.diagnostics).toEqual([]);
  const plugins = await loadMarkdownPlugins(resolved.plugins);
  const diagnostics: Diagnostic[] = [];
  const processor = createMarkdownProcessor({ engine: options.engine ?? 'fast', plugins });
  const result = renderMarkdown(processor, body, {
    source: 'developers/x.md',
    file: PAGE,
    urlBySource: new Map([['developers/y.md', '/developers/y']]),
    assets: new Set(),
    api: null,
    places: { ...PLACES, configFile: resolved.file },
    locale: null,
    apiLanguage: null,
    apiLanguages: ['curl', 'ruby'],
    diagnostics,
  });
  return { html: renderToStaticMarkup(result.element), diagnostics };
}

describe('resolveMarkdownPlugins', () => {
  it('finds nothing to do without plugins', async () => {
    expect(await resolveWith('')).toMatchObject({ plugins: [], diagnostics: [] });
  });

  it('gives each plugin as data a thread can load: file URL, options, whether it adds syntax', async () => {
    const { plugins, diagnostics } = await resolveWith('markdown:\n  engine: remark\n  remarkPlugins: [./plugins/note.mjs, [./plugins/syntax.mjs, { level: 2 }]]\n  rehypePlugins:\n    - [./plugins/picky.mjs, { level: 3 }]\n');
    expect(diagnostics).toEqual([]);
    const url = (name: string) => new URL(`file://${join(site, 'plugins', name)}`).href;
    expect(plugins).toEqual<PluginSpec[]>([
      { kind: 'remark', name: './plugins/note.mjs', url: url('note.mjs'), syntax: false },
      { kind: 'remark', name: './plugins/syntax.mjs', url: url('syntax.mjs'), options: { level: 2 }, syntax: true },
      { kind: 'rehype', name: './plugins/picky.mjs', url: url('picky.mjs'), options: { level: 3 }, syntax: false },
    ]);
    expect(structuredClone(plugins)).toEqual(plugins);
  });

  it('reports every plugin that cannot be used at its list item, with a hint', async () => {
    const { plugins, diagnostics, file, line } = await resolveWith(
      [
        'markdown:',
        '  remarkPlugins:',
        '    - remark-nope',
        '    - ./plugins/missing.mjs',
        '    - ./plugins/not-a-function.mjs',
        '    - ./plugins/broken.mjs',
        '    - [./plugins/picky.mjs, { level: 9 }]',
        '    - ./plugins/syntax.mjs',
        '  rehypePlugins: [./plugins/compiler.mjs, ./plugins/note.mjs]',
        '',
      ].join('\n'),
    );
    expect(plugins.map((p) => p.name)).toEqual(['./plugins/note.mjs']);
    expect(diagnostics).toEqual<Diagnostic[]>([
      { ruleId: 'config-plugin-missing', severity: 'error', message: 'the remark plugin "remark-nope" is not installed in the site\'s folder', hint: `npm install remark-nope in the site's folder (${shownFolder(site)}), or correct the name`, paths: [site], file, line: line(3), column: 7 },
      { ruleId: 'config-plugin-missing', severity: 'error', message: 'the remark plugin "./plugins/missing.mjs" names no file', hint: `a path is relative to the config's folder (${shownFolder(site)}); correct it, or name an npm package`, paths: [site], file, line: line(4), column: 7 },
      { ruleId: 'config-plugin-invalid', severity: 'error', message: 'the remark plugin "./plugins/not-a-function.mjs" exports no plugin function (its default export is object)', hint: 'name a unified plugin: a module whose default export is the plugin function', file, line: line(5), column: 7 },
      { ruleId: 'config-plugin-invalid', severity: 'error', message: 'the remark plugin "./plugins/broken.mjs" does not load: cannot start here', hint: `correct the error in that file, and check that it runs on Node ${process.versions.node}`, file, line: line(6), column: 7 },
      { ruleId: 'config-plugin-invalid', severity: 'error', message: 'the remark plugin "./plugins/picky.mjs" fails to start: level is at most 3', hint: 'check its options against the plugin\'s documentation', file, line: line(7), column: 7 },
      { ruleId: 'config-plugin-engine', severity: 'error', message: './plugins/syntax.mjs adds Markdown syntax, which only the remark engine reads; set markdown.engine: remark', hint: 'the fast engine (markdown-it) takes no syntax extensions: with it, this plugin would silently do nothing', file, line: line(8), column: 7 },
      { ruleId: 'config-plugin-invalid', severity: 'error', message: 'the rehype plugin "./plugins/compiler.mjs" replaces the compiler', hint: 'bankdocs reads Markdown with markdown.engine and renders the tree with React: leave this plugin out', file, line: line(9), column: 19 },
    ]);
  });

  it('resolves npm plugins from the site\'s folder: here the repository, which has remark-math', async () => {
    const { plugins, diagnostics } = await resolveWith('markdown:\n  engine: remark\n  remarkPlugins: [remark-math]\n', REPO);
    expect(diagnostics).toEqual([]);
    expect(plugins).toEqual([{ kind: 'remark', name: 'remark-math', url: new URL(`file://${join(REPO, 'node_modules', 'remark-math', 'index.js')}`).href, syntax: true }]);
  });
});

describe('site plugins in the pipeline', () => {
  it('report messages at their Markdown place, under the plugin\'s rule id or its name', async () => {
    const { diagnostics } = await render('## Notes\n\nSome *TODO* here.\n\nA FIXME there.\n', 'markdown:\n  remarkPlugins: [./plugins/note.mjs]\n');
    expect(diagnostics).toEqual<Diagnostic[]>([
      { ruleId: 'plugin:./plugins/note.mjs', severity: 'warning', message: 'a TODO note is left', file: PAGE, line: 3, column: 7 },
      { ruleId: 'no-fixme', severity: 'warning', message: 'a FIXME note is left', hint: 'fix it first', file: PAGE, line: 5, column: 1 },
    ]);
  });

  it('report a plugin\'s file.fail() as an error at its place, with what came before', async () => {
    const { html, diagnostics } = await render('TODO first.\n\nThen STOP.\n', 'markdown:\n  rehypePlugins: [./plugins/note.mjs]\n');
    expect(html).toBe('');
    expect(diagnostics).toEqual<Diagnostic[]>([
      { ruleId: 'plugin:./plugins/note.mjs', severity: 'warning', message: 'a TODO note is left', file: PAGE, line: 1, column: 1 },
      { ruleId: 'plugin:./plugins/note.mjs', severity: 'error', message: 'a STOP note stops the page', file: PAGE, line: 3, column: 1 },
    ]);
  });

  it('report a plugin that throws as markdown-error naming it', async () => {
    const { diagnostics } = await render('Text.\n', 'markdown:\n  rehypePlugins: [./plugins/crash.mjs]\n');
    const config = join(site, 'docs.config.yaml');
    expect(diagnostics).toEqual<Diagnostic[]>([
      {
        ruleId: 'markdown-error',
        severity: 'error',
        message: 'the Markdown could not be rendered: the rehype plugin "./plugins/crash.mjs" failed: cannot read x of undefined',
        hint: `the rehype plugin "./plugins/crash.mjs" (markdown.rehypePlugins in ${shownPath(config)}) failed on this page: check its options, or report it to its authors`,
        paths: [config],
        file: PAGE,
        line: 1,
        column: 1,
      },
    ]);
  });

  it('report an asynchronous plugin, which cannot run in a synchronous render, as markdown-error naming it', async () => {
    const { diagnostics } = await render('Text.\n', 'markdown:\n  remarkPlugins: [./plugins/later.mjs]\n');
    expect(diagnostics.map((d) => [d.ruleId, d.message])).toEqual([['markdown-error', 'the Markdown could not be rendered: the remark plugin "./plugins/later.mjs" failed: it returns a promise, and bankdocs renders pages synchronously']]);
  });

  it('run after bankdocs\' own plugins: remark ones see resolved links, rehype ones heading ids and colouring', async () => {
    const { diagnostics } = await render('## Step one\n\nSee [the next guide](y.md).\n\n```ruby\nputs 1\n```\n', 'markdown:\n  remarkPlugins: [./plugins/spy-remark.mjs]\n  rehypePlugins: [./plugins/spy-rehype.mjs]\n');
    expect(diagnostics.map((d) => d.message)).toEqual(['link to /developers/y', 'heading id step-one, coloured true']);
  });

  it('render remark-math and rehype-katex with the remark engine, KaTeX\'s classes and styles surviving React', async () => {
    const { html, diagnostics } = await render('Inline $x$ and:\n\n$$\n x^2 \n$$\n', 'markdown:\n  engine: remark\n  remarkPlugins: [remark-math]\n  rehypePlugins: [[rehype-katex, { strict: false }]]\n', { engine: 'remark', dir: REPO });
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<span class="katex-display"><span class="katex">');
    expect(html).toMatch(/<span class="strut" style="height:[\d.]+em/);
    expect(html).toContain('<annotation encoding="application/x-tex">x</annotation>');
    expect(html).toContain('<annotation encoding="application/x-tex"> x^2 </annotation>');
    expect(html).not.toContain('$');
  });

  it('leave the fast engine\'s output alone when a plugin adds no syntax', async () => {
    const { html, diagnostics } = await render('Some *TODO* here.\n', 'markdown:\n  remarkPlugins: [./plugins/note.mjs]\n');
    expect(html).toBe('<p>Some <em>TODO</em> here.</p>');
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['plugin:./plugins/note.mjs']);
  });
});
