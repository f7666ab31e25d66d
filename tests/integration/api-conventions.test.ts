// An API with conventions of its own, in OpenAPI 3.0: a sandbox server beside production, an API key in a header instead of a bearer token,
// JSON media types other than application/json (a vendor type for the request,
// application/hal+json for the response), a flat request body, and more than nine
// reference sections. Before, check asked every example for a bearer token, read the
// vendor JSON body as a form, found no JSON response, hinted a JSON:API body, refused
// the sandbox in the reference and left the guides' sandbox calls unchecked, and sorted
// "10-…" before "3-…".
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWith as checkSite, removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-api-conventions-'));
const site = join(root, 'docs');
const openapi = join(site, 'content', 'api', 'openapi.yaml');
const widgets = join(site, 'content', 'api', '3-widgets.md');

const WIDGETS = `---
title: "Widgets"
---

:::operation{id="createWidget"}
\`\`\`curl
curl https://sandbox.example.com/widgets \\
  -H "Accept: application/json" \\
  -H "X-API-Key: $EXAMPLE_API_KEY" \\
  -H "Content-Type: application/vnd.example+json" \\
  -d '{"name": "Sprocket"}'
\`\`\`

\`\`\`json response
{
  "id": "w1",
  "name": "Sprocket"
}
\`\`\`
:::
`;

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
  replaceIn(
    openapi,
    'components:\n  schemas:\n',
    [
      '  /widgets:',
      '    post:',
      '      tags: [Status]',
      '      operationId: createWidget',
      '      summary: Create a widget',
      '      security: [{ ApiKey: [] }]',
      '      requestBody:',
      '        required: true',
      '        content:',
      '          application/vnd.example+json:',
      '            schema: { type: object, additionalProperties: false, required: [name], properties: { name: { type: string, minLength: 1 } } }',
      '      responses:',
      '        "201":',
      '          description: The widget.',
      '          content:',
      '            application/hal+json:',
      '              schema: { $ref: "#/components/schemas/Widget" }',
      'components:',
      '  securitySchemes:',
      '    ApiKey: { type: apiKey, in: header, name: X-API-Key }',
      '  schemas:',
      '    Widget: { type: object, required: [id, name], properties: { id: { type: string }, name: { type: string } } }',
      '',
    ].join('\n'),
  );
  replaceIn(openapi, '  - url: https://api.example.com\n', '  - url: https://api.example.com\n  - url: https://sandbox.example.com\n');
  replaceIn(openapi, 'openapi: 3.1.0', 'openapi: 3.0.3');
  writeFileSync(widgets, WIDGETS);
  writeFileSync(join(site, 'content', 'api', '10-errors.md'), '---\ntitle: "Errors"\n---\n\nErrors are JSON.\n');
});
afterAll(() => removeSite(root));

const checkWith = (file: string, from: string, to: string): string => checkSite(site, file, from, to);

describe('an API with conventions of its own', () => {
  it('passes check as it is documented', () => {
    const result = runCli(['check'], site);
    expect(result.stdout + result.stderr).toMatch(/0 errors, 0 warnings/);
    expect(result.status).toBe(0);
  });

  it('is told where its API key goes, and what its body looks like', () => {
    const withKey = checkWith(widgets, '  -H "X-API-Key: $EXAMPLE_API_KEY" \\\n', '');
    expect(withKey).toMatch(/createWidget needs an API key in the "X-API-Key" header +\[example-auth\]/);
    expect(withKey).toContain('add -H "X-API-Key: $EXAMPLE_API_KEY"');
    expect(withKey).not.toMatch(/bearer/i);
    const noBody = checkWith(widgets, '-d \'{"name": "Sprocket"}\'', '-X POST');
    expect(noBody).toContain('createWidget needs a request body');
    expect(noBody).toContain('add -d \'{"name": …}\' -H "Content-Type: application/vnd.example+json"');
    expect(checkWith(widgets, 'Content-Type: application/vnd.example+json', 'Content-Type: application/json')).toContain('Content-Type is "application/json", not application/vnd.example+json');
  });

  it('checks the calls of the guides to every server', () => {
    const guide = join(site, 'content', 'guides', 'getting-started.md');
    const out = checkWith(guide, 'curl https://api.example.com/status', 'curl https://sandbox.example.com/statuses');
    expect(out).toMatch(/content\/guides\/getting-started\.md:\d+:\d+ +error +GET \/statuses is no endpoint of the API/);
  });

  it('shows the API key in the reference, and its sections in the order of their numbers', () => {
    const build = runCli(['build'], site);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const page = readFileSync(join(site, 'dist', '1', 'api', 'curl', 'index.html'), 'utf8');
    expect(page).toContain('Authentication: API key in the X-API-Key header');
    expect(page).toContain('OpenAPI 3.0: <a href="/openapi.yaml"');
    const order = ['id="introduction"', 'id="status"', 'id="widgets"', 'id="errors"'].map((id) => page.indexOf(id));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(readFileSync(join(site, 'dist', '1', 'api', 'curl.md'), 'utf8')).toContain('Authentication: API key in the X-API-Key header');
  });
});
