/**
 * The results of an expensive step (freeword ranking, filter evaluation, Resolve matching) kept
 * per dataset snapshot, so a repeated query (a widget's common prefixes, an application's fixed
 * filter, the same bank and branch typed again) costs a lookup whatever page, limit or fields
 * it asks for. At most RESULT_CACHE_ENTRIES per snapshot (CLOCK eviction, lru.ts); a
 * snapshot's results go with it when it is replaced. Results are shared: never mutate one.
 * Failures (a filter over its budget) are not kept.
 */
import { Lru, PerScope } from './lru.js';

/** Results kept per snapshot. Each holds at most one bank list's worth of references. */
export const RESULT_CACHE_ENTRIES = 1_000;

const cached = new PerScope<unknown>(() => new Lru(RESULT_CACHE_ENTRIES));

/** `compute()`'s value for `key` within `scope` (a Directory), computed at most once while kept. */
export function cachedResult<T>(scope: object, key: string, compute: () => T): T {
  return cached.get(scope, key, compute) as T;
}
