import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApi, type ApiModel } from '../../../src/api/openapi.js';
import { schemasShown } from '../../../src/markdown/remark-api.js';
import { shownPath } from '../../../src/diagnostics.js';
import { staticMarkup, type MarkupStats } from '../../../src/render/static-markup.js';
import { renderBody } from '../../helpers/markdown.js';
import { describedDocument, headersDocument, treeDocument, wideDocument } from '../../helpers/openapi.js';

const REPO = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'bankdocs-remark-api-'));
let bundled: ApiModel;
let tree: ApiModel;

beforeAll(async () => {
  bundled = (await loadApi(join(REPO, 'content', 'api', 'openapi.yaml'), 'api/openapi.yaml')).api!;
  writeFileSync(join(dir, 'tree.yaml'), treeDocument('    Tree:\n      type: object\n      properties:\n        name: { type: string }\n'));
  tree = (await loadApi(join(dir, 'tree.yaml'), 'reference/tree.yaml')).api!;
  expect(bundled).not.toBeNull();
  expect(tree).not.toBeNull();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const problems = (body: string, api: ApiModel | null) =>
  renderBody(body, { api }).diagnostics.map((d) => ({ ruleId: d.ruleId, message: d.message, hint: d.hint, line: d.line, column: d.column }));

describe('api-directive-invalid', () => {
  it('suggests the operation of the site\'s own document nearest to a mistyped id', () => {
    expect(problems('Intro.\n\n::operation{id="getTre"}\n', tree)).toEqual([
      { ruleId: 'api-directive-invalid', message: 'no operation "getTre" in content/reference/tree.yaml', hint: 'did you mean :::operation{id="getTree"}?', line: 3, column: 13 },
    ]);
    expect(problems('::operation{id="createPaymnet"}\n', bundled)[0]!.hint).toBe('did you mean :::operation{id="createPayment"}?');
  });

  it('lists some of the document\'s operations when none is near, never one it lacks', () => {
    const [found] = problems('::operation{id="refundEverything"}\n', bundled);
    expect(found!.message).toBe('no operation "refundEverything" in content/api/openapi.yaml');
    const ids = Object.keys(bundled.operations).sort();
    expect(found!.hint).toContain(`e.g. :::operation{id="${ids[0]}"}`);
    expect(found!.hint).toMatch(new RegExp(`and ${ids.length - 8} more\\)$`));
    // The tree document has one operation, and no createPayment.
    const [other] = problems('::operation{id="refundEverything"}\n', tree);
    expect(other!.hint).toBe('use an operationId of content/reference/tree.yaml, e.g. :::operation{id="getTree"} (getTree)');
  });

  it('is reported at the attribute that names what the document lacks, in both engines (it was at the directive)', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const at = (body: string) => renderBody(body, { api: tree, engine }).diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`);
      expect(at('Intro.\n\n:::operation{  id="getTre"}\nText.\n:::\n'), engine).toEqual(['3:16 api-directive-invalid']);
      expect(at('> ::operation{#getTre}\n'), engine).toEqual(['1:15 api-directive-invalid']);
      expect(at('- item\n\n  ::schema{ name=Tre }\n'), engine).toEqual(['3:13 api-directive-invalid']);
    }
  });

  it('says what to do when the site has no OpenAPI document', () => {
    const [found] = problems('::operation{id="createPayment"}\n\n::schema{name="Payment"}\n', null) as [ReturnType<typeof problems>[0], ReturnType<typeof problems>[0]];
    expect(found.message).toBe('an operation needs the OpenAPI document, and the site has none');
    // Where the config says the document goes (PLACES: the defaults, under /s), from the working folder.
    expect(found.hint).toBe(`add the OpenAPI document as ${shownPath('/s/content/api/openapi.yaml')} (api.openapi in ${shownPath('/s/docs.config.yaml')} names it), or remove this directive`);
    expect(found.hint).not.toContain('createPayment');
  });

  it('suggests the nearest schema, or lists them', () => {
    expect(problems('::schema{name="Tre"}\n', tree)).toEqual([
      { ruleId: 'api-directive-invalid', message: 'no schema "Tre" under components.schemas in content/reference/tree.yaml', hint: 'did you mean ::schema{name="Tree"}?', line: 1, column: 10 },
    ]);
    expect(problems('::schema{name="Completely"}\n', tree)[0]!.hint).toBe('use a name under components.schemas in content/reference/tree.yaml, e.g. ::schema{name="Tree"} (Tree)');
  });
});

describe('the attributes of a JSON:API request body', () => {
  it('name the resource type the body must give, in both engines', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { html } = renderBody(':::operation{id="createIntegrationAccount"}\n:::\n', { api: bundled, engine });
      expect(html, engine).toContain('<p class="table-caption">Attributes (data.attributes; data.type = &quot;integrationAccount&quot;) <span class="field-required">required</span></p>');
    }
  });
});

describe('the request body of an operation', () => {
  it('says beside its caption whether the operation needs it, in the page\'s language', async () => {
    const plant = (required: string) => `  /trees/{name}:\n    put:\n      operationId: plantTree\n      requestBody:\n${required}        content:\n          application/json:\n            schema: { type: object, properties: { height: { type: number } } }\n      responses:\n        "204": { description: Planted. }\n`;
    const captionOf = async (required: string, locale: string | null = null) => {
      writeFileSync(join(dir, 'plant.yaml'), treeDocument('    Tree: { type: object }\n').replace('paths:\n', `paths:\n${plant(required)}`));
      const api = (await loadApi(join(dir, 'plant.yaml'), 'api/plant.yaml')).api!;
      const { html, diagnostics } = renderBody(':::operation{id="plantTree"}\n:::\n', { api, locale });
      expect(diagnostics).toEqual([]);
      return /<p class="table-caption">[^<(]+\(application\/json\)(.*?)<\/p>/.exec(html)?.[1];
    };
    expect(await captionOf('        required: true\n')).toBe(' <span class="field-required">required</span>');
    // OpenAPI's default: a body not said to be required is optional.
    expect(await captionOf('')).toBe(' <span class="field-optional">optional</span>');
    expect(await captionOf('        required: false\n', 'nl')).toBe(' <span class="field-optional">optioneel</span>');
    expect(await captionOf('        required: true\n', 'fr')).toBe(' <span class="field-required">obligatoire</span>');
  });
});

describe('the responses of an operation', () => {
  it('lists every status the document gives, with its media types and description, in both engines', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { html, diagnostics } = renderBody(':::operation{id="getAccount"}\nReads one account.\n:::\n', { api: bundled, engine });
      expect(diagnostics).toEqual([]);
      const list = /<p class="table-caption">Responses<\/p><ul class="fields">(.*?)<\/ul>/.exec(html)?.[1] ?? '';
      const items = [...list.matchAll(/<code class="field-name">([^<]*)<\/code>(?:<\/a>)?(?: <span class="field-type">([^<]*)<\/span>)?.*?<p class="field-description">(.*?)<\/p>/g)].map((m) => [m[1], m[2], m[3]]);
      expect(items, engine).toEqual([
        ['200', 'application/json', 'The account.'],
        ['404', 'application/json', 'The resource was not found.'],
      ]);
      // A response is no field of the request: no "required" or "optional" beside it.
      expect(list).not.toMatch(/field-required|field-optional/);
    }
  });

  it('shows a bodiless answer without a media type', async () => {
    const document = treeDocument('    Tree: { type: object }\n').replace('  /tree:\n', '  /tree:\n    delete:\n      operationId: deleteTree\n      responses:\n        "204":\n          description: The tree is gone.\n');
    writeFileSync(join(dir, 'bodiless.yaml'), document);
    const api = (await loadApi(join(dir, 'bodiless.yaml'), 'api/bodiless.yaml')).api!;
    const { html } = renderBody(':::operation{id="deleteTree"}\n:::\n', { api });
    expect(html).toContain('<p class="table-caption">Responses</p><ul class="fields"><li class="field" id="delete-tree-response-204"><p class="field-head"><a class="field-link" href="#delete-tree-response-204"><code class="field-name">204</code></a></p><p class="field-description">The tree is gone.</p></li></ul>');
  });
});

describe("a response's headers", () => {
  let headers: ApiModel;
  beforeAll(async () => {
    writeFileSync(join(dir, 'headers.yaml'), headersDocument());
    headers = (await loadApi(join(dir, 'headers.yaml'), 'api/headers.yaml')).api!;
  });

  it('are rows under the response, with their type, whether required and their description, in both engines and both markup paths', () => {
    const pages = (['fast', 'remark'] as const).map((engine) => {
      const { html, diagnostics, element } = renderBody(':::operation{id="getTree"}\n:::\n', { api: headers, engine });
      expect(diagnostics, engine).toEqual([]);
      expect(html, engine).toContain(
        '<li class="field" id="get-tree-response-200"><p class="field-head"><a class="field-link" href="#get-tree-response-200"><code class="field-name">200</code></a> <span class="field-type">application/json</span></p><p class="field-description">The tree.</p>' +
          '<div class="field-headers"><p class="table-caption">Headers</p><ul class="fields">' +
          '<li class="field" id="get-tree-200-header-location"><p class="field-head"><a class="field-link" href="#get-tree-200-header-location"><code class="field-name">Location</code></a> <span class="field-type">string (uri)</span> <span class="field-required">required</span></p><p class="field-description">Where the tree is, as a <code>https</code> URL.</p></li>' +
          '<li class="field" id="get-tree-200-header-x-ratelimit-remaining"><p class="field-head"><a class="field-link" href="#get-tree-200-header-x-ratelimit-remaining"><code class="field-name">X-RateLimit-Remaining</code></a> <span class="field-type">integer</span> <span class="field-optional">optional</span></p><p class="field-description">Requests left in the window.</p></li>' +
          '</ul></div></li>',
      );
      expect(html, engine).toContain('<code class="field-name">Retry-After</code></a> <span class="field-type">integer</span> <span class="field-optional">optional</span></p><p class="field-rules">at least 1; deprecated</p><p class="field-description">Seconds to wait.</p>');
      // OpenAPI ignores a response's Content-Type header: the media types say it.
      expect(html, engine).not.toContain('Content-Type');
      const stats: MarkupStats = { fast: 0, react: 0 };
      expect(staticMarkup(element, { stats }), engine).toBe(html);
      expect(stats, engine).toMatchObject({ fast: 1, react: 0 });
      return html;
    });
    expect(pages[1]).toBe(pages[0]);
  });

  it("are captioned in the page's language", () => {
    expect(renderBody(':::operation{id="getTree"}\n:::\n', { api: headers, locale: 'fr' }).html).toContain('<div class="field-headers"><p class="table-caption">En-têtes</p>');
  });

  it("have ids that a heading of the same words does not take: the heading's gets -1", () => {
    const { html } = renderBody('## Get tree 200 header Location\n\n:::operation{id="getTree"}\n:::\n', { api: headers });
    expect(html).toContain('<li class="field" id="get-tree-200-header-location">');
    expect(html).toMatch(/<h2 id="get-tree-200-header-location-1">/);
  });
});

describe('an operation shown twice', () => {
  it('is told at the second, naming the first place; the second has numbered ids and both headings name the operation, in both engines', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const { html, diagnostics, headings } = renderBody(':::operation{id="getTree"}\n:::\n\nText.\n\n:::operation{id="getTree"}\nAgain.\n:::\n', { api: tree, engine });
      expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.message, d.hint]), engine).toEqual([
        ['operation-duplicate', 'warning', 6, 1, 'the operation getTree is shown already, on line 1: this one\'s heading and fields get numbered ids (#get-tree-1), and links to #get-tree lead to the first', 'remove one of the two; to point to the operation from here, link to it ([getTree](#get-tree))'],
      ]);
      expect(headings.filter((h) => h.depth === 3), engine).toEqual([
        { depth: 3, id: 'get-tree', text: 'getTree', operation: 'get-tree' },
        { depth: 3, id: 'get-tree-1', text: 'getTree', operation: 'get-tree' },
      ]);
      expect(html, engine).toContain('id="get-tree-response-200-1"');
      // The heading's operation is the menu's to know, not an attribute of the page.
      expect(html, engine).not.toContain('operation-heading');
    }
    expect(renderBody(':::operation{id="getTree"}\n:::\n', { api: tree }).diagnostics).toEqual([]);
  });
});

describe("a server with a path", () => {
  it("shows before the operation's path, muted, in both engines and both markup paths; a server without one shows none", async () => {
    // Open Banking UK's servers end in /open-banking/v4.0/aisp, and its paths are /accounts.
    writeFileSync(join(dir, 'based.yaml'), treeDocument('    Tree: { type: object }\n').replace('https://api.test.example', 'https://ob.example/open-banking/v4.0/aisp/'));
    const based = (await loadApi(join(dir, 'based.yaml'), 'api/based.yaml')).api!;
    const pages = (['fast', 'remark'] as const).map((engine) => {
      const { html, element, diagnostics } = renderBody(':::operation{id="getTree"}\n:::\n', { api: based, engine });
      expect(diagnostics, engine).toEqual([]);
      const endpoint = /<p class="endpoint">.*?<code>(.*?)<\/code>/.exec(html)?.[1] ?? '';
      expect(endpoint, engine).toBe('<span class="endpoint-base">/<wbr/>open-banking/<wbr/>v4.0/<wbr/>aisp</span><wbr/>/<wbr/>tree');
      expect(staticMarkup(element), engine).toBe(html);
      return html;
    });
    expect(pages[1]).toBe(pages[0]);
    expect(renderBody(':::operation{id="getTree"}\n:::\n', { api: tree }).html).not.toContain('endpoint-base');
  });
});

describe('a list too long to list whole', () => {
  // Open Banking UK's products: 752 fields, of which the table listed 405 and said nothing of the rest.
  let wide: ApiModel;
  beforeAll(async () => {
    writeFileSync(join(dir, 'wide.yaml'), wideDocument());
    wide = (await loadApi(join(dir, 'wide.yaml'), 'api/wide.yaml')).api!;
  });
  const body = 'Intro.\n\n:::operation{id="plantWide"}\n:::\n\n::schema{name="Wide"}\n';

  it('says under it how many fields it leaves out, from which on, in both engines and both markup paths', () => {
    const pages = (['fast', 'remark'] as const).map((engine) => {
      const { html, element } = renderBody(body, { api: wide, engine });
      const note = '<p class="fields-unlisted">This list is cut: 40 more fields, from <code>p19.f0</code> on, are not listed. The OpenAPI document has them all.</p>';
      // Under the body's list and under the schema's, each after its last row.
      expect(html.split(`</li></ul>${note}`), engine).toHaveLength(3);
      expect(html, engine).toContain('id="plant-wide-p20"');
      expect(html, engine).not.toContain('id="plant-wide-p19-f0"');
      const stats: MarkupStats = { fast: 0, react: 0 };
      expect(staticMarkup(element, { stats }), engine).toBe(html);
      expect(stats, engine).toMatchObject({ fast: 1, react: 0 });
      return html;
    });
    expect(pages[1]).toBe(pages[0]);
    expect(renderBody(body, { api: wide, locale: 'nl' }).html).toContain('<p class="fields-unlisted">Deze lijst is ingekort: nog 40 velden, vanaf <code>p19.f0</code>, staan er niet in. Het OpenAPI-document bevat ze allemaal.</p>');
    // A list that is whole says nothing.
    expect(renderBody(':::operation{id="getTree"}\n:::\n', { api: wide }).html).not.toContain('fields-unlisted');
  });

  it('is told to the writer at the directive, naming the operation or schema, the count and the first field left out', () => {
    for (const engine of ['fast', 'remark'] as const) {
      const hint = 'a list shows nested fields until it has 400 rows, and says under it how many it leaves out; to list the rest, show a nested object\'s schema on its own (::schema{name="…"}), or leave it so';
      expect(renderBody(body, { api: wide, engine }).diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.message, d.hint]), engine).toEqual([
        ['api-fields-unlisted', 'warning', 3, 1, 'the list "Body (application/json)" of operation plantWide is cut at 401 rows: 40 more fields, from p19.f0 on, are not listed', hint],
        ['api-fields-unlisted', 'warning', 6, 1, 'the field list of schema Wide is cut at 401 rows: 40 more fields, from p19.f0 on, are not listed', hint],
      ]);
    }
  });
});

describe('a description of more than one block', () => {
  const BODY = ':::operation{id="getTree"}\n:::\n\n::schema{name="Tree"}\n';
  let described: ApiModel;
  beforeAll(async () => {
    writeFileSync(join(dir, 'described.yaml'), describedDocument());
    described = (await loadApi(join(dir, 'described.yaml'), 'api/described.yaml')).api!;
  });
  /** A row's description, by the row's id (up to the row's end: the next row or the list's). */
  const descriptionOf = (html: string, id: string) => new RegExp(`<li class="field" id="${id}">.*?(<(?:p|div) class="field-description">.*?)</li>(?:</ul>|<li class="field")`, 's').exec(html)?.[1];

  it('shows its paragraphs, lists, code and alerts as blocks in the row, in both engines; one paragraph as before', () => {
    const pages = (['fast', 'remark'] as const).map((engine) => {
      const { html, diagnostics } = renderBody(BODY, { api: described, engine });
      expect(diagnostics, engine).toEqual([]);
      expect(descriptionOf(html, 'get-tree-season'), engine).toBe(
        '<div class="field-description"><p>The season to show\nthe tree in.</p><p>One of:</p><ul>\n<li><code>spring</code>, with blossom</li>\n<li><code>autumn</code>, with <a href="/developers/y">falling leaves</a></li>\n</ul>' +
          '<div class="code-block"><div class="code-bar"><span class="code-language">json</span></div><pre tabindex="0"><code class="hljs language-json">{ <span class="hljs-attr">&quot;season&quot;</span>: <span class="hljs-string">&quot;spring&quot;</span> }\n</code></pre></div>' +
          '<div role="note" class="alert alert-note">\n<p class="alert-title">Note</p>\n<p>Winter shows bare branches.</p>\n</div></div>',
      );
      // A heading is bold text: the row is no section (no id, no entry in the table of contents).
      expect(descriptionOf(html, 'tree-object-name'), engine).toBe('<div class="field-description"><p>The tree&#x27;s name.</p><p><strong>Naming</strong></p><ol>\n<li>Latin</li>\n<li>common</li>\n</ol></div>');
      expect(descriptionOf(html, 'get-tree-response-200'), engine).toBe('<p class="field-description">The tree.</p><p class="field-fields">Fields: <a href="#tree-object">Tree</a></p>');
      // No block in a paragraph (the browser would close the paragraph before it).
      expect(html).not.toMatch(/<p\b[^>]*>(?:(?!<\/p>).)*?<(?:p|div|ul|ol|pre|blockquote|h[1-6]|table)\b/s);
      return html;
    });
    expect(pages[1]).toBe(pages[0]);
  });

  it('adds no heading id and no entry to the table of contents', () => {
    const { html, headings } = renderBody(BODY, { api: described });
    expect(headings).toEqual([{ depth: 3, id: 'get-tree', text: 'getTree', operation: 'get-tree' }]);
    expect(html.match(/<h[1-6]\b[^>]*>/g)).toEqual(['<h3 id="get-tree">']);
    expect(html).not.toContain('id="naming"');
  });

  it('is written by the fast markup path as React writes it', () => {
    const { html, element } = renderBody(BODY, { api: described });
    const stats: MarkupStats = { fast: 0, react: 0 };
    expect(staticMarkup(element, { stats })).toBe(html);
    expect(stats).toMatchObject({ fast: 1, react: 0 });
  });

  it('has its links checked, at the directive that shows it', async () => {
    writeFileSync(join(dir, 'described-broken.yaml'), describedDocument('./nothing.md'));
    const broken = (await loadApi(join(dir, 'described-broken.yaml'), 'api/described.yaml')).api!;
    expect(problems(BODY, broken)).toEqual([{ ruleId: 'broken-link', message: '"./nothing.md" points to developers/nothing.md, which is not a page', hint: 'did you mean "developers/y.md"?', line: 1, column: 1 }]);
  });
});

describe("raw HTML in the document's descriptions", () => {
  it('is told once at the directive, with the descriptions it is in and the document to change, in both engines; a <br> in text is a line break', async () => {
    // The warning said only "raw HTML is not rendered" at the :::operation, whose Markdown
    // file holds no HTML, and for the first only. Open Banking UK breaks lines with <br />
    // in dozens of descriptions: those are line breaks, as GitHub and Redocly show them.
    const file = join(dir, 'br.yaml');
    writeFileSync(
      file,
      `openapi: 3.0.0
info: { title: T, version: "1" }
paths:
  /account-access-consents:
    post:
      operationId: CreateAccountAccessConsents
      description: Creates a consent. <br /> Then redirect the customer.
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                Risk: { type: object, description: "The Risk section is sent by the initiating party. <br />\\nIt is used for risk scoring." }
      responses:
        "201":
          description: Created.<br/>
          headers:
            x-fapi-interaction-id: { description: An RFC4122 UID<br>used as a correlation id., schema: { type: string } }
        "400": { description: "<b>Bad</b> request." }
components:
  schemas:
    OBRisk2: { type: object, properties: { Code: { type: string, description: "In a coded form. <br /> See the code set." } } }
`,
    );
    const brs = (await loadApi(file, 'api/br.yaml')).api!;
    const hint = (those: string) => `write it in Markdown in ${shownPath(file)}, or remove it there; this directive shows ${those}`;
    const pages = (['fast', 'remark'] as const).map((engine) => {
      const { html, diagnostics } = renderBody('Intro.\n\n:::operation{id="CreateAccountAccessConsents"}\n:::\n\n::schema{name="OBRisk2"}\n', { api: brs, engine });
      expect(html, engine).not.toMatch(/<b>/);
      expect(html, engine).toMatch(/Creates a consent\. <br\/?>\s*Then redirect the customer\./);
      expect(html, engine).toMatch(/In a coded form\. <br\/?>\s*See the code set\./);
      expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.message, d.hint, d.paths]), engine).toEqual([
        ['raw-html', 'warning', 3, 1, 'raw HTML in the OpenAPI document\'s description of response 400 is not rendered: "<b>" is left out of the page', hint('that description'), [file]],
      ]);
      return html;
    });
    expect(pages[1]).toBe(pages[0]);
    // The page's own HTML is told as it always was.
    expect(renderBody('<b>bold</b>\n', { api: brs }).diagnostics.map((d) => d.message)).toEqual(['raw HTML is not rendered: "<b>" is left out of the page']);
  });
});

describe('a property that is one of named objects', () => {
  it('is named after them on the page', async () => {
    writeFileSync(join(dir, 'shapes.yaml'), treeDocument(`    Tree:\n      type: object\n      properties:\n        shape:\n          description: Its outline.\n          oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }]\n    Circle: { type: object, properties: { radius: { type: number } } }\n    Square: { type: object, properties: { side: { type: number } } }\n`));
    const shapes = (await loadApi(join(dir, 'shapes.yaml'), 'api/shapes.yaml')).api!;
    const { html } = renderBody('::schema{name="Tree"}\n', { api: shapes });
    // It read "object".
    expect(html).toContain('<code class="field-name">shape</code></a> <span class="field-type">Circle or Square</span>');
  });
});

describe('a response whose resource the page lists', () => {
  it('leads to that list, in the page\'s language; without the list on the page it leads nowhere', () => {
    const fieldsOf = (body: string, locale: string | null = null) => {
      const { html, diagnostics } = renderBody(body, { api: bundled, locale });
      expect(diagnostics).toEqual([]);
      return [...html.matchAll(/<li class="field" id="([^"]+)">(?:(?!<\/li>).)*?<p class="field-fields">(.*?)<\/p>/g)].map((m) => [m[1], m[2]]);
    };
    const both = ':::operation{id="getAccount"}\n:::\n\n::schema{name="Account"}\n';
    expect(fieldsOf(both)).toEqual([['get-account-response-200', 'Fields: <a href="#account-object">Account</a>']]);
    expect(fieldsOf(both, 'nl')).toEqual([['get-account-response-200', 'Velden: <a href="#account-object">Account</a>']]);
    expect(fieldsOf(':::operation{id="getAccount"}\n:::\n')).toEqual([]);
    // A field whose value is a resource the page lists leads there too.
    expect(fieldsOf('::schema{name="Account"}\n\n::schema{name="Synchronization"}\n')).toEqual([['account-object-meta-latestsynchronization', 'Fields: <a href="#synchronization-object">Synchronization</a>']]);
  });
});

describe("a resource's relationships", () => {
  it('say what each leads to, one or many, in the page\'s language, and lead to its list where the page shows it', () => {
    const relationships = (locale: string | null) => {
      const { html, diagnostics } = renderBody('::schema{name="Account"}\n\n::schema{name="Transaction"}\n', { api: bundled, locale });
      expect(diagnostics).toEqual([]);
      return [...html.matchAll(/<li class="field" id="(account-object-relationships-[^"]+)">(?:(?!<\/li>).)*?<span class="field-type">([^<]*)<\/span>(?:(?!<\/li>).)*?(?:<p class="field-fields">(.*?)<\/p>)?<\/li>/g)].map((m) => [m[1], m[2], m[3] ?? null]);
    };
    expect(relationships(null)).toEqual([
      ['account-object-relationships-transactions', 'to many: Transaction', 'Fields: <a href="#transaction-object">Transaction</a>'],
      ['account-object-relationships-financialinstitution', 'to one: FinancialInstitution', null],
    ]);
    expect(relationships('fr').map(([, type]) => type)).toEqual(['vers plusieurs : Transaction', 'vers un : FinancialInstitution']);
  });
});

describe('field names in the page\'s example language', () => {
  it('gives each field the Ruby client\'s name on the ruby page, where it differs, and none on the curl page', () => {
    const body = ':::operation{id="createBulkPayment"}\n:::\n\n::schema{name="Account"}\n';
    const names = (html: string) => [...html.matchAll(/<code class="field-name">((?:(?!<\/code>).)*)<\/code>(?:(?!<li).)*?<p class="field-in-language">In ruby: <code>([^<]*)<\/code><\/p>/g)].map((m) => [m[1]!.replace(/<wbr\/?>/g, ''), m[2]]);
    const ruby = renderBody(body, { api: bundled, apiLanguage: 'ruby' });
    expect(ruby.diagnostics).toEqual([]);
    const shown = names(ruby.html);
    expect(shown).toContainEqual(['accountId', 'account_id']);
    expect(shown).toContainEqual(['payments[].creditorName', 'payments[].creditor_name']);
    expect(shown).toContainEqual(['currentBalance', 'current_balance']);
    // A name Ruby writes the same ("reference", "currency") has no second name.
    expect(shown.map(([name]) => name)).not.toContain('reference');
    expect(renderBody(body, { api: bundled, apiLanguage: 'curl' }).html).not.toContain('field-in-language');
  });
});

describe('the schemas a page shows', () => {
  it('are its ::schema lines, written any way, and none inside a code fence', () => {
    const body = [
      'Intro.',
      '::schema{name="Account"}',
      "  ::schema{#x name='Payment' .y}",
      '::schema{name=User}',
      '````markdown',
      '::schema{name="InFence"}',
      '```',
      '::schema{name="StillInFence"}',
      '````',
      '~~~',
      '::schema{name="InTildes"}',
      '~~~',
      'Text ::schema{name="InText"}',
    ].join('\n');
    expect([...schemasShown([body, '::schema{name="Mandate"}\n', 'No directive.'])]).toEqual(['Account', 'Payment', 'User', 'Mandate']);
  });
});
