// Text for AI tools (issue #18): the bundled site's build has /llms.txt (llmstxt.org),
// /llms-full.txt and a .md twin of every page, each linked from its page's <head>;
// `llms.enabled: false` leaves them all out; a content file in their place is refused.
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevProcess } from '../helpers/dev.js';
import { rawGet } from '../helpers/http.js';
import { attr, copySite, readHtml, removeSite, runCli, select, selectAll } from '../helpers/site.js';

const SITE_URL = 'https://docs.moorlink.example';
let site: string;
let dist: string;
const read = (path: string) => readFileSync(join(dist, path), 'utf8');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [relative(dist, join(dir, e.name))]));
}

beforeAll(() => {
  site = copySite(null);
  dist = join(site, 'dist');
  const result = runCli(['build'], site);
  expect(result.status).toBe(0);
});
afterAll(() => removeSite(site));

describe('llms.txt', () => {
  it('follows llmstxt.org: a title, a summary, then sections of links to the .md twins with a description', () => {
    const text = read('llms.txt');
    const home = readFileSync(join(site, 'content', 'en', 'index.md'), 'utf8');
    const description = /^description: "(.*)"$/m.exec(home)![1]!;
    expect(text.startsWith(`# Moorlink\n\n> ${description}\n\n`)).toBe(true);
    expect(text.match(/^## .*$/gm)).toEqual(['## Developers', '## API reference', '## English (en)', '## Nederlands (nl)', '## Français (fr)', '## Español (es)', '## Optional']);
    const entries = text.split('\n').filter((l) => l.startsWith('- '));
    expect(entries.length).toBeGreaterThan(60);
    for (const line of entries) expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/docs\.moorlink\.example\/[^)\s]+\)(: \S.*)?$/);
  });

  it('lists the pages of each locale by their twins, which exist', () => {
    const text = read('llms.txt');
    expect(text).toContain(`- [Dashboard API](${SITE_URL}/developers/dashboard-api.md): Automate what you would otherwise do in the Moorlink dashboard`);
    expect(text).toContain(`- [Moorlink API Reference (ruby examples)](${SITE_URL}/1/api/ruby.md): Reference of the Moorlink Open Banking API, version 1, with ruby examples.`);
    const nl = text.slice(text.indexOf('## Nederlands (nl)'), text.indexOf('## Français (fr)'));
    expect(nl).toContain(`(${SITE_URL}/nl/support.md)`);
    expect(nl).not.toContain('/en/');
    for (const [, url] of text.matchAll(/\]\((https:\/\/docs\.moorlink\.example\/[^)]+)\)/g)) {
      const path = new URL(url!).pathname.slice(1);
      expect(existsSync(join(dist, path)), path).toBe(true);
    }
  });
});

describe('llms-full.txt', () => {
  it('holds the full text of the default locale\'s pages, each under its title and address, and the curl reference', () => {
    const text = read('llms-full.txt');
    expect(text).toContain(`# Dashboard API\n\nSource: ${SITE_URL}/developers/dashboard-api\n\n> Automate`);
    expect(text).toContain(`# Support\n\nSource: ${SITE_URL}/en/support\n`);
    expect(text).toContain('### Create payment\n\n`POST /accounts/{accountId}/payments`');
    expect(text).not.toContain(`Source: ${SITE_URL}/nl/`);
    expect(text).not.toContain('client.payments.create(');
    // English: home, support, 6 help sections with their FAQ, the latest terms and privacy notice; 6 guides; the reference.
    const sources = text.match(/^Source: \S+$/gm)!.map((l) => l.slice(`Source: ${SITE_URL}`.length));
    expect(sources).toHaveLength(23);
    expect(sources.slice(0, 3)).toEqual(['/en', '/en/general/understanding', '/en/general/understanding/faq']);
    expect(sources).toEqual(expect.arrayContaining(['/en/support', '/en/terms-and-conditions/v5.0', '/en/privacy-notice/v5.0', '/developers', '/developers/slack', '/1/api/curl']));
    expect(sources).not.toContain('/en/terms-and-conditions/v4.0');
    expect(text.split('\n\n---\n\n')).toHaveLength(23);
  });
});

