// Text for AI tools and readers who want it (issue #18, llmstxt.org): a Markdown twin
// beside every page (/developers/dashboard-api.md, /nl/support.md, /1/api/ruby.md),
// /llms.txt (the site map: one line per page with its description, per locale) and
// /llms-full.txt (the whole text of the default locale's pages in one file). Built from
// the twins the renderer made of each page (remark-twin.ts) and the route plan;
// `llms.enabled: false` turns it off.
import type { Root } from 'mdast';
import type { LocalizedString } from '../config/schema.js';
import type { Page, Site } from '../content/site.js';
import type { RenderedDocument } from '../render/render-documents.js';
import { apiTwin, pageTwin, twinRedirects, type TwinContext } from '../render/render-markdown.js';
import { siteFacts } from '../routes/facts.js';
import { LLMS_FULL_TXT_URL, LLMS_TXT_URL, markdownTwinUrl } from '../routes/markdown-twin.js';
import type { DocumentPlan, PageDocument, RoutePlan } from '../routes/plan.js';
import type { OutputFile } from './assets.js';
import { heapKeeper } from './heap.js';
import { digest } from '../cache/fingerprint.js';
import { builtinTheme, localeName } from '../../theme/index.js';
import { siteStrings } from '../theme/strings.js';

export interface LlmsInput {
  site: Site;
  plan: Pick<RoutePlan, 'documents' | 'urlBySource'>;
  /** The rendered documents: each carries its twin, made while it was rendered. */
  documents?: readonly Pick<RenderedDocument, 'url' | 'markdown' | 'cacheKey'>[];
}

const hasTwin = (doc: DocumentPlan) => doc.kind === 'page' || doc.kind === 'api';

/** The paths the files will have, without making them (`check` looks for collisions only). */
export function llmsPaths(plan: Pick<RoutePlan, 'documents'>): string[] {
  return [LLMS_TXT_URL.slice(1), LLMS_FULL_TXT_URL.slice(1), ...plan.documents.filter(hasTwin).map((d) => markdownTwinUrl(d.url).slice(1))];
}

export function llmsFiles({ site, plan, documents = [] }: LlmsInput): OutputFile[] {
  const { config } = site;
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const pageOf = (source: string): Page => {
    const page = bySource.get(source);
    if (!page) throw new Error(`Internal error: the plan names ${source}, which was not loaded`);
    return page;
  };
  const ctx: TwinContext = {
    api: site.api,
    apiLanguages: config.api.languages,
    engine: config.markdown.engine,
    urlBySource: new Map(Object.entries(plan.urlBySource)),
    assets: new Set(site.assets.map((a) => a.rel)),
    siteUrl: config.site.url,
    redirectOf: twinRedirects(siteFacts(site)),
    trees: new Map<string, Root>(),
    strings: siteStrings(builtinTheme, config.theme.strings),
  };
  const rendered = new Map(documents.filter((d) => d.markdown !== undefined).map((d) => [d.url, d.markdown!]));
  const twins = new Map<string, string>();
  // A document rendered without its twin (none is, when building) reads its sources again.
  const keepHeap = heapKeeper();
  for (const doc of plan.documents) {
    const made = rendered.get(doc.url);
    if (made !== undefined) twins.set(doc.url, made);
    else if (doc.kind === 'page') twins.set(doc.url, pageTwin(doc, pageOf(doc.source), ctx));
    else if (doc.kind === 'api') twins.set(doc.url, apiTwin(doc, doc.sections.map(pageOf), ctx));
    else continue;
    keepHeap();
  }
  const files: OutputFile[] = [...twins].map(([url, text]) => ({ path: markdownTwinUrl(url).slice(1), contents: text }));
  // The pages of no locale, by collection: both files list them.
  const groups = untranslatedGroups(site, plan.documents.filter((d): d is PageDocument => d.kind === 'page'));
  files.push({ path: LLMS_TXT_URL.slice(1), contents: llmsTxt(site, plan.documents, groups) });
  // Each part is its document's twin, which its cache key names (output-cache.ts): so are the parts.
  const keys = new Map(documents.filter((d) => d.cacheKey && rendered.has(d.url)).map((d) => [d.url, d.cacheKey!]));
  files.push({ path: LLMS_FULL_TXT_URL.slice(1), ...llmsFullTxt(site, plan.documents, groups, twins, keys) });
  return files;
}

