// The build, stage by stage:
//   resolveConfig -> loadContent (with bundleAssets beside it) -> planRoutes
//   -> renderDocuments -> checkAnchors -> writeOutput
// Each stage is a function from data to data; only writeOutput touches dist/.
import { dirname, resolve } from 'node:path';
import { resolveConfig, type ResolvedConfig } from '../config/load-config.js';
import { contentCollisions } from '../content/content-files.js';
import { loadContent } from '../content/load-content.js';
import type { Site } from '../content/site.js';
import type { Diagnostic } from '../diagnostics.js';
import type { RenderedDocument } from '../render/render-documents.js';
import { siteFacts } from '../routes/facts.js';
import { planRoutes, type RoutePlan } from '../routes/plan.js';
import type { RedirectStub } from '../routes/redirects.js';
import { bundleAssets, type OutputFile } from './assets.js';
import { checkAnchors } from './check-links.js';
import { derivedFiles } from './derived-files.js';
import { llmsFiles, llmsPaths } from './llms-files.js';
import { siteSearchIndex } from '../search/site-index.js';
import { renderAll, startRenderPool, workerCount } from './render-all.js';
import { task, type TaskTimings } from './task.js';
import { refuseOutDir } from './out-dir.js';
import { stageOutput, type Staging } from './write-output.js';

export interface CompileOptions {
  /** Path of docs.config.yaml (default: ./docs.config.yaml). */
  config?: string;
  /** Render in worker threads: a number, or "auto" (default) for one per core when it pays off. */
  workers?: number | 'auto';
  /** Go on after content errors, to report everything at once (`bankdocs check`). */
  keepGoing?: boolean;
  /**
   * Read ids and links out of every page's HTML as it is rendered (`bankdocs check`);
   * the pages are then not output, so code blocks are not coloured.
   */
  scan?: boolean;
  /**
   * Called once the config is known: the folder to write pages into as they are rendered
   * (their HTML is then not kept), or a diagnostic that stops the build.
   */
  pagesDir?: (resolved: ResolvedConfig) => Promise<{ dir: string } | { diagnostic: Diagnostic }>;
}

export interface CompiledSite {
  site: Site;
  plan: RoutePlan;
  documents: RenderedDocument[];
  stubs: RedirectStub[];
  files: OutputFile[];
}

export interface CompileResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  timings: TaskTimings;
  compiled: CompiledSite | null;
}

const hasErrors = (ds: readonly Diagnostic[]) => ds.some((d) => d.severity === 'error');

/** Everything but the write: config and content in, files in memory out. */
export async function compileSite(options: CompileOptions = {}): Promise<CompileResult> {
  const timings: TaskTimings = {};
  const diagnostics: Diagnostic[] = [];
  const failed = () => ({ ok: false, diagnostics, timings, compiled: null });

  const config = await task(timings, 'config', () => resolveConfig(options.config));
  diagnostics.push(...config.diagnostics);
  if (!config.ok) return failed();
  let pagesDir: string | null = null;
  if (options.pagesDir) {
    const staged = await options.pagesDir(config.value);
    if ('diagnostic' in staged) {
      diagnostics.push(staged.diagnostic);
      return failed();
    }
    pagesDir = staged.dir;
  }
  // Threads load their modules while this one reads the site.
  const pool = startRenderPool(workerCount(options.workers ?? 'auto'));
  try {
    return await compileWith(config.value, options, { timings, diagnostics, pool, pagesDir });
  } finally {
    pool?.close();
  }
}

