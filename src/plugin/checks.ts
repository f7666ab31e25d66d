// Runs the site plugins' checks (BankdocsPlugin.checks) over the site model, in
// `bankdocs check`: each problem becomes a diagnostic at file:line:col with the rule id
// "<plugin>/<check>", like bankdocs' own.
import type { Site } from '../content/site.js';
import type { Diagnostic } from '../diagnostics.js';
import { lineColumnAt, lineStarts } from '../line-index.js';
import type { BankdocsPlugin, PluginProblem, PluginSite } from './types.js';

export function pluginSite(site: Site): PluginSite {
  return {
    contentDir: site.contentDir,
    locales: site.config.locales.available,
    defaultLocale: site.config.locales.default,
    pages: site.pages.map((p) => ({ source: p.source, file: p.file, url: p.url, collection: p.info.collection, locale: p.info.locale ?? null, data: p.data, body: p.body })),
    collections: site.collections.map((c) => ({ name: c.name, layout: c.layout, url: c.url, translated: c.translated })),
  };
}

export async function runPluginChecks(site: Site, plugins: readonly BankdocsPlugin[]): Promise<Diagnostic[]> {
  const view = pluginSite(site);
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const diagnostics: Diagnostic[] = [];
  for (const plugin of plugins) {
    for (const check of plugin.checks ?? []) {
      const ruleId = `${plugin.name}/${check.id}`;
      let problems: readonly PluginProblem[];
      try {
        problems = await check.run(view);
        if (!Array.isArray(problems)) throw new Error(`it returned ${typeof problems}, not a list of problems`);
        const odd = problems.findIndex((p) => typeof p !== 'object' || p === null || !('message' in p));
        if (odd !== -1) throw new Error(`its problem ${odd + 1} is ${JSON.stringify(problems[odd]) ?? String(problems[odd])}, not an object with a message`);
      } catch (error) {
        diagnostics.push({ ruleId, severity: 'error', message: `the check "${check.id}" of the plugin "${plugin.name}" failed: ${error instanceof Error ? error.message : `it threw ${String(error)}`}`, hint: 'a bug in the plugin: report it to its authors', file: site.configFile, line: 1, column: 1 });
        continue;
      }
      for (const problem of problems) {
        const page = problem.source === undefined ? undefined : bySource.get(problem.source);
        const place = page && problem.offset !== undefined ? lineColumnAt(lineStarts(page.body), Math.max(0, Math.min(problem.offset, page.body.length))) : { line: problem.line ?? 1, column: problem.column ?? 1 };
        diagnostics.push({
          ruleId: problem.rule ? `${plugin.name}/${problem.rule}` : ruleId,
          severity: problem.severity === 'warning' ? 'warning' : 'error',
          message: String(problem.message),
          ...(problem.hint ? { hint: String(problem.hint) } : {}),
          file: page?.file ?? site.configFile,
          ...place,
        });
      }
    }
  }
  return diagnostics;
}
