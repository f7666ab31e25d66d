// Builds the fixture site with the real CLI and asserts on the parsed HTML.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, copySite, readHtml, removeSite, runCli, select, selectAll, toString, type Root } from '../helpers/site.js';

let site: string;
let dist: string;
let stdout: string;
const page = (path: string): Root => readHtml(dist, path);
const title = (tree: Root) => toString(select('title', tree)!);
const meta = (tree: Root, key: string) => attr(select(`meta[property="${key}"], meta[name="${key}"]`, tree), 'content');

beforeAll(() => {
  site = copySite('basic-site');
  dist = join(site, 'dist');
  const result = runCli(['build'], site);
  expect(result.stderr).not.toMatch(/\s error\s/);
  expect(result.status).toBe(0);
  stdout = result.stdout;
});
afterAll(() => removeSite(site));

describe('bankdocs build on a fixture site', () => {
  it('prints one summary line with pages, files and time', () => {
    expect(stdout.trim()).toMatch(/^Built 24 pages \(\d+ files\) into dist in \d+ ms\.$/);
  });

  it('writes every page of every locale, the API pages and 404.html', () => {
    const expected = [
      '404.html',
      '1/api/curl/index.html',
      '1/api/ruby/index.html',
      'developers/index.html',
      'developers/getting-started/index.html',
      'developers/payments/create-payment/index.html',
      ...['en', 'nl'].flatMap((l) => [
        `${l}/index.html`,
        `${l}/support/index.html`,
        `${l}/general/understanding/index.html`,
        `${l}/general/understanding/faq/index.html`,
        `${l}/general/linking/index.html`,
        `${l}/terms-and-conditions/v1.0/index.html`,
        `${l}/terms-and-conditions/v2.0/index.html`,
        `${l}/terms-and-conditions/v10.0/index.html`,
        `${l}/privacy-notice/v1.0/index.html`,
      ]),
    ];
    for (const path of expected) expect(existsSync(join(dist, path)), path).toBe(true);
    const html = readdirSync(dist, { recursive: true }).map(String).filter((f) => f.endsWith('.html'));
    // A redirect stub is the one page without a <main> (its title is in its folder's language).
    const pages = html.filter((f) => select('main', page(f)));
    expect(pages.sort()).toEqual([...expected].sort());
  });

  it('links and loads nothing by a URL relative to the page: every page, stub and 404.html works at /x, /x/ and /x/index.html alike', () => {
    const html = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.html'));
    expect(html.length).toBeGreaterThan(24);
    const relative: string[] = [];
    for (const path of html) {
      for (const node of selectAll('[href], [src], [srcset], [action], [poster], [formaction], meta[http-equiv]', page(path))) {
        for (const name of ['href', 'src', 'srcSet', 'action', 'poster', 'formAction']) {
          const value = attr(node, name);
          if (value !== undefined && !/^(\/|#|[a-z][a-z0-9+.-]*:)/i.test(value)) relative.push(`${path}: ${name}="${value}"`);
        }
        const refresh = /url=(.*)$/i.exec(attr(node, 'content') ?? '')?.[1];
        if (refresh !== undefined && !refresh.startsWith('/')) relative.push(`${path}: refresh to ${refresh}`);
      }
    }
    expect(relative).toEqual([]);
  });

  it('writes a redirect stub for every enumerable redirecting path', () => {
    const stub = page('support/index.html');
    expect(attr(select('meta[name=robots]', stub), 'content')).toBe('noindex');
    expect(attr(select('link[rel=canonical]', stub), 'href')).toBe('https://docs.fixture.example/en/support');
    expect(readFileSync(join(dist, 'support/index.html'), 'utf8')).toContain('<noscript><meta http-equiv="refresh" content="0; url=/en/support"></noscript>');
    expect(select('script#bankdocs-routes', stub)).toBeDefined();
    for (const path of ['index.html', 'api/index.html', '1/api/index.html', 'api/ruby/index.html', 'general/index.html',
      'terms-and-conditions/index.html', 'terms-and-conditions/v2.0/index.html', 'privacy-notice/index.html']) {
      expect(toString(select('title', page(path))!), path).toMatch(/^Redirecting to \//);
      expect(attr(select('html', page(path)), 'lang'), path).toBe('en');
    }
    // A stub in a locale's folder speaks its language, to a reader without JavaScript and to a screen reader.
    for (const path of ['nl/general/index.html', 'nl/terms-and-conditions/index.html']) {
      const stub = page(path);
      expect(attr(select('html', stub), 'lang'), path).toBe('nl');
      expect(toString(select('title', stub)!), path).toMatch(/^Doorsturen naar \/nl\//);
      expect(toString(select('body', stub)!).trim(), path).toMatch(/^Deze pagina is verplaatst naar \/nl\/.+\.$/);
    }
    // The built-in aliases lead to guides this site does not have: no stub ends on no page.
    for (const path of ['custom-integrations/index.html', 'nl/integrations-in-a-nutshell/index.html']) expect(existsSync(join(dist, path)), path).toBe(false);
  });

  it('writes _redirects with the redirects that do not depend on stored choices', () => {
    const rules = readFileSync(join(dist, '_redirects'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    // Targets that move with the site (the latest version, the default API version) are temporary: browsers keep a 301 for good.
    expect(rules).toContain('/nl/terms-and-conditions  /nl/terms-and-conditions/v10.0  302');
    expect(rules).toContain('/api/ruby  /1/api/ruby  302');
    expect(rules.some((r) => r.startsWith('/custom-integrations '))).toBe(false);
    expect(rules.some((r) => r.startsWith('/support '))).toBe(false);
    expect(rules.some((r) => r.startsWith('/api '))).toBe(false);
  });

  it('writes sitemap.xml with real pages and their translations, and robots.txt', () => {
    const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://docs.fixture.example/nl</loc>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="nl" href="https://docs.fixture.example/nl"/>');
    expect(sitemap).toContain('<loc>https://docs.fixture.example/1/api/ruby</loc>');
    expect(sitemap).not.toContain('<loc>https://docs.fixture.example/nl/support</loc>');
    expect(sitemap).not.toContain('/404');
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toContain('Sitemap: https://docs.fixture.example/sitemap.xml');
    // Each page's language versions, x-default among them, as its head lists them (search engines read both).
    let translated = 0;
    for (const [, loc, links] of sitemap.matchAll(/<loc>([^<]+)<\/loc>((?:\s*<xhtml:link [^>]+\/>)*)/g)) {
      const inSitemap = [...links!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`).sort();
      const path = new URL(loc!).pathname;
      const head = selectAll('link[rel=alternate][hreflang]', readHtml(dist, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`)).map((l) => `${attr(l, 'hrefLang') ?? attr(l, 'hreflang')} ${attr(l, 'href')}`).sort();
      expect(inSitemap, loc).toEqual(head);
      if (head.length) translated++;
    }
    expect(translated).toBeGreaterThan(3);
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://docs.fixture.example/en"/>');
  });

  it('applies the title template and the route titles', () => {
    expect(title(page('en/index.html'))).toBe('Meet Fixturebank | Fixturebank Docs');
    expect(title(page('developers/index.html'))).toBe('Developers | Fixturebank Docs');
    expect(title(page('1/api/curl/index.html'))).toBe('Fixturebank API Reference | Fixturebank Docs');
    expect(title(page('404.html'))).toBe('Page Not Found | Fixturebank Docs');
    expect(toString(select('.product-tag', page('1/api/ruby/index.html'))!)).toBe('Test API');
  });

  it('sets <html lang> from the page locale', () => {
    expect(attr(select('html', page('nl/index.html')), 'lang')).toBe('nl');
    expect(attr(select('html', page('en/support/index.html')), 'lang')).toBe('en');
    expect(attr(select('html', page('developers/index.html')), 'lang')).toBe('en');
  });

  it('names a legal document\'s version in its title: the versions are pages of their own', () => {
    const titles = ['en/terms-and-conditions/v1.0', 'en/terms-and-conditions/v2.0'].map((p) => toString(select('title', page(`${p}/index.html`))!));
    expect(titles[0]).toMatch(/ v1\.0 \| /);
    expect(titles[1]).toMatch(/ v2\.0 \| /);
    expect(meta(page('en/terms-and-conditions/v2.0/index.html'), 'og:title')).toBe(titles[1]);
  });

  it('sets canonical, description and social metadata with absolute URLs', () => {
    const tree = page('nl/index.html');
    expect(attr(select('link[rel=canonical]', tree), 'href')).toBe('https://docs.fixture.example/nl');
    expect(meta(tree, 'og:url')).toBe('https://docs.fixture.example/nl');
    expect(meta(tree, 'og:title')).toBe('Maak kennis met Fixturebank | Fixturebank Docs');
    expect(meta(tree, 'og:image')).toBe('https://docs.fixture.example/assets/logo.svg');
    expect(meta(tree, 'twitter:card')).toBe('summary');
    // Open Graph's form of a locale, and the page's other languages.
    expect(meta(tree, 'og:locale')).toBe('nl_NL');
    expect(selectAll('meta[property="og:locale:alternate"]', tree).map((m) => attr(m, 'content'))).toContain('en_US');
    expect(meta(tree, 'description')).toBe('De startpagina van de fixture.');
    // A fallback shows the English text: the English page is canonical.
    const fallback = page('nl/support/index.html');
    expect(attr(select('link[rel=canonical]', fallback), 'href')).toBe('https://docs.fixture.example/en/support');
    // Open Graph's URL is the canonical one: shares and previews of a fallback count for the page it shows.
    expect(meta(fallback, 'og:url')).toBe('https://docs.fixture.example/en/support');
    const notFound = page('404.html');
    expect(meta(notFound, 'robots')).toBe('noindex');
    expect(select('link[rel=canonical]', notFound)).toBeUndefined();
  });

  it('lists hreflang alternates on translated pages only', () => {
    // The Markdown twin is an alternate too, but of type, not language (tests/integration/llms.test.ts).
    const alternates = selectAll('link[rel=alternate][hreflang]', page('en/index.html')).map((l) => [attr(l, 'hrefLang'), attr(l, 'href')]);
    expect(alternates).toEqual([
      ['en', 'https://docs.fixture.example/en'],
      ['nl', 'https://docs.fixture.example/nl'],
      ['x-default', 'https://docs.fixture.example/en'],
    ]);
    expect(selectAll('link[rel=alternate][hreflang]', page('developers/index.html'))).toEqual([]);
  });

  it('renders the menu with localized labels and links', () => {
    const links = selectAll('#site-menu a', page('nl/index.html')).map((a) => [toString(a), attr(a, 'href')]);
    expect(links).toEqual([
      ['Thuis', '/nl'],
      ['Developers', '/developers'],
      ['Hulp', '/nl/support'],
      ['Sign In', 'https://app.fixture.example'],
    ]);
    const external = select('#site-menu a[href^="https:"]', page('nl/index.html'));
    expect(attr(external, 'rel')).toBe('noopener');
    expect(attr(select('#site-menu a[aria-current]', page('nl/support/index.html')), 'href')).toBe('/nl/support');
  });

  it('renders the footer: legal links to the latest version, cookie settings, copyright', () => {
    const tree = page('nl/support/index.html');
    const links = selectAll('.footer-links a', tree).map((a) => [toString(a), attr(a, 'href')]);
    expect(links).toEqual([
      ['Privacy', '/nl/privacy-notice/v1.0'],
      ['Voorwaarden', '/nl/terms-and-conditions/v10.0'],
    ]);
    expect(attr(select('.site-footer button', tree), 'dataAction')).toBe('cookie-settings');
    expect(toString(select('.copyright', tree)!)).toBe(`© ${new Date().getFullYear()} Fixture Labs`);
  });

  it('offers every locale in the footer: the same page where translated, the home page elsewhere', () => {
    const picker = (tree: Root) => selectAll('.locale-picker a', tree).map((a) => [toString(a), attr(a, 'href'), attr(a, 'ariaCurrent') ?? '']);
    expect(picker(page('nl/general/understanding/faq/index.html'))).toEqual([
      ['English', '/en/general/understanding/faq', ''],
      ['Nederlands', '/nl/general/understanding/faq', 'true'],
    ]);
    expect(picker(page('developers/index.html'))).toEqual([
      ['English', '/en', 'true'],
      ['Nederlands', '/nl', ''],
    ]);
  });

  it('shows the default locale text with a notice where a translation is missing', () => {
    const fallback = page('nl/support/index.html');
    expect(select('.fallback-notice', fallback)).toBeDefined();
    expect(toString(select('article h1', fallback)!)).toBe('Support');
    expect(select('.fallback-notice', page('en/support/index.html'))).toBeUndefined();
    expect(select('.fallback-notice', page('nl/index.html'))).toBeUndefined();
  });

  it('dates a legal version as its page\'s language writes a date, in the list of versions too', () => {
    const dutch = page('nl/terms-and-conditions/v10.0/index.html');
    expect(toString(select('.legal-meta', dutch)!)).toBe('U leest versie v10.0 · Van kracht vanaf 5 januari 2024');
    expect(attr(select('.legal-meta time', dutch), 'dateTime')).toBe('2024-01-05');
    expect(selectAll('.legal-versions time', dutch).map((t) => toString(t))).toContain('5 januari 2024');
    expect(toString(select('.legal-meta time', page('en/terms-and-conditions/v2.0/index.html'))!)).toBe('January 4, 2024');
  });

  it('marks an English title in a Dutch trail or card as English, for screen readers to say it so', () => {
    // The trail of a help section not yet translated: its title is the English one.
    const crumbs = (path: string) => selectAll('.breadcrumbs li > *', page(path)).map((c) => [toString(c), attr(c, 'lang') ?? null]);
    expect(attr(select('.breadcrumbs', page('nl/general/linking/index.html')), 'lang')).toBe('nl');
    expect(crumbs('nl/general/linking/index.html')).toEqual([['Home', null], ['Linking', 'en']]);
    // A legal version not yet translated: its document's title.
    expect(crumbs('nl/terms-and-conditions/v2.0/index.html').map(([, lang]) => lang)).toEqual([null, 'en', null]);
    expect(crumbs('nl/terms-and-conditions/v10.0/index.html').map(([, lang]) => lang)).toEqual([null, null, null]);
    // A card to a page not yet translated; to a translated one it says nothing.
    const cards = (path: string) => selectAll('.prev-next .card-title', page(path)).map((c) => [toString(c), attr(c, 'lang') ?? null]);
    expect(cards('nl/general/understanding/faq/index.html')).toEqual([['Begrijpen', null], ['Linking', 'en']]);
    expect(cards('nl/general/understanding/index.html')).toEqual([['Understanding: FAQ', 'en']]);
  });

  it('resolves links by source path, within the locale, keeping anchors', () => {
    // The links the Markdown wrote: not the breadcrumbs above the title, heading anchors or cards.
    const hrefs = (tree: Root) => {
      const crumbs = new Set(selectAll('.breadcrumbs a', tree));
      return selectAll('article a:not(.heading-link):not(.card)', tree).filter((a) => !crumbs.has(a)).map((a) => attr(a, 'href'));
    };
    expect(hrefs(page('nl/index.html'))).toEqual(['/nl/support']);
    expect(hrefs(page('en/index.html'))).toEqual(['/en/support', '/developers/getting-started#step-2-optional']);
    expect(hrefs(page('developers/index.html'))).toEqual(['/developers/getting-started', '/developers/payments/create-payment#request']);
    expect(hrefs(page('developers/payments/create-payment/index.html'))).toEqual(['/developers/getting-started#step-1-create']);
    expect(attr(select('article img', page('developers/getting-started/index.html')), 'src')).toBe('/developers/payments/flow.svg');
    expect(existsSync(join(dist, 'developers/payments/flow.svg'))).toBe(true);
  });

  it('gives headings stable unique ids', () => {
    const ids = selectAll('article h2', page('developers/getting-started/index.html')).map((h) => attr(h, 'id'));
    expect(ids).toEqual(['step-1-create', 'step-2-optional', 'step-2-optional-1']);
  });

  it('highlights code blocks', () => {
    const code = select('pre code', page('developers/payments/create-payment/index.html'));
    expect(attr(code, 'className')).toContain('hljs');
    expect(selectAll('pre code span', page('developers/payments/create-payment/index.html')).length).toBeGreaterThan(0);
  });

  it('shows only the page language examples on the API reference, with shared prose', () => {
    const curl = page('1/api/curl/index.html');
    const ruby = page('1/api/ruby/index.html');
    const languages = (tree: Root) => selectAll('pre code', tree).map((c) => attr(c, 'className')!.split(' ').find((x) => x.startsWith('language-')));
    expect(languages(curl)).toEqual(['language-curl', 'language-curl']);
    expect(languages(ruby)).toEqual(['language-ruby', 'language-ruby']);
    expect(toString(select('#introduction + p', curl)!)).toBe('Shared prose.');
    expect(toString(select('#introduction + p', ruby)!)).toBe('Shared prose.');
    expect(selectAll('.api-menu a', curl).map((a) => attr(a, 'href'))).toEqual(['#introduction', '#accounts', '#list-accounts', '#introduction-1']);
    expect(attr(select('.language-picker a[aria-current]', ruby), 'href')).toBe('/1/api/ruby');
  });

  it('links pages with previous/next cards', () => {
    const cards = (tree: Root) => selectAll('.prev-next a', tree).map((a) => [attr(a, 'rel'), attr(a, 'href')]);
    expect(cards(page('developers/getting-started/index.html'))).toEqual([
      ['prev', '/developers'],
      ['next', '/developers/payments/create-payment'],
    ]);
    expect(cards(page('nl/general/understanding/faq/index.html'))).toEqual([
      ['prev', '/nl/general/understanding'],
      ['next', '/nl/general/linking'],
    ]);
  });

  it('lists legal versions newest first, marks the latest, and shows the site\'s legal note', () => {
    const tree = page('en/terms-and-conditions/v2.0/index.html');
    expect(selectAll('.legal-versions a', tree).map((a) => toString(a))).toEqual(['v10.0', 'v2.0', 'v1.0']);
    expect(attr(select('.legal-versions a[aria-current]', tree), 'href')).toBe('/en/terms-and-conditions/v2.0');
    expect(toString(select('.legal-sample', tree)!)).toBe('Sample text for the tests.');
    // The note is the site's (theme.strings): a locale without one shows none.
    expect(select('.legal-sample', page('nl/terms-and-conditions/v2.0/index.html'))).toBeFalsy();
  });

  it('links a content-hashed stylesheet and the runtime script that exist', () => {
    const tree = page('en/index.html');
    const css = attr(select('link[rel=stylesheet]', tree), 'href')!;
    const js = attr(select('script[type=module]', tree), 'src')!;
    expect(css).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
    expect(js).toMatch(/^\/assets\/main-[A-Z0-9]+\.js$/);
    expect(existsSync(join(dist, css))).toBe(true);
    expect(existsSync(join(dist, js))).toBe(true);
  });

  it('writes the search index and the llms files into its new folder as it makes them, the same bytes as compiled in memory', async () => {
    const { compileSite } = await import('../../src/build/build.js');
    const compiled = await compileSite({ config: join(site, 'docs.config.yaml'), cache: null });
    const derived = compiled.compiled!.files.filter((f) => f.path.startsWith('search/') || f.path.startsWith('llms'));
    expect(derived.length).toBeGreaterThan(4);
    for (const f of derived) {
      expect('contents' in f, f.path).toBe(true);
      if ('contents' in f) expect(readFileSync(join(dist, f.path), 'utf8'), f.path).toBe(typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8'));
    }
  });
});
