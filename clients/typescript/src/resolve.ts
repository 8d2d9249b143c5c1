/**
 * Resolve helpers (docs/resolve.md): a typed bank and branch name to official codes, one at a
 * time or in batches. A list longer than one batch may hold is sent as several batches in turn,
 * and the results come back in the order of the items.
 */
import type { GinkoCalls } from './calls.js';
import { orThrow } from './errors.js';
import type { Answer, BodyOf } from './operations.js';

export type ResolveRequest = BodyOf<'/resolve/v1/bank-branch'>;
export type ResolveAnswer = Answer<'/resolve/v1/bank-branch', 'post'>;
export type ResolveBatchItem = BodyOf<'/resolve/v1/bank-branch/batch'>['items'][number];
export type ResolveBatchResult = Answer<'/resolve/v1/bank-branch/batch', 'post'>['results'][number];

/** The most items one batch request may carry (docs/limits.md, "Resolve batch items"). */
export const RESOLVE_BATCH_MAX_ITEMS = 1000;

export interface ResolveOptions {
  /** Sends `x-debug-resolve: true`: the answer carries `debug` (normalized input, scores, dataset version). */
  readonly debug?: boolean;
}

export interface ResolveBatchOptions {
  /**
   * Items per request, 1 to 1,000 (the default). Each item counts as one request of the key's
   * plan and a batch is served whole or refused with 429, so a plan with a small per-second
   * limit needs batches no larger than that limit.
   */
  readonly batchSize?: number;
}

export function resolve(calls: GinkoCalls, request: ResolveRequest, options: ResolveOptions = {}): Promise<ResolveAnswer> {
  return orThrow(calls.POST('/resolve/v1/bank-branch', { body: request, ...(options.debug ? { params: { header: { 'x-debug-resolve': 'true' } } } : {}) }));
}

/** Every item's result, in the items' order; no request for an empty list. */
export async function resolveBatch(calls: GinkoCalls, items: readonly ResolveBatchItem[], options: ResolveBatchOptions = {}): Promise<ResolveBatchResult[]> {
  const size = options.batchSize ?? RESOLVE_BATCH_MAX_ITEMS;
  if (!Number.isInteger(size) || size < 1 || size > RESOLVE_BATCH_MAX_ITEMS) throw new RangeError(`batchSize must be an integer from 1 to ${RESOLVE_BATCH_MAX_ITEMS}, not ${size}`);
  const results: ResolveBatchResult[] = [];
  for (let start = 0; start < items.length; start += size) {
    const answer = await orThrow(calls.POST('/resolve/v1/bank-branch/batch', { body: { items: items.slice(start, start + size) } }));
    results.push(...answer.results);
  }
  return results;
}
