// sitemap.xml (real pages only, with hreflang alternates) and robots.txt.
import type { DocumentPlan } from '../routes/plan.js';
import { escapeHtml } from './render-stub.js';

export function renderSitemap(documents: readonly DocumentPlan[], siteUrl: string): string {
  const abs = (path: string) => escapeHtml(new URL(path, siteUrl).href);
  const urls = documents
    .filter((d) => d.kind !== 'not-found' && !(d.kind === 'page' && d.fallback))
    .map((d) => {
      const alternates = d.alternates.length > 1 ? d.alternates.map((a) => `\n    <xhtml:link rel="alternate" hreflang="${a.locale}" href="${abs(a.url)}"/>`).join('') : '';
      return `  <url>\n    <loc>${abs(d.url)}</loc>${alternates}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}
