/**
 * The results of an expensive step (freeword ranking, filter evaluation, Resolve matching) kept
 * per dataset snapshot, so a repeated query (a widget's common prefixes, an application's fixed
 * filter, the same bank and branch typed again) costs a lookup whatever page, limit or fields
 * it asks for. A result is kept from the second time its key is computed on and, once the
 * cache is full, only in place of one asked for less often (src/shared/doorkeeper.ts), so a
 * query asked once costs no cache work. Bounded in bytes, RESULT_CACHE_BYTES per snapshot, each
 * result weighed by its caller (CLOCK eviction, src/shared/lru.ts): a stream of distinct
 * queries, which never repeat, cannot grow memory past it. A snapshot's results go with it when
 * it is replaced. Results are shared: never mutate one. Failures (a filter over its budget) are
 * not kept.
 */
import type { Derivation, Snapshot } from '../dataset/snapshot.js';
import { Doorkeeper } from '../shared/doorkeeper.js';
import { Lru } from '../shared/lru.js';

/**
 * The memory results of one snapshot may take, as their callers weigh them (bytes, estimated):
 * as much as the answer cache's (docs/benchmarks.md#the-caches-4-mib-each).
 */
export const RESULT_CACHE_BYTES = 4 * 1024 * 1024;

/** Estimated bytes of a reference in an array or a Map entry, for callers' weights. */
export const REFERENCE_BYTES = 8;
export const MAP_ENTRY_BYTES = 80;

interface Kept {
  readonly value: unknown;
  readonly weight: number;
}

const RESULTS: Derivation<Lru<Kept>> = { name: 'result cache', build: () => Lru.inBytes<Kept>(RESULT_CACHE_BYTES, (kept) => kept.weight, new Doorkeeper()) };

/**
 * `compute()`'s value for `key` on `snapshot`, computed at most once while kept; `weigh` tells
 * its size in bytes. `keep`, when given, makes the value that is kept from the one computed,
 * only when the cache admits it (a buffer's copy of its own, src/shared/kept-bytes.ts). What
 * `compute` throws is not kept.
 */
export function cachedResult<T>(snapshot: Snapshot, key: string, compute: () => T, weigh: (value: T) => number, keep?: (value: T) => T): T {
  const results = snapshot.derive(RESULTS);
  const kept = results.get(key);
  if (kept !== undefined) return kept.value as T;
  const value = compute();
  if (results.admit(key)) {
    const stays = keep === undefined ? value : keep(value);
    results.set(key, { value: stays, weight: weigh(stays) });
  }
  return value;
}
