// Search (issue #17): the index the build writes for the bundled site (per locale, every
// page and every API operation), what search.enabled and search.exclude change, and the
// dev server's index following an edit.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApi, operationAnchor } from '../../src/api/openapi.js';
import { startDev, type DevProcess } from '../helpers/dev.js';
import { rawGet } from '../helpers/http.js';
import { readIndex } from '../helpers/search.js';
import { attr, copySite, readHtml, removeSite, REPO, runCli, select, selectAll } from '../helpers/site.js';

const LOCALES = ['en', 'nl', 'fr', 'es'];

function build(site: string): string {
  const result = runCli(['build', '--quiet'], site);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return join(site, 'dist');
}

const fromDisk = (dist: string) => (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8')) as unknown;

describe('the search index of the bundled site', () => {
  let site: string;
  let dist: string;
  beforeAll(() => {
    site = copySite(null);
    dist = build(site);
  });
  afterAll(() => removeSite(site));

  it('is written per locale: index.json and content-hashed chunks', () => {
    expect(readdirSync(join(dist, 'search')).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const files = readdirSync(join(dist, 'search', locale));
      expect(files).toContain('index.json');
      expect(files.filter((f) => f !== 'index.json').every((f) => /^[tr]-[0-9a-f]{10}\.json$/.test(f))).toBe(true);
    }
  });

  it('holds every page of its locale and every shared page, and no page of another locale', async () => {
    const sitemap = [...readFileSync(join(dist, 'sitemap.xml'), 'utf8').matchAll(/<loc>https:\/\/docs\.moorlink\.example([^<]*)<\/loc>/g)].map((m) => m[1]!);
    const shared = sitemap.filter((url) => url.startsWith('/developers'));
    expect(shared.length).toBeGreaterThan(3);
    for (const locale of LOCALES) {
      const index = await readIndex(fromDisk(dist), locale);
      const pages = new Set(index.records.map((r) => r.url.replace(/#.*$/, '')));
      const own = sitemap.filter((url) => url === `/${locale}` || url.startsWith(`/${locale}/`));
      expect([...pages].sort(), locale).toEqual([...own, ...shared, '/1/api/{language}'].sort());
    }
  });

  it('has every API operation, named, with its method and path, linking its section on the reader’s language page', async () => {
    const { api } = await loadApi(join(REPO, 'content', 'api', 'openapi.yaml'), 'api/openapi.yaml');
    const operations = Object.values(api!.operations);
    expect(operations).toHaveLength(53);
    for (const locale of LOCALES) {
      const index = await readIndex(fromDisk(dist), locale);
      for (const op of operations) {
        const record = index.records.find((r) => r.url === `/1/api/{language}#${operationAnchor(op.id)}`);
        expect(record, `${locale} ${op.id}`).toMatchObject({ title: op.summary, detail: `${op.method.toUpperCase()} ${op.path}`, group: 'api', page: 'Moorlink API Reference' });
      }
    }
    // The operation id, its path and its attribute names find it.
    const nl = await readIndex(fromDisk(dist), 'nl');
    expect((await nl.find('createpayment', { exact: true }))[0]!.record.url).toBe('/1/api/{language}#create-payment');
    expect((await nl.find('creditoraccountreferencetype')).map((r) => r.record.url)).toContain('/1/api/{language}#create-payment');
  });

  it('finds a Dutch word on the Dutch pages only', async () => {
    const nl = await readIndex(fromDisk(dist), 'nl');
    const found = await nl.find('herautorisatie');
    expect(found.length).toBeGreaterThan(2);
    expect(found.every((r) => r.record.url.startsWith('/nl/'))).toBe(true);
    expect(await (await readIndex(fromDisk(dist), 'en')).find('herautorisatie')).toEqual([]);
  });

  it('ranks the latest version of a legal document above the older ones', async () => {
    const en = await readIndex(fromDisk(dist), 'en');
    const legal = (await en.find('processors')).filter((r) => r.record.url.startsWith('/en/privacy-notice/'));
    expect(new Set(legal.map((r) => r.record.page)).size).toBeGreaterThan(4);
    expect(legal[0]!.record.url).toMatch(/^\/en\/privacy-notice\/v5\.0#/);
    expect(legal[0]!.record.page).toBe('Privacy Notice · v5.0 (latest)');
  });

  it('keeps its files small: a small index.json, chunks of tens of kilobytes', () => {
    for (const locale of LOCALES) {
      const dir = join(dist, 'search', locale);
      let total = 0;
      for (const file of readdirSync(dir)) {
        const bytes = readFileSync(join(dir, file));
        total += gzipSync(bytes).length;
        if (file === 'index.json') expect(bytes.length, file).toBeLessThan(4_000);
        else if (file.startsWith('t-')) expect(bytes.length, file).toBeLessThan(28_000);
        else expect(bytes.length, file).toBeLessThan(16_000);
      }
      // The whole index of a locale, of which a query fetches a few chunks.
      expect(total, locale).toBeLessThan(150_000);
    }
  });

  it('puts the search button in the header of every page, with every locale’s label on pages that are not translated', () => {
    for (const path of ['en/index.html', 'nl/support/index.html', '1/api/curl/index.html', '404.html']) {
      const button = select('header .search-button', readHtml(dist, path));
      expect(attr(button, 'ariaKeyShortcuts'), path).toBe('/ Control+K Meta+K');
      expect(attr(button, 'ariaHasPopup'), path).toBe('dialog');
    }
    expect(attr(select('.search-label', readHtml(dist, 'nl/index.html')), 'dataL10n')).toBeUndefined();
    const label = select('.search-label', readHtml(dist, 'developers/index.html'));
    expect(JSON.parse(attr(label, 'dataL10n')!)).toEqual({ en: ['Search', null], nl: ['Zoeken', null], fr: ['Rechercher', null], es: ['Buscar', null] });
  });
});

describe('search settings', () => {
  it('search.enabled: false writes no index and shows no search button', () => {
    const site = copySite('basic-site');
    writeFileSync(join(site, 'docs.config.yaml'), `${readFileSync(join(site, 'docs.config.yaml'), 'utf8')}search: { enabled: false }\n`);
    const dist = build(site);
    expect(existsSync(join(dist, 'search'))).toBe(false);
    expect(selectAll('.search-button', readHtml(dist, 'en/index.html'))).toEqual([]);
    removeSite(site);
  });

  it('search.exclude leaves the pages it matches out of every locale’s index', async () => {
    const site = copySite('basic-site');
    writeFileSync(join(site, 'docs.config.yaml'), `${readFileSync(join(site, 'docs.config.yaml'), 'utf8')}search:\n  exclude: [/developers/payments/**, "/*/terms-and-conditions/*"]\n`);
    const dist = build(site);
    for (const locale of ['en', 'nl']) {
      const urls = (await readIndex(fromDisk(dist), locale)).records.map((r) => r.url);
      expect(urls.some((u) => u.startsWith('/developers/getting-started'))).toBe(true);
      expect(urls.filter((u) => u.startsWith('/developers/payments') || u.includes('/terms-and-conditions/'))).toEqual([]);
      expect(urls.some((u) => u.startsWith(`/${locale}/general/understanding`))).toBe(true);
    }
    removeSite(site);
  });
});

describe('the dev server’s search index', () => {
  let site: string;
  let dev: DevProcess;
  let port: number;
  beforeAll(async () => {
    site = copySite('basic-site');
    dev = await startDev(site);
    port = Number(new URL(dev.url).port);
  });
  afterAll(async () => {
    await dev?.stop();
    removeSite(site);
  });

  const fromServer = async (path: string) => {
    const response = await rawGet({ port, path: `/${path}` });
    expect(response.status, path).toBe(200);
    expect(response.headers['content-type'], path).toMatch(/^application\/json/);
    return JSON.parse(response.body) as unknown;
  };

  it('serves the index from memory and refreshes it when a page changes', async () => {
    const before = await readIndex(fromServer, 'en');
    expect(before.records.some((r) => r.url === '/developers/getting-started')).toBe(true);
    expect(await before.find('zanzibarly')).toEqual([]);
    const file = join(site, 'content', 'developers', 'getting-started.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Brand new step\n\nA zanzibarly unusual word.\n`);
    await expect
      .poll(async () => (await (await readIndex(fromServer, 'en')).find('zanzibarly')).map((r) => r.record.url), { timeout: 15_000, interval: 200 })
      .toEqual(['/developers/getting-started#brand-new-step']);
    // The chunks the change replaced are no longer served.
    const after = await readIndex(fromServer, 'en');
    const current = new Set(after.meta.terms.map(([, name]) => name));
    const gone = before.meta.terms.map(([, name]) => name).filter((name) => !current.has(name));
    expect(gone.length).toBeGreaterThan(0);
    for (const name of gone) expect((await rawGet({ port, path: `/search/en/${name}` })).status).toBe(404);
  });
});