/** The pages worth listing: real translations (no fallback copies) and the latest legal versions; older versions go under "Optional". */
function isOlderLegal(doc: PageDocument): boolean {
  return doc.legalVersions.length > 0 && !doc.legalVersions.some((v) => v.url === doc.url && v.latest);
}

type Groups = ReturnType<typeof untranslatedGroups>;

function llmsTxt(site: Site, documents: readonly DocumentPlan[], groups: Groups): string {
  const { config } = site;
  const abs = (path: string) => new URL(path, config.site.url).href;
  const entry = (doc: DocumentPlan, title = doc.title) => `- [${title.replace(/[[\]]/g, '')}](${abs(markdownTwinUrl(doc.url))})${doc.description ? `: ${oneLine(doc.description)}` : ''}`;
  const pages = documents.filter((d): d is PageDocument => d.kind === 'page');
  const translated = (locale: string) => homeFirst(pages.filter((d) => d.alternates.length > 0 && d.locale === locale && !d.fallback));
  const apis = documents.filter((d) => d.kind === 'api');
  const defaultApis = apis.filter((d) => d.kind === 'api' && d.version === config.versions.default);
  const sections: string[] = [];
  for (const group of groups) sections.push([`## ${group.heading}`, ...group.docs.map((d) => entry(d))].join('\n'));
  if (defaultApis.length) {
    const lines = defaultApis.map((d) => entry(d, `${d.title} (${d.kind === 'api' ? d.language : ''} examples)`));
    if (site.api) lines.push(`- [OpenAPI document](${abs('/openapi.yaml')}): the OpenAPI ${site.api.openapi} description of the ${site.api.title}, also as [JSON](${abs('/openapi.json')})`);
    sections.push(['## API reference', ...lines].join('\n'));
  }
  for (const locale of config.locales.available) {
    const list = translated(locale).filter((d) => !isOlderLegal(d));
    if (list.length) sections.push([`## ${languageName(locale)} (${locale})`, ...list.map((d) => entry(d))].join('\n'));
  }
  const optional = [
    `- [Full text](${abs(LLMS_FULL_TXT_URL)}): every page of the ${languageName(config.locales.default)} documentation${apis.length ? ' and the API reference' : ''} in one file`,
    ...apis.filter((d) => !defaultApis.includes(d)).map((d) => entry(d, `${d.title}, version ${d.kind === 'api' ? d.version : ''} (${d.kind === 'api' ? d.language : ''} examples)`)),
    ...config.locales.available.flatMap((locale) => translated(locale).filter(isOlderLegal).map((d) => entry(d, `${d.title} ${d.legalVersions.find((v) => v.url === d.url)?.version ?? ''} (${locale})`))),
  ];
  sections.push(['## Optional', ...optional].join('\n'));
  return `# ${config.product.name}\n\n> ${summary(site, documents)}\n\n${config.product.name} ${config.product.tag} documentation by ${config.product.provider}. Every page has a Markdown version: its URL with \`.md\` added (the links below).\n\n${sections.join('\n\n')}\n`;
}

/** The file, and its id when every part has a cache key: the header and the parts' URLs and keys, not 6 MB hashed. */
function llmsFullTxt(site: Site, documents: readonly DocumentPlan[], groups: Groups, twins: ReadonlyMap<string, string>, keys: ReadonlyMap<string, string>): { contents: string; id?: string } {
  const { config } = site;
  const pages = documents.filter((d): d is PageDocument => d.kind === 'page');
  const chosen: DocumentPlan[] = [
    ...homeFirst(pages.filter((d) => d.alternates.length > 0 && d.locale === config.locales.default && !d.fallback && !isOlderLegal(d))),
    ...groups.flatMap((group) => group.docs),
    ...documents.filter((d) => d.kind === 'api' && d.version === config.versions.default && d.language === config.api.defaultLanguage),
  ];
  const parts = chosen.map((doc) => {
    const text = twins.get(doc.url) ?? '';
    // The page's address under its title, so each part says where it comes from.
    const newline = text.indexOf('\n');
    const title = text.slice(0, newline);
    const source = `\n\nSource: ${new URL(doc.url, config.site.url).href}`;
    // Trimmed piece by piece, as the whole would be: trimming the joined part would copy
    // every twin once more (24 MB at 4000 pages) before the join copies them all.
    if (title.trim() === '') return `${title}${source}${text.slice(newline)}`.trim();
    return `${title.trimStart()}${source}${text.slice(newline).trimEnd()}`;
  });
  const header = `# ${config.product.name} documentation, full text\n\n> ${summary(site, documents)}\n\n`;
  const contents = `${header}${parts.join('\n\n---\n\n')}\n`;
  const named = chosen.every((doc) => keys.has(doc.url));
  return named ? { contents, id: `llms:${digest(header, config.site.url, ...chosen.flatMap((doc) => [doc.url, keys.get(doc.url)!]))}` } : { contents };
}

