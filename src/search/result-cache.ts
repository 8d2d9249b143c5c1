/**
 * The results of an expensive step (freeword ranking, filter evaluation, Resolve matching) kept
 * per dataset snapshot, so a repeated query (a widget's common prefixes, an application's fixed
 * filter, the same bank and branch typed again) costs a lookup whatever page, limit or fields
 * it asks for. At most RESULT_CACHE_ENTRIES per snapshot (CLOCK eviction, lru.ts); a
 * snapshot's results go with it when it is replaced. Results are shared: never mutate one.
 * Failures (a filter over its budget) are not kept.
 */
import type { Derivation, Snapshot } from '../dataset/snapshot.js';
import { Lru } from '../shared/lru.js';

/** Results kept per snapshot. Each holds at most one bank list's worth of references. */
export const RESULT_CACHE_ENTRIES = 1_000;

const RESULTS: Derivation<Lru<unknown>> = { name: 'result cache', build: () => new Lru(RESULT_CACHE_ENTRIES) };

/** `compute()`'s value for `key` on `snapshot`, computed at most once while kept. What `compute` throws is not kept. */
export function cachedResult<T>(snapshot: Snapshot, key: string, compute: () => T): T {
  const results = snapshot.derive(RESULTS);
  let value = results.get(key) as T | undefined;
  if (value === undefined) {
    value = compute();
    results.set(key, value);
  }
  return value;
}
