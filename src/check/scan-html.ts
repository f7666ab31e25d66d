// Reads what the link checker needs from a rendered page: every id, and every link and
// image with the order it appears in. htmlparser2 is a streaming parser: no tree is built.
import { Parser } from 'htmlparser2';

export interface ScannedPage {
  ids: Set<string>;
  links: { href: string; tag: 'a' | 'img' }[];
}

type Link = ScannedPage['links'][number];

/**
 * One object per distinct link, shared by every page that has it: menus, sidebars and
 * footers repeat the same links on every page, and a site of 10 000 pages would otherwise
 * hold ten million of them. Pass the same map for every page a thread scans.
 */
export type LinkPool = Map<string, Link>;

export function scanHtml(html: string, pool: LinkPool = new Map()): ScannedPage {
  const ids = new Set<string>();
  const links: ScannedPage['links'] = [];
  const link = (href: string, tag: Link['tag']): Link => {
    const key = `${tag} ${href}`;
    let shared = pool.get(key);
    if (!shared) pool.set(key, (shared = { href, tag }));
    return shared;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (name === 'a' && attributes.name) ids.add(attributes.name);
        if (name === 'a' && attributes.href !== undefined) links.push(link(attributes.href, 'a'));
        if (name === 'img' && attributes.src !== undefined) links.push(link(attributes.src, 'img'));
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { ids, links };
}