/**
 * The pages of no locale (the guides of the built-in collections, and any collection
 * without translated: true), by collection in the order they are declared, each under a
 * heading: its own label (collections[].label), else the label of a menu item leading into it (the default locale's), else the title
 * of the page the others are under ("/developers" of "/developers/…"), else its name.
 */
export function untranslatedGroups(site: Site, pages: readonly PageDocument[]): { heading: string; docs: PageDocument[] }[] {
  const { config } = site;
  const collectionOf = new Map(site.pages.map((p) => [p.source, p.info.collection]));
  const byCollection = new Map<string, PageDocument[]>(site.collections.map((c) => [c.name, []]));
  for (const doc of pages) if (doc.alternates.length === 0) byCollection.get(collectionOf.get(doc.source) ?? '')?.push(doc);
  const label = (text: LocalizedString) => (typeof text === 'string' ? text : (text[config.locales.default] ?? Object.values(text)[0] ?? ''));
  const under = (url: string, base: string) => url === base || url.startsWith(base === '/' ? '/\0' : `${base}/`);
  const own = new Map(site.collections.map((c) => [c.name, c.label]));
  return [...byCollection]
    .filter(([, docs]) => docs.length > 0)
    .map(([name, docs]) => {
      const mine = own.get(name);
      if (mine !== undefined) return { heading: label(mine).replace(/\s*\n\s*/g, ' '), docs };
      const item = config.menu.find((i) => 'to' in i && docs.some((d) => under(d.url, i.to)));
      const index = docs.length > 1 ? docs.find((top) => docs.every((d) => under(d.url, top.url))) : undefined;
      const heading = (item && label(item.label)) || index?.title || name.charAt(0).toUpperCase() + name.slice(1);
      return { heading: heading.replace(/\s*\n\s*/g, ' '), docs };
    });
}

/** A locale's pages in reading order: the home page, the help sections as their previous/next cards chain them, then the rest. */
function homeFirst(docs: PageDocument[]): PageDocument[] {
  const isHome = (d: PageDocument) => d.layout === 'home';
  const chained = docs.filter((d) => d.prev || d.next);
  const byUrl = new Map(chained.map((d) => [d.url, d]));
  const ordered: PageDocument[] = [];
  for (const start of chained.filter((d) => !d.prev || !byUrl.has(d.prev.url))) {
    for (let at: PageDocument | undefined = start; at && !ordered.includes(at); at = at.next ? byUrl.get(at.next.url) : undefined) ordered.push(at);
  }
  return [...docs.filter(isHome), ...ordered, ...docs.filter((d) => !isHome(d) && !ordered.includes(d))];
}

/** The description of the default locale's home page (layout home, wherever it is), or the product line. */
function summary(site: Site, documents: readonly DocumentPlan[]): string {
  const home = documents.find((d) => d.kind === 'page' && d.layout === 'home' && d.locale === site.config.locales.default && !d.fallback);
  return oneLine(home?.description || `${site.config.product.name}: ${site.config.product.tag}`);
}

/**
 * A locale's name in its own language: the locale picker's (the theme's LOCALE_NAMES, the
 * same names), or else Intl.DisplayNames', each of which loads its locale's data (7 ms
 * of every build).
 */
const languageNames = new Map<string, string>();

export function languageName(locale: string): string {
  let name = languageNames.get(locale);
  if (name === undefined) languageNames.set(locale, (name = localeName(locale)));
  return name;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
