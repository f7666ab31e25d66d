// A site whose default locale is not English: the words the build and the theme give
// (the 404 page, the API reference's title, facts and field labels) are its language's.
// Before, they were English on every site.
import { mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-default-locale-'));
const site = join(root, 'site');
const read = (path: string) => readFileSync(join(site, 'dist', path), 'utf8');

beforeAll(() => {
  expect(runCli(['init', 'site'], root).status).toBe(0);
  renameSync(join(site, 'content', 'en'), join(site, 'content', 'fr'));
  const config = join(site, 'docs.config.yaml');
  replaceIn(config, 'available: [en]\n  default: en', 'available: [fr]\n  default: fr');
  replaceIn(join(site, 'content', 'api', 'openapi.yaml'), '      security: []\n', '      security: []\n      parameters:\n        - { name: verbose, in: query, schema: { type: boolean }, description: Say more. }\n');
  // A boolean query parameter, written as curl sends it.
  replaceIn(join(site, 'content', 'api', '02-status.md'), 'curl https://api.example.com/status', 'curl "https://api.example.com/status?verbose=true"');
  const build = runCli(['build'], site);
  expect(build.status, build.stdout + build.stderr).toBe(0);
});
afterAll(() => removeSite(root));

describe('a site in French', () => {
  it('checks clean, a boolean query parameter included', () => {
    const check = runCli(['check'], site);
    expect(check.stdout + check.stderr).toMatch(/0 errors, 0 warnings/);
  });

  it('titles its 404 page and API reference in French', () => {
    expect(read('404.html')).toMatch(/<title[^>]*>Page introuvable \| Example Docs<\/title>/);
    expect(read('404.html')).toMatch(/<h1[^>]*>Page introuvable<\/h1>/);
    const api = read('1/api/curl/index.html');
    expect(api).toContain('<title>Référence de l’API Example | Example Docs</title>');
    expect(api).toContain('<meta name="description" content="Référence de Example (REST API), version 1, avec des exemples en curl."/>');
  });

  it('says an operation\'s facts and its fields\' requiredness in French', () => {
    const api = read('1/api/curl/index.html');
    expect(api).toContain('Portée: aucune · Authentification: aucune');
    expect(api).not.toMatch(/Scope:|Authentication:/);
    expect(api).toMatch(/<p class="table-caption">Paramètres<\/p>/);
    expect(api).toMatch(/<code class="field-name">verbose<\/code><\/a> <span class="field-type">boolean<\/span> <span class="field-optional">facultatif<\/span>/);
    expect(read('1/api/curl.md')).toContain('Scope: none · Authentication: none');
  });

  it('links headings to themselves by their own text, in guides and the API reference: no English name beside the French', () => {
    const api = read('1/api/curl/index.html');
    expect(api).toMatch(/<h2 id="([^"]+)"><a (?:class="heading-link" href="#\1"|href="#\1" class="heading-link")>/);
    expect(api).not.toContain('aria-label="Link to');
    expect(read('guides/getting-started/index.html')).toMatch(/<h2 id="([^"]+)"><a (?:class="heading-link" href="#\1"|href="#\1" class="heading-link")>/);
  });
});
