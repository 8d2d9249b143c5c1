/**
 * The results of an expensive step (freeword ranking, filter evaluation, Resolve matching) kept
 * per dataset snapshot, so a repeated query (a widget's common prefixes, an application's fixed
 * filter, the same bank and branch typed again) costs a lookup whatever page, limit or fields
 * it asks for. Bounded in bytes, RESULT_CACHE_BYTES per snapshot, each result weighed by its
 * caller, least recently used results dropped first: a stream of distinct queries cannot grow
 * memory past it. A snapshot's results go with it when it is replaced. Results are shared:
 * never mutate one. Failures (a filter over its budget) are not kept.
 */
import { LRUCache } from 'lru-cache';
import type { Derivation, Snapshot } from './snapshot.js';

/** The memory results of one snapshot may take, as their callers weigh them (bytes, estimated). */
export const RESULT_CACHE_BYTES = 4 * 1024 * 1024;

/** Estimated bytes of a reference in an array or a Map entry, for callers' weights. */
export const REFERENCE_BYTES = 8;
export const MAP_ENTRY_BYTES = 80;

interface Kept {
  readonly value: unknown;
  readonly weight: number;
}

const RESULTS: Derivation<LRUCache<string, Kept>> = {
  name: 'result cache',
  build: () => new LRUCache<string, Kept>({ maxSize: RESULT_CACHE_BYTES, sizeCalculation: (kept, key) => Math.max(1, kept.weight + key.length * 2) }),
};

/**
 * `compute()`'s value for `key` on `snapshot`, computed at most once while kept; `weigh` tells
 * its size in bytes. What `compute` throws is not kept.
 */
export function cachedResult<T>(snapshot: Snapshot, key: string, compute: () => T, weigh: (value: T) => number): T {
  const results = snapshot.derive(RESULTS);
  const kept = results.get(key);
  if (kept !== undefined) return kept.value as T;
  const value = compute();
  results.set(key, { value, weight: weigh(value) });
  return value;
}

/** cachedResult for a computation that runs in slices (src/shared/slices.ts). */
export async function cachedResultInSlices<T>(snapshot: Snapshot, key: string, compute: () => Promise<T>, weigh: (value: T) => number): Promise<T> {
  const results = snapshot.derive(RESULTS);
  const kept = results.get(key);
  if (kept !== undefined) return kept.value as T;
  const value = await compute();
  results.set(key, { value, weight: weigh(value) });
  return value;
}
