import { describe, expect, it } from 'vitest';
import { fieldRows, fieldTable, parameterRows, rulesOf, schemaFields, schemaNames, schemaRows, typeLabel } from '../../../src/api/describe-schema.js';
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

  it('gives untyped variants their parent\'s type, and says null once', () => {
    // The bundled document's customerIpAddress: it read "any (ipv4) or any (ipv6)".
    expect(typeLabel({ type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] })).toBe('string (ipv4 or ipv6)');
    expect(typeLabel({ type: ['string', 'null'], oneOf: [{ format: 'ipv4' }, { format: 'ipv6' }] })).toBe('string (ipv4 or ipv6), nullable');
    expect(typeLabel({ type: 'string', nullable: true, anyOf: [{ maxLength: 3 }, { format: 'uuid' }] })).toBe('string or string (uuid), nullable');
    // 3.1's nullable $ref: it read "string (date) or any, nullable".
    expect(typeLabel({ anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] })).toBe('string (date), nullable');
    expect(typeLabel({ oneOf: [{ type: 'integer' }, { type: 'string' }] })).toBe('integer or string');
  });

  it('names a recursive $ref by its schema', () => {
    const views = componentViews({ Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } });
    expect(typeLabel(views.Node!.properties!.children!)).toBe('array of Node');
  });

  it('names the variants of a property that are named objects, as a body\'s variants are named', () => {
    const views = componentViews({
      Circle: { type: 'object', properties: { radius: { type: 'number' } } },
      Square: { type: 'object', title: 'A square', properties: { side: { type: 'number' } } },
      Drawing: {
        type: 'object',
        properties: {
          shape: { oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }] },
          shapes: { type: 'array', items: { anyOf: [{ $ref: '#/components/schemas/Circle' }, { type: 'null' }] } },
          // An object variant of no name, and a string one, read as before.
          either: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'string' }] },
        },
      },
    });
    const names = schemaNames(views);
    // It read "object": the reader could not tell which objects.
    expect(fieldRows(views.Drawing!, 'schema', names).map((r) => [r.name, r.type])).toEqual([
      ['shape', 'Circle or A square'],
      ['shapes', 'array of Circle, nullable'],
      ['either', 'object or string'],
    ]);
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

describe('fieldRows, nested', () => {
  it('lists the fields of objects and lists of objects below the first level', () => {
    // A payout's creditor.address.country read only "creditor.address: object".
    const address: Schema = { type: 'object', required: ['country'], properties: { country: { type: 'string' } } };
    const body: Schema = {
      type: 'object',
      properties: {
        creditor: { type: 'object', properties: { name: { type: 'string' }, address } },
        lines: { type: 'array', items: { type: 'object', properties: { tags: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' } } } } } } },
        grid: { type: 'array', items: { type: 'array', items: { type: 'object', properties: { x: { type: 'integer' } } } } },
      },
    };
    expect(fieldRows(body).map((r) => `${r.name}: ${r.type}${r.required ? ' (required)' : ''}`)).toEqual([
      'creditor: object',
      'creditor.name: string',
      'creditor.address: object',
      'creditor.address.country: string (required)',
      'lines: array of object',
      'lines[].tags: array of object',
      'lines[].tags[].key: string',
      'grid: array of array of object',
      'grid[][].x: integer',
    ]);
  });

  it("lists the fields of an amount six names down, as Open Banking UK's payment bodies have them", () => {
    // Data.Initiation.RegulatoryReporting[].Details[].Amount read "object" and no more: its
    // Amount and Currency, which a payment must give, were not listed.
    const amount: Schema = { type: 'object', required: ['Amount', 'Currency'], properties: { Amount: { type: 'string', pattern: '^\\d{1,13}$' }, Currency: { type: 'string', pattern: '^[A-Z]{3,3}$' } } };
    const details: Schema = { type: 'object', properties: { Type: { type: 'string' }, Amount: amount } };
    const body: Schema = {
      type: 'object',
      properties: { Data: { type: 'object', properties: { Initiation: { type: 'object', properties: { RegulatoryReporting: { type: 'array', items: { type: 'object', properties: { Details: { type: 'array', items: details } } } } } } } } },
    };
    expect(fieldRows(body, 'request').map((r) => `${r.name}${r.required ? ' (required)' : ''}`).slice(-3)).toEqual([
      'Data.Initiation.RegulatoryReporting[].Details[].Amount',
      'Data.Initiation.RegulatoryReporting[].Details[].Amount.Amount (required)',
      'Data.Initiation.RegulatoryReporting[].Details[].Amount.Currency (required)',
    ]);
  });

  it('stops nesting at a depth, and once a table is long: shared parts do not multiply', () => {
    let deep: Schema = { type: 'object', properties: { leaf: { type: 'string' } } };
    for (let i = 0; i < 10; i++) deep = { type: 'object', properties: { n: deep } };
    expect(fieldRows(deep).map((r) => r.name).at(-1)).toBe('n.n.n.n.n.n.n.n.n');
    // Ten levels of 20 fields that are all the level below: 20^10 paths.
    let wide: Schema = { type: 'object', properties: { leaf: { type: 'string' } } };
    for (let i = 0; i < 10; i++) wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`f${j}`, wide])) };
    const rows = fieldRows(wide);
    expect(rows.length).toBeLessThan(1000);
    expect(rows.filter((r) => !r.name.includes('.')).length).toBe(20);
    // What it leaves out is counted, up to a bound: 20^10 paths are not walked.
    expect(fieldTable(wide).unlisted).toEqual({ count: 10_000, atLeast: true, first: expect.stringMatching(/^f\d+\.f\d+\./) });
    expect(fieldTable(deep).unlisted).toBeNull();
  });

  it('counts the fields a table has no room for, and names the first', () => {
    // 21 objects of 20 fields: the table nests no further once it has 400 rows (after p19's row).
    const object: Schema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`f${j}`, { type: 'string' }])) };
    const wide: Schema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, object])) };
    const table = fieldTable(wide);
    expect(table.rows.length).toBe(401);
    expect(table.unlisted).toEqual({ count: 40, atLeast: false, first: 'p19.f0' });
    // A read-only field is no row of a request's table, nor counted.
    const request = fieldTable({ type: 'object', properties: { ...wide.properties, p20: { ...object, readOnly: true } } }, 'request');
    expect(request.unlisted).toEqual({ count: 20, atLeast: false, first: 'p19.f0' });
  });
});

