// Reads a `_headers` file (Netlify / Cloudflare Pages format) so `bankdocs preview`
// sends what those hosts would: the security headers of the build, and any the site
// adds. A path line starts at column 0; its header lines are indented "Name: value".

export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ pattern: pathPattern(raw.trim()), headers: [] });
      continue;
    }
    const colon = raw.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon < 0) continue;
    rule.headers.push([raw.slice(0, colon).trim(), raw.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers for `path`, in file order; a later rule's value for a name is joined to an earlier one's, as Netlify does. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const before = out.get(key);
      out.set(key, before === undefined ? value : `${before}, ${value}`);
    }
  }
  return out;
}

function pathPattern(path: string): RegExp {
  const source = path
    .replace(/^https?:\/\/[^/]+/, '')
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
