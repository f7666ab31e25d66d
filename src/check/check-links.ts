// Links and anchors across every rendered page, content and theme alike. Ids come from
// the rendered HTML, so ids made by components count and slug rules cannot disagree.
// A link to a redirecting route is checked against where the redirect lands (/api#x
// against /1/api/curl). External links are collected, not fetched (see check-external).
import type { LinkItem } from '../config/schema.js';
import { positionOfPath, type ParsedYaml } from '../config/yaml-positions.js';
import { diagnosticKey, type Diagnostic, type Severity } from '../diagnostics.js';
import { suggest } from '../did-you-mean.js';
import { decodedPath, safeDecode } from '../url-decode.js';
import type { RenderedDocument } from '../render/render-documents.js';
import type { Page, Site } from '../content/site.js';
import { localizePath, outputPath } from '../routes/paths.js';
import { unknownChoice, unknownChoiceKnown } from '../routes/direct-links.js';
import { resolveRoute, type SiteFacts } from '../routes/resolve.js';
import { translatedSegments } from '../routes/route-rules.js';
import type { RoutePlan } from '../routes/plan.js';
import { scanHtml, type ScannedPage } from './scan-html.js';
import { allowedBySources } from './csp-source.js';
import { imageSources } from '../build/security-headers.js';
import { PackedDocument } from '../cache/document-cache.js';
import { digest } from '../cache/fingerprint.js';
import { SEARCH_DIR } from '../search/build-index.js';

export interface ExternalLink {
  url: string;
  file: string;
  line: number;
  column: number;
}

export interface LinkCheckInput {
  site: Site;
  /** docs.config.yaml as read, for the place of a menu or footer link. */
  configYaml: ParsedYaml;
  facts: SiteFacts;
  documents: readonly RenderedDocument[];
  /** Every output file path (no leading slash), for links to assets and downloads. */
  outputPaths: ReadonlySet<string>;
  /** Source of each document URL, for links the theme makes. */
  sourceOf: (url: string) => Page | null;
  /** How grave each kind of problem is for the command that asks (default: every problem is an error). */
  severity?: (ruleId: string) => Severity;
  /** What each unchanged page's links came to in the last run (see LinkMemo). */
  memo?: LinkMemo | null;
}

export interface LinkCheckResult {
  diagnostics: Diagnostic[];
  external: ExternalLink[];
}

const SKIP_SCHEMES_RE = /^(mailto|tel|data):/i;

/**
 * What the last run found on each page it checked, by the page's cache key: the links
 * that came to something (a problem or an off-site URL), in page order. A page is the
 * same page while its key is (its HTML is a function of it), and its links come to the
 * same while the rest of the site looks the same to them: every page's URL and ids, every
 * output file, the redirects (the graph key). A build that changes a page's text but no
 * heading checks that page's links alone; a changed heading, page or file checks them all.
 */
export interface LinkMemo {
  get(key: string): LinkFindings | undefined;
  set(key: string, value: LinkFindings): void;
}
export interface LinkFindings {
  graph: string;
  found: [string, Exclude<Verdict, null>][];
}
export const isLinkFindings = (value: unknown): value is LinkFindings => typeof value === 'object' && value !== null && typeof (value as LinkFindings).graph === 'string' && Array.isArray((value as LinkFindings).found);

/** The page a document is made from, for the place of a link the theme makes (its menus, sidebars). */
export function documentSources(site: Site, plan: RoutePlan): (url: string) => Page | null {
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const planned = new Map(plan.documents.map((d) => [d.url, d]));
  return (url) => {
    const doc = planned.get(url);
    if (doc?.kind === 'page') return bySource.get(doc.source) ?? null;
    if (doc?.kind === 'api') return bySource.get(doc.sections[0] ?? '') ?? null;
    return null;
  };
}

