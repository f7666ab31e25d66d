// Reads what the link checker needs from a rendered page: every id, and every link and
// image with the order it appears in. htmlparser2 is a streaming parser: no tree is built.
import { Parser } from 'htmlparser2';

export interface ScannedPage {
  ids: Set<string>;
  links: { href: string; tag: 'a' | 'img' }[];
}

export function scanHtml(html: string): ScannedPage {
  const ids = new Set<string>();
  const links: ScannedPage['links'] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (name === 'a' && attributes.name) ids.add(attributes.name);
        if (name === 'a' && attributes.href !== undefined) links.push({ href: attributes.href, tag: 'a' });
        if (name === 'img' && attributes.src !== undefined) links.push({ href: attributes.src, tag: 'img' });
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { ids, links };
}
