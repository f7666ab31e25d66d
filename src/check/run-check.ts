// The check, stage by stage: everything the build would hit (config, front matter,
// Markdown), then links and anchors over the rendered pages, the API examples against
// the OpenAPI document, and the translations. Reports everything at once.
import { join } from 'node:path';
import { compileSite } from '../build/build.js';
import { task, type TaskTimings } from '../build/task.js';
import { dedupeDiagnostics, shownPath, type Diagnostic } from '../diagnostics.js';
import { checkExamples } from './check-examples.js';
import type { ExternalLink } from './check-links.js';
import { checkSearch } from './check-search.js';
import { checkTranslations } from './check-translations.js';
import { loadRubyClient } from './ruby-client.js';
import { loadMarkdownPlugins } from '../markdown/plugins.js';
import { runPluginChecks } from '../plugin/checks.js';

export interface CheckOptions {
  config?: string;
  workers?: number | 'auto';
  /** Fetch external links (time-out, bounded concurrency, cached). */
  external?: boolean;
  externalTimeoutMs?: number;
  cacheFile?: string | null;
  /** Run every request example against the mock API (`--execute`). */
  execute?: boolean;
  /** false: read every page again, not what the last check read (`--no-cache`). */
  cache?: boolean;
}

export interface CheckResult {
  diagnostics: Diagnostic[];
  external: ExternalLink[];
  pages: number;
  timings: TaskTimings;
  /** What was left undone and why (`--execute` without curl or ruby): printed, not counted. */
  notices: string[];
  /** Pages taken from the last check's cache, not rendered again. */
  reused?: number;
  /** With `--execute`: how many examples ran against the mock. */
  executed?: { curl: number; ruby: number };
}

export async function runCheck(options: CheckOptions = {}): Promise<CheckResult> {
  const compiled = await compileSite({ ...(options.config ? { config: options.config } : {}), workers: options.workers ?? 'auto', keepGoing: true, scan: true, cache: options.cache === false ? null : 'scan' });
  const { timings } = compiled;
  const diagnostics = [...compiled.diagnostics];
  const notices: string[] = [];
  let executedCount: CheckResult['executed'];
  if (!compiled.compiled) return { diagnostics, external: [], pages: 0, timings, notices };
  // Links and anchors were checked by the compile, on the same link graph as the build's.
  const { site, documents, configYaml, external } = compiled.compiled;

  if (site.api) {
    const api = site.api;
    const ruby = await loadRubyClient(join(site.contentDir, site.config.api.rubyClient), api);
    diagnostics.push(...ruby.diagnostics);
    diagnostics.push(
      ...(await task(timings, 'check-examples', () =>
        checkExamples({
          api,
          pages: site.pages,
          // A client surface that did not load is its own error, not one more at every Ruby example.
          operationByCall: ruby.client === null && ruby.diagnostics.length ? null : ruby.operationByCall,
          openapiFile: join(site.contentDir, api.source),
          apiLanguages: site.config.api.languages,
          engine: site.config.markdown.engine,
          rubyClient: shownPath(join(site.contentDir, site.config.api.rubyClient)),
          product: site.config.product.name,
          requestHeaders: site.config.api.requestHeaders,
          apiSections: ((files) => (files ? shownPath(join(site.contentDir, files)) : null))(site.collections.find((c) => c.layout === 'api')?.files[0]),
          openapiReported: diagnostics.some((d) => d.ruleId === 'openapi-invalid'),
        }),
      )),
    );
    if (options.execute) {
      // Loaded when asked for, as checkExternal below: with them, Node's HTTP, TLS, DNS and
      // child-process modules (a few milliseconds of every check that needs none of them).
      const { executeExamples } = await import('./execute-examples.js');
      const executed = await task(timings, 'execute-examples', () => executeExamples({ api, pages: site.pages, engine: site.config.markdown.engine, rubyClient: ruby.client, requestHeaders: site.config.api.requestHeaders }));
      diagnostics.push(...executed.diagnostics);
      notices.push(...executed.notices);
      executedCount = executed.ran;
    }
  } else if (options.execute) {
    notices.push('there is no OpenAPI document: no example was run.');
  }
  diagnostics.push(...(await task(timings, 'check-translations', () => checkTranslations(site))));
  // The site plugins' checks (plugins: in docs.config.yaml).
  diagnostics.push(...(await task(timings, 'check-plugins', async () => runPluginChecks(site, (await loadMarkdownPlugins(site.markdownPlugins)).sitePlugins))));
  diagnostics.push(...(await task(timings, 'check-search', () => checkSearch({ site, plan: compiled.compiled!.plan, documents, configYaml, failed: new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file)) }))));
  if (options.external) {
    const { checkExternal } = await import('./check-external.js');
    diagnostics.push(
      ...(await task(timings, 'check-external', () =>
        checkExternal(external, { timeoutMs: options.externalTimeoutMs ?? 10_000, concurrency: 8, cacheFile: options.cacheFile ?? null, cacheTtlMs: 24 * 3600_000 }),
      )),
    );
  }
  return { diagnostics: dedupeDiagnostics(diagnostics), external, pages: documents.length, timings, notices, reused: compiled.reused ?? 0, ...(executedCount ? { executed: executedCount } : {}) };
}

