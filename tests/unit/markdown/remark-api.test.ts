import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApi, type ApiModel } from '../../../src/api/openapi.js';
import { renderBody } from '../../helpers/markdown.js';
import { treeDocument } from '../../helpers/openapi.js';

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
      { ruleId: 'api-directive-invalid', message: 'no operation "getTre" in content/reference/tree.yaml', hint: 'did you mean :::operation{id="getTree"}?', line: 3, column: 1 },
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

  it('says what to do when the site has no OpenAPI document', () => {
    const [found] = problems('::operation{id="createPayment"}\n\n::schema{name="Payment"}\n', null) as [ReturnType<typeof problems>[0], ReturnType<typeof problems>[0]];
    expect(found.message).toBe('an operation needs the OpenAPI document, and the site has none');
    expect(found.hint).toMatch(/^add the OpenAPI document under content\/ \(api\.openapi in docs\.config\.yaml/);
    expect(found.hint).not.toContain('createPayment');
  });

  it('suggests the nearest schema, or lists them', () => {
    expect(problems('::schema{name="Tre"}\n', tree)).toEqual([
      { ruleId: 'api-directive-invalid', message: 'no schema "Tre" under components.schemas in content/reference/tree.yaml', hint: 'did you mean ::schema{name="Tree"}?', line: 1, column: 1 },
    ]);
    expect(problems('::schema{name="Completely"}\n', tree)[0]!.hint).toBe('use a name under components.schemas in content/reference/tree.yaml, e.g. ::schema{name="Tree"} (Tree)');
  });
});
