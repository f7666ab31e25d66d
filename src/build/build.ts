// The build, stage by stage:
//   resolveConfig -> loadContent (with bundleAssets beside it) -> planRoutes
//   -> renderDocuments -> checkLinks (the link graph) -> writeOutput
// Each stage is a function from data to data; only writeOutput touches dist/.
import { dirname, resolve } from 'node:path';
import { contentId } from '../cache/output-manifest.js';
import { fileWriter } from './page-sink.js';
import { resolveConfig, type ResolvedConfig } from '../config/load-config.js';
import { contentCollisions, foldersOf } from '../content/content-files.js';
import { loadContent } from '../content/load-content.js';
import { pageMemo } from '../cache/page-cache.js';
import type { Site } from '../content/site.js';
import { dedupeDiagnostics, type Diagnostic } from '../diagnostics.js';
import { outputPath } from '../routes/paths.js';
import type { RenderedDocument, RenderInput } from '../render/render-documents.js';
import type { ParsedYaml } from '../config/yaml-positions.js';
import { planCache } from '../cache/build-cache.js';
import type { CacheTarget } from '../cache/build-cache.js';
import { siteCacheDir } from '../cache/cache-dir.js';
import { buildYear } from './build-year.js';
import { documentKeys, openOutputCache, type LastBuild, type OutputCache, type UpToDate } from './output-cache.js';
import { siteFacts } from '../routes/facts.js';
import { planRoutes, type RoutePlan } from '../routes/plan.js';
import type { RedirectStub } from '../routes/redirects.js';
import { cachedAssets, type OutputFile } from './assets.js';
import { checkLinks, documentSources, isLinkFindings, type ExternalLink } from '../check/check-links.js';
import { derivedFiles } from './derived-files.js';
import { llmsFiles, llmsPaths } from './llms-files.js';
import { memoCodec, siteSearchIndex, type MemoEntry, type MemoVocabulary, type SearchMemo } from '../search/site-index.js';
import { SEARCH_DIR } from '../search/build-index.js';
import { openPack } from '../cache/document-cache.js';
import { AUTO_RENDER_THREAD_PAGES, renderAll, startRenderPool, workerCount } from './render-all.js';
import { task, type TaskTimings } from './task.js';
import { heapKeeper } from './heap.js';
import { refuseOutDir } from './out-dir.js';
import { stageOutput, type Staging } from './write-output.js';
import { markdownTwinUrl } from '../routes/markdown-twin.js';
import { uninterrupted } from './interrupt.js';

export interface CompileOptions {
  /** Path of docs.config.yaml (default: ./docs.config.yaml). */
  config?: string;
  /** Render in worker threads: a number, or "auto" (default) for one per core when it pays off. */
  workers?: number | 'auto';
  /** Go on after content errors, to report everything at once (`bankdocs check`). */
  keepGoing?: boolean;
  /**
   * Render for the link graph only (`bankdocs check`): the pages are not output, so code
   * blocks are not coloured.
   */
  scan?: boolean;
  /** The build's output folder and cache (buildSite); without it, nothing is written. */
  output?: OutputHooks;
  /** `bankdocs check` reuses the documents its last run read (ids and links); the build's cache comes from `output`. */
  cache?: 'scan' | null;
}

export type Preparation = { diagnostic: Diagnostic } | { upToDate: UpToDate } | { cache: CacheTarget | null };

export interface OutputHooks {
  /** Once the config is known: the cache to use, a refusal, or "nothing changed since the last build". */
  prepare(resolved: ResolvedConfig): Promise<Preparation>;
  /** Where pages go as they are rendered: a staging folder, or null to keep their HTML (the folder is updated in place). */
  stage(inPlace: boolean): Promise<string | null>;
}

export interface CompiledSite {
  site: Site;
  /** The config's YAML as read (for the place of a problem in it): checks do not read the file again. */
  configYaml: ParsedYaml;
  /** Off-site links of every page, with their places (`check --external` fetches them). */
  external: ExternalLink[];
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
  /** Set when the output folder already holds this build: nothing was compiled. */
  upToDate?: UpToDate;
  /** Documents taken from the cache, not rendered. */
  reused?: number;
  /** How the output is written: a new folder swapped in, or the changed files in place. */
  inPlace?: boolean;
}

const isMemoEntry = (value: unknown): value is MemoEntry => value === null || (typeof value === 'object' && 'entry' in value && 'words' in value && 'vocabulary' in value);

const hasErrors = (ds: readonly Diagnostic[]) => ds.some((d) => d.severity === 'error');

/** Garbage worth a full collection between two stages (heap.ts), in a build that renders at least SETTLE_MIN_PAGES pages. */
const STAGE_HEADROOM = 8 * 1024 * 1024;
const SETTLE_MIN_PAGES = 200;

