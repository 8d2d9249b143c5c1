/**
 * The rule for the characters of a request target (docs/limits.md#requests): RFC 3986 allows
 * only printable ASCII, so raw UTF-8, spaces and controls are refused with one 400 naming `url`.
 * Node's HTTP parser refuses most such targets itself (client-errors.ts); before Node 20.19.2 it
 * let raw UTF-8 through to the request checks (app.ts; seen on 20.12.2, 20.18.3 and 20.19.1).
 * Both answer with the error below, so a client gets the same body from any Node 20.
 */
import { ApiError } from './api-error.js';

const NON_URI_CHARACTER = /[^\x21-\x7e]/;
export const SPACE = 0x20;
export const CR = 0x0d;
/** A method: a short token of capitals. */
const METHOD = /^[A-Z-]+$/;

const NOT_PERCENT_ENCODED_MESSAGE = 'the URL contains characters that are not percent-encoded; encode query and path values as UTF-8 per RFC 3986';

/** The refusal of a target with such characters. The target is not echoed: its bytes are not text. */
export function notPercentEncodedError(): ApiError {
  return ApiError.invalidParameter('url', '', NOT_PERCENT_ENCODED_MESSAGE);
}

/** Whether a request target (as Node hands it over, one character a byte) holds a character RFC 3986 does not allow. */
export function hasNonUriCharacter(target: string): boolean {
  return NON_URI_CHARACTER.test(target);
}

/**
 * Where the request target starts in `raw`, a chunk Node's parser refused: after the method's
 * space when the chunk starts with a request line; -1 when it does not (a later chunk of the head).
 */
export function targetStart(raw: Buffer): number {
  const space = raw.indexOf(SPACE);
  if (space < 1 || space > 20 || !METHOD.test(raw.toString('latin1', 0, space))) return -1;
  return space + 1;
}

/**
 * Whether `raw`, the chunk Node's parser refused, starts with a request line whose target (from
 * the method's space up to the protocol or the line's end) has a byte outside printable ASCII.
 */
export function rawTargetHasNonUriByte(raw: unknown): boolean {
  if (!Buffer.isBuffer(raw)) return false;
  const start = targetStart(raw);
  if (start < 0) return false;
  const lineEnd = raw.indexOf(CR, start);
  const protocol = raw.lastIndexOf(' HTTP/', lineEnd < 0 ? raw.length : lineEnd);
  const end = protocol >= start ? protocol : lineEnd >= 0 ? lineEnd : raw.length;
  // latin1: one character a byte, as Node hands the target to the request checks.
  return hasNonUriCharacter(raw.toString('latin1', start, end));
}
