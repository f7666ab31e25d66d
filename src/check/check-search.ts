// Search (issue #17): pages search leaves out without being told to, and search.exclude
// patterns that leave out nothing.
//   search-excluded            a page with no text and no heading: nothing in it to find,
//                              so it is not in the index (usually a page not written yet)
//   search-exclude-unmatched   a pattern that matches no page: a typo, or a page that moved,
//                              so what it meant to leave out may be in the index
import type { Site } from '../content/site.js';
import { positionOfPath, type ParsedYaml } from '../config/yaml-positions.js';
import { shownPath, type Diagnostic } from '../diagnostics.js';
import type { DocumentPlan } from '../routes/plan.js';
import { searchExclusions, type IndexedDocument } from '../search/entries.js';

export interface SearchCheckInput {
  site: Site;
  plan: { documents: readonly DocumentPlan[] };
  /** The rendered documents, with their text by heading (search.enabled). */
  documents: Iterable<IndexedDocument>;
  /** docs.config.yaml as read, for the place of a search.exclude pattern. */
  configYaml: ParsedYaml;
  /** Files with an error already: a page that failed to render has no text to warn about. */
  failed?: ReadonlySet<string>;
}

export async function checkSearch({ site, plan, documents, configYaml, failed = new Set() }: SearchCheckInput): Promise<Diagnostic[]> {
  const { config } = site;
  if (!config.search.enabled) return [];
  const excluded = searchExclusions({ site, plan, documents });
  const diagnostics: Diagnostic[] = [];
  // A missing translation shows the default locale's file in every locale: one warning for the file.
  const reported = new Set<string>();
  for (const page of excluded) {
    // A page whose Markdown failed to render (reported as an error) is empty for that reason only.
    if (page.reason !== 'empty' || reported.has(page.file) || failed.has(page.file)) continue;
    reported.add(page.file);
    diagnostics.push({
      ruleId: 'search-excluded',
      severity: 'warning',
      message: `${page.url} has no text and no heading, so search leaves it out and readers cannot find it`,
      hint: `write the page; if it is meant to stay out of search, add its path to search.exclude in ${shownPath(site.configFile)}`,
      paths: [site.configFile],
      file: page.file,
      line: 1,
      column: 1,
    });
  }
  const used = new Set(excluded.flatMap((page) => (page.pattern === undefined ? [] : [page.pattern])));
  const unused = config.search.exclude.flatMap((pattern, i) => (used.has(i) ? [] : [{ pattern, i }]));
  if (unused.length) {
    const parsed = configYaml;
    for (const { pattern, i } of unused) {
      diagnostics.push({
        ruleId: 'search-exclude-unmatched',
        severity: 'warning',
        message: `search.exclude "${pattern}" matches no page, so it leaves nothing out of search`,
        hint: 'write the path as in the address bar, e.g. "/developers/internal/**" or "/*/privacy-notice/*"; remove the pattern if the page is gone',
        file: site.configFile,
        ...positionOfPath(parsed, ['search', 'exclude', i]),
      });
    }
  }
  return diagnostics;
}
