// Every page of the bundled site, and of the fixture sites, written by the fast markup path
// (src/render/static-markup.ts) is the page React writes; and the fast path writes all of
// them itself, so the comparison covers what a build really does. The ids and links read
// as each page is written are those read from the written page, and those `check` reads
// without writing the page.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../src/build/build.js';
import { createRenderer, type RenderInput } from '../../src/render/render-documents.js';
import type { MarkupStats } from '../../src/render/static-markup.js';
import { scanAnyHtml } from '../../src/check/scan-html.js';
import { REPO } from '../helpers/site.js';

async function compareSite(config: string) {
  const result = await compileSite({ config });
  expect(result.ok, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error'))).toBe(true);
  const { site, plan } = result.compiled!;
  const input: RenderInput = { site, plan, factsJson: '{}', assets: { css: '/assets/site.css', script: '/assets/main.js', redirectScript: 'redirect()' }, buildYear: 2026 };
  const stats: MarkupStats = { fast: 0, react: 0, markdown: 0 };
  const fast = createRenderer(input, { stats });
  process.env.BANKDOCS_MARKUP = 'react';
  let react: ReturnType<typeof createRenderer>;
  try {
    react = createRenderer(input);
  } finally {
    delete process.env.BANKDOCS_MARKUP;
  }
  // bankdocs check reads its pages without writing them (scanOnly): the same ids and links as writing them.
  const reading = createRenderer({ ...input, forOutput: false });
  const writing = createRenderer({ ...input, forOutput: false }, { scanOnly: false });
  let scanned = 0;
  for (const doc of plan.documents) {
    const onlyRead = reading.render(doc);
    const written = writing.render(doc);
    expect(onlyRead.scanned, doc.url).toBeTruthy();
    expect({ ids: [...onlyRead.scanned!.ids].sort(), links: onlyRead.scanned!.links, docIds: onlyRead.ids, docLinks: onlyRead.links }, doc.url).toEqual({ ids: [...written.scanned!.ids].sort(), links: written.scanned!.links, docIds: written.ids, docLinks: written.links });
    const page = fast.render(doc);
    expect(page.html, doc.url).toBe(react.render(doc).html);
    // htmlparser2's reading, the reference (scanOwnMarkup is proven equal to it in scan-html.test.ts).
    const read = scanAnyHtml(page.html);
    if (page.scanned) scanned++;
    expect({ ids: [...(page.scanned?.ids ?? read.ids)].sort(), links: page.scanned?.links ?? read.links }, doc.url).toEqual({ ids: [...read.ids].sort(), links: read.links });
  }
  // Every page was read as it was written.
  expect(scanned).toBe(plan.documents.length);
  // Each page is one tree, or two with a sidebar.
  expect(stats.react).toBe(0);
  expect(stats.fast).toBeGreaterThanOrEqual(plan.documents.length);
  // And the Markdown of every page (every section of an API page) was written from its tree.
  const markdown = plan.documents.reduce((n, doc) => n + (doc.kind === 'page' ? 1 : doc.kind === 'api' ? doc.sections.length : 0), 0);
  expect(stats.markdown).toBe(markdown);
  return plan.documents.length;
}

describe('the fast markup path', () => {
  it('writes every page of the bundled site as React does, in every locale', async () => {
    expect(await compareSite(join(REPO, 'docs.config.yaml'))).toBeGreaterThan(100);
  });

  it('writes the pages of the fixture sites as React does (site plugins and their components included)', async () => {
    for (const fixture of ['basic-site', 'plugins-site']) await compareSite(join(REPO, 'tests', 'fixtures', fixture, 'docs.config.yaml'));
  });
});