/** Everything but the write: config and content in, files in memory out. */
export async function compileSite(options: CompileOptions = {}): Promise<CompileResult> {
  const timings: TaskTimings = {};
  const diagnostics: Diagnostic[] = [];
  const failed = () => ({ ok: false, diagnostics, timings, compiled: null });

  const config = await task(timings, 'config', () => resolveConfig(options.config));
  diagnostics.push(...config.diagnostics);
  if (!config.ok) return failed();
  let cache: CacheTarget | null = options.cache === 'scan' ? { dir: siteCacheDir(config.value.file), mode: 'scan' } : null;
  if (options.output) {
    const prepared = await task(timings, 'cache', () => options.output!.prepare(config.value));
    if ('diagnostic' in prepared) {
      diagnostics.push(prepared.diagnostic);
      return failed();
    }
    // The last build's warnings hold the config's (the same config: it is one of the inputs).
    if ('upToDate' in prepared) return { ok: true, diagnostics: prepared.upToDate.diagnostics, timings, compiled: null, upToDate: prepared.upToDate };
    cache = prepared.cache;
  }
  // Threads load their modules while this one reads the site.
  const pool = startRenderPool(workerCount(options.workers ?? 'auto'));
  try {
    const result = await compileWith(config.value, options, { timings, diagnostics, pool, cache });
    // One problem found on several pages (a theme component that fails on each) is reported once, as check does.
    return { ...result, diagnostics: dedupeDiagnostics(result.diagnostics) };
  } finally {
    pool?.close();
  }
}

