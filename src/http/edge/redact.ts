/**
 * Keeps credentials out of logs. The one log line per response carries the URL; this removes
 * the value of every credential parameter (`apikey`, and the `signature` of a Master Export
 * download URL, which is a bearer credential until it expires; any case, percent-encoded names
 * too) and every path segment or parameter value that holds something shaped like a Ginko key
 * once its percent-escapes are read (a key pasted into a path or another parameter, encoded or
 * not).
 */

const KEY_SHAPED = /gk_[A-Za-z0-9_-]{8,}/i;
/** Parameters whose value is a credential, lower case. */
export const CREDENTIAL_PARAMETERS: readonly string[] = Object.freeze(['apikey', 'signature']);
export const REDACTED = '[redacted]';

/**
 * Percent-escapes read byte by byte and `+` as space. Lenient on purpose: one malformed escape
 * must not hide an encoded key elsewhere in the same value from the check.
 */
function unescape(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  const spaced = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw;
  // Well-formed UTF-8 escapes (nearly every URL: Japanese search text) decode natively; what
  // this check looks for is ASCII, which reads the same either way.
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

const holdsKey = (raw: string) => KEY_SHAPED.test(unescape(raw));

function isCredentialParameter(rawName: string): boolean {
  return CREDENTIAL_PARAMETERS.includes(unescape(rawName).replace(/\[\d*\]$/, '').toLowerCase());
}

/**
 * Whether a URL could hold a credential at all, once its escapes are read: a key's prefix or a
 * credential parameter's name, each character as it is (any case) or percent-escaped. Both are
 * ASCII, and an ASCII character comes out of unescaping only from itself or its own escape, so
 * this reads the URL as it came, without unescaping it: a URL without them (nearly every URL,
 * Japanese search text included) is logged as it is, neither split nor decoded.
 */
const MAY_HOLD_CREDENTIAL = new RegExp(['gk_', ...CREDENTIAL_PARAMETERS].map((marker) => [...marker].map(asItselfOrEscaped).join('')).join('|'), 'i');

function asItselfOrEscaped(c: string): string {
  const escapes = new Set([c.toLowerCase(), c.toUpperCase()].map((x) => `%${x.charCodeAt(0).toString(16)}`));
  return `(?:${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${[...escapes].join('|')})`;
}

export function redactUrl(url: string): string {
  if (!MAY_HOLD_CREDENTIAL.test(url)) return url;
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const path = rawPath
    .split('/')
    .map((segment) => (holdsKey(segment) ? REDACTED : segment))
    .join('/');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      if (holdsKey(name)) return REDACTED;
      if (eq >= 0 && (isCredentialParameter(name) || holdsKey(pair.slice(eq + 1)))) return name + '=' + REDACTED;
      return pair;
    })
    .join('&');
  return `${path}?${query}`;
}
