/**
 * Typed errors, one class per error shape of Ginko (docs/errors.md), chosen by the shape of the
 * body rather than by the path, so that a new API answering in one of these shapes needs nothing
 * here. The body types come from the generated document.
 *
 * - `SearchApiError`: the Search error resource `{httpStatusCode, code, message, validationErrors}`
 *   (Search v1–v3, the widget).
 * - `DetailedApiError`: `{message, request_id, detail?}` (History, Resolve's 401, Master Export,
 *   ゆうちょ, kana).
 * - `ResolveValidationError`: Resolve's 422 `{detail, request_id}`, one entry per problem.
 * - `RateLimitError`: any 429 still refused after the back-off (backoff.ts), with when to come back.
 * - `GinkoError`: their base, and what an answer with none of these bodies (a proxy's 502) becomes.
 */
import { requestedDelayMs } from './backoff.js';
import type { paths } from './openapi.js';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The Search error resource. */
export type SearchErrorBody = JsonOf<paths['/v3/banks']['get']['responses']['4XX']>;
/** The detailed APIs' error body. */
export type DetailedErrorBody = JsonOf<paths['/history/v1/changes']['get']['responses']['4XX']>;
/** Resolve's 422 body. */
export type ResolveValidationBody = JsonOf<paths['/resolve/v1/bank-branch']['post']['responses'][422]>;

export class GinkoError extends Error {
  override readonly name: string = 'GinkoError';
  /** The HTTP status. */
  readonly status: number;
  /** The answer's request id (`request_id` of the body, else the `x-request-id` header): quote it to the operator. */
  readonly requestId: string | undefined;
  /** The answer's headers. */
  readonly headers: Headers;
  /** The parsed body, or its text when it was not JSON, or undefined when empty. */
  readonly body: unknown;

  constructor(message: string, response: Response, body: unknown) {
    super(message);
    this.status = response.status;
    this.headers = response.headers;
    this.body = body;
    const bodyId = isObject(body) && typeof body.request_id === 'string' ? body.request_id : undefined;
    this.requestId = bodyId ?? response.headers.get('x-request-id') ?? undefined;
  }
}

export class SearchApiError extends GinkoError {
  override readonly name = 'SearchApiError';
  /** `INVALID_PARAMETER`, `NOT_FOUND`, … (docs/errors.md). */
  readonly code: string;
  /** For a 400: the offending parameter (`paramName`) and its value (`invalidValue`). */
  readonly validationErrors: SearchErrorBody['validationErrors'];

  constructor(response: Response, body: SearchErrorBody) {
    super(`${body.httpStatusCode} ${body.code}: ${body.message}`, response, body);
    this.code = body.code;
    this.validationErrors = body.validationErrors;
  }
}

export class DetailedApiError extends GinkoError {
  override readonly name = 'DetailedApiError';
  /** For a 400: one entry per offending input, `loc` naming it (`["query", "limit"]`); empty otherwise. */
  readonly detail: NonNullable<DetailedErrorBody['detail']>;

  constructor(response: Response, body: DetailedErrorBody) {
    super(`${response.status}: ${body.message}`, response, body);
    this.detail = body.detail ?? [];
  }
}

export class ResolveValidationError extends GinkoError {
  override readonly name = 'ResolveValidationError';
  /** One entry per problem of the body: `type` (`missing`, `string_type`, …), `loc` (`["body", "bank_name"]`), `msg`, `input`. */
  readonly detail: ResolveValidationBody['detail'];

  constructor(response: Response, body: ResolveValidationBody) {
    super(`${response.status}: ${body.detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ')}`, response, body);
    this.detail = body.detail;
  }
}

export class RateLimitError extends GinkoError {
  override readonly name = 'RateLimitError';
  /** Seconds until a request may succeed (`Retry-After`, else `ratelimit-reset`), when the answer says. */
  readonly retryAfterSeconds: number | undefined;

  constructor(response: Response, body: unknown) {
    const ms = requestedDelayMs(response.headers, Date.now());
    const seconds = ms === undefined ? undefined : Math.ceil(ms / 1000);
    super(`429: rate limit exceeded${seconds === undefined ? '' : `; retry in ${seconds} s`}`, response, body);
    this.retryAfterSeconds = seconds;
  }
}

/** The typed error of a non-2xx answer whose body (parsed JSON, text or undefined) is `body`. */
export function errorFrom(response: Response, body: unknown): GinkoError {
  if (response.status === 429) return new RateLimitError(response, body);
  if (isObject(body)) {
    if (typeof body.httpStatusCode === 'number' && typeof body.code === 'string') return new SearchApiError(response, body as SearchErrorBody);
    if (typeof body.message === 'string') return new DetailedApiError(response, body as DetailedErrorBody);
    if (Array.isArray(body.detail)) return new ResolveValidationError(response, body as ResolveValidationBody);
  }
  return new GinkoError(`${response.status} ${response.statusText}`.trim(), response, body);
}

/**
 * The data of a call, or its typed error thrown: `const bank = await orThrow(ginko.GET('/v3/banks/{code}', …))`.
 */
export async function orThrow<R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFrom(response, error);
  return data as NonNullable<R['data']>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
