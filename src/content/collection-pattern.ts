// File and URL patterns of declared collections (docs.config.yaml `collections:`).
//
//   {name}          one segment part: lower-case words joined by "-" ("dashboard-api")
//   {name:a|b}      one of the listed words ("terms-and-conditions|privacy-notice")
//   {name:number}   digits ("03")
//   {name:version}  a version such as "v1.0" or "v10.2"
//   {locale}        a locale of locales.available (first segment only: translated collections)
//   {...name}       one or more whole segments of names, e.g. "payments/create-payment"
//
// A pattern is compiled once to a regular expression with named groups; a URL pattern
// may use only the names of its file pattern, and a URL ending in "/index" drops it, as
// a folder's index.md is the folder's page.
import { compareText } from '../collate.js';

export type PartKind = 'slug' | 'choice' | 'number' | 'version' | 'locale' | 'rest';

export interface Placeholder {
  name: string;
  kind: PartKind;
  /** The words of a {name:a|b} choice; the available locales of {locale}. */
  values?: string[];
}

export interface CompiledPattern {
  source: string;
  placeholders: Placeholder[];
  re: RegExp;
}

export type PatternResult = { ok: true; value: CompiledPattern } | { ok: false; message: string; hint: string };

const SLUG = '[a-z0-9][a-z0-9-]*';
const PART_RE = /\{(\.\.\.)?([A-Za-z][A-Za-z0-9]*)(?::([^{}]*))?\}/g;
const WORD_RE = /^[a-z0-9][a-z0-9.-]*$/;
export const VERSION_RE = /^v(\d+)\.(\d+)$/;

const KIND_RE: Record<Exclude<PartKind, 'choice' | 'locale'>, string> = {
  slug: SLUG,
  number: '\\d+',
  version: 'v\\d+\\.\\d+',
  rest: `${SLUG}(?:/${SLUG})*`,
};

/** Compiles a file pattern (relative to the content folder, ending in ".md") or, with `url`, a URL pattern. */
export function compilePattern(source: string, options: { url?: boolean; locales?: readonly string[] } = {}): PatternResult {
  const bad = (message: string, hint: string): PatternResult => ({ ok: false, message, hint });
  if (options.url ? !source.startsWith('/') : source.startsWith('/')) {
    return options.url ? bad(`the URL pattern "${source}" does not start with "/"`, 'write a site path such as "/guides/{...path}"') : bad(`the file pattern "${source}" starts with "/"`, 'file patterns are relative to the content folder, e.g. "guides/{...path}.md"');
  }
  if (!options.url && !source.endsWith('.md')) return bad(`the file pattern "${source}" does not end in ".md"`, 'collections hold Markdown pages, e.g. "blog/{slug}.md"');
  const placeholders: Placeholder[] = [];
  let re = '';
  let last = 0;
  for (const match of source.matchAll(PART_RE)) {
    const literal = source.slice(last, match.index);
    if (/[{}*?\\]/.test(literal)) return bad(`"${literal}" in the pattern "${source}" is not a placeholder`, 'placeholders are written {name}, {name:a|b}, {name:number}, {name:version}, {locale} or {...name}; "*" globs are not patterns here');
    re += escapeRe(literal);
    last = match.index + match[0].length;
    const [, rest, name, type] = match as unknown as [string, string | undefined, string, string | undefined];
    if (placeholders.some((p) => p.name === name)) return bad(`{${name}} appears twice in "${source}"`, 'give each placeholder its own name');
    const before = source[match.index - 1];
    const after = source[last];
    let placeholder: Placeholder;
    if (rest) {
      if (type !== undefined) return bad(`{...${name}} takes no type`, `write {...${name}}: it stands for one or more segments of lower-case names`);
      if ((before !== undefined && before !== '/') || (after !== undefined && after !== '/' && source.slice(last) !== '.md')) return bad(`{...${name}} is not a whole segment in "${source}"`, `put it between "/" characters, e.g. "guides/{...${name}}.md"`);
      placeholder = { name, kind: 'rest' };
    } else if (name === 'locale') {
      if (type !== undefined || match.index !== (options.url ? 1 : 0) || (after !== undefined && after !== '/' && source.slice(last) !== '.md')) {
        return bad(`{locale} must be the whole first segment of "${source}"`, options.url ? 'write the URL as "/{locale}/…"' : 'translated pages live in a folder per locale: "{locale}/…"');
      }
      placeholder = { name, kind: 'locale', values: [...(options.locales ?? [])] };
    } else if (type === undefined) placeholder = { name, kind: 'slug' };
    else if (type === 'number' || type === 'version') placeholder = { name, kind: type };
    else {
      const values = type.split('|');
      if (values.length < 2 || !values.every((v) => WORD_RE.test(v))) {
        return bad(`{${name}:${type}} is no known type`, `use {${name}} (a name), {${name}:number}, {${name}:version} or a list of words such as {${name}:intro|faq}`);
      }
      placeholder = { name, kind: 'choice', values };
    }
    placeholders.push(placeholder);
    const body =
      placeholder.kind === 'choice' ? placeholder.values!.map(escapeRe).join('|')
      : placeholder.kind === 'locale' ? (options.locales ?? []).map(escapeRe).join('|') || '(?!)'
      : KIND_RE[placeholder.kind];
    re += `(?<${name}>${body})`;
  }
  const tail = source.slice(last);
  if (/[{}*?\\]/.test(tail)) return bad(`"${tail}" in the pattern "${source}" is not a placeholder`, 'placeholders are written {name}, {name:a|b}, {name:number}, {name:version}, {locale} or {...name}');
  re += escapeRe(tail);
  return { ok: true, value: { source, placeholders, re: new RegExp(`^${re}$`) } };
}

/** The placeholder values of `path`, or null when the pattern does not match it. */
export function matchPattern(pattern: CompiledPattern, path: string): Record<string, string> | null {
  const match = pattern.re.exec(path);
  return match ? { ...match.groups } : null;
}

/** Fills a URL pattern in; a trailing "/index" and trailing slashes go ("/developers/index" -> "/developers"). */
export function fillUrl(pattern: string, params: Readonly<Record<string, string>>): string {
  const filled = pattern.replace(PART_RE, (_, _rest, name: string) => params[name] ?? '');
  const url = filled.replace(/\/{2,}/g, '/').replace(/\/index$/, '').replace(/\/+$/, '');
  return url || '/';
}

/** The literal folders a file pattern starts with ("developers/{...path}.md" -> "developers/"), for hints. */
export function literalPrefix(source: string): string {
  const at = source.indexOf('{');
  return at === -1 ? source : source.slice(0, at);
}

/** Orders "v1.0" < "v1.1" < "v2.0" < "v10.0". */
export function compareVersions(a: string, b: string): number {
  const pa = VERSION_RE.exec(a);
  const pb = VERSION_RE.exec(b);
  if (!pa || !pb) return compareText(a, b);
  return Number(pa[1]) - Number(pb[1]) || Number(pa[2]) - Number(pb[2]);
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