describe('the .md twins', () => {
  it('is written beside every page and the API reference per language, and linked from each page\'s <head>', () => {
    const pages = files(dist).filter((f) => f.endsWith('index.html') && !readFileSync(join(dist, f), 'utf8').includes('name="robots" content="noindex"'));
    expect(pages.length).toBe(116); // the 117 pages of the build summary, but 404.html
    for (const page of pages) {
      const href = attr(select('link[rel="alternate"][type="text/markdown"]', readHtml(dist, page)), 'href');
      const url = `/${page.replace(/\/?index\.html$/, '')}`;
      expect(href, page).toBe(`${url}.md`);
      expect(existsSync(join(dist, href!.slice(1))), href).toBe(true);
    }
    expect(select('link[type="text/markdown"]', readHtml(dist, '404.html'))).toBeUndefined();
  });

  it('turns front matter into a title line and description, and source links into the built pages\' addresses', () => {
    const text = read('developers/dashboard-api.md');
    expect(text.startsWith('# Dashboard API\n\n> Automate what you would otherwise do in the Moorlink dashboard')).toBe(true);
    expect(text).not.toMatch(/^---$/m);
    expect(text).toContain(`read [Custom integrations](${SITE_URL}/developers/custom-integrations#getting-started).`);
    // A redirect stub's script is nothing a twin's reader runs: the link goes where it would lead.
    expect(text).toContain(`[Get me](${SITE_URL}/1/api/curl#get-me) (\`GET /me\`)`);
    expect(text).toContain(`](${SITE_URL}/developers/images/mandates.svg)`);
    expect(text).toContain('```shell\ncurl https://api.moorlink.example/me \\');
  });

  it('links no redirect stub from any twin or llms-full.txt: the page it leads to, in the twin\'s locale and API language', () => {
    const stub = (path: string) => existsSync(join(dist, path, 'index.html')) && read(join(path, 'index.html')).includes('<meta name="robots" content="noindex"');
    const twins = [...files(dist).filter((f) => f.endsWith('.md')), 'llms-full.txt'];
    expect(twins.length).toBeGreaterThan(100);
    const viaStubs = twins.flatMap((twin) => [...read(twin).matchAll(/\]\(https:\/\/docs\.moorlink\.example(\/[^)#\s]*)/g)].filter((m) => stub(m[1]!.replace(/^\//, ''))).map((m) => `${twin}: ${m[1]}`));
    expect(viaStubs).toEqual([]);
    expect(read('1/api/ruby.md')).toContain(`${SITE_URL}/1/api/ruby#`);
    expect(read('1/api/ruby.md')).not.toContain(`${SITE_URL}/1/api/curl#`);
  });

  it('writes a locale\'s page in its language at /<locale>/<page>.md', () => {
    const text = read('nl/support.md');
    expect(text.startsWith('# Support\n\n> Hoe u hulp krijgt bij Moorlink')).toBe(true);
    expect(text).toContain(`[ontwikkelaarsgedeelte](${SITE_URL}/developers)`);
  });

  it('renders the API reference\'s directives as Markdown, with the examples of its language only', () => {
    for (const [language, other] of [['curl', 'ruby'], ['ruby', 'curl']] as const) {
      const text = read(`1/api/${language}.md`);
      expect(text.startsWith(`# Moorlink API Reference\n\n> Reference of the Moorlink Open Banking API, version 1, with ${language} examples.`)).toBe(true);
      expect(text.match(/^`(GET|POST|PATCH|DELETE) \/[^`]*`$/gm)).toHaveLength(53);
      expect(text).not.toContain(`\`\`\`${other}\n`);
      expect(text).not.toMatch(/^:::|^::schema/m);
      expect(text).toContain('### Create payment\n\n`POST /accounts/{accountId}/payments`\n\nScope: `pi` · Authentication: bearer access token\n\nCreates a payment from the account in the path.');
      expect(text).toContain('| <a id="create-payment-currency"></a>`currency` | string | required | one of `EUR` | Currency of the payment. Only EUR is supported for now. |');
      expect(text).toContain('Response 201:\n\n```json\n{\n  "data": {\n    "id": "e449c661-1609-4950-ac3e-0ee2ff7eeeb3"');
    }
    expect(read('1/api/curl.md').match(/^```curl$/gm)).toHaveLength(56);
    expect(read('1/api/ruby.md').match(/^```ruby$/gm)).toHaveLength(57);
  });

  it('shows the "Copy page as Markdown" button on guides, translated pages and the API reference, not on the home page', () => {
    const button = (path: string) => select('button.copy-page', readHtml(dist, path));
    expect(attr(button('developers/dashboard-api/index.html'), 'dataMarkdown')).toBe('/developers/dashboard-api.md');
    expect(attr(button('1/api/ruby/index.html'), 'dataMarkdown')).toBe('/1/api/ruby.md');
    expect(attr(button('fr/support/index.html'), 'dataMarkdown')).toBe('/fr/support.md');
    expect(button('en/index.html')).toBeUndefined();
    expect(selectAll('button.copy-page', readHtml(dist, 'fr/support/index.html')).length).toBe(1);
  });
});

describe('llms.enabled: false', () => {
  it('leaves out the twins, the llms files, the <head> link and the button', () => {
    const off = copySite('basic-site');
    appendFileSync(join(off, 'docs.config.yaml'), 'llms: { enabled: false }\n');
    expect(runCli(['build'], off).status).toBe(0);
    const out = join(off, 'dist');
    const all = readdirSync(out, { recursive: true }) as string[];
    expect(all.filter((f) => f.endsWith('.md') || f.startsWith('llms'))).toEqual([]);
    const page = readHtml(out, 'developers/getting-started/index.html');
    expect(select('link[type="text/markdown"]', page)).toBeUndefined();
    expect(select('button.copy-page', page)).toBeUndefined();
    removeSite(off);
  });
});

describe('a content file where a generated text file goes', () => {
  it('is refused at the file (content-file-collision), by build and check', () => {
    const clash = copySite('basic-site');
    writeFileSync(join(clash, 'content', 'llms.txt'), 'my own\n');
    for (const command of ['build', 'check']) {
      const result = runCli([command], clash);
      expect(result.stderr, command).toMatch(/content\/llms\.txt:1:1 {2}error {2}llms\.txt would replace the generated llms\.txt {2}\[content-file-collision\]/);
      expect(result.status, command).toBe(1);
    }
    removeSite(clash);
  });
});

describe('the dev server’s llms.txt and llms-full.txt', () => {
  let devSite: string;
  let dev: DevProcess;
  let port: number;
  beforeAll(async () => {
    devSite = copySite('basic-site');
    dev = await startDev(devSite);
    port = Number(new URL(dev.url).port);
  });
  afterAll(async () => {
    await dev?.stop();
    removeSite(devSite);
  });

  it('are served as the build writes them, and follow an edit', async () => {
    const get = async (path: string) => {
      const response = await rawGet({ port, path });
      expect(response.status, path).toBe(200);
      return response.body;
    };
    expect(await get('/llms.txt')).toContain('/developers/getting-started.md)');
    const file = join(devSite, 'content', 'developers', 'getting-started.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nA quintessentially new sentence.\n`);
    await expect.poll(async () => (await get('/llms-full.txt')).includes('A quintessentially new sentence.'), { timeout: 15_000, interval: 200 }).toBe(true);
  });
});
