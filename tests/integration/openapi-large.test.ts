// What a large real OpenAPI document brought up (an audit with GitHub's REST API, 1223
// operations, on 26 November), each reproduced by a small document: operationIds written
// "repos/get", as GitHub's are; a body with a map (a gist's files by name); an image from
// another origin in a description, which the site's Content-Security-Policy does not let load.
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
const config = join(site, 'docs.config.yaml');

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
  /gists:
    post:
      operationId: gists/create
      summary: Create a gist
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [files]
              properties:
                files:
                  type: object
                  description: The files of the gist, by name.
                  additionalProperties:
                    type: object
                    required: [content]
                    properties:
                      content: { type: string, description: The text of the file. }
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: { type: object }
  /users:
    get:
      operationId: users.list
      summary: List users
      description: "A label may hold an emoji: ![:strawberry:](https://github.githubassets.com/images/icons/emoji/unicode/1f353.png)."
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

:::operation{id="gists/create"}
\`\`\`curl
curl https://api.example.com/gists -H "Accept: application/json" -H "Content-Type: application/json" -d '{"files": {"hello.rb": {"content": "puts 1"}}}'
\`\`\`

\`\`\`json response 201
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
      expect(check.stdout + check.stderr).toMatch(/0 errors, 1 warning/);
    } finally {
      restore();
    }
  });

  it("warns of an image the site's Content-Security-Policy would not let load, at its operation, until the config allows its origin", () => {
    const berry = 'https://github.githubassets.com/images/icons/emoji/unicode/1f353.png';
    const check = runCli(['check'], site);
    const out = check.stdout + check.stderr;
    const line = readFileSync(section, 'utf8').split('\n').indexOf(':::operation{id="users.list"}') + 1;
    expect(out).toContain(`content/api/03-repos.md:${line}:1  warning  the image ${berry} does not show: the site's Content-Security-Policy lets pages load images from its own origin only, and those listed  [image-blocked]`);
    expect(out).toContain('hint: copy the image into the content folder, or allow its origin in the config: site.contentSecurityPolicy: { img-src: ["https://github.githubassets.com"] }');
    const restore = replaceIn(config, '  url: https://docs.example.com\n', '  url: https://docs.example.com\n  contentSecurityPolicy: { img-src: ["https://*.githubassets.com"] }\n');
    try {
      const allowed = runCli(['check'], site);
      expect(allowed.stdout + allowed.stderr).toMatch(/0 errors, 0 warnings/);
    } finally {
      restore();
    }
  });

  it("says what a map's values are and lists their fields under '*', where it said \"object\" and nothing below", () => {
    const build = runCli(['build'], site);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const page = readFileSync(join(site, 'dist', '1', 'api', 'curl', 'index.html'), 'utf8');
    const rows = [...page.slice(page.indexOf('data-operation="gists/create"')).matchAll(/<li class="field" id="(gists-create-[^"]+)"><p class="field-head"><a [^>]+><code class="field-name">(.*?)<\/code><\/a> <span class="field-type">(.*?)<\/span>/g)];
    expect(rows.map(([, id, name, type]) => [id, name!.replace(/<wbr\/>/g, ''), type])).toEqual([
      ['gists-create-files', 'files', 'map of object'],
      ['gists-create-files-any', 'files.*', 'object'],
      ['gists-create-files-any-content', 'files.*.content', 'string'],
      ['gists-create-response-201', '201', 'application/json'],
    ]);
    const twin = readFileSync(join(site, 'dist', '1', 'api', 'curl.md'), 'utf8');
    expect(twin).toMatch(/files\.\*\.content/);
  });
});
