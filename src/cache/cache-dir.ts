// Where bankdocs keeps what it can reuse between runs: node_modules/.cache/bankdocs, the
// place build tools share by convention (find-cache-dir), found upward from the site's
// folder. One sub-folder per site (by its config path), so two sites never share entries.
// Safe to delete at any time; BANKDOCS_CACHE_DIR moves it, BANKDOCS_CACHE=off turns it off.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import { digest } from './fingerprint.js';

export function cacheRoot(projectRoot: string): string | null {
  if (process.env.BANKDOCS_CACHE === 'off' || process.env.BANKDOCS_CACHE === '0') return null;
  if (process.env.BANKDOCS_CACHE_DIR) return resolve(process.env.BANKDOCS_CACHE_DIR);
  for (let dir = resolve(projectRoot); ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (existsSync(modules) && statSync(modules).isDirectory()) return join(modules, '.cache', 'bankdocs');
    if (dirname(dir) === dir) return join(resolve(projectRoot), 'node_modules', '.cache', 'bankdocs');
  }
}

/** The cache folder of the site whose config is `configFile`, or null when caching is off. */
export function siteCacheDir(configFile: string): string | null {
  const root = cacheRoot(dirname(configFile));
  return root && join(root, 'sites', digest(resolve(configFile)).slice(0, 16));
}

/**
 * Writes a file of the cache whole or not at all (another run may read it meanwhile),
 * creating its folder. False when it could not be written (a read-only folder, a full
 * disk): a cache file missed only costs the next run time.
 */
export function writeCacheFile(file: string, data: string | NodeJS.ArrayBufferView): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, data);
    renameSync(temp, file);
    return true;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // a folder that may not be entered: nothing was written there either
    }
    return false;
  }
}

/**
 * Writes `bytes` with their CRC-32 after them, for readSealedCacheFile: what v8 reads
 * (its serialisation, its compiled code) it does not check, so a damaged file (a changed
 * byte in a restored CI cache, a bad disk) would be read as other values without a word,
 * and a build would publish them, or V8 would crash on the code.
 */
export function writeSealedCacheFile(file: string, bytes: Uint8Array): boolean {
  const sum = Buffer.alloc(4);
  sum.writeUInt32LE(crc32(bytes));
  return writeCacheFile(file, Buffer.concat([bytes, sum], bytes.length + 4));
}

/** The bytes writeSealedCacheFile wrote; throws when the file is missing, damaged or not one. */
export function readSealedCacheFile(file: string): Buffer {
  const bytes = readFileSync(file);
  const end = bytes.length - 4;
  if (end < 0 || crc32(bytes.subarray(0, end)) !== bytes.readUInt32LE(end)) throw new Error(`damaged cache file: ${file}`);
  return bytes.subarray(0, end);
}

/** Writes `value` in v8 serialisation, sealed (writeSealedCacheFile). */
export function writeCacheValue(file: string, value: unknown): boolean {
  return writeSealedCacheFile(file, serialize(value));
}

/** What writeCacheValue wrote; throws when the file is missing, damaged or not one. */
export function readCacheValue(file: string): unknown {
  return deserialize(readSealedCacheFile(file));
}
