/**
 * The one place answers are written. Every answer, success, refusal or error, on Fastify's
 * routes or the pipeline's fast branch (fast-path.ts), carries the same headers in the same
 * order: `x-request-id`, the CORS headers when the request has an Origin (cors.ts), the four
 * rate-limit headers once the key was admitted (docs/access.md), then the status's own headers
 * (`allow`, `retry-after`), `content-type` and the body.
 *
 * On Fastify's routes the parts are set as the request goes through the pipeline (the request
 * checks open the answer, the access guard adds the rate, the handler or error handler sends);
 * the fast branch writes them in one writeHead. Both call the functions below.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { RateLimitResult } from '../../access/rate-limiter.js';
import type { ApiError } from './api-error.js';
import { digitsOf } from '../../shared/digits.js';
import { CORS_HEADERS } from './cors.js';
import type { ErrorShape } from './error-shapes.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const REQUEST_ID_HEADER = 'x-request-id';
export const RATE_LIMIT_HEADERS = ['x-ratelimit-limit-second', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day', 'ratelimit-reset'] as const;
const CORS = Object.entries(CORS_HEADERS);

/** The reset's last text: the seconds to the end of the day change once a second, not per answer. */
let resetSeconds = -1;
let resetText = '';

/**
 * The values of RATE_LIMIT_HEADERS, in their order. The limits repeat, and String finds their
 * text in V8's cache; the remaining count is a new number (shared/digits.ts), and the reset one
 * each second.
 */
function rateLimitValues(rate: RateLimitResult): readonly [string, string, string, string] {
  if (rate.resetSeconds !== resetSeconds) {
    resetSeconds = rate.resetSeconds;
    resetText = digitsOf(resetSeconds);
  }
  return [String(rate.limitSecond), String(rate.limitDay), digitsOf(rate.remainingDay), resetText];
}

/** The rate-limit headers of an admitted request, or of a 429, in their order. */
export function rateLimitHeaders(rate: RateLimitResult): Record<(typeof RATE_LIMIT_HEADERS)[number], string> {
  const values = rateLimitValues(rate);
  const headers = {} as Record<(typeof RATE_LIMIT_HEADERS)[number], string>;
  RATE_LIMIT_HEADERS.forEach((name, i) => (headers[name] = values[i]!));
  return headers;
}

/** First headers of every answer: the request id, and CORS for a browser's request. */
export function openAnswer(reply: FastifyReply, requestId: string, origin: string | undefined): void {
  reply.header(REQUEST_ID_HEADER, requestId);
  if (origin !== undefined) reply.headers(CORS_HEADERS);
}

/** After the access guard admitted the request. */
export function addRate(reply: FastifyReply, rate: RateLimitResult): void {
  const values = rateLimitValues(rate);
  for (let i = 0; i < RATE_LIMIT_HEADERS.length; i++) reply.header(RATE_LIMIT_HEADERS[i]!, values[i]!);
}

export function sendJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}

/** An error in its API's shape, with the headers its status needs (allow, retry-after, the rate of a 429). */
export function sendError(reply: FastifyReply, error: ApiError, shape: ErrorShape): FastifyReply {
  reply.headers(error.headers).code(error.status);
  const body = shape.body(error, String(reply.request.id));
  return body === undefined ? reply.send() : reply.type(JSON_CONTENT_TYPE).send(body);
}

/** The fast branch: the same answer as the functions above, in one writeHead. */
export function writeAnswer(
  response: ServerResponse,
  answer: {
    readonly status: number;
    readonly requestId: string;
    readonly origin: string | undefined;
    readonly rate: RateLimitResult | undefined;
    readonly headers?: Readonly<Record<string, string>>;
    /** The JSON body, as text or already in UTF-8; none for an empty answer. */
    readonly body: string | Buffer | undefined;
  },
): void {
  const out: string[] = [REQUEST_ID_HEADER, answer.requestId];
  if (answer.origin !== undefined) for (const [name, value] of CORS) out.push(name, value);
  if (answer.rate !== undefined) {
    const values = rateLimitValues(answer.rate);
    RATE_LIMIT_HEADERS.forEach((name, i) => out.push(name, values[i]!));
  }
  if (answer.headers !== undefined) for (const [name, value] of Object.entries(answer.headers)) out.push(name, value);
  if (answer.body === undefined) {
    out.push('content-length', '0');
    response.writeHead(answer.status, out);
    response.end();
    return;
  }
  out.push('content-type', JSON_CONTENT_TYPE, 'content-length', String(typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length));
  response.writeHead(answer.status, out);
  response.end(answer.body);
}

/** The fast branch's refusal: the error of `shape`, as sendError writes it. */
export function writeError(response: ServerResponse, error: ApiError, shape: ErrorShape, requestId: string, origin: string | undefined): void {
  writeAnswer(response, { status: error.status, requestId, origin, rate: undefined, headers: error.headers, body: shape.body(error, requestId) });
}
