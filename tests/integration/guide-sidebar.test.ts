// The guides' sidebar opens only the branch of the current page: a folder the reader is
// not in is one link (to its index page, or its first page), so a page carries its own
// section of the guide tree, not every guide of the site.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, copySite, readHtml, removeSite, runCli, selectAll, toString, type Root } from '../helpers/site.js';

let site: string;
beforeAll(() => {
  site = copySite('basic-site');
  // A long folder: its pages list a window of it, not all of it.
  mkdirSync(join(site, 'content/developers/many'));
  for (let i = 1; i <= 100; i++) {
    const n = String(i).padStart(3, '0');
    writeFileSync(join(site, `content/developers/many/page-${n}.md`), `---\ntitle: "Page ${n}"\ndescription: "One of many."\norder: ${i}\n---\n\nText ${n}.\n`);
  }
  const built = runCli(['build', '--quiet'], site);
  if (built.status !== 0) throw new Error(built.stderr);
});
afterAll(() => removeSite(site));

const links = (tree: Root) => selectAll('.sidebar-nav .sidebar-body a', tree).map((a) => [toString(a), attr(a, 'href'), attr(a, 'ariaCurrent') ?? '']);

describe('guide sidebar', () => {
  it('shows a folder the reader is not in as one link to its first page', () => {
    const tree = readHtml(join(site, 'dist'), 'developers/getting-started/index.html');
    const shown = links(tree);
    expect(shown).toContainEqual(['Getting started', '/developers/getting-started', 'page']);
    expect(shown.filter(([, href]) => href === '/developers/payments/create-payment')).toHaveLength(1);
    // The folder is closed: none of its pages is listed under it.
    expect(selectAll('.sidebar-body li li', tree)).toHaveLength(0);
  });

  it('opens the folder of the current page', () => {
    const tree = readHtml(join(site, 'dist'), 'developers/payments/create-payment/index.html');
    expect(links(tree).filter(([, , current]) => current === 'page').map(([, href]) => href)).toEqual(['/developers/payments/create-payment']);
    expect(selectAll('.sidebar-body li li a', tree).map((a) => attr(a, 'href'))).toContain('/developers/payments/create-payment');
  });

  it('lists a window of a long folder around the current page, with links to the pages before and after', () => {
    const tree = readHtml(join(site, 'dist'), 'developers/many/page-050/index.html');
    const inFolder = selectAll('.sidebar-body li li a', tree).map((a) => [toString(a), attr(a, 'href')]);
    const pages = inFolder.filter(([text]) => text!.startsWith('Page '));
    expect(pages).toHaveLength(40);
    expect(pages.map(([text]) => text)).toContain('Page 050');
    expect(pages[0]).toEqual(['Page 030', '/developers/many/page-030']);
    expect(inFolder[0]).toEqual(['29 earlier pages', '/developers/many/page-029']);
    expect(inFolder.at(-1)).toEqual(['31 later pages', '/developers/many/page-070']);
    // At the start of the folder there is nothing before.
    const first = readHtml(join(site, 'dist'), 'developers/many/page-001/index.html');
    const firstLinks = selectAll('.sidebar-body li li a', first).map((a) => toString(a));
    expect(firstLinks[0]).toBe('Page 001');
    expect(firstLinks.at(-1)).toBe('60 later pages');
    // One page left out is one page, not "1 earlier pages".
    const texts = (path: string) => selectAll('.sidebar-body li li a', readHtml(join(site, 'dist'), path)).map((a) => toString(a));
    expect(texts('developers/many/page-022/index.html')[0]).toBe('1 earlier page');
    expect(texts('developers/many/page-080/index.html').at(-1)).toBe('1 later page');
  });
});