async function compileWith(
  resolved: ResolvedConfig,
  options: CompileOptions,
  { timings, diagnostics, pool, cache }: { timings: TaskTimings; diagnostics: Diagnostic[]; pool: ReturnType<typeof startRenderPool>; cache: CacheTarget | null },
): Promise<CompileResult> {
  const failed = () => ({ ok: false, diagnostics, timings, compiled: null });
  // The browser runtime depends on the config only: esbuild bundles it in its own
  // process while this thread reads the content.
  // `check` renders with the bundle an earlier run left, or else only its names (assets.ts).
  const bundling = cachedAssets(cache?.dir ?? null, { runtime: resolved.config.runtime, languages: resolved.config.api.languages, bundle: !options.scan });
  bundling.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  // Saved now, while the build holds little, and let go: a page is kept only when read
  // without a problem, whatever becomes of the build (at its end, the build's memory peaks).
  const content = await task(timings, 'content', () => {
    const pages = pageMemo(cache, resolved);
    return loadContent(resolved, { memo: pages?.memo ?? null, settled: true }).finally(() => pages?.save());
  });
  diagnostics.push(...content.diagnostics);
  // Without its content folder there is no site to check further: one problem, not its echoes.
  if (content.unreadable || (hasErrors(diagnostics) && !options.keepGoing)) return failed();
  const { site } = content;

  const plan = await task(timings, 'routes', () => planRoutes(site));
  diagnostics.push(...plan.diagnostics);
  const facts = siteFacts(site);
  const factsJson = JSON.stringify(facts).replace(/</g, '\\u003c');

  const assets = await task(timings, 'assets', () => bundling);
  const renderInput: RenderInput = { site, plan: { latestLegal: plan.latestLegal, latestVersion: plan.latestVersion, urlBySource: plan.urlBySource }, factsJson, assets: assets.urls, buildYear: buildYear(), forOutput: !options.scan };
  const cached = cache ? planCache(cache, renderInput, plan.documents) : null;
  const inPlace = cached?.inPlace ?? false;
  // "auto" on a large site: a second render thread, started now that the work is known.
  const toRender = cached?.toRender ?? plan.documents.length;
  const renderPool = pool ?? ((options.workers ?? 'auto') === 'auto' && toRender >= AUTO_RENDER_THREAD_PAGES ? startRenderPool(1) : null);
  const pagesDir = options.output ? await options.output.stage(inPlace) : null;
  // Between stages, what a stage made and let go is all garbage, and the next stage's
  // allocations would pile on top of it: a large build's memory peaks at its end (search,
  // llms-full.txt, the cache packs). Collected there when it is worth a full collection;
  // not when few pages are rendered: the heap then grows with what the cache brings, not garbage.
  // Nor in `check`: it makes none of those, and two full collections (about 45 ms at 1000
  // pages) would only delay its exit.
  const settle = toRender >= SETTLE_MIN_PAGES && !options.scan ? heapKeeper(STAGE_HEADROOM) : () => {};
  // Every page's ids and links are read as it is rendered, for the link graph below.
  const documents = await task(timings, 'render', () => renderAll(renderInput, plan.documents, renderPool, { outDir: pagesDir, scan: true, keepHtml: !options.scan, releaseSources: !options.scan, cache: cached?.plan.render ?? null, timings }));
  for (const doc of documents) diagnostics.push(...doc.diagnostics);
  if (hasErrors(diagnostics) && !options.keepGoing) return failed();
  settle();

  const derived = derivedFiles({ site, plan, factsJson, redirectScript: assets.urls.redirectScript, bundled: assets.files.map((f) => f.path) });
  // The search index (issue #17); `check` reads the pages search leaves out, not the index.
  // A new output folder gets the derived files as they are made, not all at the end: they
  // are then not held in memory through the later stages (the build's memory peaks there).
  const keys = documentKeys(documents);
  const twinsWritten = new Set(documents.filter((d) => d.twinWritten).map((d) => markdownTwinUrl(d.url).slice(1)));
  const stage = pagesDir ? stager(pagesDir, twinsWritten, keys) : null;
  const staged = (files: OutputFile[]) => (stage ? files.map(stage) : files);
  const search = site.config.search.enabled && !options.scan ? await task(timings, 'search', () => searchIndex(site, plan, documents, cache, stage)) : [];
  settle();
  // Markdown twins, llms.txt and llms-full.txt (issue #18); `check` needs only their paths (collisions, links).
  const llms: OutputFile[] = staged(!site.config.llms.enabled ? [] : options.scan ? llmsPaths(plan).map((path) => ({ path, contents: '' })) : await task(timings, 'llms', () => llmsFiles({ site, plan, documents })));
  settle();
  const stubs = derived.stubs;
  const copied = new Set([...site.assets, ...site.hostFiles].map((a) => a.file));
  const generated = [...documents.map((d) => d.path), ...derived.files.filter((f) => !('from' in f && copied.has(f.from))).map((f) => f.path), ...assets.files.map((f) => f.path), ...search.map((f) => f.path), ...llms.map((f) => f.path)];
  // `check` makes no search index: the files every build writes there are named all the same.
  const searchIndexes = site.config.search.enabled ? site.config.locales.available.map((locale) => `${SEARCH_DIR}/${locale}/index.json`) : [];
  diagnostics.push(...contentCollisions(site.assets, [...generated, ...searchIndexes]), ...pageCollisions(plan, site, [...generated, ...searchIndexes]));
  if (hasErrors(diagnostics) && !options.keepGoing) return failed();
  const files: OutputFile[] = [...documents.filter((d) => !d.written && !d.kept).map((d) => ({ path: d.path, contents: d.html })), ...derived.files, ...assets.files, ...search, ...llms];
  // One link graph for build and check: every link of every rendered page (content, menus,
  // sidebars, footers) against every id of every page, redirects followed. The command
  // decides the severity: a missing anchor warns in a build and fails a check.
  // What each unchanged page's links came to in the last run (see LinkMemo).
  const linkMemo = cache?.dir ? openPack(cache.dir, `links-${cache.mode}`, isLinkFindings) : null;
  const links = await task(timings, 'links', () =>
    checkLinks({
      memo: linkMemo,
      site,
      configYaml: resolved.yaml,
      facts,
      documents,
      // Every file of the output folder: pages written as they were rendered (or kept from the last build) too.
      outputPaths: new Set([...files.map((f) => f.path), ...documents.map((d) => d.path)]),
      sourceOf: documentSources(site, plan),
      severity: options.scan ? () => 'error' : (ruleId) => (ruleId === 'missing-anchor' ? 'warning' : 'error'),
    }),
  );
  diagnostics.push(...links.diagnostics);
  const ok = !hasErrors(diagnostics);
  // Only a good run's documents are kept: a failed build changes nothing, not even the cache.
  if (ok || options.scan) {
    cached?.plan.save();
    linkMemo?.save();
  }
  return { ok, diagnostics, timings, compiled: { site, configYaml: resolved.yaml, plan, documents, stubs, files, external: links.external }, reused: cached?.plan.reused ?? 0, inPlace };
}

/**
 * Pages whose URL the site's own documents or files take already (a guide at /1/api/curl,
 * or at /404, or at /robots.txt, whose folder would have to be that file): one of the two
 * was lost without a word, or the write failed.
 */
