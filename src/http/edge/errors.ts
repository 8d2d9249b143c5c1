/**
 * The one mapping from thrown errors to ApiErrors, and the error handler each API plugin sets
 * with its own body shape (error-shapes.ts, docs/errors.md).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QueryError } from '../../shared/query-error.js';
import { isStoreUnavailable } from '../../store/unavailable.js';
import { ApiError, ERROR_CODES, type ErrorStatus } from './api-error.js';
import type { ErrorShape } from './error-shapes.js';
import { allowedMethodsAt } from './allowed-methods.js';
import { BODY_LIMIT_BYTES } from './limits.js';
import { methodNotAllowedError } from './register.js';
import { SchemaViolation } from './validation.js';
import { sendError } from './writer.js';

/** Seconds a client should wait before retrying when the store is unreachable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** Normalizes anything thrown into an ApiError; unknown errors become a 500. `bodyLimit`: the route's, for 413. */
export function toApiError(error: unknown, bodyLimit = BODY_LIMIT_BYTES): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SchemaViolation) return error.apiError;
  if (isStoreUnavailable(error)) {
    return new ApiError(503, 'the service cannot reach its database right now; try again shortly', [], { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) });
  }
  if (error instanceof QueryError) return ApiError.invalidParameter(error.param, error.value, error.message);
  const fe = error as Partial<FastifyError>;
  switch (fe.code) {
    case 'FST_ERR_BAD_URL':
      return ApiError.invalidParameter('url', '', 'the URL path is not valid UTF-8 percent-encoding (RFC 3986)');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, `the request body is larger than ${bodyLimit} bytes`);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': {
      // Fastify's message, with the body named as the offending input like every other 400.
      const message = fe.message ?? 'the request body is not valid JSON';
      return new ApiError(400, message, [{ message, paramName: 'body', invalidValue: '', loc: ['body'] }]);
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported media type: send the body as JSON with Content-Type: application/json');
  }
  const status = fe.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status in ERROR_CODES) {
    return new ApiError(status as ErrorStatus, fe.message ?? 'invalid request');
  }
  return new ApiError(500, 'internal server error');
}

/**
 * The errors of a scope: an API plugin's in its shape (error-shapes.ts); the app's own (routes
 * shared by every API, such as CORS preflight) in the shape of the API whose path was asked.
 */
export type ScopeErrors = ErrorShape | ((url: string) => ErrorShape);

const shapeFor = (errors: ScopeErrors, url: string): ErrorShape => (typeof errors === 'function' ? errors(url) : errors);

/** The error handler of a scope: every error of its routes in its shape. */
export function errorHandler(errors: ScopeErrors): (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (error, request, reply) => {
    const apiError = toApiError(error, (error as { bodyLimit?: number }).bodyLimit ?? request.routeOptions?.bodyLimit ?? BODY_LIMIT_BYTES);
    if (isStoreUnavailable(error)) request.log.warn({ reqId: request.id, err: String(error) }, 'store unavailable');
    // A fault of Ginko's own. The other 5xx, 503, is a refusal it chose (maintenance mode, the
    // server shutting down) and has its response line like any refusal.
    else if (apiError.status === 500) request.log.error({ reqId: request.id, err: error }, 'request failed');
    return sendError(reply, apiError, shapeFor(errors, request.url));
  };
}

/** Sets the error and not-found handlers of a scope (the app, or an API plugin and its prefix). */
export function handleErrorsAs(scope: FastifyInstance, errors: ScopeErrors): void {
  scope.setErrorHandler(errorHandler(errors));
  scope.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    // A method Fastify does not route (TRACE, PROPFIND, …) on a route's path: 405, not 404. A
    // method the path allows that still found no route (GET /healthz/: the trailing slash) is a 404.
    const allow = allowedMethodsAt(request.server, path);
    const error = allow === undefined || allow.split(', ').includes(request.method) ? ApiError.notFound(`no resource at ${request.method} ${path}`) : methodNotAllowedError(allow);
    return sendError(reply, error, shapeFor(errors, request.url));
  });
}
/** The path without the query string, which may carry an API key. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
