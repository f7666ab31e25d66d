// The most bankdocs reads of each YAML source. Parsing, resolving and validating grow
// with the input; a limit turns a runaway file (a generated dump, a hostile document)
// into one clear error at the file instead of minutes of work or an exhausted heap.
import { open, stat } from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics.js';
import { decodeSource } from '../content/encoding.js';

const KIB = 1024;
const MIB = 1024 * KIB;

export const SIZE_LIMITS = {
  config: { bytes: 1 * MIB, what: 'the config' },
  frontMatter: { bytes: 256 * KIB, what: 'the front matter' },
  // GitHub's REST API (1223 operations) is 12.4 MiB as JSON; building it takes about 1 GB of memory.
  openapi: { bytes: 32 * MIB, what: 'the OpenAPI document' },
  rubyClient: { bytes: 1 * MIB, what: 'ruby-client.yaml' },
  // A page with a 2 MB base64 example builds (it is shown plain); a generated dump does not.
  markdown: { bytes: 8 * MIB, what: 'the Markdown file' },
} as const;

export type SizeLimit = (typeof SIZE_LIMITS)[keyof typeof SIZE_LIMITS];

export type LimitedRead = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * Reads a UTF-8 file of at most `limit.bytes`; bytes that are not UTF-8 text (another
 * encoding, UTF-16, a NUL) are encoding-invalid at their place, as in Markdown. The size is taken from the open file
 * before anything is read, and reading stops one byte past the limit, so a huge file is
 * never read whole; what is not a regular file (a device, a pipe) is not opened at all.
 * Errors other than the size (ENOENT, EACCES, "not a regular file") reject, for the caller to report.
 */
export async function readLimited(file: string, limit: SizeLimit): Promise<LimitedRead> {
  // Opening a named pipe waits for a writer: a pipe (or a device) is refused before it is opened.
  if (!(await stat(file)).isFile()) throw Object.assign(new Error(`${file} is not a regular file`), { code: 'not a regular file' });
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > limit.bytes) return { ok: false, diagnostic: tooLargeDiagnostic({ file, limit, size }) };
    // Read on past the size taken: a file that grew since stops one byte past the limit all the same.
    const chunks: Buffer[] = [];
    let total = 0;
    let want = Math.min(limit.bytes + 1, size + 1);
    while (total <= limit.bytes) {
      const chunk = Buffer.alloc(want);
      const { bytesRead } = await handle.read(chunk, 0, want, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      want = Math.min(64 * KIB, limit.bytes + 1 - total);
    }
    if (total > limit.bytes) return { ok: false, diagnostic: tooLargeDiagnostic({ file, limit, size: null }) };
    const decoded = decodeSource(Buffer.concat(chunks, total), file);
    return decoded.diagnostic ? { ok: false, diagnostic: decoded.diagnostic } : { ok: true, text: decoded.text };
  } finally {
    await handle.close();
  }
}

/**
 * The front matter of a Markdown file over its limit (it is read with its page, so the
 * file is in memory already); null when it is within. Measured in UTF-8 bytes.
 */
export function frontMatterTooLarge(yaml: string, file: string): Diagnostic | null {
  const limit = SIZE_LIMITS.frontMatter;
  // A UTF-8 character takes at most three bytes per UTF-16 unit: most front matter is
  // decided without counting.
  if (yaml.length * 3 <= limit.bytes) return null;
  const size = Buffer.byteLength(yaml, 'utf8');
  return size > limit.bytes ? tooLargeDiagnostic({ file, limit, size }) : null;
}

export function tooLargeDiagnostic({ file, limit, size }: { file: string; limit: SizeLimit; size: number | null }): Diagnostic {
  // Just over the limit, rounding would print the limit itself: count the bytes then.
  const actual = size === null ? `over ${formatBytes(limit.bytes)}` : formatBytes(size) === formatBytes(limit.bytes) ? `${size.toLocaleString('en')} bytes` : formatBytes(size);
  return {
    ruleId: 'file-too-large',
    severity: 'error',
    message: `${limit.what} is ${actual}, more than bankdocs reads (${formatBytes(limit.bytes)})`,
    hint: hintOf(limit),
    file,
    line: 1,
    column: 1,
  };
}

function hintOf(limit: SizeLimit): string {
  if (limit === SIZE_LIMITS.frontMatter) return 'move long text into the page body; front matter holds the title, description and a few settings';
  if (limit === SIZE_LIMITS.openapi) return 'leave out what the reference does not need (long examples, unused components); GitHub\'s REST API of 1223 operations is 12.4 MiB';
  return 'shorten it: nothing in it needs to be this large';
}

function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  if (bytes >= KIB) return `${Number((bytes / KIB).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
