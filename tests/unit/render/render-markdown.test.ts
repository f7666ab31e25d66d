// The Markdown twin of a page: the writer's own Markdown, with front matter as a title and
// description, links to the built pages' absolute addresses, and the API reference's
// directives as readable Markdown with one language's examples.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApi, type ApiModel } from '../../../src/api/openapi.js';
import type { Page } from '../../../src/content/site.js';
import { apiTwin, pageTwin, type TwinContext } from '../../../src/render/render-markdown.js';
import type { ApiDocument, PageDocument } from '../../../src/routes/plan.js';
import { markdownTwinUrl } from '../../../src/routes/markdown-twin.js';
import { builtinTheme } from '../../../theme/index.js';
import { describedDocument, treeDocument, wideDocument } from '../../helpers/openapi.js';
import { parseWith } from '../../../src/markdown/engines.js';
import type { Table } from 'mdast';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-twin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let api: ApiModel;
beforeAll(async () => {
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, `openapi: 3.1.0
info: { title: Thing API, version: "1" }
paths:
  /things/{id}:
    get:
      operationId: getThing
      summary: Get thing
      description: Reads a thing.
      x-scopes: [ai]
      parameters:
        - { name: id, in: path, required: true, description: "Id of the | thing.", schema: { type: string, format: uuid } }
      responses:
        "200": { description: A thing. }
components:
  schemas:
    Thing:
      type: object
      properties:
        attributes:
          type: object
          properties:
            name: { type: string, maxLength: 10, description: The name. }
`);
  api = (await loadApi(file, 'api/openapi.yaml')).api!;
});

const ctx = (): TwinContext => ({
  api,
  apiLanguages: ['curl', 'ruby'],
  engine: 'fast',
  urlBySource: new Map([['developers/other.md', '/developers/other'], ['developers/guide.md', '/developers/guide']]),
  assets: new Set(['developers/flow.svg']),
  siteUrl: 'https://docs.example',
  trees: new Map(),
});

const page = (source: string, body: string): Page => ({ source, file: `/site/content/${source}`, info: { collection: 'guide', segments: ['guide'] } as unknown as Page['info'], data: { title: 'Guide' }, body, url: '/developers/guide' });
const doc = (over: Partial<PageDocument> = {}): PageDocument => ({ kind: 'page', url: '/developers/guide', locale: 'en', title: 'The guide', description: 'What it is\nabout.', alternates: [], source: 'developers/guide.md', layout: 'article', fallback: false, prev: null, next: null, legalVersions: [], ...over });

