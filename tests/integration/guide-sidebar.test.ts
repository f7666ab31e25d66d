// The guides' sidebar opens only the branch of the current page: a folder the reader is
// not in is one link (to its index page, or its first page), so a page carries its own
// section of the guide tree, not every guide of the site.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, copySite, readHtml, removeSite, runCli, selectAll, toString, type Root } from '../helpers/site.js';

let site: string;
beforeAll(() => {
  site = copySite('basic-site');
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
});
