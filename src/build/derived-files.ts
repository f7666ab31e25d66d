// The files that follow from the route plan rather than from one page: redirect stubs,
// _redirects, _headers (security headers), sitemap.xml, robots.txt, the published OpenAPI document, and content
// files copied as they are. Shared by the build and the dev server.
import { runtimeStringsFile } from '../render/runtime-strings.js';
import { readFileSync } from 'node:fs';
import type { ApiModel } from '../api/openapi.js';
import type { Site } from '../content/site.js';
import { renderRobots, renderSitemap } from '../render/render-sitemap.js';
import { renderStub } from '../render/render-stub.js';
import { siteStrings } from '../theme/strings.js';
import { siteFacts } from '../routes/facts.js';
import { OPENAPI_JSON_URL, OPENAPI_YAML_URL, outputPath } from '../routes/paths.js';
import type { RoutePlan } from '../routes/plan.js';
import { formatRedirectsFile, planRedirects, type RedirectStub } from '../routes/redirects.js';
import { builtinTheme } from '../../theme/index.js';
import type { MadeFile } from './assets.js';
import { contentSecurityPolicy, formatHeadersFile } from './security-headers.js';

export interface DerivedInput {
  site: Site;
  plan: RoutePlan;
  /** Route facts as JSON, inlined into the stubs with the resolver. */
  factsJson: string;
  redirectScript: string;
  /** The runtime's files (named by their content's hash): cached for ever. */
  bundled: readonly string[];
  /** Owned by a long-running caller (the dev server): the OpenAPI files by source and mtime. */
  cache?: Map<string, MadeFile[]>;
}

export function derivedFiles({ site, plan, factsJson, redirectScript, bundled, cache }: DerivedInput): { stubs: RedirectStub[]; files: MadeFile[] } {
  const siteUrl = site.config.site.url;
  const stubs = planRedirects(siteFacts(site), new Set(plan.documents.map((d) => d.url)));
  const strings = runtimeStringsFile(site);
  const stringsOf = siteStrings(builtinTheme, site.config.theme.strings);
  const stubFile = (stub: RedirectStub): MadeFile => {
    // A stub under /nl/ speaks Dutch; one outside every locale's folder, the default locale.
    const first = stub.from.split('/')[1] ?? '';
    const lang = site.config.locales.available.includes(first) ? first : site.config.locales.default;
    return { path: outputPath(stub.from), contents: renderStub({ stub, siteUrl, lang, strings: stringsOf(lang), factsJson, redirectScript }) };
  };
  const files: MadeFile[] = [
    ...stubs.map(stubFile),
    { path: '_redirects', contents: withHostFile(site, '_redirects', formatRedirectsFile(stubs)) },
    ...(site.api ? publishOpenApi(site.api, cache) : []),
    { path: 'sitemap.xml', contents: renderSitemap(plan.documents, siteUrl, site.config.locales.default) },
    { path: 'robots.txt', contents: renderRobots(siteUrl) },
    // The runtime's own words in every locale, for pages that are not translated (runtime-strings.ts).
    ...(strings ? [{ path: strings.path, contents: strings.contents }] : []),
    ...site.assets.map((a) => ({ path: a.rel, from: a.file })),
    ...site.hostFiles.filter((h) => h.rel !== '_redirects' && h.rel !== '_headers').map((h) => ({ path: h.rel, from: h.file })),
  ];
  const policy = contentSecurityPolicy({ config: site.config, inlineScripts: [builtinTheme.bootScript, redirectScript] });
  files.push({ path: '_headers', contents: withHostFile(site, '_headers', formatHeadersFile(policy, [...bundled, ...(strings ? [strings.path] : [])])) });
  return { stubs, files };
}

/**
 * The OpenAPI document as written (YAML) and as JSON, at /openapi.yaml and /openapi.json.
 * The JSON is the document loadApi parsed (and checked: no aliases, no $ref outside), not
 * a second parse of the file.
 */
function publishOpenApi(api: ApiModel, cache?: Map<string, MadeFile[]>): MadeFile[] {
  const cached = cache?.get(api.text);
  if (cached) return cached;
  const files: MadeFile[] = [
    { path: OPENAPI_YAML_URL.slice(1), contents: api.text },
    { path: OPENAPI_JSON_URL.slice(1), contents: `${JSON.stringify(api.document, null, 2)}\n` },
  ];
  cache?.clear();
  cache?.set(api.text, files);
  return files;
}

/** A generated host file followed by the writer's own (listed in site.hostFiles), if any. */
function withHostFile(site: Site, name: '_redirects' | '_headers', generated: string): string {
  const own = site.hostFiles.find((h) => h.rel === name);
  if (!own) return generated;
  const text = readFileSync(own.file, 'utf8');
  return `${generated}${generated && !generated.endsWith('\n') ? '\n' : ''}${generated ? '\n' : ''}# From ${site.config.site.contentDir}/${name} (site.hostFiles)\n${text}${text.endsWith('\n') ? '' : '\n'}`;
}
