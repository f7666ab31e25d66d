// The plugin API (issue #16): directives with attribute schemas (bankdocs' own among
// them), their transforms in the Markdown pipeline, plugin strings, checks, and the shape
// check that turns a broken plugin into one message.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dedupeDiagnostics, type Diagnostic } from '../../../src/diagnostics.js';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.js';
import { PLACES } from '../../helpers/markdown.js';
import { NO_PLUGINS } from '../../../src/markdown/plugins.js';
import { corePlugin } from '../../../src/plugin/core.js';
import { attributeIssues, directiveRegistry } from '../../../src/plugin/directives.js';
import { definePlugin } from '../../../src/plugin/define.js';
import { mergeStrings, translate } from '../../../src/plugin/strings.js';
import { pluginProblem } from '../../../src/plugin/validate.js';
import { runPluginChecks } from '../../../src/plugin/checks.js';
import type { Site } from '../../../src/content/site.js';

const badge = definePlugin({
  name: 'badge',
  strings: { en: { 'badge.beta': 'Beta' }, nl: { 'badge.beta': 'Bèta' } },
  directives: {
    badge: {
      kind: 'leaf',
      attributes: { level: { required: true, values: ['beta', 'stable'] }, since: { pattern: '^v\\d+$' } },
      transform: (node, context) => ({ type: 'paragraph', data: { hName: 'span', hProperties: { className: ['badge'] } }, children: [{ type: 'text', value: context.t(`badge.${context.attributes.level}`) }] }),
    },
  },
});

function render(body: string, locale: string | null = null) {
  const plugins = [corePlugin, badge];
  const strings = mergeStrings(plugins);
  const processor = createMarkdownProcessor({ plugins: { ...NO_PLUGINS, directives: directiveRegistry(plugins), t: (l, key) => translate(strings, l, key), sitePlugins: plugins } });
  const diagnostics: Diagnostic[] = [];
  const result = renderMarkdown(processor, body, { source: 'developers/x.md', file: '/s/content/developers/x.md', urlBySource: new Map(), assets: new Set(), api: null, places: PLACES, locale, apiLanguage: null, apiLanguages: ['curl'], diagnostics });
  return { html: renderToStaticMarkup(result.element), found: diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}: ${d.message}${d.hint ? ` (${d.hint})` : ''}`) };
}

describe('directives of plugins', () => {
  it('render through their transform, with the plugin strings of the page locale', () => {
    expect(render('Intro.\n\n::badge{level="beta"}\n').html).toBe('<p>Intro.</p>\n<span class="badge">Beta</span>');
    expect(render('::badge{level="beta"}\n', 'nl').html).toBe('<span class="badge">Bèta</span>');
  });

  it('check attributes against the schema, each at its attribute (a missing one at the directive)', () => {
    expect(render('\n\n::badge{level="betta" since="1"}\n').found).toEqual([
      '3:9 directive-attribute-invalid: level="betta" is not one of "beta", "stable" (did you mean "beta"?)',
      '3:23 directive-attribute-invalid: since="1" does not match ^v\\d+$ (write a value that matches ^v\\d+$)',
    ]);
    const missing = render('::badge{colour="red"}\n');
    expect(missing.found).toEqual([
      '1:9 directive-attribute-unknown: "badge" takes no attribute "colour" (its attributes are "level", "since")',
      '1:1 directive-attribute-missing: "badge" needs the attribute "level" (write it as ::badge{level="…"})',
    ]);
    expect(missing.html).toBe('');
    expect(render(':::badge{level="beta"}\nx\n:::\n').found).toEqual(['1:1 directive-invalid: "badge" is a leaf directive, written here as a container (write it on one line: ::badge{…})']);
  });

  it('report two problems of one directive both, as the report keeps one problem per place (the second was dropped as a repeat)', () => {
    const diagnostics: Diagnostic[] = [];
    const plugins = [corePlugin, badge];
    const processor = createMarkdownProcessor({ plugins: { ...NO_PLUGINS, directives: directiveRegistry(plugins), sitePlugins: plugins } });
    renderMarkdown(processor, '::badge{level="beta" colour="red" size="xl"}\n', { source: 'x.md', file: '/x.md', urlBySource: new Map(), assets: new Set(), api: null, places: PLACES, locale: null, apiLanguage: null, apiLanguages: [], diagnostics });
    expect(dedupeDiagnostics(diagnostics).map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['1:22 "badge" takes no attribute "colour"', '1:35 "badge" takes no attribute "size"']);
  });

  it('report attributes named like Object\'s own members (constructor, toString) as unknown (the page failed: "schema.values.includes is not a function")', () => {
    expect(render('::badge{level="beta" constructor="x" toString="y"}\n').found).toEqual([
      '1:22 directive-attribute-unknown: "badge" takes no attribute "constructor" (its attributes are "level", "since")',
      '1:38 directive-attribute-unknown: "badge" takes no attribute "toString" (its attributes are "level", "since")',
    ]);
  });

  it('register bankdocs\' own directives through the same API', () => {
    expect(directiveRegistry([corePlugin]).get('operation')).toMatchObject({ owner: 'bankdocs', attributes: { id: { required: true } } });
    expect(attributeIssues(directiveRegistry([corePlugin]).get('tab')!, { titel: 'x' })).toEqual([
      { ruleId: 'directive-attribute-unknown', attribute: 'titel', message: '"tab" takes no attribute "titel"', hint: 'did you mean "title"?' },
    ]);
    // A misspelt required attribute: one problem at the misspelling, not a second one for the missing attribute.
    expect(attributeIssues(directiveRegistry([corePlugin]).get('operation')!, { idd: 'createPayment' })).toEqual([
      { ruleId: 'directive-attribute-missing', attribute: 'idd', message: '"operation" takes no attribute "idd"; did you mean "id" (which is missing)?', hint: 'rename "idd" to "id"' },
    ]);
    expect(attributeIssues(directiveRegistry([corePlugin]).get('operation')!, { foo: 'x' }).map((i) => i.ruleId)).toEqual(['directive-attribute-unknown', 'directive-attribute-missing']);
    // On a page: that one error at the misspelling, and the directive left out (no second error for an operation with no id).
    expect(render(':::operation{idd="createPayment"}\n:::\n').found).toEqual(['1:14 directive-attribute-missing: "operation" takes no attribute "idd"; did you mean "id" (which is missing)? (rename "idd" to "id")']);
    expect(render('::nope\n').found[0]).toMatch(/^1:1 unknown-directive: "nope" is not a directive bankdocs knows \(tabs, tab, operation, schema, badge; admonitions: note, info, tip, important, warning, caution, danger\)/);
  });

  it('report a transform that throws under the plugin\'s rule id', () => {
    const broken = definePlugin({ name: 'broken', directives: { boom: { transform: () => { throw new Error('no'); } } } });
    const plugins = [corePlugin, broken];
    const processor = createMarkdownProcessor({ plugins: { ...NO_PLUGINS, directives: directiveRegistry(plugins), sitePlugins: plugins } });
    const diagnostics: Diagnostic[] = [];
    renderMarkdown(processor, 'a\n\n::boom\n', { source: 'x.md', file: '/x.md', urlBySource: new Map(), assets: new Set(), api: null, places: PLACES, locale: null, apiLanguage: null, apiLanguages: [], diagnostics });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['3:1 broken/directive-failed']);
  });

  it('report a transform that gives no Markdown node, or a promise, at the directive', () => {
    const odd = definePlugin({
      name: 'odd',
      directives: {
        text: { transform: () => 'plain text' as never },
        later: { transform: (async () => ({ type: 'paragraph', children: [] })) as never },
      },
    });
    const plugins = [corePlugin, odd];
    const processor = createMarkdownProcessor({ plugins: { ...NO_PLUGINS, directives: directiveRegistry(plugins), sitePlugins: plugins } });
    const diagnostics: Diagnostic[] = [];
    renderMarkdown(processor, 'a\n\n::text\n\n::later\n', { source: 'x.md', file: '/x.md', urlBySource: new Map(), assets: new Set(), api: null, places: PLACES, locale: null, apiLanguage: null, apiLanguages: [], diagnostics });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}: ${d.message}`)).toEqual([
      '3:1 odd/directive-failed: the directive "text" of the plugin "odd" returned "plain text", not a Markdown node',
      '5:1 odd/directive-failed: the directive "later" of the plugin "odd" returned a promise (transforms run synchronously: no async function)',
    ]);
  });
});

