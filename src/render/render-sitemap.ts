// sitemap.xml (real pages only, with hreflang alternates) and robots.txt.
import type { DocumentPlan } from '../routes/plan.js';
import { escapeHtml } from './render-stub.js';
import { xDefaultUrl } from '../routes/alternates.js';

/** The real pages, each with its language versions and the one for other languages (x-default), as the pages' heads list them. */
export function renderSitemap(documents: readonly DocumentPlan[], siteUrl: string, defaultLocale: string): string {
  const abs = (path: string) => escapeHtml(new URL(path, siteUrl).href);
  const link = (hreflang: string, url: string) => `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${abs(url)}"/>`;
  const urls = documents
    .filter((d) => d.kind !== 'not-found' && !(d.kind === 'page' && d.fallback))
    .map((d) => {
      const alternates = d.alternates.length > 1 ? d.alternates.map((a) => link(a.locale, a.url)).join('') + link('x-default', xDefaultUrl(d.alternates, defaultLocale)!) : '';
      return `  <url>\n    <loc>${abs(d.url)}</loc>${alternates}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}
