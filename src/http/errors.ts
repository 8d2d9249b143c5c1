/**
 * The one mapping from thrown errors to HTTP responses. Every non-2xx Search response carries
 * the error resource of SPEC.md §2.6, except 429, which has no body (SPEC.md §8).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QueryError } from '../search/query-error.js';
import { ApiError, ERROR_CODES, type ErrorStatus } from './api-error.js';

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

/** Resolve's error shapes (SPEC.md §7.2): 422 `{detail, request_id}`, every other status `{message, request_id}`. */
export type ResolveErrorBody =
  | { detail: { type: string; loc: (string | number)[]; msg: string; input: unknown }[]; request_id: string }
  | { message: string; request_id: string };

export function resolveErrorBody(error: ApiError, requestId: string): ResolveErrorBody {
  if (error.status !== 422) return { message: error.message, request_id: requestId };
  return {
    detail: error.validationErrors.map((v) => ({ type: v.type ?? 'value_error', loc: [...(v.loc ?? ['body', v.paramName])], msg: v.message, input: Object.hasOwn(v, 'input') ? v.input : v.invalidValue })),
    request_id: requestId,
  };
}

/** APIs whose errors are not the Search error resource, by path prefix. */
const ERROR_FORMATS: readonly { readonly prefix: string; readonly body: (error: ApiError, requestId: string) => unknown }[] = [
  { prefix: '/resolve/', body: resolveErrorBody },
];

/** Normalizes anything thrown into an ApiError; unknown errors become a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof QueryError) return ApiError.invalidParameter(error.param, error.value, error.message);
  const fe = error as Partial<FastifyError>;
  if (fe.code === 'FST_ERR_BAD_URL') {
    return ApiError.invalidParameter('url', '', 'the URL path is not valid UTF-8 percent-encoding (RFC 3986)');
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError(413, 'the request body is too large');
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ApiError(415, 'unsupported media type: send the body as JSON with Content-Type: application/json');
  const status = fe.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status in ERROR_CODES) {
    return new ApiError(status as ErrorStatus, fe.message ?? 'invalid request');
  }
  return new ApiError(500, 'internal server error');
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.code(error.status);
  if (error.status === 429) return reply.send();
  const format = ERROR_FORMATS.find((f) => reply.request.url.startsWith(f.prefix));
  const body = format ? format.body(error, String(reply.request.id)) : searchErrorBody(error);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
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
