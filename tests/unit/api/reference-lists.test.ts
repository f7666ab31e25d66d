import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaNames } from '../../../src/api/describe-schema.js';
import { loadApi, type Schema } from '../../../src/api/openapi.js';
import { operationLists, referenceIds, rowType, schemaAnchor, schemaLists } from '../../../src/api/reference-lists.js';
import { operationAnchor } from '../../../src/api/anchors.js';
import { headersDocument, treeDocument } from '../../helpers/openapi.js';

const WORDS = { fieldsParameters: 'Parameters', fieldsAttributes: 'Attributes', fieldsBody: 'Body', fieldsForm: 'Form fields', fieldsResponses: 'Responses' };
const dir = mkdtempSync(join(tmpdir(), 'bankdocs-reference-lists-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SHAPES = `    Tree:
      type: object
      properties:
        name: { type: string }
        crown: { type: object, properties: { leafColour: { type: string } } }
    Circle:
      type: object
      properties: { radius: { type: number } }
    Square:
      type: object
      properties: { side: { type: number } }
    Shape:
      oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }]
    Orchard:
      type: object
      properties:
        id: { type: string }
        type: { type: string, enum: [orchard] }
        attributes: { type: object, properties: { name: { type: string } } }
        relationships:
          type: object
          properties:
            keeper:
              description: Who keeps it.
              type: object
              properties: { data: { type: object, properties: { id: { type: string }, type: { type: string, enum: [gardener] } } } }
            trees:
              type: object
              properties: { data: { type: array, items: { type: object, properties: { id: { type: string }, type: { type: string, enum: [tree] } } } } }
        links:
          type: object
          properties: { self: { type: string, format: uri } }
    Gardener:
      type: object
      properties:
        id: { type: string }
        type: { type: string, enum: [gardener] }
        attributes: { type: object, properties: { name: { type: string } } }
`;

const PLANT = `  /trees/{name}:
    put:
      operationId: plantTree
      parameters:
        - { name: name, in: path, required: true, schema: { type: string } }
        - { name: "page[limit]", in: query, schema: { type: integer } }
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { name: { type: string }, crown: { type: object, properties: { leafColour: { type: string } } } } }
      responses:
        "2XX": { description: Planted. }
  /shapes:
    post:
      operationId: drawShape
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Shape" }
      responses:
        "201": { description: Drawn. }
