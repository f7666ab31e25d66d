// The site's own remark and rehype plugins (issue #14), through the real CLI: remark-math
// and rehype-katex render formulas in build (one thread and two), check and dev; a
// plugin the fast engine cannot serve, or one that is not installed, is a config error at
// its list item; a local plugin's message lands at its Markdown line and column.
//
// Plugins are resolved from the site's folder only. copySite puts the fixture in the
// system's temp folder, outside this repository, so the site gets its node_modules the
// way a real site has it: here a link to the repository's, which holds both packages.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../helpers/dev.js';
import { copySite, REPO, removeSite, runCli, type CliResult } from '../helpers/site.js';

const STACK_RE = /\n\s+at /;
const MATH_MARKDOWN = 'markdown:\n  engine: remark\n  remarkPlugins:\n    - ./plugins/remark-todo.mjs\n    - remark-math\n  rehypePlugins:\n    - [rehype-katex, { strict: false }]\n';

let site: string;
let bare: string;
let configText: string;

/** The fixture's config with another markdown section. */
const withMarkdown = (section: string) => `${configText.slice(0, configText.indexOf('markdown:'))}${section}`;
/** 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const output = (r: CliResult) => r.stdout + r.stderr;
const page = (dir: string, path: string) => readFileSync(join(site, dir, path, 'index.html'), 'utf8');

beforeAll(() => {
  site = copySite('plugins-site');
  symlinkSync(join(REPO, 'node_modules'), join(site, 'node_modules'), 'dir');
  configText = readFileSync(join(site, 'docs.config.yaml'), 'utf8');
  writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN));
  // The same site with nothing installed in its folder (bankdocs' own node_modules has both packages).
  bare = copySite('plugins-site');
  writeFileSync(join(bare, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN));
});
afterAll(() => {
  removeSite(site);
  removeSite(bare);
});

describe('site plugins with the remark engine', () => {
  it('render KaTeX in the built page, with its classes and inline styles, on one thread and on two', () => {
    const one = runCli(['build', '--out', 'one'], site);
    expect(one.status, output(one)).toBe(0);
    const two = runCli(['build', '--out', 'two', '--workers', '2'], site);
    expect(two.status, output(two)).toBe(0);
    // With two threads the other thread renders the first batch of pages, the landing pages among them.
    for (const path of ['developers/math', 'en', 'nl']) {
      const html = page('two', path);
      expect(html, path).toBe(page('one', path));
      expect(html, path).toContain('<span class="katex">');
      expect(html, path).toMatch(/<span class="strut" style="height:[\d.]+em/);
      expect(html, path).toContain('<annotation encoding="application/x-tex">');
      expect(html, path).not.toMatch(/\$[^<]*\$/);
    }
    const math = page('one', 'developers/math');
    expect(math).toContain('<span class="katex-display">');
    expect(math).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    expect(math).toContain('<annotation encoding="application/x-tex">x</annotation>');
    expect(page('one', 'en')).toContain('<annotation encoding="application/x-tex">(1 + r)^n</annotation>');
  });

  it('report a local plugin\'s message as a warning at its Markdown line and column', () => {
    const result = runCli(['build', '--out', 'warned'], site);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('content/developers/math.md:15:8  warning  a TODO note is left in the text; finish it before publishing  [plugin:./plugins/remark-todo.mjs]');
  });

  it('are loaded by check too, which finds no false error', () => {
    const result = runCli(['check', '--format', 'json'], site);
    const report = JSON.parse(result.stdout) as { diagnostics: { ruleId: string; severity: string; file: string; line: number; column: number }[] };
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.diagnostics.filter((d) => d.ruleId.startsWith('plugin:'))).toEqual([
      { ruleId: 'plugin:./plugins/remark-todo.mjs', severity: 'warning', message: 'a TODO note is left in the text; finish it before publishing', file: 'content/developers/math.md', line: 15, column: 8 },
    ]);
    expect(result.status).toBe(0);
  });

  it('render KaTeX in bankdocs dev', async () => {
    const dev = await startDev(site);
    try {
      const response = await fetch(`${dev.url}/developers/math`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<span class="katex-display">');
      expect(html).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    } finally {
      await dev.stop();
    }
  });
});

describe('site plugins that cannot be used', () => {
  it('a syntax plugin with the fast engine is a config error at its list item', () => {
    const text = withMarkdown(MATH_MARKDOWN.replace('engine: remark', 'engine: fast'));
    writeFileSync(join(site, 'fast.config.yaml'), text);
    const result = runCli(['build', '-c', 'fast.config.yaml', '--out', 'fast'], site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`fast.config.yaml:${lineOf(text, '- remark-math')}:7  error  remark-math adds Markdown syntax, which only the remark engine reads; set markdown.engine: remark  [config-plugin-engine]`);
    expect(output(result)).not.toMatch(STACK_RE);
  });

  it('an unknown plugin is a config error at its list item, with a hint and no stack trace', () => {
    const text = withMarkdown(MATH_MARKDOWN.replace('- [rehype-katex, { strict: false }]', '- [rehype-nope, { strict: false }]'));
    writeFileSync(join(site, 'nope.config.yaml'), text);
    const result = runCli(['build', '-c', 'nope.config.yaml', '--out', 'nope'], site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`nope.config.yaml:${lineOf(text, '- [rehype-nope')}:7  error  the rehype plugin "rehype-nope" is not installed in the site's folder  [config-plugin-missing]\n  hint: npm install rehype-nope in the site's folder`);
    expect(result.stderr).toContain('1 error, 0 warnings');
    expect(output(result)).not.toMatch(STACK_RE);
  });

  it('a plugin installed beside bankdocs but not in the site\'s folder is not found', () => {
    const result = runCli(['check'], bare);
    expect(result.status).toBe(1);
    const text = readFileSync(join(bare, 'docs.config.yaml'), 'utf8');
    expect(output(result)).toContain(`docs.config.yaml:${lineOf(text, '- remark-math')}:7  error  the remark plugin "remark-math" is not installed in the site's folder  [config-plugin-missing]`);
    expect(output(result)).toContain(`docs.config.yaml:${lineOf(text, '- [rehype-katex')}:7  error  the rehype plugin "rehype-katex" is not installed in the site's folder  [config-plugin-missing]`);
    expect(output(result)).not.toMatch(STACK_RE);
  });
});

describe('a site plugin that imports modules of its own', () => {
  it('is rendered again, by build and check, when only such a module changes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-plugin-modules-'));
    try {
      expect(runCli(['init', 'site'], dir).status).toBe(0);
      const root = join(dir, 'site');
      const words = join(root, 'plugins', 'lib', 'words.mjs');
      mkdirSync(join(root, 'plugins', 'lib'), { recursive: true });
      writeFileSync(words, "export const word = 'first';\nexport const target = '/guides/getting-started';\n");
      writeFileSync(
        join(root, 'plugins', 'badge.mjs'),
        "import { target, word } from './lib/words.mjs';\nexport default () => ({ name: 'badge', directives: { badge: { kind: 'leaf', transform: () => ({ type: 'paragraph', children: [{ type: 'link', url: target, children: [{ type: 'text', value: 'badge:' + word }] }] }) } } });\n",
      );
      const config = join(root, 'docs.config.yaml');
      writeFileSync(config, readFileSync(config, 'utf8').replace('plugins: []', 'plugins:\n  - ./plugins/badge.mjs'));
      const guide = join(root, 'content', 'guides', 'getting-started.md');
      writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n::badge\n`);
      const html = () => readFileSync(join(root, 'dist', 'guides', 'getting-started', 'index.html'), 'utf8');
      const first = runCli(['build'], root);
      expect(first.status, output(first)).toBe(0);
      expect(html()).toContain('badge:first');
      expect(output(runCli(['check'], root))).toContain('0 errors');
      writeFileSync(words, "export const word = 'second';\nexport const target = '/guides/getting-started';\n");
      expect(runCli(['build'], root).status).toBe(0);
      expect(html()).toContain('badge:second');
      writeFileSync(words, "export const word = 'second';\nexport const target = '/nowhere';\n");
      const check = runCli(['check'], root);
      expect(check.status).toBe(1);
      expect(output(check)).toMatch(/getting-started\.md:\d+:\d+ +error +.*\/nowhere/);
    } finally {
      removeSite(dir);
    }
  });
  it('is rendered again by dev when such a module changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bankdocs-plugin-dev-'));
    expect(runCli(['init', 'site'], dir).status).toBe(0);
    const root = join(dir, 'site');
    const words = join(root, 'plugins', 'lib', 'words.mjs');
    mkdirSync(join(root, 'plugins', 'lib'), { recursive: true });
    writeFileSync(words, "export const word = 'first';\n");
    writeFileSync(join(root, 'plugins', 'badge.mjs'), "import { word } from './lib/words.mjs';\nexport default () => ({ name: 'badge', directives: { badge: { kind: 'leaf', transform: () => ({ type: 'paragraph', children: [{ type: 'text', value: 'badge:' + word }] }) } } });\n");
    const config = join(root, 'docs.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('plugins: []', 'plugins:\n  - ./plugins/badge.mjs'));
    const guide = join(root, 'content', 'guides', 'getting-started.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n::badge\n`);
    const dev = await startDev(root);
    try {
      const page = async () => (await fetch(`${dev.url}/guides/getting-started`)).text();
      expect(await page()).toContain('badge:first');
      writeFileSync(words, "export const word = 'second';\n");
      await expect.poll(page, { timeout: 30_000, interval: 200 }).toContain('badge:second');
    } finally {
      await dev.stop();
      removeSite(dir);
    }
  });
});

describe('a bankdocs plugin that brings a syntax plugin of its own', () => {
  const MATH_PLUGIN = "import remarkMath from 'remark-math';\nimport rehypeKatex from 'rehype-katex';\nexport default () => ({ name: 'math', remarkPlugins: [remarkMath], rehypePlugins: [[rehypeKatex, { strict: false }]] });\n";
  const withPlugin = (engine: string) => `${configText.slice(0, configText.indexOf('markdown:'))}markdown:\n  engine: ${engine}\nplugins:\n  - ./plugins/math.mjs\n`;

  it('reads the syntax with the remark engine, as markdown.remarkPlugins does', () => {
    writeFileSync(join(site, 'plugins', 'math.mjs'), MATH_PLUGIN);
    writeFileSync(join(site, 'docs.config.yaml'), withPlugin('remark'));
    try {
      const build = runCli(['build', '--out', 'math'], site);
      expect(build.status, output(build)).toBe(0);
      expect(page('math', 'developers/math')).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    } finally {
      writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN));
    }
  });

  it('is a config error at its list item with the fast engine, which would leave the syntax as text', () => {
    writeFileSync(join(site, 'plugins', 'math.mjs'), MATH_PLUGIN);
    writeFileSync(join(site, 'docs.config.yaml'), withPlugin('fast'));
    try {
      const check = runCli(['check'], site);
      expect(check.status).toBe(1);
      const line = lineOf(withPlugin('fast'), './plugins/math.mjs');
      expect(output(check)).toMatch(new RegExp(`docs\\.config\\.yaml:${line}:\\d+ +error +the plugin "\\./plugins/math\\.mjs" adds Markdown syntax .* \\[config-plugin-engine\\]`));
    } finally {
      writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN));
    }
  });
});

describe('a page a plugin fails', () => {
  it('is reported once, as the failure, with no warning that it has no text', () => {
    writeFileSync(join(site, 'plugins', 'fail.mjs'), "export default function fail() {\n  return (tree, file) => {\n    if (String(file.value).includes('square')) file.fail('this page is not ready', tree);\n  };\n}\n");
    writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN.replace('    - remark-math\n', '    - remark-math\n    - ./plugins/fail.mjs\n')));
    try {
      const check = runCli(['check', '--format', 'json'], site);
      const report = JSON.parse(check.stdout) as { diagnostics: { ruleId: string; file: string }[] };
      const onMath = report.diagnostics.filter((d) => d.file === 'content/developers/math.md').map((d) => d.ruleId);
      expect(onMath).toContain('plugin:./plugins/fail.mjs');
      expect(onMath).not.toContain('search-excluded');
    } finally {
      writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN));
    }
  });
});

describe('a plugin that writes to the standard output', () => {
  it('leaves check --format json one JSON document: what it writes goes to the standard error', () => {
    writeFileSync(join(site, 'plugins', 'chatty.mjs'), "export default function chatty() {\n  process.stdout.write('chatty plugin was here\\n');\n  return () => { process.stdout.write('chatty page\\n'); };\n}\n");
    writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN.replace('    - remark-math\n', '    - remark-math\n    - ./plugins/chatty.mjs\n')));
    try {
      const check = runCli(['check', '--format', 'json'], site);
      expect(() => JSON.parse(check.stdout), check.stdout.slice(0, 200)).not.toThrow();
      expect(check.stderr).toContain('chatty page');
    } finally {
      writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN));
    }
  });
});

describe('a plugin whose file does not parse', () => {
  it('is reported at the place in its file, for markdown.remarkPlugins and plugins: alike', () => {
    writeFileSync(join(site, 'plugins', 'broken.mjs'), "export default function broken() {\n  return (tree) => {\n    const x = ;\n  };\n}\n");
    try {
      for (const config of [withMarkdown('markdown:\n  engine: remark\n  remarkPlugins:\n    - ./plugins/broken.mjs\n'), `${withMarkdown('markdown:\n  engine: remark\n')}plugins:\n  - ./plugins/broken.mjs\n`]) {
        writeFileSync(join(site, 'docs.config.yaml'), config);
        const check = runCli(['check'], site);
        expect(check.status).toBe(1);
        expect(output(check)).toMatch(/plugins\/broken\.mjs:3:15 +error +the (remark )?plugin "\.\/plugins\/broken\.mjs" does not load: Unexpected ";" +\[config-plugin-invalid\]/);
        expect(output(check)).not.toMatch(STACK_RE);
      }
    } finally {
      writeFileSync(join(site, 'docs.config.yaml'), withMarkdown(MATH_MARKDOWN));
    }
  });
});
