import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Root as HastRoot } from 'hast';
import { afterAll, describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { loadApi } from '../../../src/api/openapi.js';
import { DocumentSlugger, type MarkdownContext } from '../../../src/markdown/context.js';
import { MARKDOWN_ENGINES, type MarkdownEngine } from '../../../src/markdown/engines.js';
import { createMarkdownProcessor } from '../../../src/markdown/pipeline.js';
import { NO_PLUGINS } from '../../../src/markdown/plugins.js';
import { corePlugin } from '../../../src/plugin/core.js';
import { definePlugin } from '../../../src/plugin/define.js';
import { directiveRegistry } from '../../../src/plugin/directives.js';
import { renderBody, PLACES } from '../../helpers/markdown.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-alerts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const html = (body: string, engine: MarkdownEngine, locale: string | null = null) => renderBody(body, { engine, locale }).html;
const alert = (kind: string, title: string, inner: string) => `<div role="note" class="alert alert-${kind}">\n<p class="alert-title">${title}</p>\n${inner}\n</div>`;

/** The HTML tree the pipeline makes, without positions: what both engines must agree on. */
function hast(body: string, engine: MarkdownEngine): unknown {
  const processor = createMarkdownProcessor({ engine, highlight: false });
  const ctx: MarkdownContext = { source: 'developers/x.md', file: '/s/content/developers/x.md', urlBySource: new Map(), assets: new Set(), api: null, places: PLACES, locale: null, apiLanguage: null, apiLanguages: ['curl', 'ruby'], diagnostics: [], slugger: new DocumentSlugger(), headings: [], links: [] };
  const file = new VFile({ path: ctx.file, value: body, data: { ctx } });
  const tree = processor.runSync(processor.parse(file), file) as HastRoot;
  return JSON.parse(JSON.stringify(tree, (key, value: unknown) => (key === 'position' ? undefined : value)));
}

const KINDS = [
  ['NOTE', 'note', 'Note', 'Hinweis'],
  ['TIP', 'tip', 'Tip', 'Tipp'],
  ['IMPORTANT', 'important', 'Important', 'Wichtig'],
  ['WARNING', 'warning', 'Warning', 'Warnung'],
  ['CAUTION', 'caution', 'Caution', 'Vorsicht'],
] as const;

/** Quotes that stay quotes, as on GitHub. */
const PLAIN = [
  '> [!NOTE] Sandbox\n> tokens expire.\n', // a title after the marker
  '> [!NOTE] *soon*\n> tokens expire.\n',
  '> Sandbox [!NOTE]\n> tokens expire.\n', // not on the first line
  '> [!NOTICE]\n> tokens expire.\n', // no such kind
  '> [!NOTE]\n', // nothing under it
  '> [ !NOTE]\n> tokens expire.\n',
  '> > [!NOTE]\n> > In a quote.\n', // GitHub nests no alert in a quote
];

describe.each(MARKDOWN_ENGINES)('alerts, the %s engine', (engine) => {
  it.each(KINDS)('make > [!%s] a note of its kind, titled in the page\'s locale, without the marker', (marker, kind, english, german) => {
    const body = `Before.\n\n> [!${marker}]\n> Sandbox tokens expire after **24 hours**.\n`;
    expect(html(body, engine)).toBe(`<p>Before.</p>\n${alert(kind, english, '<p>Sandbox tokens expire after <strong>24 hours</strong>.</p>')}`);
    expect(html(body, engine, 'de')).toContain(`<p class="alert-title">${german}</p>`);
    expect(html(body, engine)).not.toContain('[!');
  });

  it('read the marker in any case, with spaces or a hard break after it, and a blank line under it', () => {
    const inner = '<p>Tokens expire.</p>';
    for (const marker of ['[!warning]', '[!Warning]', '[!WARNING]   ', '[!WARNING]\\']) {
      expect(html(`> ${marker}\n> Tokens expire.\n`, engine), marker).toBe(alert('warning', 'Warning', inner));
    }
    expect(html('> [!TIP]\n>\n> Tokens expire.\n>\n> - one\n> - two\n', engine)).toBe(alert('tip', 'Tip', `${inner}\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>`));
  });

  it('leave every other quote as it was written', () => {
    for (const body of PLAIN) {
      const shown = html(body, engine);
      expect(shown.startsWith('<blockquote>'), body).toBe(true);
      expect(shown, body).toMatch(/\[ ?!(NOTE|NOTICE|TIP)\]/);
      expect(shown, body).not.toContain('class="alert ');
    }
    // Nor is one in an alert.
    expect(html('> [!NOTE]\n> > [!TIP]\n> > In an alert.\n', engine)).toBe(alert('note', 'Note', '<blockquote>\n<p>[!TIP]\nIn an alert.</p>\n</blockquote>'));
  });

  it('make alerts in a list and in a tab pane', () => {
    expect(html('- Step one.\n\n  > [!CAUTION]\n  > Payments cannot be cancelled.\n', engine)).toContain(`<li>\n<p>Step one.</p>\n${alert('caution', 'Caution', '<p>Payments cannot be cancelled.</p>')}\n</li>`);
    const tabs = html('::::tabs\n:::tab{title="curl"}\n> [!IMPORTANT]\n> Send an Idempotency-Key.\n:::\n::::\n', engine);
    expect(tabs).toContain(alert('important', 'Important', '<p>Send an Idempotency-Key.</p>'));
  });

  it('make alerts in an operation\'s description from the OpenAPI document', async () => {
    const document = join(dir, `alerts-${engine}.yaml`);
    writeFileSync(document, [
      'openapi: 3.1.0',
      'info: { title: Test API, version: "1" }',
      'paths:',
      '  /tree:',
      '    get:',
      '      operationId: getTree',
      '      summary: Get the tree',
      '      description: |',
      '        Reads the tree.',
      '',
      '        > [!NOTE]',
      '        > Cached for a minute.',
      '      responses:',
      '        "204": { description: Nothing. }',
      '',
    ].join('\n'));
    const api = (await loadApi(document, 'api/alerts.yaml')).api!;
    expect(api).not.toBeNull();
    expect(renderBody('::operation{id="getTree"}\n', { engine, api }).html).toContain(alert('note', 'Note', '<p>Cached for a minute.</p>'));
  });
});

/** Docusaurus' and Starlight's admonitions: the name, the alert's class, its title in English and German. */
const ADMONITIONS = [
  ['note', 'note', 'Note', 'Hinweis'],
  ['info', 'note', 'Info', 'Info'],
  ['tip', 'tip', 'Tip', 'Tipp'],
  ['important', 'important', 'Important', 'Wichtig'],
  ['warning', 'warning', 'Warning', 'Warnung'],
  ['caution', 'warning', 'Caution', 'Vorsicht'], // yellow in Docusaurus and Starlight
  ['danger', 'caution', 'Danger', 'Gefahr'], // red, as GitHub's CAUTION
] as const;

describe.each(MARKDOWN_ENGINES)('admonitions, the %s engine', (engine) => {
  it.each(ADMONITIONS)('make :::%s a note, titled in the page\'s locale', (name, kind, english, german) => {
    for (const body of [`:::${name}\nSandbox tokens expire after **24 hours**.\n:::\n`, `:::${name}\n\nSandbox tokens expire after **24 hours**.\n\n:::\n`]) {
      const { html: shown, diagnostics } = renderBody(`Before.\n\n${body}`, { engine });
      expect(shown, body).toBe(`<p>Before.</p>\n${alert(kind, english, '<p>Sandbox tokens expire after <strong>24 hours</strong>.</p>')}`);
      expect(diagnostics, body).toEqual([]);
    }
    expect(html(`:::${name}\nTokens expire.\n:::\n`, engine, 'de')).toContain(`<p class="alert-title">${german}</p>`);
  });

  it('take a label as the title, and hold lists, code, alerts and other admonitions', () => {
    expect(html(':::tip[Did you *know*?]\nTokens expire.\n:::\n', engine)).toBe(alert('tip', 'Did you <em>know</em>?', '<p>Tokens expire.</p>'));
    expect(html('::::danger\n- one\n\n> [!NOTE]\n> Inner.\n\n:::note\nNested.\n:::\n::::\n', engine)).toBe(
      alert('caution', 'Danger', `<ul>\n<li>one</li>\n</ul>\n${alert('note', 'Note', '<p>Inner.</p>')}\n${alert('note', 'Note', '<p>Nested.</p>')}`),
    );
    expect(html('1. Step.\n\n   :::warning\n   In a list.\n   :::\n', engine)).toContain(alert('warning', 'Warning', '<p>In a list.</p>'));
  });

  it('say that an admonition takes no attributes', () => {
    const { html: shown, diagnostics } = renderBody(':::note{title="x"}\nText.\n:::\n', { engine });
    expect(shown).toBe(alert('note', 'Note', '<p>Text.</p>'));
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['directive-attribute-unknown', 1, 9]]);
  });

  it('leave a site plugin its own directive of an admonition\'s name', () => {
    const plugin = definePlugin({ name: 'boxes', directives: { note: { kind: 'container', transform: (node) => ({ type: 'blockquote', children: node.children as never[] }) } } });
    const plugins = { ...NO_PLUGINS, directives: directiveRegistry([corePlugin, plugin]), sitePlugins: [corePlugin, plugin] };
    const processor = createMarkdownProcessor({ engine, highlight: false, plugins });
    const ctx: MarkdownContext = { source: 'developers/x.md', file: '/s/content/developers/x.md', urlBySource: new Map(), assets: new Set(), api: null, places: PLACES, locale: null, apiLanguage: null, apiLanguages: ['curl', 'ruby'], diagnostics: [], slugger: new DocumentSlugger(), headings: [], links: [] };
    const file = new VFile({ path: ctx.file, value: ':::note\nMine.\n:::\n\n:::tip\nOurs.\n:::\n', data: { ctx } });
    const tree = processor.runSync(processor.parse(file), file) as HastRoot;
    const shown = JSON.stringify(tree);
    expect(shown).toContain('"tagName":"blockquote"');
    expect(shown.match(/"alert-title"/g)).toHaveLength(1); // the tip's
  });
});

describe('alerts in both engines', () => {
  it('are the same HTML tree', () => {
    const bodies = [
      ...KINDS.map(([marker]) => `> [!${marker}]\n> Text with a [link](https://example.com) and \`code\`.\n`),
      '> [!note]  \n> Hard break.\n',
      '> [!TIP]\n>\n> Two\n> lines.\n',
      '- item\n\n  > [!WARNING]\n  > In a list.\n',
      '::::tabs\n:::tab{title="A"}\n> [!CAUTION]\n> In a tab.\n:::\n::::\n',
      '> [!NOTE]\n> > [!TIP]\n> > In an alert.\n',
      ...ADMONITIONS.map(([name]) => `:::${name}\nText with a [link](https://example.com).\n:::\n`),
      ':::tip[A *title*]\n\nTwo\n\nparagraphs.\n\n:::\n',
      '::::caution\n:::note\nNested.\n:::\n::::\n',
    ];
    for (const body of bodies) {
      expect(JSON.stringify(hast(body, 'fast')), body).toContain('"role":"note"');
      expect(hast(body, 'fast'), body).toEqual(hast(body, 'remark'));
    }
    for (const body of PLAIN) expect(hast(body, 'fast'), body).toEqual(hast(body, 'remark'));
  });
});