describe('pageTwin', () => {
  it('starts with the title and description, then the text as written (front matter lines left out)', () => {
    const body = '\n\n\n\n## Step one\n\nDo *this*, then   that.\n\n- a\n- b\n';
    expect(pageTwin(doc(), page('developers/guide.md', body), ctx())).toBe('# The guide\n\n> What it is about.\n\n## Step one\n\nDo *this*, then   that.\n\n- a\n- b\n');
  });

  it('points links and images at the built pages\' absolute addresses, and leaves code and other sites alone', () => {
    const body = [
      'See [the other *guide*](other.md#setup "Other"), [home](/en/support#contact), [above](#step-one),',
      '[off-site](https://example.com/x.md), [missing](nowhere.md) and [ref][r]. `[code](other.md)` ![Flow](flow.svg)',
      '',
      '> Quoted [link](other.md) in a quote.',
      '',
      '```md',
      '[in a fence](other.md)',
      '```',
      '',
      '[r]: ./other.md',
      '',
    ].join('\n');
    expect(pageTwin(doc(), page('developers/guide.md', body), ctx())).toBe(
      [
        '# The guide',
        '',
        '> What it is about.',
        '',
        'See [the other *guide*](https://docs.example/developers/other#setup "Other"), [home](https://docs.example/en/support#contact), [above](https://docs.example/developers/guide#step-one),',
        '[off-site](https://example.com/x.md), [missing](nowhere.md) and [ref][r]. `[code](other.md)` ![Flow](https://docs.example/developers/flow.svg)',
        '',
        '> Quoted [link](https://docs.example/developers/other) in a quote.',
        '',
        '```md',
        '[in a fence](other.md)',
        '```',
        '',
        '[r]: <https://docs.example/developers/other>',
        '',
      ].join('\n'),
    );
  });

  it('leaves a heading\'s own id out of its text, as the page does', () => {
    const body = '## Install the client {#install}\n\nText with {#braces}.\n\nSetext {#setext}\n------\n\n## Braces {in the text}\n';
    expect(pageTwin(doc(), page('developers/guide.md', body), ctx())).toBe('# The guide\n\n> What it is about.\n\n## Install the client\n\nText with {#braces}.\n\nSetext\n------\n\n## Braces {in the text}\n');
  });

  it('leaves out raw HTML, as the page does, and turns a tab view into its tabs under their titles', () => {
    const body = ['Before.', '', '<div class="x">hidden</div>', '', '::::tabs', ':::tab{title="curl"}', '```shell', 'curl https://api.example/a', '```', ':::', ':::tab{title="Other" empty="Nothing here yet."}', ':::', '::::', '', 'After.', ''].join('\n');
    expect(pageTwin(doc(), page('developers/guide.md', body), ctx())).toBe('# The guide\n\n> What it is about.\n\nBefore.\n\n**curl**\n\n```shell\ncurl https://api.example/a\n```\n\n**Other**\n\n*Nothing here yet.*\n\nAfter.\n');
  });

  it('says when a page shows the default locale\'s text, and which version of a legal text it is', () => {
    // A fallback's source is the default locale's page, whose language the notice names.
    expect(pageTwin(doc({ locale: 'nl', fallback: true, source: 'en/guide.md' }), page('en/guide.md', 'Text.\n'), ctx())).toBe('# The guide\n\n> What it is about.\n\n*Deze pagina is nog niet in het Nederlands beschikbaar; u leest de tekst in het Engels.*\n\nText.\n');
    const versions = [{ url: '/en/terms/v2.0', title: 'Terms', version: 'v2.0', effective: '2025-01-01', latest: true }];
    const legal = doc({ url: '/en/terms/v2.0', layout: 'legal', legalVersions: versions });
    const terms = page('en/terms/v2.0.md', 'The terms.\n');
    expect(pageTwin(legal, terms, ctx())).toBe('# The guide\n\n> What it is about.\n\nYou are reading version v2.0 · Effective from 2025-01-01\n\nThe terms.\n');
    // The site's legal note (theme.strings), when it has one.
    const noted = { ...ctx(), strings: () => ({ ...builtinTheme.strings.en!, legalSample: 'Sample text.' }) };
    expect(pageTwin(legal, terms, noted)).toBe('# The guide\n\n> What it is about.\n\nYou are reading version v2.0 · Effective from 2025-01-01\n\nThe terms.\n\n*Sample text.*\n');
    // An older version says it is not the latest, and links the latest, as its page does.
    const older = doc({ url: '/en/terms/v1.0', layout: 'legal', legalVersions: [...versions, { url: '/en/terms/v1.0', title: 'Terms', version: 'v1.0', effective: '2024-01-01', latest: false }] });
    expect(pageTwin(older, page('en/terms/v1.0.md', 'The terms.\n'), ctx())).toBe('# The guide\n\n> What it is about.\n\nYou are reading version v1.0 · Effective from 2024-01-01\n\n*This is not the latest version; the latest is [v2.0](/en/terms/v2.0).*\n\nThe terms.\n');
    // A versioned page of another layout (release notes) has no legal lines.
    expect(pageTwin(doc({ url: '/en/terms/v2.0', layout: 'article', legalVersions: versions }), terms, noted)).toBe('# The guide\n\n> What it is about.\n\nThe terms.\n');
  });
});