export async function checkLinks(input: LinkCheckInput): Promise<LinkCheckResult> {
  const { site, facts, documents, memo } = input;
  const origin = new URL(site.config.site.url).origin;
  const images = imageSources(site.config);
  // Each page's ids and links as rendered, read once; its ids alone where the cache keeps them apart from its links.
  const scans = new Map<RenderedDocument, ScannedPage>();
  const scanOf = (doc: RenderedDocument): ScannedPage => {
    let scan = scans.get(doc);
    if (!scan) scans.set(doc, (scan = doc.scanned ?? scanHtml(doc.html)));
    return scan;
  };
  const ids = new Map(documents.map((d) => [d.url, { ids: d instanceof PackedDocument ? d.scannedIds : scanOf(d).ids }]));
  const configPlaces = themeLinkPlaces(site, input.configYaml);
  const missingSiteFiles = new Set([site.config.site.logo, site.config.site.socialImage].filter((file): file is string => Boolean(file) && !input.outputPaths.has(file!)));
  const diagnostics = new Map<string, Diagnostic>();
  const external = new Map<string, ExternalLink>();
  const fresh = { storedLocale: null, storedLanguage: null };
  const severityOf = input.severity ?? (() => 'error' as const);
  /** Set when a link of the page being judged is to a file whose name changes from build to build (the search index's). */
  let volatile = false;
  /** Links that led into the search index's files from some page (a relative one may from one page only: kept conservatively). */
  const volatileHrefs = new Set<string>();

  /** What a link to `href` from `doc` comes to: fine, an off-site link, or a problem. */
  const judge = (href: string, doc: RenderedDocument, tag: 'a' | 'img'): Verdict => {
    // "#x" with nothing the URL parser would encode or drop: an id on this very page (most of a page's links: its headings' own).
    if (PLAIN_FRAGMENT_RE.test(href)) return anchorVerdict(href, href.length > 1 ? safeDecode(href.slice(1)) : null, doc.url, ids.get(doc.url)!, '');
    if (/^javascript:/i.test(href)) return { ruleId: 'unsafe-link', message: `"${href.slice(0, 40)}" runs script from a link`, hint: 'link to a page or an anchor instead' };
    let url: URL;
    try {
      url = new URL(href, `${origin}${doc.url === '/404' ? '/' : doc.url}`);
    } catch {
      return { ruleId: 'broken-link', message: `"${href}" is not a valid URL`, hint: 'check the link for stray spaces or characters' };
    }
    // The site's own address over http is the site too (the host redirects it): its path is checked.
    if (url.origin !== origin && !(url.protocol === 'http:' && `https://${url.host}` === origin)) {
      // An image from another origin shows only where the site's own policy lets pages load it.
      if (tag === 'img' && !allowedBySources(url, images, origin)) return imageBlocked(url);
      return /^https?:$/.test(url.protocol) ? { external: url.href } : null;
    }
    // "#x" is on this very page, whatever its URL looks like (404.html is served anywhere).
    const path = href.startsWith('#') ? doc.url : (decodedPath(url.pathname) ?? url.pathname).replace(/\/+$/, '') || '/';
    const hash = url.hash ? safeDecode(url.hash.slice(1)) : null;
    if (path.startsWith(`/${SEARCH_DIR}/`)) volatileHrefs.add(href);
    if (input.outputPaths.has(path.slice(1))) {
      // A page's Markdown copy ("/developers/x.md") is a plain text file: an anchor in it was meant for the page.
      const page = path.endsWith('.md') ? path.slice(0, -3) : null;
      if (hash && page !== null && ids.has(page)) return { ruleId: 'broken-link', message: `"${href}" points into the Markdown copy of ${page}, which has no anchors`, hint: `link to the page: ${page}#${hash}` };
      return null; // an asset or download
    }
    // The logo or social image the config names and the content lacks: reported once, at the config's line.
    if (missingSiteFiles.has(path.slice(1))) return null;
    let targetUrl = path;
    let via = '';
    if (!ids.has(targetUrl)) {
      const unknown = unknownChoice(path, facts);
      if (unknown) return { ruleId: 'broken-link', message: `"${href}" names ${unknown}, which the site does not have (readers would be sent elsewhere)`, hint: `the site has ${unknownChoiceKnown(unknown, facts)}` };
      const resolved = resolveRoute(path, '', fresh, facts);
      if (resolved.type === 'redirect') {
        targetUrl = resolved.to.split('#')[0]!;
        via = ` (which redirects to ${targetUrl})`;
        // A redirect no stub holds is made by 404.html's script: the host answers 404 first
        // (crawlers, tools reading the Markdown twins and readers without JavaScript stop there).
        if (!input.outputPaths.has(outputPath(path)) && ids.has(targetUrl)) {
          const to = `${targetUrl}${url.hash}`;
          const anchor = anchorVerdict(href, hash, path, ids.get(targetUrl)!, via);
          return anchor ?? { ruleId: 'link-redirects-in-browser', message: `"${href}" is answered 404 by a static host: only the 404 page's script sends readers on to ${targetUrl}`, hint: `link to ${to}`, severity: 'warning' };
        }
      }
    }
    const target = ids.get(targetUrl);
    if (!target) {
      // "/developers/index": a folder's page is the folder's URL.
      const folder = path.endsWith('/index') ? path.slice(0, -'/index'.length) || '/' : null;
      // "/assets/logo.png": a file the writer meant (an image, a download), not a page.
      if (folder === null && FILE_NAME_RE.test(path)) {
        const files = [...input.outputPaths].filter((p) => !p.endsWith('.html')).map((p) => `/${p}`);
        return { ruleId: 'broken-link', message: `"${href}" points to ${path}, which is no file of the site`, hint: suggest(path, files, 'check the path: a file in the content folder is published at its path there (assets/logo.svg is /assets/logo.svg)') };
      }
      const hint = folder !== null && ids.has(folder) ? `a folder's page is at the folder's URL: ${folder}${url.hash}` : suggest(path, [...ids.keys()], 'link to a page by its URL (dist/sitemap.xml lists them all), or to its Markdown file by a relative path');
      return { ruleId: 'broken-link', message: `"${href}" points to ${path}, which is no page of the site`, hint };
    }
    return anchorVerdict(href, hash, path, target, via);
  };
  // A site path ("/developers/x#y") comes to the same from every page: judged once. The
  // menus, sidebars and footers repeat the same links on every page.
  const verdicts = new Map<string, Verdict>();
  /** Every link of the page that comes to something, in page order. */
  const findingsOf = (doc: RenderedDocument): LinkFindings['found'] => {
    const found: LinkFindings['found'] = [];
    for (const { href, tag } of scanOf(doc).links) {
      if (!href || SKIP_SCHEMES_RE.test(href)) continue;
      const sitePath = href.startsWith('/') && !href.startsWith('//');
      let verdict = sitePath ? verdicts.get(href) : undefined;
      if (verdict === undefined) {
        verdict = judge(href, doc, tag);
        if (sitePath) verdicts.set(href, verdict);
      }
      if (volatileHrefs.has(href)) volatile = true;
      if (verdict) found.push([href, verdict]);
    }
    return found;
  };
  const graph = memo ? graphKey(origin, documents, ids, input.outputPaths, facts, images) : '';

  for (const doc of documents) {
    const remembered = memo && doc.cacheKey ? memo.get(doc.cacheKey) : undefined;
    let found: LinkFindings['found'];
    if (remembered?.graph === graph) found = remembered.found;
    else {
      volatile = false;
      found = findingsOf(doc);
      if (memo && doc.cacheKey && !volatile) memo.set(doc.cacheKey, { graph, found });
    }
    // Where the link is written, found only for the links that are to be reported (few).
    let sourceLinks: Map<string, RenderedDocument['links']> | null = null;
    for (const [href, verdict] of found) {
      const { written, reported, ...place } = placeOf(doc, href, (sourceLinks ??= sourceLinksByHref(doc)), configPlaces, input.sourceOf);
      if (reported) continue; // a source path the Markdown stage already reported
      if ('external' in verdict) external.set(`${verdict.external} ${place.file}:${place.line}:${place.column}`, { url: verdict.external, ...place });
      else add(diagnostics, { ...verdict, ...(written ? { message: `${verdict.message} (the link is written "${written}", which leads there)` } : {}), severity: verdict.severity ?? severityOf(verdict.ruleId), ...place, subject: href });
    }
  }
  return { diagnostics: [...diagnostics.values()], external: [...external.values()] };
}

