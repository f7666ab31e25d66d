// Versioned documents (collections with order: versions): the document a page is a
// version of ("terms-and-conditions", without locale) and its version ("v5.0").
import type { Page, Site } from '../content/site.js';
import { compilePattern } from '../content/collection-pattern.js';

export interface Series {
  /** The document's path without locale and version, as in the resolver's facts.legal. */
  path: string;
  version: string;
}

export function seriesOf(site: Pick<Site, 'collections'>, page: Page): Series | null {
  const collection = site.collections.find((c) => c.name === page.info.collection);
  if (!collection || collection.order !== 'versions' || !page.url || collection.url === undefined) return null;
  // The {name:version} placeholder of its file patterns.
  const name = collection.files.map((f) => compilePattern(f)).flatMap((c) => (c.ok ? c.value.placeholders : [])).find((p) => p.kind === 'version')?.name;
  const version = name ? page.info.params[name] : undefined;
  const segments = page.url.split('/').filter(Boolean);
  if (collection.translated) segments.shift();
  if (!version || segments.at(-1) !== version) return null;
  return { path: segments.slice(0, -1).join('/'), version };
}
