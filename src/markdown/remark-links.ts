// Resolves links and images written as source paths ("../guides/x.md#step",
// "./diagram.svg") to built URLs, and records every internal link for the anchor check.
import { posix } from 'node:path';
import type { Definition, Image, Link, Root } from 'mdast';
import { walk, type WalkNode } from './walk.js';
import type { VFile } from 'vfile';
import { splitHash } from '../routes/paths.js';
import { contextOf } from './context.js';

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;

export default function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    walk(tree as WalkNode, (any) => {
      const node = any as unknown as Link | Image | Definition;
      if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
      const url = node.url;
      const line = node.position?.start.line ?? 1;
      const column = node.position?.start.column ?? 1;
      if (!url) return;
      if (SCHEME_RE.test(url) || url.startsWith('//')) {
        // Off-site: kept whole, with its place, for `bankdocs check --external`.
        ctx.links.push({ path: url, hash: null, line, column });
        return;
      }
      const [path, hash] = splitHash(url);
      const problem = (message: string, hint: string) => {
        ctx.diagnostics.push({ ruleId: 'broken-link', severity: 'error', message, hint, file: ctx.file, line, column });
        // Kept as written in the page: the link checks must not report it a second time.
        ctx.links.push({ path, hash: hash ?? null, line, column, reported: true });
      };

      if (path.startsWith('/')) {
        ctx.links.push({ path, hash: hash ?? null, line, column });
        return;
      }
      if (path === '') {
        ctx.links.push({ path: '', hash: hash ?? null, line, column });
        return;
      }
      const target = posix.normalize(posix.join(posix.dirname(ctx.source), decodeURI(path.split('?')[0]!)));
      if (target.startsWith('../')) {
        problem(`"${url}" points outside the content folder`, 'link to a page by its URL ("/developers/…") or by a path inside content/');
        return;
      }
      if (target.endsWith('.md')) {
        const pageUrl = ctx.urlBySource.get(target);
        if (!pageUrl) {
          problem(`"${url}" points to ${target}, which is not a page`, suggest(target, [...ctx.urlBySource.keys()]));
          return;
        }
        node.url = hash === undefined ? pageUrl : `${pageUrl}#${hash}`;
        ctx.links.push({ path: pageUrl, hash: hash ?? null, line, column });
        return;
      }
      if (!ctx.assets.has(target)) {
        problem(`"${url}" points to ${target}, which is not a file under content/`, suggest(target, [...ctx.assets]));
        return;
      }
      node.url = `/${target}${hash === undefined ? '' : `#${hash}`}`;
    });
  };
}

/** A "did you mean" hint: the candidate closest by edit distance, if close enough. */
export function suggest(wanted: string, candidates: readonly string[]): string {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(wanted, candidate);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best !== null && bestDistance <= Math.max(3, wanted.length / 3)
    ? `did you mean "${best}"?`
    : 'check the path: relative links are resolved from the folder of this file';
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 12) return Infinity;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
