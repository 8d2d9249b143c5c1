/**
 * @ginko/client: a typed client for Ginko, generated from its own /openapi.json (src/openapi.ts)
 * and called through openapi-fetch, with a thin layer for paging, errors, 429 back-off, Resolve,
 * payee checks, ゆうちょ, kana, webhooks and their signatures. README.md shows each call.
 */
export { createGinkoClient, type GinkoClient } from './client.js';
export type { CallMethod, FetchFunction, GinkoCalls, GinkoClientOptions } from './calls.js';
export { BACKOFF_DEFAULTS, type BackoffOptions, requestedDelayMs, withBackoff } from './backoff.js';
export { DetailedApiError, type DetailedErrorBody, errorFrom, GinkoError, orThrow, RateLimitError, ResolveValidationError, type ResolveValidationBody, SearchApiError, type SearchErrorBody } from './errors.js';
export type { Answer, BodyOf, CallOptions, CallResult, PathParamsOf, PathsWith, QueryOf } from './operations.js';
export type { ItemOf, PagedPath, PaginateArgs } from './paginate.js';
export { RESOLVE_BATCH_MAX_ITEMS, type ResolveAnswer, type ResolveBatchItem, type ResolveBatchOptions, type ResolveBatchResult, type ResolveOptions, type ResolveRequest } from './resolve.js';
export { type PayeeItem, type PayeeResult, VALIDATE_ACCOUNTS_MAX_ITEMS, type ValidateAccountsOptions } from './accounts.js';
export type { YuchoAccount, YuchoQuery } from './yucho.js';
export type { Lineage } from './lineage.js';
export type { ZenginRecords } from './zengin-json.js';
export type { KanaEquivalence, KanaField, NormalizedKana } from './kana.js';
export type { NewWebhook, Webhook, WebhookChange, WebhookDelivery, WebhookEvent } from './webhooks.js';
export { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, type SignatureFailure, type VerifyWebhookInput, verifyWebhookSignature, WebhookSignatureError } from './webhook-signature.js';
export type { components, operations, paths } from './openapi.js';
