/**
 * The Host header must name a host: a DNS name, an IPv4 address or a bracketed IPv6 address,
 * with an optional port. Anything else (paths, user info, spaces, several hosts) is refused with
 * 400 before a route sees it, so that nothing downstream can be fed a crafted host. Links the
 * service hands out are never built from Host anyway (--public-url, docs/deployment.md).
 *
 * RFC 9112 §3.2: a request with more than one Host header is a 400 as well. Node keeps the first
 * and drops the others from `headers`, so the raw header list is where a second one shows.
 */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const VALID_HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$`);
const MAX_HOST_LENGTH = 255;

/** True for a valid Host header, and for none or an empty one (HTTP/1.0, or a URI without a host). */
export function validHostHeader(host: string | undefined): boolean {
  if (host === undefined || host === '') return true;
  return host.length <= MAX_HOST_LENGTH && VALID_HOST.test(host);
}

/** Whether `rawHeaders` (name, value, name, value, …) holds Host more than once. */
export function hasDuplicateHost(rawHeaders: readonly string[]): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') {
      if (seen) return true;
      seen = true;
    }
  }
  return false;
}

export const DUPLICATE_HOST_MESSAGE = 'the request has more than one Host header; send exactly one (RFC 9112 §3.2)';
