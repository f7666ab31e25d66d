// Navigation on sites that are not laid out as Moorlink: guides in several locales (a
// translated collection with previous/next order), help sections of no locale, and
// collections with labels of their own. Before, translated guides had no sidebar, no
// breadcrumb above a page and no card on the home page; untranslated help sections had
// no sidebar, no breadcrumb and no card; and every page tree's sidebar was called "Guides".
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-navigation-'));
const site = join(root, 'docs');
const config = join(site, 'docs.config.yaml');
const read = (path: string) => readFileSync(join(site, 'dist', path), 'utf8');
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(site, 'content', path)), { recursive: true });
  writeFileSync(join(site, 'content', path), text);
};
const page = (title: string, extra = '') => `---\ntitle: "${title}"\ndescription: "About ${title}."\n${extra}---\n\nThe text of ${title}.\n`;

/** The part of a page from `start` to the end of the element it opens (no nesting of the same tag inside). */
function part(html: string, start: string, end: string): string {
  const at = html.indexOf(start);
  expect(at, `${start} in the page`).toBeGreaterThanOrEqual(0);
  return html.slice(at, html.indexOf(end, at) + end.length);
}

beforeAll(() => {
  expect(runCli(['init', 'docs'], root).status).toBe(0);
  replaceIn(config, 'available: [en]', 'available: [en, nl]');
  // The guides move under the locales; the help sections are of no locale.
  replaceIn(config, 'files: "guides/{...path}.md"\n    url: "/guides/{...path}"\n', 'files: "{locale}/guides/{...path}.md"\n    url: "/{locale}/guides/{...path}"\n    translated: true\n');
  replaceIn(config, '  - name: api-section\n', '  - name: help\n    files: "help/{section}/{page:index|faq}.md"\n    url: "/help/{section}/{page}"\n    layout: help\n    frontMatter: { order: { type: integer } }\n  - name: recipes\n    files: "recipes/{slug}.md"\n    url: "/recipes/{slug}"\n    order: prev-next\n    label: { en: Recipes, nl: Recepten }\n  - name: support\n    files: "contact.md"\n    url: "/contact"\n  - name: pages\n    files: "pages/{slug}.md"\n    url: "/{slug}"\n  - name: api-section\n');
  const start = readFileSync(join(site, 'content', 'guides', 'getting-started.md'), 'utf8');
  write('en/guides/getting-started.md', start);
  write('nl/guides/getting-started.md', start.replace('title: "Getting started"', 'title: "Aan de slag"'));
  write('en/guides/index.md', page('Guides'));
  write('en/guides/advanced/webhooks.md', page('Webhooks', 'order: 2\n'));
  rmSync(join(site, 'content', 'guides'), { recursive: true });
  write('nl/index.md', readFileSync(join(site, 'content', 'en', 'index.md'), 'utf8'));
  for (const locale of ['en', 'nl']) replaceIn(join(site, 'content', locale, 'index.md'), '../guides/getting-started.md', 'guides/getting-started.md');
  write('help/billing/index.md', page('Billing', 'order: 1\n'));
  write('help/billing/faq.md', page('Billing FAQ'));
  write('help/accounts/index.md', page('Accounts', 'order: 2\n'));
  write('recipes/paging.md', page('Paging'));
  write('contact.md', page('Contact us'));
  write('pages/about.md', `${page('About')}\nSee [the API](/api), [the guides](/guides/getting-started) and [home](/).\n`);
  const build = runCli(['build'], site);
  expect(build.status, build.stdout + build.stderr).toBe(0);
});
afterAll(() => removeSite(root));

describe('translated guides', () => {
  it('have a sidebar in each locale, with its URLs and titles, and the default locale\'s marked where a page is not translated', () => {
    const sidebar = part(read('nl/guides/getting-started/index.html'), '<aside class="sidebar">', '</aside>');
    expect(sidebar).toContain('<a href="/nl/guides" lang="en">Guides</a>');
    expect(sidebar).toContain('<a href="/nl/guides/getting-started" aria-current="page">Aan de slag</a>');
    expect(sidebar).toContain('<a href="/nl/guides/advanced/webhooks">advanced</a>');
    expect(sidebar).not.toContain('href="/en/');
    // The default locale's sidebar is as it was made.
    const en = part(read('en/guides/getting-started/index.html'), '<aside class="sidebar">', '</aside>');
    expect(en).toContain('<a href="/en/guides">Guides</a>');
    expect(en).toContain('<a href="/en/guides/getting-started" aria-current="page">Getting started</a>');
    expect(en).not.toContain('lang=');
  });

  it('say in the reader\'s language which language a page not yet translated is in, in the page and its twin', () => {
    expect(read('nl/guides/advanced/webhooks/index.html')).toContain('u leest de tekst in het Engels.');
    expect(read('nl/guides/advanced/webhooks.md')).toContain('*Deze pagina is nog niet in het Nederlands beschikbaar; u leest de tekst in het Engels.*');
    // The locale picker names each locale in its own language.
    expect(read('nl/index.html')).toMatch(/hrefLang="nl" lang="nl" data-locale="nl" aria-current="true">Nederlands<\/a>/);
  });

  it('have breadcrumbs through their folders, and cards on each locale\'s home page', () => {
    const crumbs = part(read('nl/guides/advanced/webhooks/index.html'), '<nav class="breadcrumbs"', '</nav>');
    expect(crumbs).toMatch(/<a href="\/nl">Home<\/a><\/li><li><a href="\/nl\/guides" lang="en">Guides<\/a><\/li><li><span>advanced<\/span><\/li><li><span aria-current="page" lang="en">Webhooks<\/span>/);
    const home = read('nl/index.html');
    expect(home).toContain('<a class="card" href="/nl/guides/getting-started"><span class="card-title">Aan de slag</span>');
    expect(home).toContain('<a class="button button-primary" href="/nl/guides">');
    // The 404 page links the guides in the reader's locale.
    expect(read('404.html')).toMatch(/href="\/en\/guides" data-l10n="[^"]*\/nl\/guides/);
  });
});

