/**
 * Keeps API keys out of logs. The one log line per response carries the URL; this removes the
 * value of every `apikey` parameter (any case, percent-encoded names too) and anything shaped
 * like a Ginko key elsewhere in the URL (a key pasted into a path or another parameter).
 */

const KEY_LIKE = /gk(?:_|%5f)[A-Za-z0-9_%-]{8,}/gi;
export const REDACTED = '[redacted]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function isKeyParameter(rawName: string): boolean {
  return decodedName(rawName).replace(/\[\d*\]$/, '').toLowerCase() === 'apikey';
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(KEY_LIKE, REDACTED);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq >= 0 && isKeyParameter(pair.slice(0, eq))) return pair.slice(0, eq + 1) + REDACTED;
      return pair.replace(KEY_LIKE, REDACTED);
    })
    .join('&');
  return `${path}?${query}`;
}
