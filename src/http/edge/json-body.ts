/**
 * JSON request bodies, the only kind any route takes: UTF-8 only (RFC 8259; a `charset` other
 * than UTF-8 is a 415, bytes that are not UTF-8 a 400 naming the body, never text guessed with
 * U+FFFD), then Fastify's own parser (which refuses `__proto__` and `constructor` poisoning)
 * behind a nesting check, so that a body of 30,000 nested arrays is a clear 400 rather than a
 * hazard for whatever walks the parsed value.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { MAX_JSON_DEPTH } from './limits.js';

/** The deepest nesting of arrays and objects in a JSON text; strings are skipped. */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max && (max = depth) > stopAbove) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

export const JSON_TOO_DEEP_MESSAGE = `the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`;
export const NOT_UTF8_MESSAGE = 'the request body is not valid UTF-8: send JSON encoded in UTF-8';
export const CHARSET_MESSAGE = 'unsupported charset: send the body as JSON in UTF-8 (Content-Type: application/json or application/json; charset=utf-8)';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a JSON body: 415 for a declared charset other than UTF-8, 400 for bytes that are
 * not UTF-8. `invalid` makes the 400 in the API's terms.
 */
export function utf8BodyText(request: FastifyRequest, body: Buffer, invalid: (message: string) => ApiError): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw new ApiError(415, CHARSET_MESSAGE);
  try {
    return strictUtf8.decode(body);
  } catch {
    throw invalid(NOT_UTF8_MESSAGE);
  }
}

const bodyError = (message: string) => new ApiError(400, message, [{ message, paramName: 'body', invalidValue: '', loc: ['body'] }]);

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // JSON is the only body any route takes: a text/plain body (which Fastify would otherwise
  // hand to the handler as a string) is a 415 like every other media type.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8BodyText(request, body as Buffer, bodyError);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(bodyError(JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
}
