import { describe, expect, it } from 'vitest';
import { fieldRows, typeLabel } from '../../../src/api/describe-schema.js';
import type { Schema } from '../../../src/api/openapi.js';
import { checkRefs, resolvedViews } from '../../../src/api/resolve-refs.js';

const componentViews = (schemas: Record<string, unknown>) => {
  const document = { components: { schemas } };
  return (resolvedViews(document, checkRefs(document), ['/components']) as [{ schemas: Record<string, Schema> }])[0].schemas;
};

describe('typeLabel', () => {
  it('labels types as before', () => {
    expect(typeLabel({ type: 'string', format: 'uuid' })).toBe('string (uuid)');
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string, nullable');
    expect(typeLabel({ type: 'array', items: { type: 'integer' } })).toBe('array of integer');
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'string' }] })).toBe('string or integer');
    expect(typeLabel({ enum: ['a'] })).toBe('string');
  });

  it('names a recursive $ref by its schema', () => {
    const views = componentViews({ Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } });
    expect(typeLabel(views.Node!.properties!.children!)).toBe('array of Node');
  });

  it('stops spelling out types eight levels down', () => {
    let schema: Schema = { type: 'string' };
    for (let i = 0; i < 20; i++) schema = { type: 'array', items: schema };
    expect(typeLabel(schema)).toBe(`${'array of '.repeat(9)}any`);
  });

  it('labels a shared part once: variants of variants of one $ref do not multiply', () => {
    // Each level has ten variants, all the level below: 10^30 paths, 31 schemas.
    const schemas: Record<string, unknown> = { L0: { type: 'string' } };
    for (let i = 1; i <= 30; i++) schemas[`L${i}`] = { anyOf: Array.from({ length: 10 }, () => ({ $ref: `#/components/schemas/L${i - 1}` })) };
    expect(typeLabel(componentViews(schemas).L30!)).toBe('any');
    expect(typeLabel(componentViews(schemas).L5!)).toBe('string');
  });
});

describe('fieldRows', () => {
  it('lists the fields of a recursive schema one level down, and ends', () => {
    const views = componentViews({
      Node: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
      Tree: { type: 'object', properties: { root: { $ref: '#/components/schemas/Node' } } },
    });
    expect(fieldRows(views.Node!).map((r) => `${r.name}: ${r.type}`)).toEqual(['name: string', 'children: array of Node']);
    expect(fieldRows(views.Tree!).map((r) => `${r.name}: ${r.type}`)).toEqual(['root: object', 'root.name: string', 'root.children: array of Node']);
  });
});