function pageCollisions(plan: RoutePlan, site: Site, generated: readonly string[]): Diagnostic[] {
  const bySource = new Map(site.pages.map((p) => [p.source, p]));
  const files = new Set(generated.map((path) => path.toLowerCase()));
  const builtIn = new Map(plan.documents.filter((d) => d.kind !== 'page').map((d) => [d.url, d]));
  const found: Diagnostic[] = [];
  for (const doc of plan.documents) {
    const page = doc.kind === 'page' && !doc.fallback ? bySource.get(doc.source) : undefined;
    if (!page) continue;
    const other = builtIn.get(doc.url);
    const file = foldersOf(outputPath(doc.url)).find((folder) => files.has(folder.toLowerCase()));
    if (!other && !file) continue;
    found.push({
      ruleId: 'page-url-collision',
      severity: 'error',
      message: other ? `this page is ${doc.url}, which is the site's ${other.kind === 'api' ? 'API reference' : 'page for unknown paths'}: one of the two would be lost` : `this page is ${doc.url}, where the build writes the file ${file}`,
      hint: "give the page, or its collection's url pattern, another URL",
      file: page.file,
      line: 1,
      column: 1,
    });
  }
  return found;
}

/**
 * Writes a file into the staging folder now (unless the page thread has written it
 * already), and returns it as written: its path and content id, not its contents.
 */
function stager(dir: string, written: ReadonlySet<string>, keys: ReadonlyMap<string, string>): (file: OutputFile) => OutputFile {
  const write = fileWriter(dir);
  return (f) => {
    if (!('contents' in f)) return f;
    if (!written.has(f.path)) write(f.path, f.contents);
    return { path: f.path, staged: keys.get(f.path) ?? f.id ?? contentId(f.contents) };
  };
}

/** The search index, each file staged as it is made; with the cache, unchanged pages' entries and words come from the last build. */
function searchIndex(site: Site, plan: RoutePlan, documents: RenderedDocument[], cache: CacheTarget | null, stage: ((file: OutputFile) => OutputFile) | null): OutputFile[] {
  const emit = stage ?? undefined;
  if (!cache?.dir) return siteSearchIndex({ site, plan, documents, ...(emit ? { emit } : {}) }).files;
  const entries = openPack(cache.dir, 'search', isMemoEntry, memoCodec);
  const words = openPack(cache.dir, 'search-words', isMemoVocabulary);
  const memo: SearchMemo = {
    get: (key) => entries.get(key),
    set: (key, value) => entries.set(key, value),
    vocabulary: () => words.get(VOCABULARY_KEY) ?? null,
    setVocabulary: (vocabulary) => words.set(VOCABULARY_KEY, vocabulary),
  };
  const { files } = siteSearchIndex({ site, plan, documents, memo, ...(emit ? { emit } : {}) });
  // The vocabulary first: entries saved without it would name words it does not hold.
  words.save();
  entries.save();
  return files;
}

const VOCABULARY_KEY = 'vocabulary';
const isMemoVocabulary = (value: unknown): value is MemoVocabulary =>
  typeof value === 'object' && value !== null && typeof (value as MemoVocabulary).stamp === 'string' && Array.isArray((value as MemoVocabulary).words);

export interface BuildOptions extends CompileOptions {
  /** Output folder (default: dist/ beside the config file). */
  out?: string;
  /** Replace a non-empty output folder that bankdocs did not make (see out-dir.ts). */
  force?: boolean;
  /** What a quick check already read of the last build (commands/fresh.ts). */
  last?: LastBuild;
}

export interface BuildResult extends CompileResult {
  outDir: string | null;
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  let staging: Staging | null = null;
  let outDir: string | null = null;
  let cache: OutputCache | null = null;
  const result = await compileSite({
    ...options,
    output: {
      prepare: async (resolved) => {
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
        cache = options.cache === null ? null : openOutputCache(resolved, outDir, options.last ?? null);
        if (cache?.upToDate) return { upToDate: cache.upToDate };
        return { cache: cache?.target ?? null };
      },
      stage: async (inPlace) => {
        if (inPlace) return null;
        staging = await stageOutput(outDir!);
        return staging.dir;
      },
    },
  }).catch(async (error: unknown) => {
    await (staging as Staging | null)?.abort();
    throw error;
  });
  if (result.upToDate) return { ...result, outDir };
  const staged = staging as Staging | null;
  const outputCache = cache as OutputCache | null;
  if (!result.ok || !result.compiled || (!staged && !result.inPlace)) {
    await staged?.abort();
    return { ...result, outDir: null };
  }
  const { files, documents } = result.compiled;
  await task(result.timings, 'write', async () => {
    if (staged) {
      // The twins the page thread wrote beside their pages are in the staging folder already.
      await staged.commit(files, new Set(documents.filter((d) => d.twinWritten).map((d) => markdownTwinUrl(d.url).slice(1))));
      outputCache?.record(outputCache.identify(files, documents), documents, result.diagnostics);
    } else {
      // Changed files written into the output folder itself: finished even if the build is stopped meanwhile.
      await uninterrupted(() => outputCache!.record(outputCache!.updateInPlace(files, documents), documents, result.diagnostics));
    }
  });
  return { ...result, outDir };
}
