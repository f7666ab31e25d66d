// checkAnchors: every internal link to a page we render must name an id that page has.
// Ids come from the rendered documents, so component-made ids count too. Links to paths
// we do not render (redirect routes, stubs) are left to `bankdocs check`.
import type { Diagnostic, Severity } from '../diagnostics.js';
import { suggest } from '../markdown/remark-links.js';
import type { RenderedDocument } from '../render/render-documents.js';

export function checkAnchors(documents: readonly RenderedDocument[], severity: Severity): Diagnostic[] {
  const idsByUrl = new Map(documents.map((d) => [d.url, new Set(d.ids)]));
  const diagnostics: Diagnostic[] = [];
  // A section shared by the API pages of every language is one place, reported once.
  const seen = new Set<string>();
  for (const doc of documents) {
    for (const link of doc.links) {
      if (!link.hash || link.reported) continue;
      const place = `${link.file}:${link.line}:${link.column}`;
      if (seen.has(place)) continue;
      const targetUrl = link.path === '' ? doc.url : link.path.replace(/\/$/, '') || '/';
      const ids = idsByUrl.get(targetUrl);
      if (!ids) continue;
      const id = safeDecode(link.hash);
      if (ids.has(id)) continue;
      seen.add(place);
      diagnostics.push({
        ruleId: 'missing-anchor',
        severity,
        message: `the link to "${targetUrl}#${link.hash}" names no heading or element id on that page`,
        hint: suggest(id, [...ids]),
        file: link.file,
        line: link.line,
        column: link.column,
      });
    }
  }
  return diagnostics;
}

/** A fragment as the id it names ("caf%C3%A9" -> "café"); malformed escapes stay as written. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
