// External links, fetched only with --external: HEAD (then GET when HEAD is refused),
// a time-out, bounded concurrency, and a cache of recent answers between runs.
// Only public addresses are requested: every hop's host name is resolved first and the
// link is refused when any of its addresses is loopback, private, link-local or
// otherwise not public (ip-address.ts); redirects are followed by hand so each hop is
// checked, and the connection goes to the very addresses that were checked.
import { promises as dns } from 'node:dns';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { writeCacheFile } from '../cache/cache-dir.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ExternalLink } from './check-links.js';
import { nonPublicReason } from './ip-address.js';

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Every address of a host name (dns.promises.lookup with all: true by default). */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface HopRequest {
  url: URL;
  method: 'HEAD' | 'GET';
  /** The checked addresses of url's host: the request must connect to one of these. */
  addresses: readonly ResolvedAddress[];
  signal: AbortSignal;
}

export interface HopResponse {
  status: number;
  /** The Location header, as sent. */
  location: string | null;
}

/** One HTTP request that follows no redirect. */
export type RequestHop = (request: HopRequest) => Promise<HopResponse>;

export interface ExternalOptions {
  timeoutMs: number;
  concurrency: number;
  /** JSON file of answers already had; null for none. */
  cacheFile: string | null;
  /** How long an answer stays good. */
  cacheTtlMs: number;
  /** Host name to addresses; tests pass a fake so no DNS is asked. */
  resolve?: ResolveHost;
  /** One request to checked addresses; tests pass a fake so nothing is fetched. */
  request?: RequestHop;
}

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A hop that was not requested because its address is not public. */
interface Refusal {
  /** The hop's URL: the link's own, or where a redirect sent it. */
  url: string;
  redirected: boolean;
  address: string;
  reason: string;
}

type Answer = { ok: boolean; status: number | null; error?: string; refused?: Refusal; at: number };

const resolveWithDns: ResolveHost = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export async function checkExternal(links: readonly ExternalLink[], options: ExternalOptions): Promise<Diagnostic[]> {
  const cache = options.cacheFile ? await readAnswers(options.cacheFile) : {};
  const now = Date.now();
  const urls = [...new Set(links.map((l) => l.url.split('#')[0]!))];
  // Answers that say a link works (or is not public) are kept for a while; a failure is
  // asked again every run, so a passing outage fails no later run.
  const pending = urls.filter((u) => !(cache[u] && (cache[u]!.ok || cache[u]!.refused) && now - cache[u]!.at < options.cacheTtlMs));
  const hops = { resolve: options.resolve ?? resolveWithDns, request: options.request ?? requestHop };
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const url = pending[next++]!;
      cache[url] = await probe(url, options.timeoutMs, hops);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, pending.length) }, worker));
  // Whole or not at all (another check may read it meantime); one that cannot be written only costs the next run time.
  if (options.cacheFile) writeCacheFile(options.cacheFile, JSON.stringify(cache));
  return links.flatMap((link): Diagnostic[] => {
    const answer = cache[link.url.split('#')[0]!];
    if (!answer || answer.ok) return [];
    const place = { file: link.file, line: link.line, column: link.column };
    if (answer.refused) {
      const { url, redirected, address, reason } = answer.refused;
      const where = redirected ? `redirects to ${url}, at ${address}` : `points to ${address}`;
      return [{
        ruleId: 'external-link-private',
        severity: 'warning',
        message: `${link.url} ${where}, ${/^[aeiou]/i.test(reason) ? 'an' : 'a'} ${reason} address; bankdocs does not request such addresses, so the link was not checked`,
        hint: 'link to a page on the public internet; readers outside your network cannot open this one (a link to the reader\'s own machine, such as http://localhost:…, can stay)',
        ...place,
      }];
    }
    return [{
      ruleId: 'external-link-broken',
      severity: 'error',
      message: answer.status ? `${link.url} answers ${answer.status}` : `${link.url} cannot be reached (${answer.error ?? 'no answer'})`,
      hint: 'fix or remove the link; if the site is only down for now, run the check again later',
      ...place,
    }];
  });
}

