// The bundled site's content: every route of spec §2 in every locale renders real text
// of a real length, nothing is a placeholder, and no translation is the English text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, readHtml, removeSite, REPO, runCli, select, selectAll, toString } from '../helpers/site.js';

const LOCALES = ['en', 'nl', 'fr', 'es'];
const SECTIONS = ['understanding', 'linking', 'integrating', 'initiating', 'representing', 'mandating'];
const TERMS = ['v1.0', 'v2.0', 'v3.0', 'v4.0', 'v5.0'];
const PRIVACY = ['v1.0', 'v1.1', 'v2.0', 'v3.0', 'v4.0', 'v4.1', 'v4.2', 'v5.0'];
const GUIDES = ['integrations-in-a-nutshell', 'connect-integrations', 'custom-integrations', 'dashboard-api', 'slack'];
const PLACEHOLDER_RE = /lorem ipsum|\[placeholder\]|coming soon|\bTODO\b|\bTBD\b|\bFIXME\b|\bXXX\b/i;

let site: string;
let dist: string;
beforeAll(() => {
  site = copySite(null);
  dist = join(site, 'dist');
  const build = runCli(['build', '--quiet'], site);
  expect(build.status, build.stderr).toBe(0);
});
afterAll(() => removeSite(site));

const file = (url: string) => (url === '/404' ? '404.html' : `${url.slice(1)}/index.html`);
const mainText = (url: string) => toString(select('main', readHtml(dist, file(url)))!).replace(/\s+/g, ' ').trim();
const words = (text: string) => text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

interface Route {
  url: string;
  min: number;
  translationOf?: string;
}

function routes(): Route[] {
  const list: Route[] = [{ url: '/developers', min: 150 }, ...GUIDES.map((g) => ({ url: `/developers/${g}`, min: 150 })), { url: '/1/api/curl', min: 150 }, { url: '/1/api/ruby', min: 150 }];
  for (const locale of LOCALES) {
    const t = (path: string) => (locale === 'en' ? {} : { translationOf: `/en${path}` });
    list.push({ url: `/${locale}`, min: 150, ...t('') }, { url: `/${locale}/support`, min: 150, ...t('/support') });
    for (const s of SECTIONS) {
      list.push({ url: `/${locale}/general/${s}`, min: 150, ...t(`/general/${s}`) }, { url: `/${locale}/general/${s}/faq`, min: 300, ...t(`/general/${s}/faq`) });
    }
    for (const v of TERMS) list.push({ url: `/${locale}/terms-and-conditions/${v}`, min: 300, ...t(`/terms-and-conditions/${v}`) });
    for (const v of PRIVACY) list.push({ url: `/${locale}/privacy-notice/${v}`, min: 300, ...t(`/privacy-notice/${v}`) });
  }
  return list;
}

describe('the bundled content', () => {
  it('renders every route of spec §2 in every locale with enough real text', () => {
    const short = routes()
      .map((r) => ({ ...r, words: words(mainText(r.url)) }))
      .filter((r) => r.words < r.min)
      .map((r) => `${r.url}: ${r.words} words (at least ${r.min})`);
    expect(short).toEqual([]);
  });

  it('has no placeholder text on any page', () => {
    const found = routes()
      .map((r) => [r.url, PLACEHOLDER_RE.exec(mainText(r.url))?.[0]] as const)
      .filter(([, hit]) => hit)
      .map(([url, hit]) => `${url}: "${hit}"`);
    expect(found).toEqual([]);
  });

  it('translates every translated page: none shows the English text or the fallback notice', () => {
    const same = routes()
      .filter((r) => r.translationOf)
      .filter((r) => mainText(r.url) === mainText(r.translationOf!) || select('.fallback-notice', readHtml(dist, file(r.url))))
      .map((r) => r.url);
    expect(same).toEqual([]);
  });

  it('gives FAQ pages at least six questions', () => {
    for (const locale of LOCALES) {
      for (const s of SECTIONS) {
        const questions = selectAll('article h2', readHtml(dist, file(`/${locale}/general/${s}/faq`))).filter((h) => toString(h).includes('?'));
        expect(questions.length, `/${locale}/general/${s}/faq`).toBeGreaterThanOrEqual(6);
      }
    }
  });

  it('titles each page in its own language, the site\'s name too', () => {
    const titles = (url: string) => {
      const tree = readHtml(dist, file(url));
      return [toString(select('title', tree)!), select('meta[property="og:title"]', tree)?.properties.content];
    };
    expect(titles('/nl/support')).toEqual(['Support | Moorlink-documentatie', 'Support | Moorlink-documentatie']);
    expect(titles('/fr/support')[0]).toBe('Assistance | Documentation Moorlink');
    expect(titles('/en/support')[0]).toBe('Support | Moorlink Documentation');
    // Pages that are not translated are the default locale's.
    expect(titles('/developers')[0]).toMatch(/ \| Moorlink Documentation$/);
  });

  it('dates every legal version and says what changed', () => {
    for (const locale of LOCALES) {
      for (const [kind, versions] of [['terms-and-conditions', TERMS], ['privacy-notice', PRIVACY]] as const) {
        for (const v of versions) {
          const tree = readHtml(dist, file(`/${locale}/${kind}/${v}`));
          expect(select('.legal-meta time', tree), `${locale} ${kind} ${v}`).toBeDefined();
          expect(selectAll('.legal-versions li', tree).length).toBe(versions.length);
          expect(select('.legal-sample', tree)).toBeDefined();
        }
      }
    }
  });

  it('gives the guides the anchors other pages link to, diagrams, prev/next cards and a tab view', () => {
    const custom = readHtml(dist, file('/developers/custom-integrations'));
    for (const id of ['introduction', 'services', 'getting-started', 'installation-link', 'go-live', 'product-pi', 'step-2-optional']) {
      expect(select(`#${id}`, custom), id).toBeDefined();
    }
    const dashboard = readHtml(dist, file('/developers/dashboard-api'));
    for (const id of ['introduction', 'services', 'getting-started']) expect(select(`#${id}`, dashboard), id).toBeDefined();
    for (const guide of GUIDES) {
      const tree = readHtml(dist, file(`/developers/${guide}`));
      expect(select('img[data-zoomable]', tree), guide).toBeDefined();
      expect(selectAll('.prev-next a', tree).length, guide).toBeGreaterThan(0);
    }
    expect(select('.tabs .tab-panel-empty .empty-state', custom)).toBeDefined();
  });

  it('passes bankdocs check with no error or warning', () => {
    const result = runCli(['check', '--format', 'json'], join(REPO));
    const report = JSON.parse(result.stdout) as { diagnostics: unknown[] };
    expect(report.diagnostics).toEqual([]);
    expect(result.status).toBe(0);
    expect(readFileSync(join(REPO, 'docs.config.yaml'), 'utf8')).toContain('Moorlink');
  });
});
