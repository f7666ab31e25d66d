// GitHub's alerts (`> [!NOTE]` …) and Docusaurus' and Starlight's admonitions (`:::note`
// … `:::`) in a built site: a note of their kind on the page, titled in the page's locale,
// as written in the page's Markdown twin, and their text in the search index.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIndex } from '../helpers/search.js';
import { attr, copySite, readHtml, removeSite, runCli, selectAll, toString } from '../helpers/site.js';

let site: string;
let dist: string;

const GUIDE = `---
title: "Alerts"
description: "Notes and warnings."
---

## Tokens

> [!NOTE]
> Sandbox tokens expire after **24 hours**.

1. Create the payment.

   > [!caution]
   > A payment cannot be cancelled once it is executed.

> [!TIP] Not alone on its line
> stays a quote.
`;

const ADMONITIONS = `---
title: "Admonitions"
description: "Notes as Docusaurus and Starlight write them."
---

## Secrets

:::info

Client secrets are shown **once**.

:::

:::danger[Never share it]
Anyone with the secret can move money.
:::
`;

beforeAll(() => {
  site = copySite('basic-site');
  dist = join(site, 'dist');
  writeFileSync(join(site, 'content', 'developers', 'alerts.md'), GUIDE);
  writeFileSync(join(site, 'content', 'developers', 'admonitions.md'), ADMONITIONS);
  appendFileSync(join(site, 'content', 'nl', 'general', 'understanding', 'index.md'), '\n> [!WARNING]\n> Deel nooit uw geheim.\n\n:::tip\nKoppel eerst een sandboxrekening.\n:::\n');
  appendFileSync(join(site, 'content', 'api', '01-introduction.md'), '\n> [!IMPORTANT]\n> Send an idempotency key with every payment.\n');
  const result = runCli(['build'], site);
  expect(result.stderr).toContain('0 errors, 6 warnings'); // the fixture's missing translations
  expect(result.status).toBe(0);
});
afterAll(() => removeSite(site));

const alerts = (path: string) => selectAll('main .alert', readHtml(dist, path)).map((node) => [attr(node, 'role'), attr(node, 'className'), toString(node).trim().replace(/\s+/g, ' ')]);

describe('alerts in a built site', () => {
  it('are notes of their kind, titled in the page\'s locale, in a guide, a list, a help page and the API reference', () => {
    expect(alerts('developers/alerts/index.html')).toEqual([
      ['note', 'alert alert-note', 'Note Sandbox tokens expire after 24 hours.'],
      ['note', 'alert alert-caution', 'Caution A payment cannot be cancelled once it is executed.'],
    ]);
    expect(selectAll('main blockquote', readHtml(dist, 'developers/alerts/index.html')).map((node) => toString(node).trim())).toEqual(['[!TIP] Not alone on its line\nstays a quote.']);
    expect(alerts('nl/general/understanding/index.html')).toEqual([
      ['note', 'alert alert-warning', 'Waarschuwing Deel nooit uw geheim.'],
      ['note', 'alert alert-tip', 'Tip Koppel eerst een sandboxrekening.'],
    ]);
    expect(alerts('1/api/curl/index.html')).toEqual([['note', 'alert alert-important', 'Important Send an idempotency key with every payment.']]);
  });

  it('make Docusaurus\' and Starlight\'s admonitions notes too, titled by their label or in the page\'s locale', () => {
    expect(alerts('developers/admonitions/index.html')).toEqual([
      ['note', 'alert alert-note', 'Info Client secrets are shown once.'],
      ['note', 'alert alert-caution', 'Never share it Anyone with the secret can move money.'],
    ]);
    const twin = readFileSync(join(dist, 'developers', 'admonitions.md'), 'utf8');
    expect(twin).toContain(':::info\n\nClient secrets are shown **once**.\n\n:::');
    expect(twin).toContain(':::danger[Never share it]\nAnyone with the secret can move money.\n:::');
  });

  it('keep the marker as written in the Markdown twin', () => {
    const twin = readFileSync(join(dist, 'developers', 'alerts.md'), 'utf8');
    expect(twin).toContain('> [!NOTE]\n> Sandbox tokens expire after **24 hours**.');
    expect(twin).toContain('   > [!caution]\n   > A payment cannot be cancelled once it is executed.');
    expect(twin).not.toContain('Caution A payment');
    expect(readFileSync(join(dist, 'nl', 'general', 'understanding.md'), 'utf8')).toContain('> [!WARNING]\n> Deel nooit uw geheim.');
  });

  it('are found by their text in search', async () => {
    const index = await readIndex((path) => JSON.parse(readFileSync(join(dist, path), 'utf8')), 'en');
    expect((await index.find('cancelled', { exact: true })).map(({ record }) => record.url)).toContain('/developers/alerts#tokens');
    const [found] = (await index.find('sandbox', { exact: true })).filter(({ record }) => record.url === '/developers/alerts#tokens');
    // The text, without the marker (which the page does not show either) or the title.
    expect(found!.record.excerpt).toMatch(/^Sandbox tokens expire after 24 hours\. Create the payment\. A payment cannot be cancelled/);
    expect(found!.record.excerpt).not.toMatch(/\[!NOTE\]|\[!caution\]/);
    const [secret] = (await index.find('secrets', { exact: true })).filter(({ record }) => record.url === '/developers/admonitions#secrets');
    expect(secret!.record.excerpt).toMatch(/^Client secrets are shown once\./);
  });
});
