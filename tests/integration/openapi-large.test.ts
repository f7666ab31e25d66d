// What a large real OpenAPI document brought up (an audit with GitHub's REST API, 1223
// operations, on 26 November), each reproduced by a small document: operationIds written
// "repos/get", as GitHub's are.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-openapi-large-'));
const site = join(root, 'docs');
const openapi = join(site, 'content', 'api', 'openapi.yaml');
const section = join(site, 'content', 'api', '03-repos.md');
const guide = join(site, 'content', 'guides', 'getting-started.md');

const PATHS = `  /repos/{owner}/{repo}:
    get:
      operationId: repos/get
      summary: Get a repository
      security: []
      parameters:
        - { name: owner, in: path, required: true, schema: { type: string } }
        - { name: repo, in: path, required: true, schema: { type: string } }
      responses:
        "200":
          description: The repository.
          content:
            application/json:
              schema: { type: object }
  /users:
    get:
      operationId: users.list
      summary: List users
      security: []
      responses:
        "200":
          description: The users.
          content:
            application/json:
              schema: { type: object }
`;

const REPOS = `---
title: "Repositories"
---

:::operation{id="repos/get"}
\`\`\`curl
curl https://api.example.com/repos/octo/hello -H "Accept: application/json"
\`\`\`

\`\`\`json response
{}
\`\`\`
:::

:::operation{id="users.list"}
\`\`\`curl
curl https://api.example.com/users -H "Accept: application/json"
\`\`\`

\`\`\`json response
{}
\`\`\`
:::
`;

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
  replaceIn(openapi, 'components:\n  schemas:\n', `${PATHS}components:\n  schemas:\n`);
  writeFileSync(section, REPOS);
});
afterAll(() => removeSite(root));

describe('a large OpenAPI document as GitHub writes it', () => {
  it('gives an operationId with "/" or "." the anchor of its words, and its rows theirs, which links reach', () => {
    const restore = replaceIn(guide, '(/api#get-status)', '(/api#repos-get), [its owner](/api#repos-get-owner) and [users](/api#users-list)');
    try {
      const build = runCli(['build'], site);
      expect(build.status, build.stdout + build.stderr).toBe(0);
      const page = readFileSync(join(site, 'dist', '1', 'api', 'curl', 'index.html'), 'utf8');
      expect(page).toMatch(/<h3 id="repos-get"><a href="#repos-get"[^>]*>Get a repository/);
      expect(page).toContain('<li class="field" id="repos-get-owner">');
      expect(page).toMatch(/<h3 id="users-list"><a href="#users-list"[^>]*>List users/);
      // The menu marks its method, which it finds by the anchor.
      expect(page).toContain('<a href="#repos-get" data-section="repos-get" data-method="get" class="has-method">Get a repository</a>');
      const check = runCli(['check'], site);
      expect(check.stdout + check.stderr).toMatch(/0 errors, 0 warnings/);
    } finally {
      restore();
    }
  });
});
