/**
 * Text into bytes, for JSON answers, kept JSON and log lines: how many bytes of UTF-8 a text
 * can take at most (room is made before encoding), ASCII text copied a byte a character, and
 * which text a JSON string holds as it is. A short ASCII text (punctuation, a log line's fields)
 * is copied by a loop, cheaper than a call into Buffer's native write, which a long one gets.
 */

const SHORT_TEXT = 32;

/** The most bytes of UTF-8 a text takes: 3 per UTF-16 unit (a surrogate pair, two units, takes 4). */
export function mostUtf8Bytes(text: string): number {
  return text.length * 3;
}

/** Text JSON.stringify writes as it is between quotes, all ASCII: printable, but not `"` or `\`. */
export const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Writes `text` (ASCII only: anything else is cut to its low byte) at `at`; returns where it ends. */
export function writeAscii(bytes: Buffer, at: number, text: string): number {
  if (text.length > SHORT_TEXT) return at + bytes.write(text, at, 'latin1');
  for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  return at + text.length;
}
