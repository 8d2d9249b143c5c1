/**
 * The one mapping from thrown errors to HTTP responses. Every non-2xx Search response carries
 * the error resource of SPEC.md §2.6, except 429, which has no body (SPEC.md §8). The
 * snake_case APIs (History, Resolve, Master Export) answer in the shape of SPEC.md §7.2
 * instead: `message` and `request_id`, plus `detail` entries naming the offending input
 * (docs/errors.md).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QueryError } from '../search/query-error.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { ApiError, ERROR_CODES, type ErrorStatus } from './api-error.js';
import { BODY_LIMIT_BYTES } from './limits.js';

export interface SearchErrorBody {
  httpStatusCode: number;
  code: string;
  message: string;
  validationErrors: { message: string; paramName: string; invalidValue: string }[];
}

export function searchErrorBody(error: ApiError): SearchErrorBody {
  return {
    httpStatusCode: error.status,
    code: error.code,
    message: error.message,
    validationErrors: error.validationErrors.map((v) => ({ message: v.message, paramName: v.paramName, invalidValue: v.invalidValue })),
  };
}

/** Seconds a client should wait before retrying when the store is unreachable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** Normalizes anything thrown into an ApiError; unknown errors become a 500. `bodyLimit`: the route's, for 413. */
export function toApiError(error: unknown, bodyLimit = BODY_LIMIT_BYTES): ApiError {
  if (error instanceof ApiError) return error;
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

export interface DetailedErrorBody {
  message?: string;
  request_id: string;
  detail?: { type: string; loc: (string | number)[]; msg: string; input: unknown }[];
}

/** Whether errors at this path take the §7.2 shape (History, Resolve, Master Export); else the Search error resource. */
export function answersDetailedErrors(path: string): boolean {
  return /^\/(?:history|resolve|master)\//.test(path);
}

/** SPEC.md §7.2: 422 is `{detail, request_id}`; every other status `{message, request_id}`, with `detail` naming the input of a 400. */
export function detailedErrorBody(error: ApiError, requestId: string): DetailedErrorBody {
  const detail = error.validationErrors.map((v) => ({
    type: v.type ?? 'value_error',
    loc: [...(v.loc ?? ['query', v.paramName])],
    msg: v.message,
    input: Object.hasOwn(v, 'input') ? v.input : v.invalidValue,
  }));
  if (error.status === 422) return { detail, request_id: requestId };
  return { message: error.message, request_id: requestId, ...(detail.length > 0 ? { detail } : {}) };
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.code(error.status);
  const detailed = answersDetailedErrors(reply.request.url);
  if (error.status === 429 && !detailed) return reply.send();
  const body = detailed ? detailedErrorBody(error, String(reply.request.id)) : searchErrorBody(error);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error, (error as { bodyLimit?: number }).bodyLimit ?? request.routeOptions?.bodyLimit ?? BODY_LIMIT_BYTES);
    if (isStoreUnavailable(error)) request.log.warn({ reqId: request.id, err: String(error) }, 'store unavailable');
    else if (apiError.status >= 500) request.log.error({ reqId: request.id, err: error }, 'request failed');
    return sendError(reply, apiError);
  });
  app.setNotFoundHandler((request, reply) => {
    return sendError(reply, ApiError.notFound(`no resource at ${request.method} ${pathOf(request.url)}`));
  });
}

/** The path without the query string, which may carry an API key. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
