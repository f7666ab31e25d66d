// The build's side of the cache (src/cache/): before compiling, whether the output folder
// already holds this very build (nothing to do); after, writing only what changed when
// few pages did (in place), or the whole folder into a staging folder swapped in (as a
// cold build does), and recording what was written for the next build.
//
// In place, the manifest is removed before the first write and recorded after the last:
// a build stopped in between leaves a folder the next build does not trust, and writes
// whole. Errors in the content stop the build before anything is written, as always.
import { pluginSources } from '../plugin/sources.js';
import { readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ResolvedConfig } from '../config/load-config.js';
import { outputError, reshowPaths, type Diagnostic } from '../diagnostics.js';
import type { CacheTarget } from '../cache/build-cache.js';
import { PackedDocument } from '../cache/document-cache.js';
import { siteCacheDir } from '../cache/cache-dir.js';
import { digest, toolFingerprint } from '../cache/fingerprint.js';
import { contentId, forgetManifest, inputFilesOf, manifestFile, outputIntact, readManifest, sameInputs, snapshotInputs, writeManifest, type InputPlan, type InputRecord, type OutputManifest, type OutputRecord } from '../cache/output-manifest.js';
import { THEME_DIR } from '../package-root.js';
import type { RenderedDocument } from '../render/render-documents.js';
import { markdownTwinUrl } from '../routes/markdown-twin.js';
import type { OutputFile } from './assets.js';
import { buildYear } from './build-year.js';
import { OUTPUT_MARKER } from './out-dir.js';

export interface UpToDate {
  pages: number;
  files: number;
  /** The warnings of the build that made the folder, said again as from this working folder. */
  diagnostics: Diagnostic[];
}

export interface OutputCache {
  target: CacheTarget;
  upToDate: UpToDate | null;
  /** Records the folder as written now (after a staged commit or an in-place update). */
  record(written: Map<string, OutputRecord>, documents: readonly RenderedDocument[], diagnostics: readonly Diagnostic[]): void;
  /** Writes the changed files into the folder itself. */
  updateInPlace(files: readonly OutputFile[], documents: readonly RenderedDocument[]): Map<string, OutputRecord>;
  /** What each file of a staged build holds, for the manifest. */
  identify(files: readonly OutputFile[], documents: readonly RenderedDocument[]): Map<string, OutputRecord>;
}

/** The files a build reads besides the content: the config, the site's plugins, the theme's styles and scripts, the site's theme overrides. */
function inputPlan(resolved: ResolvedConfig): InputPlan {
  const walks: InputPlan['walks'] = [['content', resolved.contentDir], ...['client', 'styles', 'components'].map((part): [string, string] => [`theme/${part}`, join(THEME_DIR, part)])];
  const files: InputPlan['files'] = [['config', resolved.file]];
  // A plugin with every file it may import (src/plugin/sources.ts).
  for (const plugin of resolved.markdownPlugins ?? []) for (const file of pluginSources(plugin.url, [resolved.contentDir])) files.push([`plugin/${plugin.name}/${file}`, file]);
  for (const file of resolved.theme?.files ?? []) files.push([`theme-override/${file}`, file]);
  return { walks, files };
}

/** The input files' content hashes by path (their records are by name). */
function hashesByPath(sources: ReadonlyMap<string, string>, inputs: ReadonlyMap<string, InputRecord>): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const [name, path] of sources) {
    const hash = inputs.get(name)?.hash;
    if (hash) hashes.set(path, hash);
  }
  return hashes;
}

/** What decides a build besides its input files: bankdocs itself, the year (the footer's), the Markdown plugins. */
export function buildKeyOf(pluginsKey: string): string {
  return digest(toolFingerprint(), String(buildYear()), pluginsKey);
}

/**
 * What the last build into `outDir` recorded, and its inputs as they are now (null when
 * one is missing): read once by the quick check (lastBuild) and handed to the build, which
 * takes it when its inputs are where the record says (the same config, so the same plan).
 */
