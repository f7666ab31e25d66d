// Whether a Content-Security-Policy directive's sources let the browser load a URL: the
// source expressions of CSP Level 3 that a policy of bankdocs holds ('self', a scheme such
// as https:, a host with an optional scheme, "*." wildcard, port and path, and *).
// 'none', nonces and hashes allow no URL.

/** Whether `url` (absolute) is allowed by `sources`, on a site whose origin is `self`. */
export function allowedBySources(url: URL, sources: readonly string[], self: string): boolean {
  return sources.some((source) => allows(source, url, self));
}

const HOST_SOURCE_RE = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^/:*]+)(?::(\d+|\*))?(\/.*)?$/i;

function allows(source: string, url: URL, self: string): boolean {
  const scheme = url.protocol.slice(0, -1);
  if (source === "'self'") return url.origin === self || (url.protocol === 'https:' && self === `http://${url.host}`);
  if (source === '*') return scheme === 'http' || scheme === 'https' || scheme === 'ws' || scheme === 'wss';
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return schemeMatches(source.slice(0, -1).toLowerCase(), scheme);
  const host = HOST_SOURCE_RE.exec(source);
  if (!host) return false;
  const [, sourceScheme, sourceHost, port, path] = host;
  if (sourceScheme ? !schemeMatches(sourceScheme.toLowerCase(), scheme) : !schemeMatches(new URL(self).protocol.slice(0, -1), scheme)) return false;
  const wanted = sourceHost!.toLowerCase();
  if (wanted !== '*' && (wanted.startsWith('*.') ? !url.hostname.endsWith(wanted.slice(1)) : url.hostname !== wanted)) return false;
  const defaultPort = scheme === 'https' || scheme === 'wss' ? '443' : '80';
  if (port !== '*' && (url.port || defaultPort) !== (port ?? defaultPort)) return false;
  if (path && path !== '/') return path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path;
  return true;
}

/** A source's scheme allows the URL's, or its secure counterpart (http: allows https:). */
function schemeMatches(source: string, scheme: string): boolean {
  return source === scheme || (source === 'http' && scheme === 'https') || (source === 'ws' && (scheme === 'wss' || scheme === 'http' || scheme === 'https'));
}
