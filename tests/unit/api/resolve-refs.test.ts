import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference } from '@readme/openapi-parser';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkRefs, refName, resolvedViews, schemaSource, SchemaTooDeepError } from '../../../src/api/resolve-refs.js';
import { FIXTURES } from '../../helpers/site.js';

const schemas = (entries: Record<string, unknown>) => ({ openapi: '3.1.0', components: { schemas: entries } });
const problems = (document: object) => checkRefs(document).problems.map((p) => `${p.path.join('.')} ${p.ruleId}`);
const views = (document: object) => {
  const check = checkRefs(document);
  expect(check.problems).toEqual([]);
  return resolvedViews(document, check, ['/components']) as [{ schemas: Record<string, any> }];
};

describe('checkRefs', () => {
  it('refuses every $ref outside the document, wherever it is', () => {
    const document = {
      paths: { '/a': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: 'https://evil.example/schema.yaml' } } } } } } } },
      components: {
        schemas: {
          File: { $ref: 'file:///etc/passwd' },
          Relative: { $ref: '../../secret.yaml' },
          Other: { properties: { x: { $ref: 'other.yaml#/components/schemas/X' } } },
        },
        parameters: { P: { $ref: '//host.example/p.yaml' } },
      },
    };
    expect(problems(document).sort()).toEqual([
      'components.parameters.P openapi-ref-external',
      'components.schemas.File openapi-ref-external',
      'components.schemas.Other.properties.x openapi-ref-external',
      'components.schemas.Relative openapi-ref-external',
      'paths./a.get.responses.200.content.application/json.schema openapi-ref-external',
    ]);
  });

  it('refuses a $ref to nothing, and one that is no pointer', () => {
    expect(problems(schemas({ A: { $ref: '#/components/schemas/Missing' }, B: { $ref: '#anchor' }, C: { items: [{ $ref: '' }] } })).sort()).toEqual([
      'components.schemas.A openapi-invalid',
      'components.schemas.B openapi-invalid',
      'components.schemas.C.items.0 openapi-invalid',
    ]);
  });

  it('refuses loops of bare $refs: to itself, and round two schemas', () => {
    expect(problems(schemas({ A: { $ref: '#/components/schemas/A' } }))).toEqual(['components.schemas.A openapi-invalid']);
    expect(problems(schemas({ A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } })).sort()).toEqual([
      'components.schemas.A openapi-invalid',
      'components.schemas.B openapi-invalid',
    ]);
    // Through the middle of a pointer, too.
    expect(problems(schemas({ A: { $ref: '#/components/schemas/A/properties/x' } }))).toEqual(['components.schemas.A openapi-invalid']);
  });

  it('accepts a recursive schema: the $ref is inside the schema it names', () => {
    expect(problems(schemas({ Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } }))).toEqual([]);
  });

  it('reads pointers with escapes: ~1 for "/", percent-encoding', () => {
    const document = {
      paths: { '/accounts/{id}': { parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }] } },
      components: { parameters: { Id: { $ref: '#/paths/~1accounts~1%7Bid%7D/parameters/0' }, Id2: { $ref: '#/paths/~1accounts~1{id}/parameters/0' } } },
    };
    expect(problems(document)).toEqual([]);
  });

  it('walks a document nested 100 000 levels deep without recursion', () => {
    let deep: Record<string, unknown> = { $ref: '#/nowhere' };
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(checkRefs({ deep }).problems).toHaveLength(1);
  });
});