/**
 * What the links of any page come to besides the page itself: the site's origin, every
 * page's URL and ids as rendered, every output file but the search index's (whose names
 * change with its contents; a page linking into it is never remembered), the redirects.
 */
function graphKey(origin: string, documents: readonly RenderedDocument[], ids: Map<string, { ids: ReadonlySet<string> }>, outputPaths: ReadonlySet<string>, facts: SiteFacts, images: readonly string[]): string {
  const pages = documents.map((d) => `${d.url}\u0001${[...ids.get(d.url)!.ids].join('\u0001')}`);
  const files = [...outputPaths].filter((p) => !p.startsWith(`${SEARCH_DIR}/`)).sort();
  return digest(origin, pages.join('\u0000'), files.join('\u0000'), JSON.stringify(facts), images.join(' '));
}

/**
 * An image from an origin the site's Content-Security-Policy does not list: the browser
 * does not load it (GitHub's OpenAPI descriptions show emoji from github.githubassets.com).
 */
function imageBlocked(url: URL): Verdict {
  return {
    ruleId: 'image-blocked',
    severity: 'warning',
    message: `the image ${url.href.length > 80 ? `${url.href.slice(0, 80)}…` : url.href} does not show: the site's Content-Security-Policy lets pages load images from its own origin only, and those listed`,
    hint: `copy the image into the content folder, or allow its origin in the config: site.contentSecurityPolicy: { img-src: ["${url.origin}"] }`,
  };
}

