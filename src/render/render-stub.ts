// A redirect stub: a tiny page at a redirecting path. With JavaScript it resolves the
// target with the visitor's stored locale and language (keeping the hash); without, it
// follows a meta refresh to the default target. Never indexed; canonical is the target.
import type { RedirectStub } from '../routes/redirects.js';
import type { UiStrings } from '../theme/contract.js';

export interface StubInput {
  stub: RedirectStub;
  siteUrl: string;
  /** The locale of the stub's path (/nl/… is nl), else the default locale. */
  lang: string;
  /** That locale's redirectTitle and redirectText. */
  strings: Pick<UiStrings, 'redirectTitle' | 'redirectText'>;
  factsJson: string;
  redirectScript: string;
}

export function renderStub({ stub, siteUrl, lang, strings, factsJson, redirectScript }: StubInput): string {
  const target = escapeHtml(stub.fallback);
  const canonical = escapeHtml(new URL(stub.fallback, siteUrl).href);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(strings.redirectTitle).replace('{url}', () => target)}</title>`,
    `<link rel="canonical" href="${canonical}">`,
    `<script type="application/json" id="bankdocs-routes">${factsJson}</script>`,
    `<script>${redirectScript}</script>`,
    `<noscript><meta http-equiv="refresh" content="0; url=${target}"></noscript>`,
    '</head>',
    `<body><p>${escapeHtml(strings.redirectText).replace('{url}', () => `<a href="${target}">${target}</a>`)}</p></body>`,
    '</html>',
    '',
  ].join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
