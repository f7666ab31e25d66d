// A curl example becomes the argument list of a real curl run against the mock: the
// request as written, sent nowhere but the mock, or refused with the reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { curlRunPlan, curlRunPlans, readCurlOutput, STATUS_MARKER, type CurlCommandOptions } from '../../../src/check/curl-command.js';
import { loadCurlParser } from '../../../src/check/curl-parser.js';
import { testValue } from '../../../src/check/execute-examples.js';

const OPTIONS: CurlCommandOptions = {
  servers: ['https://api.moorlink.example'],
  mockUrl: 'http://127.0.0.1:40123',
  variable: testValue,
  headers: ['x-bankdocs-example: 7'],
  timeoutSeconds: 9,
};
const FIXED = ['-q', '--silent', '--show-error', '--noproxy', '*', '--proto', '=http', '--max-redirs', '0', '--max-time', '9', '--write-out', `${STATUS_MARKER}%{http_code}`, '-H', 'x-bankdocs-example: 7'];

const plan = (text: string) => curlRunPlan(text, OPTIONS);

beforeAll(() => loadCurlParser());

describe('curlRunPlan', () => {
  it('keeps the request, sets the variables to test values and sends it to the mock only', () => {
    const text = `curl -X POST https://api.moorlink.example/accounts/3f6c/payments?x=1 \\
  -H "Accept: application/json" \\
  -H "Authorization: Bearer $MOORLINK_ACCESS_TOKEN" \\
  -u "$MOORLINK_CLIENT_ID:\${MOORLINK_CLIENT_SECRET}" \\
  -d '{"data": {"type": "payment"}}'`;
    expect(plan(text)).toEqual({
      args: [
        ...FIXED,
        '-X', 'POST',
        '-H', 'Accept: application/json',
        '-H', 'Authorization: Bearer test-moorlink-access-token',
        '-u', 'test-moorlink-client-id:test-moorlink-client-secret',
        '-d', '{"data": {"type": "payment"}}',
        '--url', 'http://127.0.0.1:40123/accounts/3f6c/payments?x=1',
      ],
    });
  });

  it('reads bundled short options and drops those that only change what curl prints', () => {
    expect(plan('curl -sSXPOST -i -o out.json --fail https://api.moorlink.example/a -gH "Accept: application/json"')).toEqual({
      args: [...FIXED, '-X', 'POST', '-g', '-H', 'Accept: application/json', '--url', 'http://127.0.0.1:40123/a'],
    });
  });

  it('sends a call to any of the API\'s servers to the mock, and names them all when it calls none', () => {
    const servers = { ...OPTIONS, servers: ['https://api.moorlink.example', 'https://sandbox.moorlink.example/v1/'] };
    expect(curlRunPlan('curl https://sandbox.moorlink.example/v1/a?b=1', servers)).toEqual({ args: [...FIXED, '--url', 'http://127.0.0.1:40123/a?b=1'] });
    expect(curlRunPlan('curl https://other.example/a', servers)).toMatchObject({ reason: "it calls https://other.example/a, not one of the API's servers (https://api.moorlink.example, https://sandbox.moorlink.example/v1/)" });
  });

  it('runs only the curl of a pipeline', () => {
    expect(plan('curl https://api.moorlink.example/a | jq .')).toEqual({ args: [...FIXED, '--url', 'http://127.0.0.1:40123/a'] });
  });

  it.each([
    ['another host', 'curl https://evil.example/a', "it calls https://evil.example/a, not the API's server https://api.moorlink.example"],
    ['a host that only starts like the API\'s', 'curl https://api.moorlink.example.evil.example/a', "it calls https://api.moorlink.example.evil.example/a, not the API's server https://api.moorlink.example"],
    ['a proxy', 'curl -x http://proxy.example:8080 https://api.moorlink.example/a', "bankdocs does not run curl's -x option"],
    ['a config file', 'curl -K ~/.secrets https://api.moorlink.example/a', "bankdocs does not run curl's -K option"],
    ['a second URL', 'curl https://api.moorlink.example/a https://api.moorlink.example/b', 'it requests 2 URLs'],
    ['a body read from a file', 'curl -d @/etc/passwd https://api.moorlink.example/a', '-d @/etc/passwd reads a file'],
    ['a form field read from a file', 'curl --data-urlencode name@secret.txt https://api.moorlink.example/a', '--data-urlencode name@secret.txt reads a file'],
    ['an upload', 'curl -T file.bin https://api.moorlink.example/a', "bankdocs does not run curl's -T option"],
    ['a command substitution', 'curl "https://api.moorlink.example/$(whoami)"', 'it runs the command $(whoami)'],
    ['input from a file', 'curl https://api.moorlink.example/a < body.json', 'it reads its input from a file or a here-document'],
    ['no URL', 'curl -H "Accept: application/json"', 'it has no URL'],
  ])('refuses %s', (_what, text, reason) => {
    const result = plan(text);
    expect('reason' in result && result.reason).toBe(reason);
    expect('hint' in result && result.hint.length).toBeGreaterThan(10);
  });
});

describe('readCurlOutput', () => {
  it('splits the body from the status curl writes after it', () => {
    expect(readCurlOutput(`{"data": []}${STATUS_MARKER}200`)).toEqual({ status: 200, body: '{"data": []}' });
    expect(readCurlOutput('curl: (7) Failed to connect')).toBeNull();
  });
});

describe('curlRunPlans', () => {
  it('runs every curl command of a block, in order, and a console session\'s commands only', () => {
    const two = curlRunPlans('# First the list, then one\ncurl https://api.moorlink.example/accounts\ncurl https://api.moorlink.example/accounts/3f6c', OPTIONS);
    expect(Array.isArray(two) && two.map((p) => p.args.at(-1))).toEqual(['http://127.0.0.1:40123/accounts', 'http://127.0.0.1:40123/accounts/3f6c']);
    const session = curlRunPlans('$ curl https://api.moorlink.example/me \\\n    -H "Accept: application/json"\n{"data": {}}', OPTIONS, 'console');
    expect(Array.isArray(session) && session.map((p) => p.args.slice(-4))).toEqual([['-H', 'Accept: application/json', '--url', 'http://127.0.0.1:40123/me']]);
    // One command that may not run refuses the block.
    expect(curlRunPlans("curl https://api.moorlink.example/me\ncurl -d @body.json https://api.moorlink.example/me", OPTIONS)).toMatchObject({ reason: '-d @body.json reads a file' });
  });
});
