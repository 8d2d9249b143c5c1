/**
 * The one error type of the HTTP edge. Handlers throw it; the error handler (errors.ts) turns
 * it into the Search error resource (docs/errors.md#search-api-v1-v2-v3-widget-health-docs) or
 * an API's own error shape.
 */
export interface ValidationError {
  readonly message: string;
  readonly paramName: string;
  readonly invalidValue: string;
  /**
   * For the error shape of the snake_case APIs (History, Resolve, Master Export;
   * docs/errors.md#history-resolve-and-master-export):
   * the kind of failure (`missing`, `string_type`, `value_error`…), where the input was
   * (`['body', 'bank_name']`; default `['query', paramName]`) and the offending value.
   */
  readonly type?: string;
  readonly loc?: readonly (string | number)[];
  readonly input?: unknown;
}

/** Values of the error resource's `code` member, one per status (documented in docs/errors.md). */
export const ERROR_CODES = Object.freeze({
  400: 'INVALID_PARAMETER',
  401: 'INVALID_API_KEY',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMIT_EXCEEDED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
} as const);

export type ErrorStatus = keyof typeof ERROR_CODES;

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly validationErrors: readonly ValidationError[] = [],
    /** Extra response headers, e.g. Allow for 405. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get code(): string {
    return ERROR_CODES[this.status];
  }

  static invalidParameter(paramName: string, invalidValue: string, message: string): ApiError {
    return new ApiError(400, message, [{ message, paramName, invalidValue }]);
  }

  /** 422 for a JSON body that does not fit its schema (Resolve, docs/resolve.md#errors). */
  static invalidBody(errors: readonly ValidationError[]): ApiError {
    return new ApiError(422, errors[0]?.message ?? 'the request body is not valid', errors);
  }

  static notFound(message = 'the requested resource does not exist'): ApiError {
    return new ApiError(404, message);
  }
}
