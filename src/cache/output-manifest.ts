// What the last build wrote into an output folder, kept in the site's cache folder (not
// in the output, which is published): every file with the identity of what it holds
// (a page: its document key; any other file: a hash of its bytes) and its size and time
// on disk, so a file someone changed or removed since is noticed; and the inputs of that
// build (every file under content/, the config, the plugins, the theme), each by size,
// time and content hash, so a build with nothing changed can stop after a few stats.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { readCacheValue, writeCacheValue } from './cache-dir.js';
import { digest } from './fingerprint.js';

const FORMAT = 3;

export interface OutputRecord {
  /** What the file holds: a page's document key, or "sha1:<hex>" of the bytes. */
  id: string;
  size: number;
  mtimeMs: number;
}

export interface InputRecord {
  size: number;
  mtimeMs: number;
  hash: string;
}

/**
 * Where a build's inputs are: folders walked whole and single files, each with the label
 * its files are recorded under. Kept in the manifest, so a build can tell that nothing
 * changed before it reads the config (up-to-date.ts): the config is one of the inputs.
 */
export interface InputPlan {
  walks: [label: string, dir: string][];
  files: [name: string, path: string][];
}

export interface OutputManifest {
  /** Everything that decides the build besides the input files (tool, options, year). */
  buildKey: string;
  /** The part of the build key the config decides (its Markdown plugins). */
  pluginsKey: string;
  plan: InputPlan;
  inputs: Map<string, InputRecord>;
  files: Map<string, OutputRecord>;
  /** Pages of that build, and its warnings: a build with nothing to do says them again. */
  pages: number;
  diagnostics: Diagnostic[];
  /** The working folder of that build, which its warnings name files from (reshowPaths). */
  cwd: string;
}

export const contentId = (bytes: string | Uint8Array): string => `sha1:${createHash('sha1').update(bytes).digest('hex')}`;

export function manifestFile(cacheDir: string, outDir: string): string {
  return join(cacheDir, `output-${digest(resolve(outDir)).slice(0, 16)}.bin`);
}

export function readManifest(file: string): OutputManifest | null {
  try {
    const raw = readCacheValue(file) as { format?: unknown; buildKey?: unknown; pluginsKey?: unknown; plan?: { walks?: unknown; files?: unknown }; inputs?: unknown; files?: unknown; pages?: unknown; diagnostics?: unknown; cwd?: unknown };
    if (raw.format !== FORMAT || typeof raw.buildKey !== 'string' || typeof raw.pluginsKey !== 'string' || !Array.isArray(raw.plan?.walks) || !Array.isArray(raw.plan?.files)) return null;
    if (!(raw.inputs instanceof Map) || !(raw.files instanceof Map) || typeof raw.pages !== 'number' || !Array.isArray(raw.diagnostics) || typeof raw.cwd !== 'string') return null;
    return { buildKey: raw.buildKey, pluginsKey: raw.pluginsKey, plan: raw.plan as InputPlan, inputs: raw.inputs as Map<string, InputRecord>, files: raw.files as Map<string, OutputRecord>, pages: raw.pages, diagnostics: raw.diagnostics as Diagnostic[], cwd: raw.cwd };
  } catch {
    return null;
  }
}

export function writeManifest(file: string, manifest: OutputManifest): void {
  writeCacheValue(file, { format: FORMAT, ...manifest });
}

export function forgetManifest(file: string): void {
  rmSync(file, { force: true });
}

/**
 * True when the output folder holds exactly the files of the manifest, as they were
 * written (size and time), besides `extra` (the marker): nobody changed it since.
 */
export function outputIntact(outDir: string, manifest: OutputManifest, extra: readonly string[]): boolean {
  let listed: import('node:fs').Dirent[];
  try {
    listed = (readdirSync(outDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]).filter((e) => !e.isDirectory());
  } catch {
    return false;
  }
  if (listed.length !== manifest.files.size + extra.length) return false;
  // Paths by string, not path.join: a few thousand entries of a folder read just now.
  const root = outDir.length;
  for (const e of listed) {
    const dir = e.parentPath.length > root ? `${e.parentPath.slice(root + 1)}/` : '';
    const path = sep === '/' ? `${dir}${e.name}` : `${dir}${e.name}`.split(sep).join('/');
    if (extra.includes(path)) continue;
    const record = manifest.files.get(path);
    if (!record) return false;
    const stat = statSync(`${e.parentPath}${sep}${e.name}`, { throwIfNoEntry: false });
    if (!stat || !stat.isFile() || stat.size !== record.size || stat.mtimeMs !== record.mtimeMs) return false;
  }
  return true;
}

/** Every input file of a plan by its name: the files under each walked folder, then the single files. */
export function inputFilesOf(plan: InputPlan): Map<string, string> {
  const files = new Map<string, string>();
  for (const [label, dir] of plan.walks) {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[];
    } catch {
      continue;
    }
    for (const e of entries) if (e.isFile() || e.isSymbolicLink()) files.set(`${label}/${relative(dir, join(e.parentPath, e.name))}`, join(e.parentPath, e.name));
  }
  for (const [name, path] of plan.files) files.set(name, path);
  return files;
}

/**
 * The inputs as they are now, re-using the recorded hash of every file whose size and time
 * did not change. `read`: where to keep the bytes of the files read to hash them, by path.
 */
export function snapshotInputs(files: ReadonlyMap<string, string>, previous: ReadonlyMap<string, InputRecord> | null, read?: Map<string, Buffer>): Map<string, InputRecord> | null {
  const inputs = new Map<string, InputRecord>();
  for (const [name, path] of files) {
    let stat: import('node:fs').Stats | undefined;
    try {
      stat = statSync(path, { throwIfNoEntry: false });
    } catch {
      return null; // a link to itself, a folder it may not enter: the content stage says which
    }
    // Gone, or no file to read whole (a link to a pipe would block the read).
    if (!stat?.isFile()) return null;
    const before = previous?.get(name);
    if (before && before.size === stat.size && before.mtimeMs === stat.mtimeMs) {
      inputs.set(name, before);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return null;
    }
    inputs.set(name, { size: stat.size, mtimeMs: stat.mtimeMs, hash: contentId(bytes) });
    read?.set(path, bytes);
  }
  return inputs;
}

export function sameInputs(a: ReadonlyMap<string, InputRecord>, b: ReadonlyMap<string, InputRecord>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, record] of a) if (b.get(name)?.hash !== record.hash) return false;
  return true;
}
