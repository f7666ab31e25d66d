// checkAnchors: every internal link to a page we render must name an id that page has.
// Ids come from the rendered documents, so component-made ids count too. Links to paths
// we do not render (redirect routes, stubs) are left to `bankdocs check`.
import type { Diagnostic, Severity } from '../diagnostics.js';
import { suggest } from '../markdown/remark-links.js';
import type { RenderedDocument } from '../render/render-documents.js';

export function checkAnchors(documents: readonly RenderedDocument[], severity: Severity): Diagnostic[] {
  const idsByUrl = new Map(documents.map((d) => [d.url, new Set(d.ids)]));
  const diagnostics: Diagnostic[] = [];
  for (const doc of documents) {
    for (const link of doc.links) {
      if (!link.hash || link.reported) continue;
      const targetUrl = link.path === '' ? doc.url : link.path.replace(/\/$/, '') || '/';
      const ids = idsByUrl.get(targetUrl);
      if (!ids) continue;
      const id = safeDecode(link.hash);
      if (ids.has(id)) continue;
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