describe('an enum that lists a value twice', () => {
  it('shows each value once, in the order they are first listed', () => {
    // Open Banking UK's frequency codes: `WEEK` showed twice.
    expect(rulesOf({ type: 'string', enum: ['MNTH', 'WEEK', 'WEEK', 'FOWK'] })).toEqual(['one of `MNTH`, `WEEK`, `FOWK`']);
    expect(rulesOf({ type: 'array', items: { enum: ['a', 'b', 'a'] } })).toEqual(['each item: one of `a`, `b`']);
  });
});

describe('what the reference says of OpenAPI schemas as teams write them', () => {
  it('labels 3.0 nullables, enums without a type and a single allOf', () => {
    expect(typeLabel({ type: 'string', nullable: true })).toBe('string, nullable');
    expect(typeLabel({ enum: [1, 2, 3] })).toBe('integer');
    expect(typeLabel({ enum: ['asc', 'desc', null] })).toBe('string');
    expect(typeLabel({ allOf: [{ type: 'object', properties: {} }] })).toBe('object');
    expect(typeLabel({ allOf: [{ type: 'object' }, { properties: { a: {} } }] })).toBe('object');
  });

  it('says which bounds are exclusive, in both dialects', () => {
    expect(rulesOf({ type: 'number', minimum: 0, exclusiveMinimum: true })).toEqual(['more than 0']);
    expect(rulesOf({ type: 'number', exclusiveMinimum: 0, maximum: 10 })).toEqual(['more than 0', 'at most 10']);
    expect(rulesOf({ type: 'number', minimum: 1, maximum: 10 })).toEqual(['1 to 10']);
    expect(rulesOf({ type: 'number', exclusiveMaximum: 100 })).toEqual(['less than 100']);
    expect(rulesOf({ type: 'string', writeOnly: true, deprecated: true })).toEqual(['write-only', 'deprecated']);
  });

  it("says what a list's values must be, and that they are unique", () => {
    // The bundled document's integration scope: the table said only "at least 1 item".
    const scope: Schema = { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: ['ai', 'pi', 'dashboard'] } };
    expect(rulesOf(scope)).toEqual(['at least 1 item', 'no duplicates', 'each item: one of `ai`, `pi`, `dashboard`']);
    expect(rulesOf({ type: 'array', items: { type: 'string', maxLength: 35 } })).toEqual(['each item: at most 35 characters']);
    // An object's rules are its fields' own rows.
    expect(rulesOf({ type: 'array', items: { type: 'object', properties: { a: { type: 'string', enum: ['x'] } } } })).toEqual([]);
  });

  it('says what each variant of a plain value allows: a code list or a pattern, a nullable $ref', () => {
    // Open Banking UK's standing order Frequency.Type is oneOf a code list and a pattern: the
    // row said only "string", with no rule, so neither the codes nor the pattern showed.
    const views = componentViews({
      OBFrequency6Code: { type: 'string', enum: ['ADHO', 'YEAR', 'DAIL'] },
      Frequency_1: { type: 'string', pattern: '^(NotKnown)$|^(EvryDay)$' },
      Status: { type: 'string', enum: ['AWAU', 'AUTH'] },
      OBFrequency6: {
        type: 'object',
        required: ['Type'],
        properties: {
          Type: { oneOf: [{ $ref: '#/components/schemas/OBFrequency6Code' }, { $ref: '#/components/schemas/Frequency_1' }] },
          // 3.1's nullable $ref: its codes were lost too.
          Status: { anyOf: [{ $ref: '#/components/schemas/Status' }, { type: 'null' }] },
          // Known codes, or any other text.
          Purpose: { anyOf: [{ type: 'string', enum: ['CASH', 'SALA'] }, { type: 'string' }] },
          Codes: { type: 'array', items: { oneOf: [{ type: 'string', maxLength: 4 }, { type: 'integer', minimum: 1 }] } },
        },
      },
    });
    expect(fieldRows(views.OBFrequency6!).map((r) => [r.name, r.type, r.rules])).toEqual([
      ['Type', 'string', ['either one of `ADHO`, `YEAR`, `DAIL`, or matches `^(NotKnown)$|^(EvryDay)$`']],
      ['Status', 'string, nullable', ['one of `AWAU`, `AUTH`']],
      ['Purpose', 'string', ['either one of `CASH`, `SALA`, or any string']],
      ['Codes', 'array of string or integer', ['each item: either at most 4 characters, or at least 1']],
    ]);
    // Variants that only narrow their parent say it with their parent's type; formats alone are the label's.
    expect(rulesOf({ type: 'string', anyOf: [{ maxLength: 3 }, { format: 'uuid' }] })).toEqual(['either at most 3 characters, or any string (uuid)']);
    expect(rulesOf({ type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] })).toEqual([]);
    // Variants of objects are named by the label and listed by the rows.
    expect(rulesOf({ oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'string', maxLength: 2 }] })).toEqual([]);
  });

  it("shows a field's example, in both dialects, when it is short and plain", () => {
    // The bundled document's synchronization errors[].code has `examples: [authorizationInvalid]`.
    expect(rulesOf({ type: 'string', examples: ['authorizationInvalid', 'other'] })).toEqual(['example `authorizationInvalid`']);
    expect(rulesOf({ type: 'number', example: 249.9, minimum: 0 })).toEqual(['at least 0', 'example `249.9`']);
    expect(rulesOf({ type: 'boolean', example: false })).toEqual(['example `false`']);
    expect(rulesOf({ type: 'object', example: { a: 1 } })).toEqual([]);
    expect(rulesOf({ type: 'string', example: 'a`b' })).toEqual([]);
    expect(rulesOf({ type: 'string', example: 'x'.repeat(61) })).toEqual([]);
  });

  it('merges allOf and leaves out what the other side sends', () => {
    const user: Schema = {
      allOf: [
        { type: 'object', required: ['id', 'email'], properties: { id: { type: 'string', readOnly: true }, email: { type: 'string' } } },
        { required: ['password'], properties: { password: { type: 'string', writeOnly: true } } },
      ],
    };
    const row = (name: string, required: boolean, rules: string[] = []) => ({ name, type: 'string', required, rules, description: '' });
    expect(fieldRows(user, 'request')).toEqual([row('email', true), row('password', true, ['write-only'])]);
    expect(fieldRows(user, 'response')).toEqual([row('id', true, ['read-only']), row('email', true)]);
    expect(fieldRows(user).map((r) => r.name)).toEqual(['id', 'email', 'password']);
    // A nested allOf object is expanded like a nested object.
    expect(fieldRows({ properties: { owner: { allOf: [{ properties: { name: { type: 'string' } } }] } } }).map((r) => r.name)).toEqual(['owner', 'owner.name']);
  });

  it("says what a map's values are, and lists them and their fields under '*' (GitHub's gist files by name, its content exclusions by repository)", () => {
    // Before, `files` read "object" with nothing below it, and a body that is a map listed no field at all.
    const gist: Schema = {
      type: 'object',
      required: ['files'],
      properties: {
        description: { type: 'string' },
        files: { type: 'object', description: 'The files by name.', additionalProperties: { type: 'object', required: ['content'], properties: { content: { type: 'string' } } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    expect(fieldRows(gist, 'request').map((r) => [r.name, r.type, r.required])).toEqual([
      ['description', 'string', false],
      ['files', 'map of object', true],
      ['files.*', 'object', false],
      ['files.*.content', 'string', true],
      ['labels', 'map of string', false],
      ['labels.*', 'string', false],
    ]);
    const exclusions: Schema = { type: 'object', additionalProperties: { type: 'array', description: 'The paths excluded in a repository.', items: { type: 'string' } } };
    expect(fieldRows(exclusions, 'request')).toEqual([{ name: '*', type: 'array of string', required: false, rules: [], description: 'The paths excluded in a repository.' }]);
    expect(typeLabel(exclusions)).toBe('map of array of string');
    // No map: values that say nothing, closed objects, and objects with fields of their own.
    expect(typeLabel({ type: 'object', additionalProperties: {} })).toBe('object');
    expect(typeLabel({ type: 'object', additionalProperties: true })).toBe('object');
    expect(fieldRows({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } }).map((r) => r.name)).toEqual(['a']);
  });

  it('lists header and cookie parameters, and deprecated ones', () => {
    const rows = parameterRows([
      { name: 'Idempotency-Key', in: 'header', required: true, description: 'Once per request.', schema: { type: 'string' } },
      { name: 'session', in: 'cookie', required: false, description: '', schema: { type: 'string', description: 'The session.' } },
      { name: 'sort', in: 'query', required: false, description: '', schema: { type: 'string' }, deprecated: true },
    ]);
    expect(rows.map((r) => [r.name, r.required, r.rules, r.description])).toEqual([
      ['Idempotency-Key', true, ['header'], 'Once per request.'],
      ['session', false, ['cookie'], 'The session.'],
      ['sort', false, ['deprecated'], ''],
    ]);
  });

  it("shows a JSON:API resource's attributes, and a field named attributes as a field", () => {
    const attributes: Schema = { type: 'object', properties: { amount: { type: 'string' } } };
    expect(schemaFields({ properties: { id: { type: 'string' }, type: { type: 'string' }, attributes } })).toBe(attributes);
    expect(schemaFields({ properties: { attributes } })).toBe(attributes);
    const product: Schema = { properties: { name: { type: 'string' }, attributes: { type: 'object', additionalProperties: { type: 'string' } } } };
    expect(schemaFields(product)).toBe(product);
  });

  it("shows a resource's meta beside its attributes, and a resource inside it by its name", () => {
    const views = componentViews({
      Synchronization: { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' }, attributes: { type: 'object', properties: { status: { type: 'string' } } } } },
      Account: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string' },
          attributes: { type: 'object', properties: { reference: { type: 'string' } } },
          meta: {
            type: 'object',
            description: 'Synchronization state.',
            properties: {
              availability: { type: 'string', enum: ['available', 'readonly'] },
              // A $ref with a description beside it is a copy of the component, and still it.
              latestSynchronization: { $ref: '#/components/schemas/Synchronization', description: 'The latest one.' },
              synchronizedAt: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
      Mandate: { type: 'object', properties: { id: { type: 'string' }, attributes: { type: 'object', properties: { flavor: { type: 'string' } } }, meta: { type: 'object', description: 'None documented.', properties: {} } } },
    });
    const names = schemaNames(views);
    // meta was in no table, only in the prose.
    expect(schemaRows(views.Account!, names).map((r) => [r.name, r.type, r.rules, r.description])).toEqual([
      ['reference', 'string', [], ''],
      ['meta', 'object', [], 'Synchronization state.'],
      ['meta.availability', 'string', ['one of `available`, `readonly`'], ''],
      ['meta.latestSynchronization', 'Synchronization', [], 'The latest one.'],
      ['meta.synchronizedAt', 'string (date-time)', [], ''],
    ]);
    // A meta that documents nothing adds no row; a schema that is no resource is its fields.
    expect(schemaRows(views.Mandate!, names).map((r) => r.name)).toEqual(['flavor']);
    expect(schemaRows(views.Synchronization!.properties!.attributes!, names).map((r) => r.name)).toEqual(['status']);
  });

  it("shows a resource's relationships, each with the resource it leads to and whether one or many, and its links", () => {
    const identifier = (type: string) => ({ type: 'object', properties: { id: { type: 'string' }, type: { type: 'string', enum: [type] } } });
    const related = { type: 'object', properties: { related: { type: 'string', format: 'uri' } } };
    const resource = (type: string) => ({ type: 'object', properties: { id: { type: 'string' }, type: { type: 'string', enum: [type] }, attributes: { type: 'object', properties: { name: { type: 'string' } } } } });
    const views = componentViews({
      FinancialInstitution: resource('financialInstitution'),
      Transaction: resource('transaction'),
      PendingTransaction: resource('pendingTransaction'),
      Account: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string', enum: ['account'] },
          attributes: { type: 'object', properties: { reference: { type: 'string' } } },
          relationships: {
            type: 'object',
            description: 'Related resources.',
            properties: {
              // To one: data is an identifier object (nullable or not); to many: a list of them.
              financialInstitution: { type: 'object', description: 'Its bank.', properties: { data: identifier('financialInstitution'), links: { type: 'object', properties: { related } } } },
              previousInstitution: { type: 'object', properties: { data: { oneOf: [identifier('financialInstitution'), { type: 'null' }] } } },
              pendingTransactions: { type: 'object', properties: { data: { type: 'array', items: identifier('pendingTransaction') } } },
              // Only a link to the collection: its name is a resource type's plural, or ends with one.
              transactions: { type: 'object', description: 'Its transactions.', properties: { links: { type: 'object', properties: { related } } } },
              updatedPendingTransactions: { type: 'object', properties: { links: { type: 'object', properties: { related } } } },
              // A type the document has no schema of; a relationship that says nothing of what it leads to.
              role: { type: 'object', properties: { data: identifier('role') } },
              owner: { type: 'object', description: 'Who owns it.', properties: { links: { type: 'object', properties: { related } } } },
            },
          },
          links: { type: 'object', description: 'Links of the resource.', properties: { self: { type: 'string', format: 'uri', description: 'URL of this resource.' } } },
          meta: { type: 'object', properties: { synchronizedAt: { type: 'string', format: 'date-time' } } },
        },
      },
      Organization: { ...resource('organization'), properties: { ...resource('organization').properties, relationships: { type: 'object', properties: {} }, links: { type: 'object', properties: {} } } },
    });
    const names = schemaNames(views);
    // They were in no table: a reader learnt them from the prose.
    expect(schemaRows(views.Account!, names).map((r) => [r.name, r.type, r.relation ?? null, r.resource ?? null, r.description])).toEqual([
      ['reference', 'string', null, null, ''],
      ['relationships', 'object', null, null, 'Related resources.'],
      ['relationships.financialInstitution', 'object', { many: false, to: 'FinancialInstitution' }, 'FinancialInstitution', 'Its bank.'],
      ['relationships.previousInstitution', 'object', { many: false, to: 'FinancialInstitution' }, 'FinancialInstitution', ''],
      ['relationships.pendingTransactions', 'object', { many: true, to: 'PendingTransaction' }, 'PendingTransaction', ''],
      ['relationships.transactions', 'object', { many: true, to: 'Transaction' }, 'Transaction', 'Its transactions.'],
      ['relationships.updatedPendingTransactions', 'object', { many: true, to: 'PendingTransaction' }, 'PendingTransaction', ''],
      ['relationships.role', 'object', { many: false, to: 'role' }, null, ''],
      ['relationships.owner', 'object', null, null, 'Who owns it.'],
      ['links', 'object', null, null, 'Links of the resource.'],
      ['links.self', 'string (uri)', null, null, 'URL of this resource.'],
      ['meta', 'object', null, null, ''],
      ['meta.synchronizedAt', 'string (date-time)', null, null, ''],
    ]);
    // Relationships and links that document nothing add no row.
    expect(schemaRows(views.Organization!, names).map((r) => r.name)).toEqual(['name']);
  });
});