export interface LastBuild {
  configFile: string;
  outDir: string;
  manifest: OutputManifest;
  /** The input files where the record's plan says, by name, and their state now. */
  sources: Map<string, string>;
  inputs: Map<string, InputRecord> | null;
  /** The bytes of the files read to hash them (those changed since the record), by path. */
  read: Map<string, Buffer>;
}

/**
 * Whether the output folder holds the build of these very inputs, told from the last
 * build's manifest alone: before the config is read or any of the build's code is
 * loaded, so a build with nothing to do takes a few stats (commands/fresh.ts). The
 * config is one of the inputs: while it is unchanged, so is where the inputs are.
 */
export function lastBuild(configFile: string, outDir: string): { upToDate: UpToDate | null; last: LastBuild | null } {
  const dir = siteCacheDir(configFile);
  const manifest = dir ? readManifest(manifestFile(dir, outDir)) : null;
  if (!manifest) return { upToDate: null, last: null };
  const sources = inputFilesOf(manifest.plan);
  const read = new Map<string, Buffer>();
  const inputs = snapshotInputs(sources, manifest.inputs, read);
  // The output folder is listed only when everything else says nothing changed.
  const upToDate = upToDateOf(manifest, buildKeyOf(manifest.pluginsKey), inputs, () => outputIntact(outDir, manifest, [OUTPUT_MARKER]));
  return { upToDate, last: { configFile, outDir, manifest, sources, inputs, read } };
}

/** The last build, as a build with nothing to do reports it, when its key and inputs are these and its folder is intact. */
function upToDateOf(previous: OutputManifest, buildKey: string, inputs: ReadonlyMap<string, InputRecord> | null, intact: () => boolean): UpToDate | null {
  if (previous.buildKey !== buildKey || !inputs || !sameInputs(previous.inputs, inputs) || !intact()) return null;
  return { pages: previous.pages, files: previous.files.size + 1, diagnostics: previous.diagnostics.map((d) => reshowPaths(d, previous.cwd)) };
}