describe('apiTwin', () => {
  const section = (body: string): Page => ({ ...page('api/01-things.md', body), info: { collection: 'api-section' } as Page['info'], data: { title: 'Things' }, url: null });
  const apiDoc = (language: string): ApiDocument => ({ kind: 'api', url: `/1/api/${language}`, locale: 'en', title: 'Thing API Reference', description: 'The reference.', alternates: [], version: '1', language, sections: ['api/01-things.md'], languages: [], openapi: { yaml: '/openapi.yaml', json: '/openapi.json', version: '3.1' } });
  const body = [
    'Intro with an example:',
    '',
    '```curl',
    'curl https://api.example/things',
    '```',
    '',
    '```ruby',
    'client.things.list',
    '```',
    '',
    '::schema{name="Thing"}',
    '',
    ':::operation{id="getThing"}',
    'Reads one [thing](#get-thing).',
    '',
    '```curl',
    'curl https://api.example/things/1',
    '```',
    '',
    '```ruby',
    'client.things.find(id: "1")',
    '```',
    '',
    '```json response',
    '{ "id": "1" }',
    '```',
    ':::',
    '',
  ].join('\n');

  it('renders each operation with its method, path, parameters and the examples of the page\'s language', () => {
    expect(apiTwin(apiDoc('ruby'), [section(body)], ctx())).toBe(
      [
        '# Thing API Reference',
        '',
        '> The reference.',
        '',
        'OpenAPI 3.1: [openapi.yaml](https://docs.example/openapi.yaml) · [openapi.json](https://docs.example/openapi.json)',
        '',
        '## Things',
        '',
        'Intro with an example:',
        '',
        '```ruby',
        'client.things.list',
        '```',
        '',
        '<a id="thing-object"></a>',
        '',
        '| Name | Type | Rules | Description |',
        '|---|---|---|---|',
        '| <a id="thing-object-name"></a>`name` | string | at most 10 characters | The name. |',
        '',
        '### Get thing',
        '',
        '`GET /things/{id}`',
        '',
        'Scope: `ai` · Authentication: none',
        '',
        'Reads one [thing](https://docs.example/1/api/ruby#get-thing).',
        '',
        'Parameters:',
        '',
        '| Name | Type | Required | Rules | Description |',
        '|---|---|---|---|---|',
        '| <a id="get-thing-id"></a>`id` | string (uuid) | required |  | Id of the \\| thing. |',
        '',
        'Responses:',
        '',
        '| Status | Media type | Description |',
        '|---|---|---|',
        '| <a id="get-thing-response-200"></a>`200` |  | A thing. |',
        '',
        '```ruby',
        'client.things.find(id: "1")',
        '```',
        '',
        'Response 200:',
        '',
        '```json',
        '{ "id": "1" }',
        '```',
        '',
      ].join('\n'),
    );
    const curl = apiTwin(apiDoc('curl'), [section(body)], ctx());
    expect(curl).toContain('```curl\ncurl https://api.example/things/1\n```');
    expect(curl).not.toContain('```ruby');
  });

  it('is named after them in the twin\'s table, as on the page', async () => {
    writeFileSync(join(dir, 'shapes.yaml'), treeDocument(`    Tree:\n      type: object\n      properties:\n        shape:\n          description: Its outline.\n          oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }]\n    Circle: { type: object, properties: { radius: { type: number } } }\n    Square: { type: object, properties: { side: { type: number } } }\n`));
    const shapes = (await loadApi(join(dir, 'shapes.yaml'), 'api/shapes.yaml')).api!;
    // It read "object".
    expect(apiTwin(apiDoc('curl'), [section('::schema{name="Tree"}\n')], { ...ctx(), api: shapes })).toContain('| <a id="tree-object-shape"></a>`shape` | Circle or Square |  | Its outline. |');
  });

  it('keeps a row whose description has several blocks on one line: blocks and list items apart by <br>, code as code spans', async () => {
    writeFileSync(join(dir, 'described.yaml'), describedDocument());
    const described = (await loadApi(join(dir, 'described.yaml'), 'api/described.yaml')).api!;
    const text = apiTwin(apiDoc('curl'), [section(':::operation{id="getTree"}\n:::\n\n::schema{name="Tree"}\n')], { ...ctx(), api: described });
    const rows = text.split('\n').filter((line) => line.startsWith('| <a id='));
    expect(rows).toEqual([
      '| <a id="get-tree-season"></a>`season` | string | optional |  | The season to show the tree in.<br>One of:<br>- `spring`, with blossom<br>- `autumn`, with [falling leaves](./y.md)<br>`{ "season": "spring" }`<br>> [!NOTE]<br>> Winter shows bare branches. |',
      '| <a id="get-tree-response-200"></a>`200` | application/json | The tree. Fields: [Tree](https://docs.example/1/api/curl#tree-object) |',
      '| <a id="tree-object-name"></a>`name` | string |  | The tree\'s name.<br>## Naming<br>1. Latin<br>2. common |',
    ]);
  });

  it('says under a list cut at its length how many fields it leaves out, as the page does', async () => {
    writeFileSync(join(dir, 'wide.yaml'), wideDocument());
    const wide = (await loadApi(join(dir, 'wide.yaml'), 'api/wide.yaml')).api!;
    const text = apiTwin(apiDoc('curl'), [section(':::operation{id="plantWide"}\n:::\n\n::schema{name="Wide"}\n')], { ...ctx(), api: wide });
    const note = 'This list is cut: 40 more fields, from `p19.f0` on, are not listed. The OpenAPI document has them all.';
    // After the body's table (before the responses) and after the schema's.
    expect(text).toContain(`| <a id="plant-wide-p20"></a>\`p20\` | object | optional |  |  |\n\n${note}\n\nResponses:`);
    expect(text.trimEnd().endsWith(`| <a id="wide-object-p20"></a>\`p20\` | object |  |  |\n\n${note}`)).toBe(true);
    expect(apiTwin(apiDoc('curl'), [section(':::operation{id="getTree"}\n:::\n')], { ...ctx(), api: wide })).not.toContain('This list is cut');
  });

  it("writes an operation's path after its server's, as the page shows it", async () => {
    writeFileSync(join(dir, 'based.yaml'), treeDocument('    Tree: { type: object }\n').replace('https://api.test.example', '/open-banking/v4.0/aisp'));
    const based = (await loadApi(join(dir, 'based.yaml'), 'api/based.yaml')).api!;
    expect(apiTwin(apiDoc('curl'), [section(':::operation{id="getTree"}\n:::\n')], { ...ctx(), api: based })).toContain('\n`GET /open-banking/v4.0/aisp/tree`\n');
    // The document of the other tests has no server: its paths as they are.
    expect(apiTwin(apiDoc('curl'), [section(':::operation{id="getThing"}\n:::\n')], ctx())).toContain('\n`GET /things/{id}`\n');
  });

  it("keeps a pattern's backslashes in its table, and a description's own escapes", async () => {
    // Open Banking UK's amounts: the twin wrote `^\\d{1,13}$…`, which Markdown reads as two
    // backslashes, another pattern; and "2 \\* 3" became a backslash and an emphasis mark.
    writeFileSync(
      join(dir, 'amount.yaml'),
      `openapi: 3.0.0
info: { title: Amount API, version: "1" }
paths:
  /amounts/{amount}:
    get:
      operationId: getAmount
      parameters:
        - name: amount
          in: path
          required: true
          description: 'Two \\* three, a \\| pipe, a | pipe, C:\\\\ and \\\\| a backslash.'
          schema: { type: string, pattern: '^\\d{1,13}$|^\\d{1,13}\\.\\d{1,5}$' }
      responses:
        "200": { description: An amount. }
`,
    );
    const amounts = (await loadApi(join(dir, 'amount.yaml'), 'api/amount.yaml')).api!;
    const row = apiTwin(apiDoc('curl'), [section(':::operation{id="getAmount"}\n:::\n')], { ...ctx(), api: amounts })
      .split('\n')
      .find((line) => line.startsWith('| <a id="get-amount-amount">'))!;
    expect(row).toBe('| <a id="get-amount-amount"></a>`amount` | string | required | matches `^\\d{1,13}$\\|^\\d{1,13}\\.\\d{1,5}$` | Two \\* three, a \\| pipe, a \\| pipe, C:\\\\ and \\\\\\| a backslash. |');
    // As GitHub's Markdown reads the table: one row of five cells, the pattern and the text as the document gives them.
    const table = parseWith('remark', `| a | b | c | d | e |\n|---|---|---|---|---|\n${row}\n`).children[0] as Table;
    const cells = table.children[1]!.children;
    const toString = (node: object): string => ('value' in node ? String(node.value) : 'children' in node ? (node.children as object[]).map(toString).join('') : '');
    expect(cells).toHaveLength(5);
    expect(toString(cells[3]!)).toBe('matches ^\\d{1,13}$|^\\d{1,13}\\.\\d{1,5}$');
    expect(toString(cells[4]!)).toBe('Two * three, a | pipe, a | pipe, C:\\ and \\| a backslash.');
  });

  it('reads each section once for all languages', () => {
    const shared = ctx();
    apiTwin(apiDoc('curl'), [section(body)], shared);
    const tree = shared.trees.get('api/01-things.md');
    apiTwin(apiDoc('ruby'), [section(body)], shared);
    expect(shared.trees.get('api/01-things.md')).toBe(tree);
  });

  it('names each field as the Ruby client writes it in the ruby twin\'s tables, where it differs', async () => {
    const bundled = (await loadApi(join(import.meta.dirname, '..', '..', '..', 'content', 'api', 'openapi.yaml'), 'api/openapi.yaml')).api!;
    const text = ':::operation{id="createPayment"}\n:::\n\n::schema{name="Account"}\n';
    const ruby = apiTwin(apiDoc('ruby'), [section(text)], { ...ctx(), api: bundled });
    expect(ruby).toContain('| <a id="create-payment-accountid"></a>`accountId` (ruby: `account_id`) | string (uuid) | required |');
    expect(ruby).toContain('| <a id="account-object-currentbalance"></a>`currentBalance` (ruby: `current_balance`) |');
    expect(ruby).toContain('| <a id="create-payment-currency"></a>`currency` | string | required |');
    expect(apiTwin(apiDoc('curl'), [section(text)], { ...ctx(), api: bundled })).not.toContain('(ruby:');
  });
});

describe('markdownTwinUrl', () => {
  it('adds .md to the page\'s URL', () => {
    expect(markdownTwinUrl('/developers/dashboard-api')).toBe('/developers/dashboard-api.md');
    expect(markdownTwinUrl('/nl/support')).toBe('/nl/support.md');
    expect(markdownTwinUrl('/en')).toBe('/en.md');
    expect(markdownTwinUrl('/')).toBe('/index.md');
  });
});