`;

async function api() {
  writeFileSync(join(dir, 'openapi.yaml'), treeDocument(SHAPES).replace('paths:\n', `paths:\n${PLANT}`));
  return (await loadApi(join(dir, 'openapi.yaml'), 'api/openapi.yaml')).api!;
}

const RELATION_WORDS = { relationToOne: 'to one: {name}', relationToMany: 'to many: {name}' };
const nothingShown = new Set<string>();
const sourcesOf = (model: { schemas: Record<string, Schema> }, shown: ReadonlySet<string>) => ({ schemas: model.schemas, shown, names: schemaNames(model.schemas) });

const ids = (lists: { rows: { name: string; id: string }[] }[]) => lists.flatMap((list) => list.rows.map((row) => [row.name, row.id]));

describe('the ids of the rows of the reference', () => {
  it("are the operation's anchor and the row's path, a variant's name or 'response' between; a second row of one path gets -1", async () => {
    const model = await api();
    expect(ids(operationLists(model.operations.plantTree!, sourcesOf(model, nothingShown), WORDS))).toEqual([
      ['name', 'plant-tree-name'],
      ['page[limit]', 'plant-tree-page-limit'],
      // A field of the body with a parameter's name: its own id, not the parameter's.
      ['name', 'plant-tree-name-1'],
      ['crown', 'plant-tree-crown'],
      ['crown.leafColour', 'plant-tree-crown-leafcolour'],
      ['2XX', 'plant-tree-response-2xx'],
    ]);
    expect(ids(operationLists(model.operations.drawShape!, sourcesOf(model, nothingShown), WORDS))).toEqual([
      ['radius', 'draw-shape-circle-radius'],
      ['side', 'draw-shape-square-side'],
      ['201', 'draw-shape-response-201'],
    ]);
  });

  it("are a schema's anchor and the row's path", async () => {
    const model = await api();
    expect(schemaAnchor('FinancialInstitutionAccount')).toBe('financial-institution-account-object');
    // An acronym is a word apart from the next (Open Banking UK's schemas): it read "obread-account6-object".
    expect(schemaAnchor('OBReadAccount6')).toBe('ob-read-account6-object');
    expect(schemaAnchor('OBWriteDomesticConsentResponse5')).toBe('ob-write-domestic-consent-response5-object');
    expect(operationAnchor('GetHTTPHeaders')).toBe('get-http-headers');
    // One capital before a word stays with it, and an acronym at the end is one word, as they were.
    expect(operationAnchor('getOAuthToken')).toBe('get-oauth-token');
    expect(operationAnchor('getAccountIBAN')).toBe('get-account-iban');
    expect(ids(schemaLists('Tree', model.schemas.Tree!, sourcesOf(model, nothingShown)))).toEqual([
      ['name', 'tree-object-name'],
      ['crown', 'tree-object-crown'],
      ['crown.leafColour', 'tree-object-crown-leafcolour'],
    ]);
    expect(ids(schemaLists('Shape', model.schemas.Shape!, sourcesOf(model, nothingShown)))).toEqual([
      ['radius', 'shape-object-circle-radius'],
      ['side', 'shape-object-square-side'],
    ]);
  });

  it("are a resource's relationships and links too, each relationship leading to the list of the resource it names where the page shows it", async () => {
    const model = await api();
    const [list] = schemaLists('Orchard', model.schemas.Orchard!, sourcesOf(model, new Set(['Orchard', 'Gardener'])));
    expect(list!.rows.map((row) => [row.name, row.id, rowType(row, RELATION_WORDS), row.fieldsAt ?? null])).toEqual([
      ['name', 'orchard-object-name', 'string', null],
      ['relationships', 'orchard-object-relationships', 'object', null],
      ['relationships.keeper', 'orchard-object-relationships-keeper', 'to one: Gardener', { name: 'Gardener', id: 'gardener-object' }],
      // Trees are no JSON:API resource here (no type of theirs): the type the relationship gives, and no list to lead to.
      ['relationships.trees', 'orchard-object-relationships-trees', 'to many: tree', null],
      ['links', 'orchard-object-links', 'object', null],
      ['links.self', 'orchard-object-links-self', 'string (uri)', null],
    ]);
    const reserved = referenceIds(model, new Set(['Orchard']), WORDS);
    expect(reserved).toContain('orchard-object-relationships-keeper');
    expect(reserved).toContain('orchard-object-links-self');
    // The page words it in its language.
    expect(rowType(list!.rows[2]!, { relationToOne: 'naar één: {name}', relationToMany: 'naar meerdere: {name}' })).toBe('naar één: Gardener');
  });

  it('are all reserved for the page: every operation\'s, and those of the schemas it shows', async () => {
    const model = await api();
    const reserved = referenceIds(model, new Set(['Tree', 'Missing']), WORDS);
    expect(reserved).toContain('plant-tree-crown-leafcolour');
    expect(reserved).toContain('get-tree-response-200');
    expect(reserved).toContain('tree-object');
    expect(reserved).toContain('tree-object-crown-leafcolour');
    expect(reserved.filter((id) => id.startsWith('shape-object'))).toEqual([]);
    expect(new Set(reserved).size).toBe(reserved.length);
  });

  it("are found without going through the document's schemas for each operation or schema (they are named once for the page)", async () => {
    // Once per operation, that pass made a page of GitHub's REST API (1223 operations, 969
    // schemas) take the operations times the schemas: 7 s of a check, with twice as many of each.
    const model = await api();
    const sources = { ...sourcesOf(model, nothingShown), schemas: new Proxy(model.schemas, { ownKeys: () => { throw new Error("went through the document's schemas"); } }) };
    expect(ids(operationLists(model.operations.drawShape!, sources, WORDS))).toEqual([
      ['radius', 'draw-shape-circle-radius'],
      ['side', 'draw-shape-square-side'],
      ['201', 'draw-shape-response-201'],
    ]);
    expect(ids(schemaLists('Shape', model.schemas.Shape!, sources)).map(([, id]) => id)).toEqual(['shape-object-circle-radius', 'shape-object-square-side']);
  });
});

describe("a response's headers", () => {
  const headersApi = async () => {
    writeFileSync(join(dir, 'headers.yaml'), headersDocument());
    return (await loadApi(join(dir, 'headers.yaml'), 'api/headers.yaml')).api!;
  };

  it('are rows under their response, with their type, whether required and their description; a $ref to components.headers resolved, Content-Type left out', async () => {
    const model = await headersApi();
    const [responses] = operationLists(model.operations.getTree!, sourcesOf(model, nothingShown), WORDS);
    expect(responses!.kind).toBe('responses');
    const rows = responses!.rows.map((row) => [row.name, (row.headers ?? []).map((h) => [h.name, h.id, h.type, h.required, h.rules, h.description])]);
    expect(rows).toEqual([
      [
        '200',
        [
          // Named as written: HTTP reads a header's name in any case.
          ['Location', 'get-tree-200-header-location', 'string (uri)', true, [], 'Where the tree is, as a `https` URL.'],
          ['X-RateLimit-Remaining', 'get-tree-200-header-x-ratelimit-remaining', 'integer', false, [], 'Requests left in the window.'],
        ],
      ],
      // Its schema under `content`, and its rules as a field's.
      ['429', [['Retry-After', 'get-tree-429-header-retry-after', 'integer', false, ['at least 1', 'deprecated'], 'Seconds to wait.']]],
    ]);
  });

  it('have ids the page reserves, apart from the responses\' own', async () => {
    const model = await headersApi();
    const reserved = referenceIds(model, nothingShown, WORDS);
    expect(reserved).toEqual(['get-tree-response-200', 'get-tree-200-header-location', 'get-tree-200-header-x-ratelimit-remaining', 'get-tree-response-429', 'get-tree-429-header-retry-after']);
  });

  it('are none for a response that documents none (nor only a Content-Type)', async () => {
    const model = await api();
    for (const operation of Object.values(model.operations)) for (const list of operationLists(operation, sourcesOf(model, nothingShown), WORDS)) for (const row of list.rows) expect(row.headers).toBeUndefined();
    writeFileSync(join(dir, 'content-type.yaml'), treeDocument('    Tree: { type: object }\n').replace('          description: The tree.\n', '          description: The tree.\n          headers:\n            content-type: { schema: { type: string } }\n'));
    const typed = (await loadApi(join(dir, 'content-type.yaml'), 'api/content-type.yaml')).api!;
    expect(typed.operations.getTree!.responses['200']!.headers).toBeUndefined();
    expect(operationLists(typed.operations.getTree!, sourcesOf(typed, nothingShown), WORDS)[0]!.rows[0]!.headers).toBeUndefined();
  });
});
