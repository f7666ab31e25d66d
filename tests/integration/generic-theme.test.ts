// The built-in theme on a site that is not Moorlink: none of Moorlink's own words (its
// legal pages are samples, its consent bar names a support chat, its examples are in curl
// and Ruby), and a versioned collection that is not legal gets no legal lines.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-generic-theme-'));
const site = join(root, 'docs');
const read = (path: string) => readFileSync(join(site, 'dist', path), 'utf8');
const page = (title: string, extra = '') => `---\ntitle: "${title}"\ndescription: "About ${title}."\n${extra}---\n\nThe text of ${title}.\n`;

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
  const config = join(site, 'docs.config.yaml');
  const text = readFileSync(config, 'utf8');
  expect(text).toContain('\nmenu:\n');
  writeFileSync(
    config,
    text.replace(
      '\nmenu:\n',
      [
        '',
        '  - name: policies',
        '    files: "{locale}/policy/{version:version}.md"',
        '    url: "/{locale}/policy/{version}"',
        '    layout: legal',
        '    translated: true',
        '    order: versions',
        '    frontMatter: { owner: { type: string }, validFrom: { type: date, required: true } }',
        '  - name: releases',
        '    files: "releases/{version:version}.md"',
        '    url: "/releases/{version}"',
        '    order: versions',
        '',
        'services:',
        '  - name: stats',
        '    category: analytics',
        '    script: "https://stats.example.com/s.js?site={id}"',
        '    ids: { production: "S-1", other: null }',
        '',
        'menu:',
        '  - label: Releases',
        '    to: /releases',
        '',
      ].join('\n'),
    ),
  );
  mkdirSync(join(site, 'content', 'en', 'policy'), { recursive: true });
  writeFileSync(join(site, 'content', 'en', 'policy', 'v1.0.md'), page('Policy', 'validFrom: 2026-01-01\n'));
  writeFileSync(join(site, 'content', 'en', 'policy', 'v2.0.md'), page('Policy', 'validFrom: 2026-06-01\n'));
  mkdirSync(join(site, 'content', 'releases'));
  writeFileSync(join(site, 'content', 'releases', 'v1.0.md'), page('Release'));
  writeFileSync(join(site, 'content', 'releases', 'v1.1.md'), page('Release'));
  const build = runCli(['build'], site);
  expect(build.status, build.stdout + build.stderr).toBe(0);
});
afterAll(() => removeSite(root));

describe('the built-in theme on another site', () => {
  it('says nothing of Moorlink: no sample-text note, support chat, Ruby or billing', () => {
    for (const path of ['en/index.html', 'en/policy/v2.0/index.html', 'en/policy/v2.0.md', 'guides/getting-started/index.html']) {
      const text = read(path);
      expect(text, path).not.toMatch(/fictional|binds no one|support chat|Ruby|billing/i);
    }
    expect(read('en/index.html')).toContain('Every operation with its parameters, rules and examples.');
  });

  it('lists guides without a page of their own at the top (no "developers.md") with no dead item for it', () => {
    const guide = read('guides/getting-started/index.html');
    expect(guide).not.toContain('sidebar-folder');
    expect(guide).toMatch(/class="breadcrumbs"[^>]*><ol><li><a href="\/en"[^>]*>Home<\/a><\/li><li><span aria-current="page">Getting started<\/span><\/li><\/ol>/);
    expect(read('404.html')).toMatch(/<a href="\/guides\/getting-started"[^>]*>Developer guides<\/a>/);
  });

  it('shows a legal page\'s version and date (its collection\'s date key, whatever its name), and only a legal page\'s', () => {
    expect(read('en/policy/v2.0/index.html')).toMatch(/You are reading version v2\.0.*Effective from <time dateTime="2026-06-01">June 1, 2026<\/time>/s);
    expect(read('en/policy/v2.0.md')).toContain('You are reading version v2.0 · Effective from 2026-06-01');
    for (const path of ['releases/v1.1/index.html', 'releases/v1.1.md']) expect(read(path), path).not.toMatch(/You are reading version|Effective from/);
  });

  it('links a versioned document of no locale from the menu at its latest version', () => {
    expect(read('en/index.html')).toMatch(/<a href="\/releases\/v1\.1"[^>]*>Releases<\/a>/);
    expect(read('releases/index.html')).toContain('Redirecting to /releases/v1.1');
  });
});

