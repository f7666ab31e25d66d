import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/openapi.js';
import { loadRubyClient } from '../../../src/check/ruby-client.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-ruby-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = `gem: moorlink
require: moorlink
client:
  class: Moorlink::Client
  arguments: [access_token]
calls:
  listAccounts: client.accounts.list
`;

let count = 0;
async function load(text: string, api: ApiModel | null = null) {
  const file = join(dir, `ruby-client-${count++}.yaml`);
  writeFileSync(file, text);
  return loadRubyClient(file, api);
}
const where = (loaded: Awaited<ReturnType<typeof load>>) => loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`);

describe('loadRubyClient', () => {
  it('reads the surface', async () => {
    const loaded = await load(BASE);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.operationByCall.get('client.accounts.list')).toBe('listAccounts');
  });

  it('refuses a file over 1 MiB by its size', async () => {
    const loaded = await load(`${BASE}# ${'x'.repeat(1024 * 1024)}\n`);
    expect(loaded.client).toBeNull();
    expect(where(loaded)).toEqual(['1:1 file-too-large']);
    expect(loaded.diagnostics[0]!.message).toBe('ruby-client.yaml is 1,048,717 bytes, more than bankdocs reads (1 MiB)');
  });

  it('reports an alias bomb at its first alias (it used to exit 70)', async () => {
    const bomb = ['  x0: &a0 client.a.b', ...Array.from({ length: 9 }, (_, i) => `  x${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`)].join('\n');
    const loaded = await load(`${BASE}${bomb}\n`);
    expect(where(loaded)).toEqual(['9:12 ruby-client-invalid']);
  });

  it('reports a repeated operation at the second one', async () => {
    expect(where(await load(`${BASE}  listAccounts: client.accounts.all\n`))).toEqual(['8:3 ruby-client-invalid']);
  });

  it('reports every mistake in the file as ruby-client-invalid (the one rule the README names)', async () => {
    expect(where(await load('calls: [unclosed\n'))).toEqual(['1:8 ruby-client-invalid']);
    expect(where(await load(`${BASE}extra: 1\n`))).toEqual(['8:1 ruby-client-invalid']);
  });

  it('suggests the nearest operation of the site\'s own document for one it lacks', async () => {
    const api = { source: 'reference/openapi.yaml', shown: 'content/reference/openapi.yaml', operations: { listAccounts: {}, getAccount: {} } } as unknown as ApiModel;
    const near = await load(`${BASE}  listAcounts: client.accounts.all\n`, api);
    expect(near.diagnostics.map((d) => [d.message, d.hint])).toEqual([['"listAcounts" is not an operation of the OpenAPI document', 'did you mean "listAccounts"?']]);
    const far = await load(`${BASE}  refundEverything: client.refunds.all\n`, api);
    expect(far.diagnostics.map((d) => d.hint)).toEqual(['use an operationId of content/reference/openapi.yaml']);
  });
});
