// search.exclude patterns: site paths where "*" stands for any characters within one
// segment and a final "/**" for the path itself and everything under it
// ("/developers/internal/**", "/*/privacy-notice/*").

export interface ExcludeMatcher {
  /** The index of the first pattern matching `url`, or -1. */
  match(url: string): number;
}

function patternRE(pattern: string): RegExp {
  const deep = pattern.endsWith('/**');
  const body = deep ? pattern.slice(0, -3) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}${deep ? '(?:/.*)?' : ''}/?$`);
}

export function excludeMatcher(patterns: readonly string[]): ExcludeMatcher {
  const res = patterns.map(patternRE);
  return { match: (url) => res.findIndex((re) => re.test(url)) };
}