describe('plugin shape', () => {
  const taken = new Map([['tabs', 'bankdocs itself']]);
  it('names the first mistake', () => {
    expect(pluginProblem(badge, taken)).toBeNull();
    expect(pluginProblem({ name: 'Bad Name' }, taken)).toMatch(/its name is missing or not lower-case/);
    expect(pluginProblem({ name: 'x', directive: {} }, taken)).toMatch(/unknown key "directive"/);
    expect(pluginProblem({ name: 'x', directives: { tabs: {} } }, taken)).toBe('the directive "tabs" is already defined by bankdocs itself');
    expect(pluginProblem({ name: 'x', directives: { a: { attributes: { b: { pattern: '(' } } } } }, taken)).toMatch(/attribute "b" of directive "a": pattern is no regular expression/);
    expect(pluginProblem({ name: 'x', checks: [{ id: 'c' }] }, taken)).toBe('the check "c" has no run function');
    expect(pluginProblem({ name: 'x', remarkPlugins: ['remark-gfm'] }, taken)).toMatch(/remarkPlugins\[0\] is not a unified plugin/);
  });
});

describe('plugin checks', () => {
  it('place problems by page offset, with the plugin rule id', async () => {
    const site = { configFile: '/s/docs.config.yaml', contentDir: '/s/content', config: { locales: { available: ['en'], default: 'en' } }, collections: [], pages: [{ source: 'a.md', file: '/s/content/a.md', url: '/a', info: { collection: 'guide', layout: 'article', params: {} }, data: { title: 'A' }, body: '\n\n\nSome TODO here.\n' }] } as unknown as Site;
    const todo = definePlugin({ name: 'todo', checks: [{ id: 'left', run: (s) => s.pages.map((p) => ({ source: p.source, offset: p.body.indexOf('TODO'), message: 'TODO left', severity: 'warning' as const })) }, { id: 'crash', run: () => { throw new Error('bug'); } }] });
    const found = await runPluginChecks(site, [todo]);
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`)).toEqual([
      '/s/content/a.md:4:6 warning todo/left TODO left',
      '/s/docs.config.yaml:1:1 error todo/crash the check "crash" of the plugin "todo" failed: bug',
    ]);
    // A list holding something other than problems, and a check that throws something other than an Error.
    const odd = definePlugin({ name: 'odd', checks: [{ id: 'nulls', run: () => [null as never] }, { id: 'thrown', run: () => { throw 'nope'; } }] });
    expect((await runPluginChecks(site, [odd])).map((d) => d.message)).toEqual(['the check "nulls" of the plugin "odd" failed: its problem 1 is null, not an object with a message', 'the check "thrown" of the plugin "odd" failed: it threw nope']);
  });
});
