// External links, fetched only with --external: HEAD (then GET when HEAD is refused),
// a time-out, bounded concurrency, and a cache of recent answers between runs.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { ExternalLink } from './check-links.js';

export interface ExternalOptions {
  timeoutMs: number;
  concurrency: number;
  /** JSON file of answers already had; null for none. */
  cacheFile: string | null;
  /** How long an answer stays good. */
  cacheTtlMs: number;
}

type Answer = { ok: boolean; status: number | null; error?: string; at: number };

export async function checkExternal(links: readonly ExternalLink[], options: ExternalOptions): Promise<Diagnostic[]> {
  const cache: Record<string, Answer> = options.cacheFile ? await readFile(options.cacheFile, 'utf8').then((t) => JSON.parse(t) as Record<string, Answer>, () => ({})) : {};
  const now = Date.now();
  const urls = [...new Set(links.map((l) => l.url.split('#')[0]!))];
  const pending = urls.filter((u) => !(cache[u] && now - cache[u]!.at < options.cacheTtlMs));
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const url = pending[next++]!;
      cache[url] = await probe(url, options.timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, pending.length) }, worker));
  if (options.cacheFile) {
    await mkdir(dirname(options.cacheFile), { recursive: true });
    await writeFile(options.cacheFile, JSON.stringify(cache));
  }
  return links.flatMap((link) => {
    const answer = cache[link.url.split('#')[0]!];
    if (!answer || answer.ok) return [];
    return [{
      ruleId: 'external-link-broken',
      severity: 'error' as const,
      message: answer.status ? `${link.url} answers ${answer.status}` : `${link.url} cannot be reached (${answer.error ?? 'no answer'})`,
      hint: 'fix or remove the link; if the site is only down for now, run the check again later',
      file: link.file,
      line: link.line,
      column: link.column,
    }];
  });
}

async function probe(url: string, timeoutMs: number): Promise<Answer> {
  const attempt = async (method: 'HEAD' | 'GET') => {
    const response = await fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'bankdocs-link-check' } });
    await response.body?.cancel();
    return response.status;
  };
  try {
    let status = await attempt('HEAD');
    if (status === 405 || status === 501) status = await attempt('GET');
    return { ok: status < 400, status, at: Date.now() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, status: null, error: (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (cause ?? (error as Error).message), at: Date.now() };
  }
}