/** The answers a last run kept; none from a file that is missing, damaged or of another shape (they are asked again). */
async function readAnswers(file: string): Promise<Record<string, Answer>> {
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return {};
    return Object.fromEntries(Object.entries(kept).filter(([, a]) => isAnswer(a))) as Record<string, Answer>;
  } catch {
    return {};
  }
}

function isAnswer(value: unknown): value is Answer {
  const a = value as Answer | null;
  return typeof a === 'object' && a !== null && typeof a.ok === 'boolean' && typeof a.at === 'number' && (a.refused === undefined || (typeof a.refused === 'object' && a.refused !== null));
}

type Hops = { resolve: ResolveHost; request: RequestHop };
type WalkResult = { status: number } | { refused: Refusal } | { error: string };

async function probe(url: string, timeoutMs: number, hops: Hops): Promise<Answer> {
  const attempt = async (method: 'HEAD' | 'GET') => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await walkRedirects(url, method, hops, signal);
    } catch (error) {
      if (signal.aborted) return { error: `no answer within ${timeoutMs} ms` };
      const { code, cause, message } = error as { code?: string; cause?: { code?: string }; message?: string };
      return { error: code ?? cause?.code ?? message ?? String(error) };
    }
  };
  let result = await attempt('HEAD');
  if ('status' in result && (result.status === 405 || result.status === 501)) result = await attempt('GET');
  const at = Date.now();
  if ('refused' in result) return { ok: false, status: null, refused: result.refused, at };
  if ('error' in result) return { ok: false, status: null, error: result.error, at };
  return { ok: result.status < 400, status: result.status, at };
}

/**
 * Requests url and follows up to MAX_REDIRECTS redirects, each hop only over http(s)
 * and only to public addresses. Throws what the resolver or the request throws.
 */
async function walkRedirects(start: string, method: 'HEAD' | 'GET', hops: Hops, signal: AbortSignal): Promise<WalkResult> {
  let url = new URL(start);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { error: `${hop ? 'redirects to ' : ''}${url.href}, which is not an http(s) URL` };
    }
    const checked = await publicAddresses(url, hops.resolve, signal);
    if ('refused' in checked) return { refused: { ...checked.refused, redirected: hop > 0 } };
    const response = await hops.request({ url, method, addresses: checked.addresses, signal });
    if (!REDIRECT_STATUSES.has(response.status) || response.location === null) return { status: response.status };
    if (hop === MAX_REDIRECTS) return { error: `more than ${MAX_REDIRECTS} redirects` };
    try {
      url = new URL(response.location, url);
    } catch {
      return { error: `redirects to "${response.location.slice(0, 80)}", which is not a URL` };
    }
  }
}

async function publicAddresses(url: URL, resolve: ResolveHost, signal: AbortSignal): Promise<{ addresses: readonly ResolvedAddress[] } | { refused: Omit<Refusal, 'redirected'> }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await untilAborted(resolve(host), signal);
  if (!addresses.length) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  // One non-public address is enough to refuse: the connection could pick any of them.
  for (const { address } of addresses) {
    const reason = nonPublicReason(address);
    if (reason) return { refused: { url: url.href, address, reason } };
  }
  return { addresses };
}

/** dns.lookup takes no signal: stop waiting for it when the time-out fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The real request, with node:http(s) rather than fetch: its `lookup` option makes the
 * socket connect to the addresses checked above, so a second DNS answer (DNS rebinding)
 * cannot send it elsewhere. Node's fetch takes no such option without importing undici.
 */
export const requestHop: RequestHop = ({ url, method, addresses, signal }) =>
  new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method, signal, agent: false, lookup: pinnedLookup(addresses), headers: { 'user-agent': 'bankdocs-link-check' } },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
        response.destroy(); // only the status line and headers are needed
      },
    );
    request.on('error', reject);
    request.end();
  });

function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = addresses.filter((a) => !family || a.family === family);
    if (!usable.length) {
      callback(Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
    } else {
      callback(null, usable[0]!.address, usable[0]!.family);
    }
  };
}