describe('the menu', () => {
  it('marks the part of the site a link leads into as current: the API reference, and a page tree from any of its pages', () => {
    expect(read('1/api/curl/index.html')).toMatch(/<a href="\/api" aria-current="page"[^>]*>API reference<\/a>/);
    expect(read('en/guides/advanced/webhooks/index.html')).toMatch(/<a href="\/en\/guides\/getting-started" aria-current="page"[^>]*>Guides<\/a>/);
    expect(read('help/billing/index.html')).not.toMatch(/aria-current="page"[^>]*>(Guides|API reference)</);
  });
});

describe('help sections of no locale', () => {
  it('have the help sidebar, breadcrumbs to their section and cards on the home page', () => {
    const faq = read('help/billing/faq/index.html');
    const sidebar = part(faq, '<aside class="sidebar">', '</aside>');
    expect(sidebar).toMatch(/<a href="\/help\/billing">Billing<\/a><div class="section-nav"><a href="\/help\/billing">[^<]+<\/a><a href="\/help\/billing\/faq" aria-current="page">FAQ<\/a><\/div><\/li><li><a href="\/help\/accounts">Accounts<\/a>/);
    // An untranslated page's sidebar heading follows the reader's locale.
    expect(sidebar).toMatch(/aria-label="Help sections"[\s\S]*data-l10n="[^"]*nl[^"]*"/);
    expect(part(faq, '<nav class="breadcrumbs"', '</nav>')).toMatch(/<a href="\/help\/billing">Billing<\/a><\/li><li><span aria-current="page">FAQ<\/span>/);
    const home = read('nl/index.html');
    expect(home).toContain('<li class="card-item" lang="en"><a class="card" href="/help/billing"><span class="card-title">Billing</span>');
    expect(home.indexOf('href="/help/billing"')).toBeLessThan(home.indexOf('href="/help/accounts"'));
  });
});

describe('a support collection whose page is not "{locale}/support.md"', () => {
  it('is the support card of the home page, a link of the 404 page and a search group of its own', () => {
    expect(read('nl/index.html')).toMatch(/<a class="card" href="\/contact"><span class="card-title">Support<\/span>/);
    expect(read('404.html')).toMatch(/<a href="\/contact"[^>]*>Support<\/a>/);
    const records = readdirSync(join(site, 'dist', 'search', 'en')).filter((f) => f.startsWith('r-'));
    const pages = records.flatMap((f) => (JSON.parse(read(`search/en/${f}`)) as { pages: [string, string, string][] }).pages);
    expect(pages).toContainEqual(['/contact', 'Contact us', 'support']);
  });
});

describe('a collection of no locale at the site\'s root ("/{slug}")', () => {
  it('takes only the paths no other route takes', () => {
    expect(read('about/index.html')).toContain('<h1>About</h1>');
    // "/", "/api" and the translated guides still redirect (a stub each, and a rule where it depends on no stored choice).
    expect(read('index.html')).toContain('Redirecting to /en');
    expect(read('guides/index.html')).toContain('Redirecting to /en/guides');
    // The default API version and language may change: a temporary rule.
    expect(read('_redirects')).toMatch(/^\/api +\/1\/api\/curl +302$/m);
  });
});

describe('a collection\'s label', () => {
  it('heads its sidebar, in the reader\'s locale, and its part of llms.txt', () => {
    const sidebar = part(read('recipes/paging/index.html'), '<aside class="sidebar">', '</aside>');
    expect(sidebar).toContain('aria-label="Recipes"');
    expect(sidebar).toMatch(/<span data-l10n="\{&quot;en&quot;:\[&quot;Recipes&quot;,null\],&quot;nl&quot;:\[&quot;Recepten&quot;,null\]\}">Recipes<\/span>/);
    // Without one, a page tree's sidebar is the interface's "Guides".
    expect(read('en/guides/index.html')).toContain('aria-label="Guides"');
    expect(read('llms.txt')).toContain('## Recipes\n- [Paging](https://docs.example.com/recipes/paging.md): About Paging.');
    // Each page tree after the guides has a section of cards on the home page, under its label.
    expect(read('nl/index.html')).toMatch(/<div class="card-section"><h2>Recepten<\/h2><ul class="cards"><li class="card-item" lang="en"><a class="card" href="\/recipes\/paging"><span class="card-title">Paging<\/span>/);
  });

  it('in a locale the site does not have is a config error at its line', () => {
    const restore = replaceIn(config, 'label: { en: Recipes, nl: Recepten }', 'label: { en: Recipes, de: Rezepte }');
    try {
      const result = runCli(['check'], site);
      expect(result.status).toBe(1);
      expect(result.stdout + result.stderr).toMatch(/docs\.config\.yaml:\d+:\d+ +error +.*"de" is not in locales\.available \(en, nl\)/);
    } finally {
      restore();
    }
  });
});
