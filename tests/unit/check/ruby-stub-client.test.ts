// The stand-in Ruby client of `check --execute`, generated from ruby-client.yaml and the
// OpenAPI document: valid Ruby (read with Prism, so no ruby is needed here), one entry per
// declared call with what the request needs.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApi, type ApiModel } from '../../../src/api/openapi.js';
import { loadRubyParser } from '../../../src/check/check-ruby.js';
import { loadRubyClient, type RubyClient } from '../../../src/check/ruby-client.js';
import { rubyStubClient } from '../../../src/check/ruby-stub-client.js';
import { FIXTURES } from '../../helpers/site.js';

const BASE = join(FIXTURES, 'check', 'base', 'content', 'api');
let api: ApiModel;
let client: RubyClient;
beforeAll(async () => {
  api = (await loadApi(join(BASE, 'openapi.yaml'), 'api/openapi.yaml')).api!;
  client = (await loadRubyClient(join(BASE, 'ruby-client.yaml'), api)).client!;
});

describe('rubyStubClient', () => {
  it('is Ruby that parses', async () => {
    const parse = await loadRubyParser();
    expect(parse(rubyStubClient(client, api)).errors).toEqual([]);
  });

  it('declares each call with its method, path, parameters and body', () => {
    const source = rubyStubClient(client, api);
    const calls = JSON.parse(/CALLS = JSON\.parse\(<<~'CALLS'\)\n([\s\S]*?)\n\s*CALLS\n/.exec(source)![1]!) as Record<string, unknown>;
    expect(calls['client.payments.create']).toEqual({
      method: 'POST',
      path: '/accounts/{accountId}/payments',
      pathParams: { accountId: 'account_id' },
      query: {},
      body: 'json',
      contentType: 'application/json',
      type: 'payment',
      wrapped: true,
      constants: {},
      auth: 'bearer',
      apiKey: null,
    });
    expect(calls['client.accounts.list']).toMatchObject({ method: 'GET', query: { page_limit: 'page[limit]', page_before: 'page[before]', page_after: 'page[after]' }, body: null });
    expect(calls['Moorlink::AccessToken.create']).toMatchObject({ method: 'POST', path: '/oauth2/token', body: 'form', constants: { grant_type: 'client_credentials' }, auth: 'basic' });
  });

  it('defines the client class, its error class and the calls on constants', () => {
    const source = rubyStubClient(client, api);
    expect(source).toContain('module Moorlink\n  class Client\n');
    expect(source).toContain('module Moorlink\n  class Error < StandardError\n');
    expect(source).toContain('module Moorlink\n  class AccessToken\n    def self.create(**kwargs)\n      BankdocsStub.dispatch("Moorlink::AccessToken.create", kwargs, nil)');
    expect(source).toContain('raise Moorlink::Error.new(status,');
  });
});