describe('resolvedViews', () => {
  it('resolves $refs as json-schema-ref-parser did for the check fixture (what the site renders)', async () => {
    const text = readFileSync(join(FIXTURES, 'check', 'base', 'content', 'api', 'openapi.yaml'), 'utf8');
    const document = parse(text) as object;
    const library = (await dereference(structuredClone(parse(text)))) as Record<string, unknown>;
    const check = checkRefs(document);
    const [paths, components] = resolvedViews(document, check, ['/paths', '/components']);
    expect(JSON.stringify(paths)).toBe(JSON.stringify(library.paths));
    expect(JSON.stringify(components)).toBe(JSON.stringify(library.components));
    // The document itself is left as written.
    expect(document).toEqual(parse(text));
  });

  it('leaves a recursive $ref in place: the view is finite, clones and serializes', () => {
    const document = schemas({
      Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
      Tree: { type: 'object', properties: { root: { $ref: '#/components/schemas/Node' } } },
    });
    const [components] = views(document);
    const node = components.schemas.Node;
    expect(node.properties.children.items).toEqual({ $ref: '#/components/schemas/Node' });
    expect(schemaSource(node.properties.children.items)).toEqual({ document, pointer: '/components/schemas/Node' });
    // A $ref elsewhere to the same schema gets the same view.
    expect(components.schemas.Tree.properties.root).toBe(node);
    expect(() => JSON.stringify(components)).not.toThrow();
    expect(structuredClone(components).schemas.Node.properties.children.items).toEqual({ $ref: '#/components/schemas/Node' });
  });

  it('cuts mutual recursion too (A has a B, B has an A)', () => {
    const [components] = views(schemas({
      A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
      B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
    }));
    expect(components.schemas.A.properties.b.properties.a).toEqual({ $ref: '#/components/schemas/A' });
    expect(() => JSON.stringify(components)).not.toThrow();
  });

  it('shares every part without a $ref with the document, and marks built parts with their place', () => {
    const document = schemas({ Plain: { type: 'string' }, Holder: { type: 'object', properties: { p: { $ref: '#/components/schemas/Plain' }, q: { type: 'integer' } } } });
    const [components] = views(document);
    const raw = document.components.schemas as Record<string, any>;
    expect(components.schemas.Plain).toBe(raw.Plain);
    expect(components.schemas.Holder.properties.p).toBe(raw.Plain);
    expect(components.schemas.Holder.properties.q).toBe(raw.Holder.properties.q);
    expect(schemaSource(components.schemas.Holder)).toEqual({ document, pointer: '/components/schemas/Holder' });
    expect(schemaSource(raw.Plain)).toBeUndefined();
    // The mark is invisible to everything but the validator.
    expect(Object.keys(components.schemas.Holder)).toEqual(['type', 'properties']);
  });

  it('merges keywords beside a $ref over what it names, its own first', () => {
    const [components] = views(schemas({
      Sync: { type: 'object', description: 'A synchronization.', properties: { id: { type: 'string' } } },
      Latest: { $ref: '#/components/schemas/Sync', description: 'The latest one.', properties: { extra: { type: 'boolean' } } },
    }));
    const latest = components.schemas.Latest;
    expect(Object.keys(latest)).toEqual(['description', 'properties', 'type']);
    expect(latest.description).toBe('The latest one.');
    expect(latest.properties).toEqual({ id: { type: 'string' }, extra: { type: 'boolean' } });
  });

  it('keeps a "__proto__" key as data', () => {
    const document = JSON.parse('{"components":{"schemas":{"A":{"properties":{"__proto__":{"$ref":"#/components/schemas/B"}}},"B":{"type":"string"}}}}') as object;
    const [components] = views(document);
    expect(Object.keys(components.schemas.A.properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(components.schemas.A.properties)).toBe(Object.prototype);
  });

  it('refuses to build a view deeper than its limit (a chain of 1000 schemas)', () => {
    const entries: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) entries[`S${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${i + 1}` } } };
    entries.S1000 = { type: 'string' };
    const document = schemas(entries);
    const check = checkRefs(document);
    expect(check.problems).toEqual([]);
    expect(() => resolvedViews(document, check, ['/components'])).toThrow(SchemaTooDeepError);
  });
});

describe('refName', () => {
  it('names a $ref by its last segment', () => {
    expect(refName('#/components/schemas/Node')).toBe('Node');
    expect(refName('#/components/schemas/A~1B%20C')).toBe('A/B C');
  });
});
