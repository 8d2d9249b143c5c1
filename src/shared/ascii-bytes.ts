/**
 * ASCII text copied into a buffer a byte a character (JSON answers, log lines), and which text a
 * JSON string holds as it is. A short text (punctuation, a log line's fields) is copied by a
 * loop, cheaper than a call into Buffer's native write, which a long one gets.
 */

const SHORT_TEXT = 32;

/** Text JSON.stringify writes as it is between quotes, all ASCII: printable, but not `"` or `\`. */
export const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Writes `text` (ASCII only: anything else is cut to its low byte) at `at`; returns where it ends. */
export function writeAscii(bytes: Buffer, at: number, text: string): number {
  if (text.length > SHORT_TEXT) return at + bytes.write(text, at, 'latin1');
  for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  return at + text.length;
}
