// A dev session: the site held in memory and kept up to date file by file. A change
// re-reads only what changed and re-renders only the pages that depend on it; a page
// whose new version has errors keeps its last good version, and the errors are kept
// until the file is fixed.
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { siteCacheDir } from '../cache/cache-dir.js';
import { compileDevRenderer } from './compile-theme.js';
import { DependencyMap, type SourceChange } from './dependencies.js';
import { loadApi } from '../api/openapi.js';
import { bundleAssets, type BundledAssets, type MadeFile } from '../build/assets.js';
import { buildYear } from '../build/build-year.js';
import { derivedFiles } from '../build/derived-files.js';
import { SEARCH_DIR } from '../search/build-index.js';
import type { IndexedDocument } from '../search/entries.js';
import { siteSearchIndex } from '../search/site-index.js';
import { resolveConfig, type ResolvedConfig } from '../config/load-config.js';
import { vetContentFile, type VetOptions } from '../content/content-files.js';
import { loadContent, loadPage, symlinkDiagnostic, urlCollisions } from '../content/load-content.js';
import type { Page, Site } from '../content/site.js';
import { shownPath, type Diagnostic } from '../diagnostics.js';
import { THEME_DIR } from '../package-root.js';
import type { RenderedDocument, RenderInput } from '../render/render-documents.js';
import { siteFacts } from '../routes/facts.js';
import type { SiteFacts } from '../routes/resolve.js';
import { checkLinks, documentSources } from '../check/check-links.js';
import { scanHtml } from '../check/scan-html.js';
import { LLMS_FULL_TXT_URL, LLMS_TXT_URL, markdownTwinUrl } from '../routes/markdown-twin.js';
import { llmsFiles } from '../build/llms-files.js';
import { outputPath } from '../routes/paths.js';
import { planRoutes, type DocumentPlan, type RoutePlan } from '../routes/plan.js';
import { RenderHost } from './render-host.js';
import { pluginSources } from '../plugin/sources.js';

export interface FileChange {
  /** Absolute path. */
  path: string;
  kind: 'add' | 'change' | 'unlink';
  /** A symlink took this path (kind is then 'unlink'): reported, never followed. */
  symlink?: boolean;
}

export interface UpdateReport {
  /** What changed, for the terminal line. */
  what: string;
  /** The files of the update (absolute paths); none at start. */
  files: string[];
  rendered: number;
  ms: number;
  /** URLs whose page changed ("*" for all); empty when nothing visible changed. */
  reload: string[];
  /** Only the stylesheet changed: swap it, no reload. */
  cssOnly: boolean;
  problems: Diagnostic[];
  /** Warnings of the pages this update rendered, about the files it was for (raw HTML, an undefined reference link, …). */
  warnings: Diagnostic[];
}

/** The key of `problems` under which pages that share a URL are reported (by no one file: the site). */
const URL_COLLISIONS = 'page-url-collision';

type Output = { body: string | Uint8Array; file?: never } | { file: string; body?: never };

