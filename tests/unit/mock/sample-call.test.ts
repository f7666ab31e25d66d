import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/api/openapi.js';
import { sampleCall } from '../../../src/commands/mock.js';

const get = (auth: Operation['auth'], apiKey?: Operation['apiKey']): Operation => ({
  id: 'listWidgets',
  method: 'get',
  path: '/widgets',
  summary: '',
  description: '',
  tags: [],
  scopes: [],
  auth,
  ...(apiKey ? { apiKey } : {}),
  security: auth ? [[{ auth, ...(apiKey ? { apiKey } : {}) }]] : [],
  parameters: [],
  requestBody: null,
  responses: {},
});

describe('the mock\'s sample call', () => {
  it('sends the site\'s headers and the credentials its operation asks for', () => {
    const base = 'http://127.0.0.1:4010';
    const headers = { Accept: 'application/json', 'X-Api-Version': '2' };
    expect(sampleCall(base, [get('bearer')], headers)).toBe('curl http://127.0.0.1:4010/widgets -H "Accept: application/json" -H "X-Api-Version: 2" -H "Authorization: Bearer test-token"');
    expect(sampleCall(base, [get(null)], {})).toBe('curl http://127.0.0.1:4010/widgets');
    expect(sampleCall(base, [get('basic')], {})).toBe('curl http://127.0.0.1:4010/widgets -u "test-client:test-secret"');
    expect(sampleCall(base, [get('apiKey', { in: 'header', name: 'X-API-Key' })], {})).toBe('curl http://127.0.0.1:4010/widgets -H "X-API-Key: test-key"');
    expect(sampleCall(base, [get('apiKey', { in: 'query', name: 'api_key' })], {})).toBe('curl "http://127.0.0.1:4010/widgets?api_key=test-key"');
    expect(sampleCall(base, [get('apiKey', { in: 'cookie', name: 'session' })], {})).toBe('curl http://127.0.0.1:4010/widgets -b "session=test-key"');
  });

  it('is none when no GET takes no path parameter', () => {
    expect(sampleCall('http://127.0.0.1:4010', [{ ...get(null), path: '/widgets/{id}' }], {})).toBeNull();
  });
});
