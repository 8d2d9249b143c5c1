/**
 * Referrer restrictions of a key: patterns with `*` wildcards matched against the request's
 * Referer (docs/access.md). A pattern has up to three parts, `scheme://host/path`:
 *
 *   https://*.example.jp/*   scheme https, any subdomain of example.jp, any path
 *   example.jp               http or https (no scheme given), exactly example.jp, any path
 *   http://localhost:*       localhost on any port over http, any path
 *
 * `*` in the host matches only what host names are made of (letters, digits, `-`, `_`, `.`),
 * and in a port only digits, so `https://*.example.jp/*` never matches
 * `https://evil.example/x.example.jp/`, `https://evil.example\.example.jp/` or
 * `https://evil.example%2f.example.jp/`, which browsers and servers read as other hosts; in the
 * path it matches anything. A host of `*` alone allows any host and port. A pattern without a
 * path allows every path on that host. Matching ignores case.
 */

export const MAX_REFERRER_PATTERN_LENGTH = 500;

const PATTERN = /^(?:([A-Za-z*][A-Za-z0-9+.*-]*):\/\/)?((?:\[[0-9A-Fa-f:.*]+\]|[^/\s:[\]]+)(?::[0-9*]+)?)(\/\S*)?$/;

/** A pattern's host and port. */
const AUTHORITY = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/;
/** What `*` stands for in a host name, an IPv6 address, or a host of `*` alone (with any port). */
const HOST_NAME_PART = '[a-z0-9_.-]*';
const IPV6_PART = '[0-9a-f:.]*';
const ANY_AUTHORITY = `(?:${HOST_NAME_PART}|\\[${IPV6_PART}\\])(?::[0-9]+)?`;

function glob(text: string, star: string): string {
  return text
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(star);
}

/** Why `pattern` is not a valid referrer pattern, or undefined when it is. */
export function referrerPatternProblem(pattern: string): string | undefined {
  if (pattern.length === 0) return 'it is empty';
  if (pattern.length > MAX_REFERRER_PATTERN_LENGTH) return `it is longer than ${MAX_REFERRER_PATTERN_LENGTH} characters`;
  if (!PATTERN.test(pattern)) return 'expected scheme://host/path with * wildcards, e.g. https://*.example.jp/*';
  return undefined;
}

/** Compiles one pattern to a regular expression over the whole Referer value. */
export function referrerPatternRegExp(pattern: string): RegExp {
  const problem = referrerPatternProblem(pattern);
  if (problem) throw new Error(`invalid referrer pattern "${pattern}": ${problem}`);
  const [, scheme, authority, path] = PATTERN.exec(pattern)!;
  const [, host, port] = AUTHORITY.exec(authority!)!;
  const schemeRe = scheme === undefined ? 'https?' : glob(scheme, '[a-z0-9+.-]*');
  const hostRe =
    host === '*' && port === undefined
      ? ANY_AUTHORITY
      : glob(host!, host!.startsWith('[') ? IPV6_PART : HOST_NAME_PART) + (port === undefined ? '' : ':' + glob(port, '[0-9]*'));
  const pathRe = path === undefined ? '(?:[/?#].*)?' : glob(path, '.*');
  return new RegExp(`^${schemeRe}://${hostRe}${pathRe}$`, 'is');
}

/** A predicate for a list of patterns: true when any matches. An empty list allows everything. */
export function referrerMatcher(patterns: readonly string[]): (referrer: string | undefined) => boolean {
  if (patterns.length === 0) return () => true;
  const res = patterns.map(referrerPatternRegExp);
  return (referrer) => referrer !== undefined && res.some((re) => re.test(referrer));
}
