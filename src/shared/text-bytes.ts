/**
 * Text into bytes, for JSON answers, kept JSON and log lines: how many bytes of UTF-8 a text
 * can take at most (room is made before encoding), ASCII text copied a byte a character, and any
 * text written (or, for JSON joined as text, quoted) as the JSON string JSON.stringify makes of
 * it. A short ASCII text (punctuation, a log line's fields) is copied by a loop, cheaper than a
 * call into Buffer's native write, which a long one gets.
 */

const SHORT_TEXT = 32;

/** The most bytes of UTF-8 a text takes: 3 per UTF-16 unit (a surrogate pair, two units, takes 4). */
export function mostUtf8Bytes(text: string): number {
  return text.length * 3;
}

/**
 * What JSON.stringify escapes: `"`, `\`, controls, and lone surrogates (any surrogate is
 * looked at here; a pair, as in an emoji, only costs the slower path).
 */
const NEEDS_ESCAPE = /["\\\x00-\x1f\ud800-\udfff]/;

/**
 * The most bytes of UTF-8 JSON.stringify's string for `text` takes, quotes included: 6 per
 * UTF-16 unit, for a control or a lone surrogate written as a `\u` escape.
 */
export function mostJsonStringBytes(text: string): number {
  return text.length * 6 + 2;
}

/** Printable ASCII but `"` and `\\`: what JSON.stringify writes as it is. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * Writes `text` at `at` as JSON.stringify writes it, between quotes (room for
 * mostJsonStringBytes made); returns where it ends. Plain ASCII text, the usual id, URL or
 * address, is checked by one pattern and copied by one native write; Japanese text, which needs
 * no escape either, is encoded between quotes as it is, without JSON.stringify's copy.
 *
 * Not a loop of `text.charCodeAt(i)`: the texts given here are strings of every kind V8 makes
 * (flat, sliced, joined, internalized; one or two bytes a character), and such a loop looked the
 * method up on every character, about 100 instructions each, 255 times a Resolve call
 * (docs/benchmarks-log.md, 2026-11-28, 10:04–).
 */
export function writeJsonString(bytes: Buffer, at: number, text: string): number {
  const ascii = PLAIN_ASCII.test(text);
  if (!ascii && NEEDS_ESCAPE.test(text)) return at + bytes.write(JSON.stringify(text), at);
  bytes[at] = 0x22;
  // Plain ASCII is a byte a character in latin1 as in UTF-8, and latin1 skips the encoder.
  const n = text.length === 0 ? 0 : bytes.write(text, at + 1, ascii ? 'latin1' : 'utf8');
  bytes[at + 1 + n] = 0x22;
  return at + n + 2;
}

/**
 * `text` as the JSON string JSON.stringify makes of it, for JSON joined as text: a text with
 * nothing to escape (a name, a code) is put between quotes here rather than by V8's
 * serializer, about 900 instructions a call (docs/benchmarks-log.md, 2026-11-28, 14:24–15:35).
 */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** Writes `text` (ASCII only: anything else is cut to its low byte) at `at`; returns where it ends. */
export function writeAscii(bytes: Buffer, at: number, text: string): number {
  if (text.length > SHORT_TEXT) return at + bytes.write(text, at, 'latin1');
  for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  return at + text.length;
}