async function compileWith(
  resolved: ResolvedConfig,
  options: CompileOptions,
  { timings, diagnostics, pool, pagesDir }: { timings: TaskTimings; diagnostics: Diagnostic[]; pool: ReturnType<typeof startRenderPool>; pagesDir: string | null },
): Promise<CompileResult> {
  const failed = () => ({ ok: false, diagnostics, timings, compiled: null });
  // The browser runtime depends on the config only: esbuild bundles it in its own
  // process while this thread reads the content.
  const bundling = bundleAssets({ runtime: resolved.config.runtime });
  bundling.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  const content = await task(timings, 'content', () => loadContent(resolved));
  diagnostics.push(...content.diagnostics);
  if (hasErrors(diagnostics) && !options.keepGoing) return failed();
  const { site } = content;

  const plan = await task(timings, 'routes', () => planRoutes(site));
  diagnostics.push(...plan.diagnostics);
  const factsJson = JSON.stringify(siteFacts(site)).replace(/</g, '\\u003c');

  const assets = await task(timings, 'assets', () => bundling);
  const documents = await task(timings, 'render', () =>
    renderAll(
      { site, plan: { latestLegal: plan.latestLegal, urlBySource: plan.urlBySource }, factsJson, assets: assets.urls, buildYear: new Date().getFullYear(), forOutput: !options.scan },
      plan.documents,
      pool,
      { outDir: pagesDir, scan: options.scan ?? false },
    ),
  );
  for (const doc of documents) diagnostics.push(...doc.diagnostics);
  if (!options.keepGoing) diagnostics.push(...(await task(timings, 'links', () => checkAnchors(documents, 'warning'))));
  if (hasErrors(diagnostics) && !options.keepGoing) return failed();

  const derived = derivedFiles({ site, plan, factsJson, redirectScript: assets.urls.redirectScript });
  // The search index (issue #17); `check` reads the pages search leaves out, not the index.
  const search = site.config.search.enabled && !options.scan ? await task(timings, 'search', () => siteSearchIndex({ site, plan, documents })).then((s) => s.files) : [];
  // Markdown twins, llms.txt and llms-full.txt (issue #18); `check` needs only their paths (collisions, links).
  const llms: OutputFile[] = !site.config.llms.enabled ? [] : options.scan ? llmsPaths(plan).map((path) => ({ path, contents: '' })) : await task(timings, 'llms', () => llmsFiles({ site, plan, documents }));
  const stubs = derived.stubs;
  const copied = new Set([...site.assets, ...site.hostFiles].map((a) => a.file));
  const generated = [...documents.map((d) => d.path), ...derived.files.filter((f) => !('from' in f && copied.has(f.from))).map((f) => f.path), ...assets.files.map((f) => f.path), ...search.map((f) => f.path), ...llms.map((f) => f.path)];
  diagnostics.push(...contentCollisions(site.assets, generated));
  if (hasErrors(diagnostics) && !options.keepGoing) return failed();
  const files: OutputFile[] = [...documents.filter((d) => !d.written).map((d) => ({ path: d.path, contents: d.html })), ...derived.files, ...assets.files, ...search, ...llms];
  return { ok: !hasErrors(diagnostics), diagnostics, timings, compiled: { site, plan, documents, stubs, files } };
}

export interface BuildOptions extends CompileOptions {
  /** Output folder (default: dist/ beside the config file). */
  out?: string;
  /** Replace a non-empty output folder that bankdocs did not make (see out-dir.ts). */
  force?: boolean;
}

export interface BuildResult extends CompileResult {
  outDir: string | null;
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  let staging: Staging | null = null;
  let outDir: string | null = null;
  const result = await compileSite({
    ...options,
    pagesDir: async (resolved) => {
      outDir = resolve(options.out ?? resolve(resolved.file, '..', 'dist'));
      const refusal = refuseOutDir({ outDir, projectRoot: dirname(resolved.file), contentDir: resolved.contentDir, configFile: resolved.file, force: options.force ?? false });
      if (refusal) {
        return {
          diagnostic: {
            ruleId: 'out-dir-unsafe',
            severity: 'error',
            message: `refusing to replace the output folder: ${refusal.reason}`,
            hint: refusal.hint,
            file: resolved.file,
            line: 1,
            column: 1,
          },
        };
      }
      staging = await stageOutput(outDir);
      return { dir: staging.dir };
    },
  }).catch(async (error: unknown) => {
    await (staging as Staging | null)?.abort();
    throw error;
  });
  const staged = staging as Staging | null;
  if (!result.ok || !result.compiled || !staged) {
    await staged?.abort();
    return { ...result, outDir: null };
  }
  await task(result.timings, 'write', () => staged.commit(result.compiled!.files));
  return { ...result, outDir };
}
