// The key of a rendered document: a hash of everything its HTML and facts are made from.
// What every document shares (the site key) is hashed once per run: the tool, the config,
// the site's plugins, every page's front matter and URL (menus, prev/next, sidebars and
// links read them), the content files' sizes and times (image sizes are read from them),
// the API model, the route facts and the runtime's asset URLs (which hash the theme's
// CSS and scripts). A document adds its plan and the Markdown of the sources it shows.
// Whatever is left out of the key would make a stale page, so the key errs on the wide side.
import { statSync } from 'node:fs';
import type { RenderInput } from '../render/render-documents.js';
import type { DocumentPlan } from '../routes/plan.js';
import { pluginStamp } from '../plugin/sources.js';
import { digest, toolFingerprint } from './fingerprint.js';

export interface KeyOptions {
  /** A page rendered for output differs from one only read for ids and links (check). */
  mode: 'output' | 'scan';
}

export function siteKey(input: RenderInput, { mode }: KeyOptions): string {
  const { site } = input;
  const pages = site.pages.map((p) => [p.source, p.url, p.info, p.data]);
  const files = [...site.assets, ...site.hostFiles].map((a) => {
    const stat = statSync(a.file, { throwIfNoEntry: false });
    return [a.rel, stat?.size ?? -1, stat?.mtimeMs ?? -1];
  });
  // Each plugin with every file it may import (src/plugin/sources.ts).
  const plugins = (site.markdownPlugins ?? []).map((p) => [p, pluginStamp(p.url, [site.contentDir])]);
  return digest(
    toolFingerprint(),
    mode,
    JSON.stringify(site.config),
    JSON.stringify(plugins),
    site.theme?.hash ?? '',
    JSON.stringify(pages),
    JSON.stringify(files),
    JSON.stringify(site.api),
    JSON.stringify(input.plan),
    input.factsJson,
    JSON.stringify(input.assets),
    String(input.buildYear),
    String(input.forOutput !== false),
  );
}

export function documentKey(site: string, doc: DocumentPlan, bodyOf: (source: string) => string): string {
  const sources = doc.kind === 'page' ? [doc.source] : doc.kind === 'api' ? doc.sections : [];
  return digest(site, JSON.stringify(doc), ...sources.map(bodyOf));
}
