// The text of a page for the search index, cut at its headings (rehype-search-text.ts).
import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/openapi.js';
import type { Diagnostic } from '../../../src/diagnostics.js';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.js';
import { PLACES } from '../../helpers/markdown.js';

const API: ApiModel = {
  source: 'api/openapi.yaml',
  title: 'Test',
  shown: 'content/api/openapi.yaml',
  file: '/site/content/api/openapi.yaml',
  openapi: '3.1',
  version: '1',
  servers: ['https://api.test.example'],
  schemas: {},
  document: {},
  text: "",
  operations: {
    createPayment: {
      id: 'createPayment',
      method: 'post',
      path: '/accounts/{accountId}/payments',
      summary: 'Create payment',
      description: 'Initiates a credit transfer.',
      tags: [],
      scopes: ['pi'],
      auth: 'bearer',
      security: [[{ auth: 'bearer' }]],
      parameters: [{ name: 'accountId', in: 'path', required: true, description: 'The account.', schema: { type: 'string' } }],
      requestBody: null,
      responses: {},
    },
  },
};

function sections(body: string, options: { search?: boolean; api?: ApiModel } = {}) {
  const diagnostics: Diagnostic[] = [];
  const result = renderMarkdown(createMarkdownProcessor({ search: options.search ?? true }), body, {
    source: 'developers/x.md',
    file: '/s/content/developers/x.md',
    urlBySource: new Map(),
    assets: new Set(),
    api: options.api ?? null,
    places: PLACES,
    locale: null,
    apiLanguage: 'curl',
    apiLanguages: ['curl', 'ruby'],
    diagnostics,
  });
  expect(diagnostics).toEqual([]);
  return result.search.map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ').trim() }));
}

describe('the search text of a page', () => {
  it('is cut at h2 and h3 headings, with their ids; deeper headings stay in their section', () => {
    expect(sections('Intro **text**.\n\n## Step 1: create\n\nMake one.\n\n### Details\n\nMore.\n\n#### Small print\n\nTiny.\n\n## Step 1: create\n\nAgain.')).toEqual([
      { id: '', title: '', depth: 0, text: 'Intro text.' },
      { id: 'step-1-create', title: 'Step 1: create', depth: 2, text: 'Make one.' },
      { id: 'details', title: 'Details', depth: 3, text: 'More. Small print Tiny.' },
      { id: 'step-1-create-1', title: 'Step 1: create', depth: 2, text: 'Again.' },
    ]);
  });

  it('keeps words apart across blocks and inline code, and leaves code blocks out', () => {
    expect(sections('- one\n- two\n\n| a | b |\n|---|---|\n| x | y |\n\nUse `client_id` here.\n\n```shell\ncurl https://secret.example\n```\n')).toEqual([{ id: '', title: '', depth: 0, text: 'one two a b x y Use client_id here.' }]);
  });

  it('gives nothing for a page with no text and no heading', () => {
    expect(sections('\n\n')).toEqual([]);
    expect(sections('```json\n{}\n```\n')).toEqual([]);
    expect(sections('## Only a heading\n')).toEqual([{ id: 'only-a-heading', title: 'Only a heading', depth: 2, text: '' }]);
  });

  it('marks an operation’s section, without its examples, method line or scope line', () => {
    const body = ':::operation{id="createPayment"}\nPrepare a transfer.\n\n```curl\ncurl -X POST https://api.test.example/accounts/a/payments\n```\n:::\n';
    const [section] = sections(body, { api: API });
    expect(section).toMatchObject({ id: 'create-payment', title: 'Create payment', depth: 3, operation: 'createPayment' });
    expect(section!.text).toContain('Prepare a transfer.');
    expect(section!.text).toContain('accountId');
    expect(section!.text).not.toMatch(/curl|POST|Scope|Parameters/);
  });

  it('indexes the words of a field\'s description of several blocks, each block apart, without its code or its alert\'s title', () => {
    const season = { name: 'season', in: 'query', required: false, schema: { type: 'string' }, description: 'The season to show\nthe tree in.\n\nOne of:\n\n- `spring`, with blossom\n- `autumn`, with leaves\n\n```json\n{ "season": "spring" }\n```\n\n> [!NOTE]\n> Winter shows bare branches.\n' };
    const api = { ...API, operations: { createPayment: { ...API.operations.createPayment!, parameters: [season] } } } as ApiModel;
    const [section] = sections(':::operation{id="createPayment"}\n:::\n', { api });
    expect(section!.text).toBe('Initiates a credit transfer. season string optional The season to show the tree in. One of: spring, with blossom autumn, with leaves Winter shows bare branches.');
  });

  it("leaves out a resource's relationships, which name other resources, and keeps its links and meta", () => {
    const schemas = {
      Payment: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string', enum: ['payment'] },
          attributes: { type: 'object', properties: { amount: { type: 'number', description: 'Amount paid.' } } },
          relationships: { type: 'object', properties: { mandate: { type: 'object', description: 'The mandate it is paid under.', properties: { data: { type: 'object', properties: { type: { type: 'string', enum: ['mandate'] } } } } } } },
          links: { type: 'object', properties: { redirect: { type: 'string', description: 'Where the end user signs.' } } },
        },
      },
    };
    const [section] = sections('## Payments\n\n::schema{name="Payment"}\n', { api: { ...API, schemas } });
    expect(section!.text).toContain('amount number Amount paid.');
    expect(section!.text).toContain('links.redirect string Where the end user signs.');
    // Searching "mandate" is not answered by every resource that relates to one.
    expect(section!.text).not.toMatch(/mandate/i);
  });

  it('is not collected when search is off', () => {
    expect(sections('## A heading\n\nText.', { search: false })).toEqual([]);
  });
});

describe('a runaway section', () => {
  it('keeps at most 50 000 characters of text per section', () => {
    const [section] = sections(`${'word '.repeat(30_000)}\n`);
    expect(section!.text.length).toBeLessThanOrEqual(50_000);
    expect(section!.text.length).toBeGreaterThan(49_000);
  });
});
