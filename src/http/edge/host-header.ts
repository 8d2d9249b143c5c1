/**
 * RFC 9112 §3.2: a request with more than one Host header is a 400. Node keeps the first and
 * drops the others from `headers`, so the raw header list is where a second one shows.
 */

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