/** The files of an update for its terminal line: a few by name, then how many more (a checkout changes fifty). */
function namesOf(changes: readonly FileChange[]): string {
  const names = changes.map((c) => relative(process.cwd(), c.path));
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more files` : names.join(', ');
}

export class DevSession {
  private resolved: ResolvedConfig | null = null;
  private site: Site | null = null;
  private plan: RoutePlan | null = null;
  private assets: BundledAssets | null = null;
  private factsJson = '{}';
  private facts: SiteFacts | null = null;
  /** Each document as last rendered without errors (its ids and links, for the links between pages). */
  private readonly rendered = new Map<string, RenderedDocument>();
  private readonly host = new RenderHost();
  private readonly outputs = new Map<string, Output>();
  /** Warnings of the documents rendered by the update under way. */
  private warnings: Diagnostic[] = [];
  /**
   * Every problem the session knows, by where it came from: "config", "theme", a file's
   * path (reading it), "page:<url>" (rendering it), or URL_COLLISIONS (the pages' URLs). An entry is replaced whenever its
   * origin is looked at again, and dropped when that is fine.
   */
  private readonly problems = new Map<string, Diagnostic[]>();
  /** What each document reads (dependencies.ts), for what to render again after an edit. */
  private readonly dependencies = new DependencyMap();
  private knownUrls = new Set<string>();
  private readonly openapiCache = new Map<string, MadeFile[]>();
  /** Each page's text by heading, as last rendered without errors, for the search index. */
  private readonly searchDocs = new Map<string, IndexedDocument>();
  /** The index is rebuilt when the browser next asks for it, not on every edit (the reload stays fast). */
  private searchStale = true;
  /** llms.txt and llms-full.txt, made when asked for after a page changed (from the twins rendered). */
  private llmsStale = true;
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * Counts the updates, from the time the session started (milliseconds): a tab left open
   * across a restart of `dev` sees another number and reloads, even when the new session
   * has made as many updates as the old one had when the page loaded.
   */
  generation = Date.now();

  constructor(private readonly configPath: string) {}

  /** The errors to show now (terminal and overlay). */
  get errors(): Diagnostic[] {
    return [...this.problems.values()].flat().filter((d) => d.severity === 'error');
  }

  get pageCount(): number {
    return this.plan?.documents.length ?? 0;
  }

  /** The folders and files to watch. */
  watchPaths(): string[] {
    const paths = [resolve(this.configPath), THEME_DIR];
    if (this.resolved) paths.push(this.resolved.contentDir, ...(this.resolved.theme?.files ?? []), ...this.themeFolders(), ...this.pluginFiles());
    return paths;
  }

  /**
   * The folders of the site's theme overrides (theme/), watched whole: a file made there
   * may be the one an override's import was missing. Not the site's own folder (an override
   * beside docs.config.yaml), which holds the content and everything else.
   */
  private themeFolders(): string[] {
    if (!this.resolved) return [];
    const site = dirname(resolve(this.configPath));
    const content = this.resolved.contentDir;
    return [...new Set((this.resolved.theme?.files ?? []).map((file) => dirname(file)))].filter((folder) => folder !== site && !content.startsWith(folder + sep) && folder !== content && !folder.startsWith(content + sep));
  }

  /** The files of the site's own plugins (src/plugin/sources.ts): an edit needs a fresh render thread. Found once per config read. */
  private pluginFiles(): string[] {
    if (!this.resolved) return [];
    let files = this.pluginFilesOf.get(this.resolved);
    if (!files) this.pluginFilesOf.set(this.resolved, (files = this.findPluginFiles(this.resolved)));
    return files;
  }

  private readonly pluginFilesOf = new WeakMap<object, string[]>();

  private findPluginFiles(resolved: NonNullable<typeof this.resolved>): string[] {
    return (resolved.markdownPlugins ?? []).flatMap((plugin) => (plugin.url.includes('/node_modules/') ? [] : pluginSources(plugin.url, [resolved.contentDir])));
  }

  /** Serialised: changes apply one batch at a time, in order. */
  update(changes: FileChange[]): Promise<UpdateReport> {
    const run = this.queue.then(() => this.apply(changes));
    this.queue = run.catch(() => undefined);
    return run;
  }

  start(): Promise<UpdateReport> {
    return this.update([]);
  }

  /** The content folder: the server reads a listed content file only if its real path is inside it. */
  get contentDir(): string | null {
    return this.resolved?.contentDir ?? null;
  }

  lookup(path: string): Output | null {
    if (this.searchStale && path.startsWith(`${SEARCH_DIR}/`)) this.refreshSearch();
    if (this.llmsStale && (`/${path}` === LLMS_TXT_URL || `/${path}` === LLMS_FULL_TXT_URL)) this.refreshLlms();
    return this.outputs.get(path) ?? null;
  }

  close(): Promise<number> {
    return this.host.close();
  }

  private async apply(changes: FileChange[]): Promise<UpdateReport> {
    const started = performance.now();
    this.warnings = [];
    const done = (what: string, rendered: number, reload: string[], cssOnly = false): UpdateReport => {
      if (rendered || cssOnly) this.generation++;
      return { what, files: changes.map((c) => c.path), rendered, ms: Math.round(performance.now() - started), reload, cssOnly, problems: this.errors, warnings: this.warningsAbout(changes) };
    };
    const configFile = resolve(this.configPath);
    const within = (dir: string, path: string) => path === dir || path.startsWith(dir + sep);
    // The site's theme overrides are compiled with the config: an edit reads both again and renders every page.
    const overrides = new Set(this.resolved?.theme?.files ?? []);
    const plugins = new Set(this.pluginFiles());
    const themeFolders = this.themeFolders();
    if (!this.site || changes.some((c) => c.path === configFile || overrides.has(c.path) || themeFolders.some((folder) => within(folder, c.path)))) {
      const rendered = await this.fullBuild();
      return done(!changes.length ? 'start' : changes.some((c) => c.path === configFile) ? shownPath(configFile) : namesOf(changes), rendered, ['*']);
    }
    if (changes.some((c) => plugins.has(c.path))) {
      // A plugin's module cannot be imported again into a thread: a fresh render thread
      // imports the edited one (and what it imports), and every page is rendered again.
      await this.host.restart();
      await this.host.send({ type: 'init', input: this.renderInput() });
      return done(namesOf(changes), await this.renderAll(), ['*']);
    }
    const contentDir = this.resolved!.contentDir;
    const theme = changes.filter((c) => within(THEME_DIR, c.path));
    const content = changes.filter((c) => within(contentDir, c.path));
    const names = namesOf(changes);

    if (theme.some((c) => within(resolve(THEME_DIR, 'components'), c.path))) {
      // Theme components are compiled code: compile the render thread again (into the
      // cache folder, never the package), then a fresh render thread loads it.
      const compiled = await compileDevRenderer(siteCacheDir(configFile) ?? join(tmpdir(), 'bankdocs-dev'));
      if (!compiled.ok) {
        this.problems.set('theme', [{ ruleId: 'theme-error', severity: 'error', message: `the theme does not compile: ${compiled.message}`, file: compiled.file ?? theme[0]!.path, line: compiled.line ?? 1, column: compiled.column ?? 1 }]);
        return done(names, 0, []);
      }
      this.problems.delete('theme');
      await this.host.restart(compiled.entry);
      await this.host.send({ type: 'init', input: this.renderInput() });
      return done(names, await this.renderAll(), ['*']);
    }
    if (theme.length) {
      const cssOnly = theme.every((c) => c.path.endsWith('.css'));
      await this.rebundle();
      if (cssOnly) return done(names, 0, [], true);
      await this.host.send({ type: 'init', input: this.renderInput() });
      return done(names, await this.renderAll(), ['*']);
    }
    if (!content.length) return done(names, 0, []);
    return this.applyContent(content, names, started);
  }

  private async applyContent(changes: FileChange[], names: string, started: number): Promise<UpdateReport> {
    const site = this.site!;
    const { contentDir, config } = { contentDir: this.resolved!.contentDir, config: site.config };
    const rel = (path: string) => relative(contentDir, path).split(sep).join('/');
    const upserts: Page[] = [];
    const removed: string[] = [];
    let apiChanged = false;
    let structural = false;
    let assetsChanged = false;
    const changedAssets: string[] = [];
    for (const change of changes) {
      const source = rel(change.path);
      if (change.symlink && source === config.api.openapi) {
        // As at start-up, a link in the API document's place leaves the site without one:
        // nothing is read, or published as /openapi.yaml, through it.
        site.api = null;
        continue;
      }
      if (source === config.api.openapi || source === config.api.rubyClient) {
        apiChanged = true;
        continue;
      }
      if (!source.endsWith('.md')) {
        // A static file (an image, or an editor's temporary file): served from disk,
        // listed in the site; pages that failed on a missing file are rendered again.
        // The same rules as the build: only passive files, no SVG with script.
        const asset = { rel: source, file: change.path };
        const vetted = change.kind === 'unlink' ? null : vetOrNull(asset, { hostFiles: config.site.hostFiles, contentDir, configFile: site.configFile });
        const refused = vetted !== null && vetted !== 'host';
        this.problems.set(change.path, refused ? [vetted] : []);
        assetsChanged = true;
        changedAssets.push(`/${source}`);
        site.assets = site.assets.filter((a) => a.rel !== source);
        site.hostFiles = site.hostFiles.filter((a) => a.rel !== source);
        if (vetted === 'host') site.hostFiles.push(asset);
        else if (change.kind !== 'unlink' && !refused) site.assets.push(asset);
        continue;
      }
      if (change.kind === 'unlink') {
        removed.push(source);
        this.problems.delete(change.path);
        structural = true;
        continue;
      }
      const loaded = await loadPage(contentDir, source, this.resolved!.collections, this.resolved!.file).catch((error: NodeJS.ErrnoException) => ({ page: null, diagnostics: [unreadable(change.path, error)] }));
      this.problems.set(change.path, loaded.diagnostics);
      // A page with errors keeps its last good version; a new one is served as what could
      // be read of it, as at start-up, so links to it are not reported as broken as well.
      const known = site.pages.some((p) => p.source === source);
      if (loaded.page && (!known || !loaded.diagnostics.some((d) => d.severity === 'error'))) {
        structural ||= !known;
        upserts.push(loaded.page);
      }
    }
    // As at start-up (load-content's walk): a symlink is reported, and nothing is read through it.
    for (const link of changes.filter((c) => c.symlink)) {
      this.problems.set(link.path, [symlinkDiagnostic(rel(link.path), link.path)]);
    }
    if (apiChanged) {
      const file = resolve(contentDir, config.api.openapi);
      const loaded = await loadApi(file, config.api.openapi, shownPath(file)).catch((error: NodeJS.ErrnoException) => ({ api: null, diagnostics: [unreadable(file, error)] }));
      this.problems.set(file, loaded.diagnostics);
      if (loaded.api) {
        site.api = loaded.api;
        delete site.apiFailed;
      }
    }
    const gone = new Set([...removed, ...upserts.map((p) => p.source)]);
    // What changed in each page: only the Markdown, or also the front matter (and then the title?).
    const previous = new Map(site.pages.map((p) => [p.source, p]));
    const edits: SourceChange[] = upserts.map((p) => ({ source: p.source, frontMatter: JSON.stringify(previous.get(p.source)?.data) !== JSON.stringify(p.data) }));
    // What the theme shows of other pages (sidebars, menus, home cards, prev/next): their
    // title, order and description. A change to one re-renders every page.
    const retitled = upserts.some((p) => {
      const before = previous.get(p.source)?.data;
      return before === undefined || before.title !== p.data.title || before.order !== p.data.order || before.description !== p.data.description;
    });
    const before = this.dependencies.affected(edits);
    const beforeUrls = new Set(this.plan!.documents.map((d) => d.url));
    site.pages = [...site.pages.filter((p) => !gone.has(p.source)), ...upserts];
    // A page added at a URL another page has (guides/a.md beside guides/a/index.md) would
    // replace it without a word; one removed or renamed may end such a collision.
    this.problems.set(URL_COLLISIONS, urlCollisions(site.pages).diagnostics);
    this.replan();
    await this.host.send({ type: 'patch', pages: upserts, removed, rest: { ...this.renderRest(), ...(apiChanged ? { api: site.api } : {}), ...(assetsChanged ? { siteAssets: site.assets } : {}) } });

    // What to render again: every document when pages come or go (the plan, menus and
    // links change) or a title changes (the theme lists pages by title: sidebar, cards);
    // otherwise the documents that read a changed source (before and after the edit: an
    // order change moves prev/next), the API reference when the API document changed, and
    // when a static file changed, the pages that show it (its size is in the page) and
    // pages that failed on a missing file.
    const plan = this.plan!;
    const reached = new Set([...before, ...this.dependencies.affected(edits)]);
    const affected =
      structural || retitled
        ? plan.documents
        : plan.documents.filter((d) => reached.has(d.url) || (apiChanged && d.kind === 'api') || (assetsChanged && ((this.problems.get(`page:${d.url}`)?.length ?? 0) > 0 || this.shows(d.url, changedAssets))));
    const now = new Set(plan.documents.map((d) => d.url));
    for (const url of beforeUrls) {
      if (now.has(url)) continue;
      // A page deleted or renamed: neither it nor its Markdown twin is served any more.
      this.outputs.delete(outputPath(url));
      this.outputs.delete(markdownTwinUrl(url).slice(1));
    }
    const rendered = await this.renderDocuments(affected);
    this.writeDerived();
    if (rendered) this.generation++;
    return { what: names, files: changes.map((c) => c.path), rendered, ms: Math.round(performance.now() - started), reload: structural ? ['*'] : affected.map((d) => d.url), cssOnly: false, problems: this.errors, warnings: this.warningsAbout(changes) };
  }

  /**
   * What `check` would say of the links between the pages as they are now, as warnings: an
   * edit that renames a heading or moves a page breaks the links to it from other pages,
   * which the page just saved does not show. Queued after the updates under way; the
   * terminal asks once an update has been sent to the browser, so it adds nothing to the
   * time until the page shows the edit.
   */
  linkProblems(): Promise<Diagnostic[]> {
    const run = this.queue.then(() => this.findLinkProblems());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async findLinkProblems(): Promise<Diagnostic[]> {
    const { site, plan, resolved, facts } = this;
    if (!site || !plan || !resolved || !facts) return [];
    const planned = new Set(plan.documents.map((d) => d.url));
    for (const url of [...this.rendered.keys()]) if (!planned.has(url)) this.rendered.delete(url);
    const documents = plan.documents.flatMap((doc) => {
      const rendered = this.rendered.get(doc.url);
      if (!rendered) return [];
      // Read once per version of the page: the next check reads only the pages rendered since.
      rendered.scanned ??= scanHtml(rendered.html);
      return [rendered];
    });
    // llms.txt and llms-full.txt are made when asked for; the build always writes them.
    const outputPaths = new Set(this.outputs.keys());
    if (site.config.llms.enabled) for (const url of [LLMS_TXT_URL, LLMS_FULL_TXT_URL]) outputPaths.add(url.slice(1));
    const { diagnostics } = await checkLinks({ site, configYaml: resolved.yaml, facts, documents, outputPaths, sourceOf: documentSources(site, plan), severity: () => 'warning' });
    return diagnostics;
  }

  /** The warnings of this update's renders about the files it was for, each once. */
  private warningsAbout(changes: readonly FileChange[]): Diagnostic[] {
    const files = new Set(changes.map((c) => c.path));
    const seen = new Set<string>();
    return this.warnings.filter((d) => {
      const key = `${d.file}:${d.line}:${d.column}:${d.ruleId}:${d.message}`;
      if (!files.has(d.file) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Whether the page at `url`, as last rendered, shows one of these files (an image's new size, a new one). */
  private shows(url: string, files: readonly string[]): boolean {
    const output = this.outputs.get(outputPath(url));
    const body = output && 'body' in output ? String(output.body) : '';
    return files.some((file) => body.includes(`"${file}"`));
  }

  private async fullBuild(): Promise<number> {
    const config = await resolveConfig(this.configPath);
    for (const key of [...this.problems.keys()]) if (!key.startsWith('page:')) this.problems.delete(key);
    if (!config.ok) {
      this.problems.set('config', config.diagnostics);
      return 0;
    }
    const content = await loadContent(config.value);
    const errors = content.diagnostics.filter((d) => d.severity === 'error');
    // Two pages at one URL are a problem of the site, not of a file: asked again after each edit (applyContent).
    for (const d of errors) if (d.ruleId !== 'page-url-collision') this.problems.set(d.file, [...(this.problems.get(d.file) ?? []), d]);
    this.problems.set(URL_COLLISIONS, errors.filter((d) => d.ruleId === 'page-url-collision'));
    // Pages with broken front matter are left out: their last good version (if any) stays.
    const broken = new Set(errors.map((d) => d.file));
    const previous = new Map((this.site?.pages ?? []).map((p) => [p.file, p]));
    this.resolved = config.value;
    this.site = { ...content.site, pages: content.site.pages.map((p) => (broken.has(p.file) ? (previous.get(p.file) ?? p) : p)) };
    await this.rebundle();
    this.replan();
    await this.host.send({ type: 'init', input: this.renderInput() });
    return this.renderAll();
  }

  private async rebundle(): Promise<void> {
    const assets = await bundleAssets({ runtime: this.site!.config.runtime, languages: this.site!.config.api.languages, minify: false, dev: true });
    for (const key of [...this.outputs.keys()]) if (key.startsWith('assets/') && !this.site!.assets.some((a) => a.rel === key)) this.outputs.delete(key);
    for (const file of assets.files) this.outputs.set(file.path, { body: 'contents' in file ? file.contents : '' });
    this.assets = assets;
  }

  private replan(): void {
    this.plan = planRoutes(this.site!);
    const sourceOf = (url: string) => {
      const doc = byUrl.get(url);
      return doc?.kind === 'page' ? doc.source : undefined;
    };
    const byUrl = new Map(this.plan.documents.map((d) => [d.url, d]));
    // A page deleted or renamed: what it read, and the errors it had, go with it.
    for (const url of [...this.knownUrls]) {
      if (byUrl.has(url)) continue;
      this.dependencies.delete(url);
      this.problems.delete(`page:${url}`);
    }
    for (const doc of this.plan.documents) this.dependencies.set(doc, sourceOf);
    this.knownUrls = new Set(byUrl.keys());
    this.facts = siteFacts(this.site!);
    this.factsJson = JSON.stringify(this.facts).replace(/</g, '\\u003c');
  }

  private renderRest(): Omit<RenderInput, 'site'> {
    return { plan: { latestLegal: this.plan!.latestLegal, latestVersion: this.plan!.latestVersion, urlBySource: this.plan!.urlBySource }, factsJson: this.factsJson, assets: this.assets!.urls, buildYear: buildYear() };
  }

  private renderInput(): RenderInput {
    return { site: this.site!, ...this.renderRest() };
  }

  private async renderAll(): Promise<number> {
    const count = await this.renderDocuments(this.plan!.documents);
    // Only once every page rendered (one that fails keeps its last good version): what the
    // plan no longer has, a page deleted or renamed and its Markdown twin, is not served.
    // The redirect stubs are written again just after.
    const planned = new Set(this.plan!.documents.flatMap((d) => [outputPath(d.url), markdownTwinUrl(d.url).slice(1)]));
    for (const [key, output] of [...this.outputs]) {
      if ((key.endsWith('.html') || (key.endsWith('.md') && 'body' in output)) && !planned.has(key)) this.outputs.delete(key);
    }
    this.writeDerived();
    return count;
  }

  private async renderDocuments(documents: DocumentPlan[]): Promise<number> {
    const rendered: RenderedDocument[] = await this.host.render(documents);
    for (const doc of rendered) {
      const errors = doc.diagnostics.filter((d) => d.severity === 'error');
      this.warnings.push(...doc.diagnostics.filter((d) => d.severity === 'warning'));
      this.problems.set(`page:${doc.url}`, errors);
      // Keep serving the last good version of a page whose new version has errors.
      if (errors.length && this.outputs.has(doc.path)) continue;
      this.outputs.set(doc.path, { body: doc.html });
      this.rendered.set(doc.url, doc);
      // The page's Markdown twin, which its "Copy page as Markdown" button fetches.
      if (doc.markdown !== undefined) this.outputs.set(markdownTwinUrl(doc.url).slice(1), { body: doc.markdown });
      this.searchDocs.set(doc.url, { url: doc.url, ...(doc.search ? { search: doc.search } : {}) });
      this.searchStale = true;
      this.llmsStale = true;
    }
    return rendered.length;
  }

  /** The search index from the pages as they are now (the last good version of each). */
  private refreshSearch(): void {
    this.searchStale = false;
    for (const key of [...this.outputs.keys()]) if (key.startsWith(`${SEARCH_DIR}/`)) this.outputs.delete(key);
    if (!this.site || !this.plan || !this.site.config.search.enabled) return;
    const planned = new Set(this.plan.documents.map((d) => d.url));
    const documents = [...this.searchDocs.values()].filter((d) => planned.has(d.url));
    for (const file of siteSearchIndex({ site: this.site, plan: this.plan, documents }).files) {
      if ('contents' in file) this.outputs.set(file.path, { body: file.contents });
    }
  }

  /** llms.txt and llms-full.txt from the twins as they are now (the last good version of each page's). */
  private refreshLlms(): void {
    this.llmsStale = false;
    for (const path of [LLMS_TXT_URL, LLMS_FULL_TXT_URL]) this.outputs.delete(path.slice(1));
    if (!this.site || !this.plan || !this.site.config.llms.enabled) return;
    const documents = this.plan.documents.flatMap((doc) => {
      const twin = this.outputs.get(markdownTwinUrl(doc.url).slice(1));
      return twin && 'body' in twin && typeof twin.body === 'string' ? [{ url: doc.url, markdown: twin.body }] : [];
    });
    for (const file of llmsFiles({ site: this.site, plan: this.plan, documents })) {
      if ((`/${file.path}` === LLMS_TXT_URL || `/${file.path}` === LLMS_FULL_TXT_URL) && 'contents' in file) this.outputs.set(file.path, { body: file.contents });
    }
  }

  /** Stubs, _redirects, sitemap and robots follow the plan; content files are served from disk. */
  private writeDerived(): void {
    const { files } = derivedFiles({ site: this.site!, plan: this.plan!, factsJson: this.factsJson, redirectScript: this.assets!.urls.redirectScript, bundled: this.assets!.files.map((f) => f.path), cache: this.openapiCache });
    // A content file deleted, or refused since (an SVG that gained a script), is no longer served.
    const listed = new Set(files.map((f) => f.path));
    for (const [key, output] of this.outputs) if (output.file !== undefined && !listed.has(key)) this.outputs.delete(key);
    for (const file of files) this.outputs.set(file.path, 'from' in file ? { file: file.from } : { body: file.contents });
  }

}

function unreadable(file: string, error: NodeJS.ErrnoException): Diagnostic {
  return { ruleId: 'content-unreadable', severity: 'error', message: `cannot read this file (${error.code ?? error.message}); the last good version of its pages is shown`, hint: 'check that the file exists and can be read, then save it again', file, line: 1, column: 1 };
}

/** The dev server's view of one added or changed content file; a file gone meanwhile is not refused. */
function vetOrNull(asset: { rel: string; file: string }, options: VetOptions): ReturnType<typeof vetContentFile> {
  try {
    return vetContentFile(asset, options);
  } catch {
    return null;
  }
}
