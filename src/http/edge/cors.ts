/**
 * CORS for browsers (docs/search-api.md#jsonp-and-cors): every origin may call every route, a
 * preflight allows the key headers, and scripts may read the rate-limit headers and the request
 * id. The policy is one fixed set of headers, so it is written here rather than through
 * @fastify/cors, whose per-request option merging and origin callback cost as much as the
 * whole lookup they decorate.
 *
 * The headers go on every answer to a request that carries `Origin`, which every cross-origin
 * browser request does, and always on the widget, which shared caches may keep, so
 * that a cache never hands a browser a copy without them. Server-to-server calls, which never
 * read them, are spared the bytes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Headers a browser may send cross-origin, and the ones its scripts may read. */
const CORS_ALLOWED_HEADERS = ['apikey', 'x-api-key', 'authorization', 'content-type', 'x-debug-resolve'] as const;
const CORS_EXPOSED_HEADERS = ['x-ratelimit-limit-second', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day', 'ratelimit-reset', 'retry-after', 'x-request-id'] as const;
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** How long a browser may reuse a preflight answer: a day. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** What every cross-origin answer carries. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': CORS_EXPOSED_HEADERS.join(', '),
} as const;
const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': CORS_METHODS.join(', '),
  'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
  'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  'content-length': '0',
} as const;

/** For a request from a browser (with Origin): set before routing, so errors carry them too. */
export function addCorsHeadersFor(request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers.origin !== undefined) addCorsHeaders(reply);
}

/** The headers of a cross-origin answer, simple or preflight, success or error. */
export function addCorsHeaders(reply: FastifyReply): void {
  reply.headers(CORS_HEADERS);
}

/**
 * OPTIONS on any path is a preflight: 204 with what may be sent. A bare OPTIONS (no Origin or
 * Access-Control-Request-Method) gets the same answer rather than an error in another shape.
 */
export function registerPreflight(app: FastifyInstance): void {
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    addCorsHeaders(reply);
    reply.code(204).headers(PREFLIGHT_HEADERS).send();
  });
}
