/**
 * The one place answers are written. Every answer, success, refusal or error, carries the same
 * headers in the same order: `x-request-id`, the CORS headers when the request has an Origin
 * (cors.ts), the four rate-limit headers once the key was admitted (docs/access.md), then the
 * status's own headers (`allow`, `retry-after`), `content-type` and the body. The parts are set
 * as the request goes through the pipeline: the request checks open the answer, the access guard
 * adds the rate, the handler or the error handler sends.
 */
import type { FastifyReply } from 'fastify';
import type { RateLimitResult } from '../../access/rate-limiter.js';
import type { ApiError } from './api-error.js';
import { CORS_HEADERS } from './cors.js';
import type { ErrorShape } from './error-shapes.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const REQUEST_ID_HEADER = 'x-request-id';
export const RATE_LIMIT_HEADERS = ['x-ratelimit-limit-second', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day', 'ratelimit-reset'] as const;

/** The rate-limit headers of an admitted request, or of a 429, in their order. */
export function rateLimitHeaders(rate: RateLimitResult): Record<(typeof RATE_LIMIT_HEADERS)[number], string> {
  return {
    'x-ratelimit-limit-second': String(rate.limitSecond),
    'x-ratelimit-limit-day': String(rate.limitDay),
    'x-ratelimit-remaining-day': String(rate.remainingDay),
    'ratelimit-reset': String(rate.resetSeconds),
  };
}

/** First headers of every answer: the request id, and CORS for a browser's request. */
export function openAnswer(reply: FastifyReply, requestId: string, origin: string | undefined): void {
  reply.header(REQUEST_ID_HEADER, requestId);
  if (origin !== undefined) reply.headers(CORS_HEADERS);
}

/** After the access guard admitted the request. */
export function addRate(reply: FastifyReply, rate: RateLimitResult): void {
  reply.headers(rateLimitHeaders(rate));
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