describe('a site whose home page is not at /{locale}', () => {
  const homeCollection = '  - name: home\n    files: "{locale}/index.md"\n    url: "/{locale}"\n    layout: home\n    translated: true\n';
  function initSite(name: string, change: (config: string) => string, content: () => void): string {
    expect(runCli(['init', name], root).status).toBe(0);
    const dir = join(root, name);
    const config = join(dir, 'docs.config.yaml');
    const text = readFileSync(config, 'utf8');
    expect(text).toContain(homeCollection);
    writeFileSync(config, change(text));
    content();
    return dir;
  }
  const built = (dir: string) => {
    const build = runCli(['build'], dir);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const check = runCli(['check'], dir);
    expect(check.stdout + check.stderr).toMatch(/0 errors, 0 warnings/);
    return (path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
  };

  it('links its home page at / from the brand, the breadcrumbs and the 404 page', () => {
    const dir = initSite(
      'root-home',
      (text) => text.replace(homeCollection, '  - name: home\n    files: "index.md"\n    url: "/"\n    layout: home\n'),
      () => {
        const index = join(root, 'root-home', 'content', 'en', 'index.md');
        writeFileSync(join(root, 'root-home', 'content', 'index.md'), readFileSync(index, 'utf8').replaceAll('../guides/', 'guides/'));
        removeSite(join(root, 'root-home', 'content', 'en'));
      },
    );
    const read = built(dir);
    const guide = read('guides/getting-started/index.html');
    expect(guide).toContain('<a class="brand" href="/">');
    expect(guide).toMatch(/class="breadcrumbs"[^>]*><ol><li><a href="\/"/);
    expect(read('404.html')).toContain('<a href="/">Go to the home page</a>');
    // A site of one locale has no other words for the runtime to swap in: the pages carry none.
    for (const page of [guide, read('404.html')]) expect(page).not.toMatch(/data-l10n/);
    expect(guide).not.toContain('href="/en"');    // llms.txt sums the site up with its home page's description, wherever it is.
    expect(read('llms.txt')).toContain('\n> Documentation of the Example REST API: guides and the API reference.\n');
  });

  it('builds and checks without a home page, and links none', () => {
    const dir = initSite(
      'no-home',
      (text) => text.replace(homeCollection, '').replace('  - label: Home\n    to: /\n', ''),
      () => removeSite(join(root, 'no-home', 'content', 'en')),
    );
    const read = built(dir);
    const guide = read('guides/getting-started/index.html');
    expect(guide).toContain('<span class="brand">');
    expect(guide).not.toMatch(/href="\/(en)?"/);
    expect(read('404.html')).not.toContain('Go to the home page');
  });
});

describe('versioned documents with a placeholder before their version', () => {
  it('send the document\'s path to its latest version, and link it there from the footer', () => {
    expect(runCli(['init', 'policies'], root).status).toBe(0);
    const dir = join(root, 'policies');
    const config = join(dir, 'docs.config.yaml');
    const text = readFileSync(config, 'utf8');
    expect(text).toContain('\nmenu:\n');
    expect(text).toContain('footer:\n  links: []');
    writeFileSync(
      config,
      text
        .replace('\nmenu:\n', '\n  - name: policies\n    files: "{locale}/policies/{name}/{version:version}.md"\n    url: "/{locale}/policies/{name}/{version}"\n    layout: legal\n    translated: true\n    order: versions\n    frontMatter: { effective: { type: date, required: true } }\n\nmenu:\n')
        .replace('footer:\n  links: []', 'footer:\n  links:\n    - { label: Cookies, to: /policies/cookies }'),
    );
    for (const [name, version, date] of [['cookies', 'v1.0', '2026-01-01'], ['cookies', 'v2.0', '2026-06-01'], ['privacy', 'v1.0', '2026-02-01']] as const) {
      mkdirSync(join(dir, 'content', 'en', 'policies', name), { recursive: true });
      writeFileSync(join(dir, 'content', 'en', 'policies', name, `${version}.md`), page(`${name} ${version}`, `effective: ${date}\n`));
    }
    const build = runCli(['build'], dir);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const check = runCli(['check'], dir);
    expect(check.stdout + check.stderr).toMatch(/0 errors, 0 warnings/);
    const read = (path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
    // The footer links the latest version itself.
    expect(read('guides/getting-started/index.html')).toContain('<a href="/en/policies/cookies/v2.0" class="footer-link"');
    // Its path without a version, with or without a locale, redirects to the latest one.
    expect(read('_redirects')).toMatch(/^\/en\/policies\/cookies +\/en\/policies\/cookies\/v2\.0 +30[12]$/m);
    expect(read('_redirects')).toMatch(/^\/en\/policies\/privacy +\/en\/policies\/privacy\/v1\.0 +30[12]$/m);
    expect(read('policies/cookies/index.html')).toContain('/en/policies/cookies');
  });
});
