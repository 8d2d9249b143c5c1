/**
 * Search and History answers kept per dataset snapshot, by request URL. A snapshot never
 * changes, so an answer made once is right for as long as the snapshot is served: a repeated request (the same
 * lookup, page or search from many users) skips the engine and the serialization and costs a
 * lookup. The access check still runs first on every request; only the body is kept, never a
 * header. Bounded by RESPONSE_CACHE_BYTES per snapshot (CLOCK eviction, lru.ts); a snapshot's
 * answers go with it when it is replaced. Errors are never kept.
 *
 * Requests that carry their key in the URL (`apikey=`) are answered without the cache, so a
 * key is never held as a cache key.
 */
import { Lru, perScope } from '../../search/lru.js';
import type { ParsedQuery } from '../query-string.js';

/** The memory answers of one snapshot may take (UTF-16 strings: two bytes a character). */
export const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

const kept = perScope(() => new Lru<string>(RESPONSE_CACHE_BYTES, (url, json) => 2 * (url.length + json.length)));

/**
 * The JSON answer to `url` on `snapshot` (the Directory, or the History view, served for this
 * request): kept, or made by `answer()` and kept.
 */
export function cachedAnswer(snapshot: object, url: string, query: ParsedQuery, answer: () => string): string {
  if (query.params.has('apikey') || query.params.has('apiKey')) return answer();
  return kept(snapshot, url, answer);
}
