// The link graph reads every page's ids and links with two readers (src/check/scan-html.ts):
// htmlparser2, the reference, and a fast reader of React's markup that gives up (null) on
// anything else. They must never disagree: on every page of the bundled site, on generated
// pages, and on markup the fast reader must leave to the reference.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanAnyHtml, scanHtml, scanOwnMarkup, type ScannedPage } from '../../src/check/scan-html.js';
import { REPO, runCli } from '../helpers/site.js';

const plain = (page: ScannedPage) => ({ ids: [...page.ids], links: page.links.map((l) => `${l.tag} ${l.href}`) });

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f));
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'bankdocs-scan-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the fast reader of React markup', () => {
  it('reads every page of the bundled site as htmlparser2 does, and reads every one of them itself', () => {
    const out = join(work, 'site');
    const build = runCli(['build', '--config', join(REPO, 'docs.config.yaml'), '--out', out, '--quiet'], REPO);
    expect(build.status, build.stderr).toBe(0);
    const files = htmlFiles(out);
    expect(files.length).toBeGreaterThan(100);
    let own = 0;
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      const reference = plain(scanAnyHtml(html));
      expect(plain(scanHtml(html)), file).toEqual(reference);
      const fast = scanOwnMarkup(html);
      if (fast) {
        own++;
        expect(plain(fast), file).toEqual(reference);
      }
    }
    // The redirect stubs and 404 hold inline scripts and still are React's markup.
    expect(own).toBe(files.length);
  });

  it('reads generated guide pages as htmlparser2 does', () => {
    const site = join(work, 'corpus');
    mkdirSync(join(site, 'content', 'assets'), { recursive: true });
    const gen = spawnSync(process.execPath, [join(REPO, 'bench', 'gen-corpus.mjs'), '--pages', '60', '--out', join(site, 'content', 'developers')], { encoding: 'utf8' });
    expect(gen.status, gen.stderr).toBe(0);
    copyFileSync(join(REPO, 'content', 'assets', 'logo.svg'), join(site, 'content', 'assets', 'logo.svg'));
    writeFileSync(join(site, 'content', 'developers', 'index.md'), '---\ntitle: "Developers"\ndescription: "Guides."\n---\n\nThe guides.\n');
    mkdirSync(join(site, 'content', 'en'));
    writeFileSync(join(site, 'content', 'en', 'index.md'), '---\ntitle: "Home"\ndescription: "Home."\n---\n\nHome.\n');
    writeFileSync(
      join(site, 'docs.config.yaml'),
      'product: { name: Bench, tag: API, provider: Labs }\nsite: { url: "https://bench.example", titleTemplate: "%s | Bench", logo: assets/logo.svg }\nlocales: { available: [en], default: en }\nmenu:\n  - { label: Home, to: / }\nfooter: { links: [], copyright: "c" }\n',
    );
    const build = runCli(['build', '--quiet'], site);
    expect(build.status, build.stderr).toBe(0);
    const files = htmlFiles(join(site, 'dist'));
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      const fast = scanOwnMarkup(html);
      expect(fast, file).not.toBeNull();
      expect(plain(fast!), file).toEqual(plain(scanAnyHtml(html)));
    }
  });

  // Each case: the markup, and whether the fast reader may read it itself.
  const cases: [string, string, boolean][] = [
    ['React markup', '<!DOCTYPE html><html lang="en"><body><a href="/a" id="x">a</a><img src="/i.png" alt=""/><a name="n"></a><h2 id="">e</h2></body></html>', true],
    ['boolean and data attributes', '<details open=""><summary data-x="1" aria-label="s">s</summary><a href="">empty</a></details>', true],
    ['the first of two equal attributes', '<a href="/one" href="/two" id="a" id="b">x</a>', true],
    ['an attribute name in capitals', '<a HREF="/up" ID="cap">x</a>', true],
    ['SVG with camel-case names', '<svg viewBox="0 0 1 1" id="icon"><linearGradient id="g"></linearGradient><a href="/in-svg">x</a></svg>', true],
    ['a link inside a script is no link', '<script>document.write("<a href=\\"/no\\" id=\\"no\\">")</script><a href="/yes">y</a>', true],
    ['JSON in a script element', '<script type="application/json" id="data">{"a":"<b id=\\"x\\">"}</script>', true],
    ['title and textarea hold text', '<title>A <a href="/t"> title</title><textarea id="t"><a href="/no"></textarea>', true],
    ['a comment', '<!-- <a href="/c"> --><a href="/d">d</a>', false],
    ['an entity in a link', '<a href="/a?x=1&amp;y=2">x</a>', false],
    ['an entity in an id', '<h2 id="a&amp;b">x</h2>', false],
    ['single quotes', "<a href='/single'>x</a>", false],
    ['a value without quotes', '<a href=/bare>x</a>', false],
    ['no space between attributes', '<a id="x"href="/y">x</a>', false],
    ['an upper-case end of a script', '<script>x</SCRIPT><a href="/after">a</a></script>', false],
    ['a script end tag followed by text', '<script>x</script foo><a href="/z">z</a>', false],
    ['a style element inside SVG', '<svg><style><a href="/s">x</a></style></svg>', false],
    ['image is read as img', '<image src="/pic.png">', false],
    ['a form inside a form', '<form id="f1"><form id="f2"><a href="/f">f</a></form></form>', false],
    ['two forms one after the other', '<form id="f1"></form><form id="f2"></form>', true],
    ['a stray form end tag, then a form in a form', '</form><form id="f1"><form id="f2"><a href="/f">f</a></form></form>', false],
    ['a stray less-than sign', '<p>1 < 2 <a href="/l">l</a></p>', false],
    ['plaintext', '<plaintext><a href="/p">', false],
    ['an unclosed script', '<script>var a = 1;', false],
    ['a self-closing script', '<script/><a href="/x">x</a>', false],
  ];
  for (const [name, html, own] of cases) {
    it(`${name}: ${own ? 'reads it itself' : 'leaves it to htmlparser2'}, with the same answer`, () => {
      const fast = scanOwnMarkup(html);
      expect(fast !== null).toBe(own);
      if (fast) expect(plain(fast)).toEqual(plain(scanAnyHtml(html)));
      expect(plain(scanHtml(html))).toEqual(plain(scanAnyHtml(html)));
    });
  }

  it('keeps no page in memory through the ids and links it read', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const filler = `<p>${'Text of the page. '.repeat(3000)}</p>`; // 54 KB a page
    const pages = Array.from({ length: 300 }, (_, i) => `<!DOCTYPE html><html><body><h2 id="heading-number-${i}">x</h2>${filler}<a href="/developers/page-number-${i}#section-${i}">x</a><img src="/assets/picture-number-${i}.png"/></body></html>`);
    gc();
    const before = process.memoryUsage().heapUsed;
    const pool = new Map();
    const kept = pages.map((html) => scanHtml(html, pool));
    pages.length = 0;
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept).toHaveLength(300);
    // The 300 pages are 16 MB; what was read of them is a few hundred bytes each.
    expect(grown).toBeLessThan(2_000_000);
  });

  it('shares one link object per distinct link across pages', () => {
    const pool = new Map();
    const a = scanHtml('<a href="/same">1</a>', pool);
    const b = scanHtml('<a href="/same">2</a>', pool);
    expect(a.links[0]).toBe(b.links[0]);
  });
});