/** A path whose last segment has an extension other than .md ("/assets/logo.png"): a file, not a page ("/en/terms/v1.0" is a page). */
const FILE_NAME_RE = /\.(?!md$)[A-Za-z][A-Za-z0-9]*$/;

/** A fragment the URL parser leaves as written: printable ASCII but for what it percent-encodes. */
const PLAIN_FRAGMENT_RE = /^#[!#-;=?-_a-~]*$/;

/** A link to `hash` on the page at `path` (found): fine, or a missing anchor. */
function anchorVerdict(href: string, hash: string | null, path: string, target: { ids: ReadonlySet<string> }, via: string): Verdict {
  if (!hash || target.ids.has(hash)) return null;
  return {
    ruleId: 'missing-anchor',
    message: `"${href}": no heading or element with id "${hash}" on ${path}${via}`,
    hint: suggest(hash, [...target.ids], 'link to an existing heading; its id is the heading text in lower case with "-" for spaces'),
  };
}

function add(map: Map<string, Diagnostic>, d: Diagnostic): void {
  const key = diagnosticKey(d);
  if (!map.has(key)) map.set(key, d);
}


type Place = { file: string; line: number; column: number; reported?: boolean; written?: string };
export type Verdict = null | { external: string } | { ruleId: string; message: string; hint: string; severity?: Severity };

/**
 * The page's Markdown links by the href each becomes, in the order they appear: the n-th
 * `<a href>` of the page with that href is the n-th such link (issue #15: two identical
 * broken links were one diagnostic, the second taking the first one's place).
 */
function sourceLinksByHref(doc: RenderedDocument): Map<string, RenderedDocument['links']> {
  const byHref = new Map<string, RenderedDocument['links']>();
  for (const link of doc.links) {
    const href = hrefKey(link.hash === null ? link.path : `${link.path}#${link.hash}`);
    const list = byHref.get(href) ?? [];
    list.push(link);
    byHref.set(href, list);
  }
  return byHref;
}

/**
 * A link as written in Markdown and as the page's href match once decoded: the HTML has
 * "#caf%C3%A9%20x" where the Markdown has "#café x" (mdast-util-to-hast encodes it).
 */
function hrefKey(href: string): string {
  return href.includes('%') ? (decodedPath(href) ?? href) : href;
}

/** Where a link comes from: its Markdown source, the config (menu, footer), or the page's file. */
function placeOf(doc: RenderedDocument, href: string, sourceLinks: Map<string, RenderedDocument['links']>, configPlaces: Map<string, Place>, sourceOf: LinkCheckInput['sourceOf']): Place {
  const queue = sourceLinks.get(hrefKey(href));
  // The last one stays for hrefs the page repeats beyond its Markdown (a theme link to the same place).
  const fromContent = queue && (queue.length > 1 ? queue.shift() : queue[0]);
  if (fromContent) return { file: fromContent.file, line: fromContent.line, column: fromContent.column, ...(fromContent.reported ? { reported: true } : {}), ...(fromContent.written ? { written: fromContent.written } : {}) };
  const fromConfig = configPlaces.get(href);
  if (fromConfig) return fromConfig;
  const page = sourceOf(doc.url);
  return { file: page?.file ?? doc.path, line: 1, column: 1 };
}

/** Menu and footer items by the hrefs they become, at their place in docs.config.yaml. */
function themeLinkPlaces(site: Site, parsed: ParsedYaml): Map<string, Place> {
  const places = new Map<string, Place>();
  const items: [(string | number)[], LinkItem][] = [
    ...site.config.menu.map((item, i): [(string | number)[], LinkItem] => [['menu', i], item]),
    ...site.config.footer.links.map((item, i): [(string | number)[], LinkItem] => [['footer', 'links', i], item]),
  ];
  const translated = translatedSegments(site.collections);
  for (const [path, item] of items) {
    if ('action' in item) continue;
    const key = 'to' in item ? 'to' : 'href';
    const value = 'to' in item ? item.to : item.href;
    const place = { file: site.configFile, ...positionOfPath(parsed, [...path, key]) };
    for (const locale of site.config.locales.available) places.set(key === 'to' ? localizePath(value, locale, translated) : value, place);
    places.set(value, place);
  }
  return places;
}
