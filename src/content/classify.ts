// Which collection a content file belongs to, decided by where it lives:
//
//   <locale>/index.md                          home               /<locale>
//   <locale>/support.md                        support            /<locale>/support
//   <locale>/general/<section>/index.md        general intro      /<locale>/general/<section>
//   <locale>/general/<section>/faq.md          general faq        /<locale>/general/<section>/faq
//   <locale>/<legal-kind>/v<N>.<M>.md          legal version      /<locale>/<legal-kind>/v<N>.<M>
//   developers/**/<slug>.md                    guide              /developers/**/<slug>
//   api/<NN>-<slug>.md                         API section        /<version>/api/<language>#…
import type { Collection } from './schemas.js';

export const LEGAL_KINDS = ['terms-and-conditions', 'privacy-notice'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export const LEGAL_VERSION_RE = /^v(\d+)\.(\d+)$/;

export type Classified =
  | { collection: 'home'; locale: string }
  | { collection: 'support'; locale: string }
  | { collection: 'general'; locale: string; section: string; kind: 'intro' | 'faq' }
  | { collection: 'legal'; locale: string; legalKind: LegalKind; version: string }
  | { collection: 'guide'; segments: string[] }
  | { collection: 'api-section'; slug: string };

export type ClassifyResult = { ok: true; value: Classified & { collection: Collection } } | { ok: false; hint: string };

const SLUG_RE = /^[a-z0-9][a-z0-9-]*$/;

/** `rel` is the path under content/ with "/" separators. */
export function classify(rel: string, locales: readonly string[]): ClassifyResult {
  const parts = rel.replace(/\.md$/, '').split('/');
  const [first, ...rest] = parts;
  const bad = (hint: string): ClassifyResult => ({ ok: false, hint });

  if (first === 'developers') {
    const segments = rest.length === 0 ? [] : rest.at(-1) === 'index' ? rest.slice(0, -1) : rest;
    if (!segments.every((s) => SLUG_RE.test(s))) return bad('guide file and folder names are lower-case words joined by "-"');
    return { ok: true, value: { collection: 'guide', segments } };
  }
  if (first === 'api') {
    const match = rest.length === 1 ? /^\d+-([a-z0-9-]+)$/.exec(rest[0]!) : null;
    if (!match) return bad('API reference sections are named like "api/03-pagination.md": a number for the order, then a slug');
    return { ok: true, value: { collection: 'api-section', slug: match[1]! } };
  }
  if (first && locales.includes(first)) {
    const locale = first;
    if (rest.length === 1 && rest[0] === 'index') return { ok: true, value: { collection: 'home', locale } };
    if (rest.length === 1 && rest[0] === 'support') return { ok: true, value: { collection: 'support', locale } };
    if (rest[0] === 'general' && rest.length === 3 && SLUG_RE.test(rest[1]!) && (rest[2] === 'index' || rest[2] === 'faq')) {
      return { ok: true, value: { collection: 'general', locale, section: rest[1]!, kind: rest[2] === 'index' ? 'intro' : 'faq' } };
    }
    const legalKind = LEGAL_KINDS.find((k) => k === rest[0]);
    if (legalKind && rest.length === 2) {
      if (!LEGAL_VERSION_RE.test(rest[1]!)) return bad(`legal documents are named by version, e.g. "${legalKind}/v5.0.md"`);
      return { ok: true, value: { collection: 'legal', locale, legalKind, version: rest[1]! } };
    }
    return bad(`pages of a locale are index.md, support.md, general/<section>/index.md or faq.md, ${LEGAL_KINDS.map((k) => `${k}/vN.M.md`).join(' or ')}`);
  }
  return bad(`Markdown lives in developers/, api/ or a locale folder (${locales.join(', ')})`);
}

/** Orders "v1.0" < "v1.1" < "v2.0" < "v10.0". */
export function compareVersions(a: string, b: string): number {
  const pa = LEGAL_VERSION_RE.exec(a);
  const pb = LEGAL_VERSION_RE.exec(b);
  if (!pa || !pb) return a.localeCompare(b);
  return Number(pa[1]) - Number(pb[1]) || Number(pa[2]) - Number(pb[2]);
}
