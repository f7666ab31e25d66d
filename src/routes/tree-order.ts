// Folder order, for prev/next cards (collections with order: prev-next): a folder's index
// first, then its pages by `order` then title, then its folders by their index's
// `order`, then by name. "x.md" beside a folder "x/" is that folder's index.
import type { Page } from '../content/site.js';
import { compareText } from '../collate.js';

/** `pathOf` gives the page's path within its collection's tree (without a locale folder). */
export function treeOrder(pages: readonly Page[], pathOf: (page: Page) => string): Page[] {
  const parts = new Map(pages.map((p) => [p, pathOf(p).replace(/\.md$/, '').split('/')]));
  const folders = new Set([...parts.values()].flatMap((segs) => segs.slice(0, -1).map((_, i) => segs.slice(0, i + 1).join('/'))));
  const place = (p: Page) => {
    const segs = parts.get(p)!;
    if (segs.at(-1) === 'index') return { folder: segs.slice(0, -1), index: true };
    return folders.has(segs.join('/')) ? { folder: segs, index: true } : { folder: segs.slice(0, -1), index: false };
  };
  const indexOrder = new Map<string, number>();
  for (const page of pages) {
    const { folder, index } = place(page);
    if (index && typeof page.data.order === 'number') indexOrder.set(folder.join('/'), page.data.order);
  }
  const folderRank = (folder: string[], depth: number) => indexOrder.get(folder.slice(0, depth + 1).join('/')) ?? Infinity;
  // Each page's place once, not at each of the sort's comparisons.
  const places = new Map(pages.map((p) => [p, place(p)]));
  return [...pages].sort((a, b) => {
    const pa = places.get(a)!;
    const pb = places.get(b)!;
    for (let i = 0; i < Math.min(pa.folder.length, pb.folder.length); i++) {
      if (pa.folder[i] === pb.folder[i]) continue;
      return folderRank(pa.folder, i) - folderRank(pb.folder, i) || compareText(pa.folder[i]!, pb.folder[i]!);
    }
    if (pa.folder.length !== pb.folder.length) return pa.folder.length - pb.folder.length;
    if (pa.index !== pb.index) return pa.index ? -1 : 1;
    return (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || compareText(a.data.title, b.data.title);
  });
}
