/**
 * JSON request bodies, the only kind any route takes: Fastify's own parser (which refuses `__proto__` and `constructor`
 * poisoning) behind a nesting check, so that a body of 30,000 nested arrays is a clear 400
 * rather than a hazard for whatever walks the parsed value.
 */
import type { FastifyInstance } from 'fastify';
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

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // JSON is the only body any route takes: a text/plain body (which Fastify would otherwise
  // hand to the handler as a string) is a 415 like every other media type.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new ApiError(400, JSON_TOO_DEEP_MESSAGE, [{ message: JSON_TOO_DEEP_MESSAGE, paramName: 'body', invalidValue: '', loc: ['body'] }]), undefined);
      return;
    }
    parse(request, text, done);
  });
}
