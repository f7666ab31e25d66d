// Ruby examples of an API whose JSON is snake_case (pet_type) and whose list takes query
// parameters of its own (status): before, pet_type: was "no argument" (hinted as itself)
// and status: "takes no arguments", while the curl example sent both, so the pair could
// never agree. Keywords name properties as written, else in camelCase; every query
// parameter is a keyword in snake_case.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWith as checkSite, removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-ruby-snake-case-'));
const site = join(root, 'docs');
const api = join(site, 'content', 'api');
const pets = join(api, '03-pets.md');

const PATHS = `  /pets:
    get:
      tags: [Status]
      operationId: listPets
      summary: List pets
      security: []
      parameters:
        - { name: status, in: query, schema: { type: string, enum: [available, sold] } }
        - { name: bornAfter, in: query, schema: { type: string, format: date } }
      responses:
        "200":
          description: The pets.
          content:
            application/json:
              schema: { type: object }
    post:
      tags: [Status]
      operationId: createPet
      summary: Create a pet
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name, pet_type]
              properties:
                name: { type: string }
                pet_type: { type: string, enum: [cat, dog] }
                owner: { type: object, properties: { full_name: { type: string } } }
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: { type: object }
`;

const PETS = `---
title: "Pets"
---

:::operation{id="listPets"}
\`\`\`curl
curl "https://api.example.com/pets?status=available&bornAfter=2020-01-01" -H "Accept: application/json"
\`\`\`

\`\`\`ruby
client.pets.list(status: "available", born_after: "2020-01-01")
\`\`\`

\`\`\`json response
{}
\`\`\`
:::

:::operation{id="createPet"}
\`\`\`curl
curl https://api.example.com/pets -H "Accept: application/json" -H "Content-Type: application/json" \\
  -d '{"name": "Rex", "pet_type": "dog", "owner": {"full_name": "Ann"}}'
\`\`\`

\`\`\`ruby
client.pets.create(name: "Rex", pet_type: "dog", owner: { full_name: "Ann" })
\`\`\`

\`\`\`json response 201
{}
\`\`\`
:::
`;

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
  replaceIn(join(site, 'docs.config.yaml'), 'languages: [curl]', 'languages: [curl, ruby]');
  replaceIn(join(api, 'openapi.yaml'), 'components:\n', `${PATHS}components:\n`);
  writeFileSync(join(api, 'ruby-client.yaml'), 'gem: example\nrequire: example\nclient:\n  class: Example::Client\n  arguments: [access_token]\ncalls:\n  getStatus: client.status.get\n  listPets: client.pets.list\n  createPet: client.pets.create\n');
  replaceIn(join(api, '02-status.md'), '```\n\n```json response', '```\n\n```ruby\nclient.status.get\n```\n\n```json response');
  writeFileSync(pets, PETS);
});
afterAll(() => removeSite(root));

const checkWith = (file: string, from: string, to: string): string => checkSite(site, file, from, to);

describe('Ruby examples of a snake_case API', () => {
  it('pass check as written', () => {
    const result = runCli(['check'], site);
    expect(result.stdout + result.stderr).toMatch(/0 errors, 0 warnings/);
  });

  it('are still told their mistakes', () => {
    expect(checkWith(pets, 'pet_type: "dog", owner', 'pet_typ: "dog", owner')).toMatch(/client\.pets\.create has no argument "pet_typ:" \(createPet\)[\s\S]*did you mean "pet_type"\?/);
    expect(checkWith(pets, 'status: "available", born', 'status: "lost", born')).toContain('status: (status) must be one of "available", "sold"');
    expect(checkWith(pets, 'born_after: "2020-01-01")', 'born_after: "2021-01-01")')).toContain('the curl and Ruby examples of listPets disagree');
    expect(checkWith(pets, 'owner: { full_name: "Ann" })', 'owner: { full_name: "Bob" })')).toContain('the curl and Ruby examples of createPet disagree');
  });
});
