/**
 * The results of an expensive step (freeword ranking, filter evaluation, Resolve matching) kept
 * per dataset snapshot, so a repeated query (a widget's common prefixes, an application's fixed
 * filter, the same bank and branch typed again) costs a lookup whatever page, limit or fields
 * it asks for. At most RESULT_CACHE_ENTRIES per
 * snapshot, least recently used first out; a snapshot's results go with it when it is
 * replaced. Results are shared: never mutate one. Failures (a filter over its budget) are not
 * kept.
 */
import { Lru } from './lru.js';

/** Results kept per snapshot. Each holds at most one bank list's worth of references. */
export const RESULT_CACHE_ENTRIES = 1_000;

const caches = new WeakMap<object, Lru<unknown>>();

/** `compute()`'s value for `key` within `scope` (a Directory), computed at most once while kept. */
export function cachedResult<T>(scope: object, key: string, compute: () => T): T {
  let cache = caches.get(scope);
  if (cache === undefined) caches.set(scope, (cache = new Lru(RESULT_CACHE_ENTRIES)));
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const value = compute();
  cache.set(key, value);
  return value;
}