/** `last`: what the quick check read (lastBuild), taken when it is of this config, output folder and plan. */
export function openOutputCache(resolved: ResolvedConfig, outDir: string, last: LastBuild | null = null): OutputCache | null {
  const dir = siteCacheDir(resolved.file);
  if (!dir) return null;
  const file = manifestFile(dir, outDir);
  const plan = inputPlan(resolved);
  const known = last && last.configFile === resolved.file && last.outDir === outDir && JSON.stringify(last.manifest.plan) === JSON.stringify(plan) ? last : null;
  const previous = known ? known.manifest : readManifest(file);
  const sources = known ? known.sources : inputFilesOf(plan);
  // The files read to hash them (a cold build: all of them) are not read again for the content.
  const read = known ? known.read : new Map<string, Buffer>();
  const inputs = known ? known.inputs : snapshotInputs(sources, previous?.inputs ?? null, read);
  const nameOf = new Map([...sources].map(([name, path]) => [path, name]));
  const pluginsKey = JSON.stringify(resolved.markdownPlugins ?? []);
  const buildKey = buildKeyOf(pluginsKey);
  const intact = previous !== null && outputIntact(outDir, previous, [OUTPUT_MARKER]);
  const upToDate = previous && upToDateOf(previous, buildKey, inputs, () => intact);
  // A copied content file is what its bytes were when the build read its inputs.
  const contentHash = (from: string): string | undefined => inputs?.get(nameOf.get(from) ?? '')?.hash;
  const idOf = (f: OutputFile, keys: Map<string, string>): string => keys.get(f.path) ?? ('contents' in f ? (f.id ?? contentId(f.contents)) : 'staged' in f ? f.staged : `file:${contentHash(f.from) ?? statId(f.from)}`);
  const statOf = (path: string, id: string): OutputRecord => {
    const stat = statSync(join(outDir, path));
    return { id, size: stat.size, mtimeMs: stat.mtimeMs };
  };

  return {
    target: { dir, mode: 'output', manifest: intact ? previous : null, ...(inputs ? { inputHashes: hashesByPath(sources, inputs), ...(read?.size ? { inputBytes: read } : {}) } : {}) },
    upToDate,
    identify(files, documents) {
      const keys = documentKeys(documents);
      const records = new Map<string, OutputRecord>();
      for (const f of files) records.set(f.path, statOf(f.path, idOf(f, keys)));
      for (const d of documents) if (d.written && d.cacheKey) records.set(d.path, statOf(d.path, d.cacheKey));
      return records;
    },
    updateInPlace(files, documents) {
      if (!previous) throw new Error('Internal error: an in-place update without a manifest');
      forgetManifest(file);
      const keys = documentKeys(documents);
      const records = new Map<string, OutputRecord>();
      // Every changed file is written beside its place first, and only once all are written
      // are they moved in: a write that fails (no space, a file where a folder must go) takes
      // back what it wrote, and the folder is as the last build left it.
      const moves: { temp: string; target: string; path: string; id: string }[] = [];
      const madeDirs: string[] = [];
      try {
        for (const f of files) {
          const id = idOf(f, keys);
          const before = previous.files.get(f.path);
          if (before?.id === id) {
            records.set(f.path, before);
            continue;
          }
          const target = join(outDir, f.path);
          const temp = join(dirname(target), `.${process.pid}.${moves.length}.bankdocs.tmp`);
          const made = mkdirSync(dirname(target), { recursive: true });
          if (made) madeDirs.push(made);
          // Listed before it is written: a write that fails halfway (no space) leaves a file to take back too.
          moves.push({ temp, target, path: f.path, id });
          if ('contents' in f) writeFileSync(temp, f.contents);
          // Not copyFileSync, which would give it its source's mode (see write-output.ts).
          else if ('from' in f) writeFileSync(temp, readFileSync(f.from));
          else throw new Error(`Internal error: ${f.path} was written into a staging folder, not this one`);
          if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error(`${f.path} is a folder`), { code: 'EISDIR' });
        }
      } catch (error) {
        for (const { temp } of moves) rmSync(temp, { force: true });
        for (const dir of madeDirs.reverse()) rmSync(dir, { recursive: true, force: true });
        throw outputError(`the output folder ${outDir}`, error);
      }
      try {
        for (const { temp, target, path, id } of moves) {
          renameSync(temp, target);
          records.set(path, statOf(path, id));
        }
        for (const d of documents) if (d.kept) records.set(d.path, previous.files.get(d.path)!);
        for (const path of previous.files.keys()) if (!records.has(path)) removeWithEmptyParents(outDir, path);
      } catch (error) {
        throw outputError(`the output folder ${outDir}`, error);
      }
      return records;
    },
    record(written, documents, diagnostics) {
      const pages = documents.length;
      if (!inputs) return;
      writeManifest(file, { buildKey, pluginsKey, plan, inputs, files: written, pages, diagnostics: diagnostics.filter((d) => d.severity !== 'error'), cwd: process.cwd() });
    },
  };
}

function statId(path: string): string {
  const stat = statSync(path, { throwIfNoEntry: false });
  return `${stat?.size ?? -1}:${stat?.mtimeMs ?? -1}`;
}

function removeWithEmptyParents(root: string, path: string): void {
  rmSync(join(root, path), { force: true });
  for (let dir = dirname(join(root, path)); dir.length > root.length; dir = dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return; // not empty
    }
  }
}

/**
 * Output files named by what they were made from, not hashed: a document's page and its
 * Markdown twin, by the document's cache key (the same key gives the same twin: it is the
 * one the cache kept with the document). Other files are named by a hash of their bytes.
 */
export function documentKeys(documents: readonly RenderedDocument[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const d of documents) {
    if (!d.cacheKey) continue;
    keys.set(d.path, d.cacheKey);
    // A kept document says whether it has a twin without reading it.
    if (d instanceof PackedDocument ? d.hasTwin : d.markdown !== undefined) keys.set(markdownTwinUrl(d.url).slice(1), `twin:${d.cacheKey}`);
  }
  return keys;
}
