#!/usr/bin/env node
// The benchmark corpus: N deterministic guides shaped like API documentation.
//
//   node bench/gen-corpus.mjs --pages N --out DIR [--seed S]
//
// Writes N pages over 10 folders (DIR/<folder>/<slug>.md), 4-8 KB each: front matter
// (title, description, order), 3-8 ##/### headings, paragraphs with **bold**, `code`
// and relative .md links to other pages (some with the #anchor of one of their headings),
// a GFM table, a ```shell curl block with headers and a JSON body, a ```ruby block and a
// list. The same N and seed give the same bytes. No dependencies.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = { pages: 1000, out: 'corpus', seed: 20261123 };
for (let i = 2; i < process.argv.length; i += 2) {
  const [key, value] = [process.argv[i], process.argv[i + 1]];
  if (key === '--pages') args.pages = Number(value);
  else if (key === '--out') args.out = value;
  else if (key === '--seed') args.seed = Number(value);
  else {
    console.error('usage: node bench/gen-corpus.mjs --pages N --out DIR [--seed S]');
    process.exit(2);
  }
}

let state = args.seed >>> 0;
/** mulberry32: small, fast, and the same everywhere. */
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n) => Math.floor(random() * n);
const pick = (list) => list[int(list.length)];

const FOLDERS = ['accounts', 'payments', 'mandates', 'webhooks', 'sandbox', 'users', 'integrations', 'reports', 'transfers', 'consents'];
const NOUNS = ['account', 'payment', 'mandate', 'token', 'webhook', 'consent', 'balance', 'transfer', 'report', 'user', 'integration', 'request', 'signature', 'refund', 'invoice'];
const VERBS = ['create', 'list', 'read', 'update', 'cancel', 'sign', 'verify', 'retry', 'export', 'link'];
const WORDS = ['the', 'API', 'returns', 'each', 'request', 'with', 'a', 'status', 'and', 'its', 'attributes', 'when', 'your', 'application', 'sends', 'valid', 'data', 'for', 'every', 'call', 'in', 'sandbox', 'mode', 'before', 'going', 'live'];

const sentence = () => {
  const words = Array.from({ length: 8 + int(12) }, () => pick(WORDS));
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
};
const slugOf = (i) => `${pick(VERBS)}-${pick(NOUNS)}-${i}`;
const headingSlug = (text) => text.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

// Every page's place and headings first, so links can point at real anchors.
const pages = Array.from({ length: args.pages }, (_, i) => {
  const folder = FOLDERS[i % FOLDERS.length];
  const headings = Array.from({ length: 3 + int(6) }, (_, k) => `${k === 0 ? 'Overview' : `${pick(VERBS)} the ${pick(NOUNS)}`} ${k + 1}`);
  return { folder, slug: slugOf(i), headings, title: `${pick(VERBS)} ${pick(NOUNS)}s ${i}` };
});

function link(from) {
  const target = pages[int(pages.length)];
  const path = target.folder === from.folder ? `${target.slug}.md` : `../${target.folder}/${target.slug}.md`;
  const anchor = random() < 0.4 ? `#${headingSlug(pick(target.headings))}` : '';
  return `[${target.title}](${path}${anchor})`;
}

function paragraph(page) {
  return [sentence(), `Use **${pick(NOUNS)}** with \`${pick(NOUNS)}_id\` as described in ${link(page)}.`, sentence(), sentence()].join(' ');
}

function body(page, i) {
  const out = [];
  page.headings.forEach((heading, k) => {
    out.push(`${k % 3 === 2 ? '###' : '##'} ${heading}`, '', paragraph(page), '', paragraph(page), '');
    if (k === 1) {
      out.push('| Attribute | Type | Description |', '|---|---|---|');
      for (let r = 0; r < 4; r++) out.push(`| \`${pick(NOUNS)}${r}\` | ${pick(['string', 'integer', 'boolean'])} | ${sentence()} |`);
      out.push('');
    }
    if (k === 2) {
      out.push(
        '```shell',
        `curl -X POST https://api.bench.example/${page.folder}/${i} \\`,
        '  -H "Accept: application/json" \\',
        '  -H "Authorization: Bearer $TOKEN" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '{"data": {"type": "${pick(NOUNS)}", "attributes": {"amount": ${int(1000)}, "currency": "EUR"}}}'`,
        '```',
        '',
        '```ruby',
        `client.${page.folder}.create(amount: ${int(1000)}, currency: "EUR", reference: "${pick(NOUNS)}-${i}")`,
        '```',
        '',
      );
    }
    if (k === 3) out.push(...Array.from({ length: 4 }, () => `- ${sentence()}`), '');
  });
  return out.join('\n');
}

for (const folder of FOLDERS) mkdirSync(join(args.out, folder), { recursive: true });
pages.forEach((page, i) => {
  const text = `---\ntitle: "${page.title}"\ndescription: "${sentence()}"\norder: ${i}\n---\n\n${paragraph(page)}\n\n${body(page, i)}`;
  writeFileSync(join(args.out, page.folder, `${page.slug}.md`), text);
});
