/**
 * The two error bodies of the interface (docs/errors.md). Each API plugin names its shape once
 * (its error handler and the fast branch use it): the Search API answers with the error
 * resource (`validationErrors`; 429 has no body), History, Resolve and Master Export with
 * `message`/`detail` and `request_id`.
 */
import type { ApiError } from './api-error.js';

export interface ErrorShape {
  readonly name: 'search' | 'detailed';
  /** The body of `error` as JSON, or undefined for an answer without a body. */
  body(error: ApiError, requestId: string): string | undefined;
}

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

export interface DetailedErrorBody {
  message?: string;
  request_id: string;
  detail?: { type: string; loc: (string | number)[]; msg: string; input: unknown }[];
}

/** 422 is `{detail, request_id}`; every other status `{message, request_id}`, with `detail` naming the input of a 400. */
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

/** The Search API's error resource; 429 has no body. */
export const SEARCH_ERRORS: ErrorShape = {
  name: 'search',
  body: (error) => (error.status === 429 ? undefined : JSON.stringify(searchErrorBody(error))),
};

/** History, Resolve and Master Export. */
export const DETAILED_ERRORS: ErrorShape = {
  name: 'detailed',
  body: (error, requestId) => JSON.stringify(detailedErrorBody(error, requestId)),
};
