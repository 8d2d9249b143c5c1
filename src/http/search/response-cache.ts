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
import { Lru, PerScope } from '../../search/lru.js';
import type { HotRoute } from '../hot-path.js';
import type { ParsedQuery } from '../query-string.js';

/** The memory answers of one snapshot may take (UTF-16 strings: two bytes a character). */
export const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

export interface KeptAnswer {
  readonly json: string;
  /** The JSON's length in UTF-8, as sent. */
  readonly bytes: number;
  /** Set when the hot path may send this answer as it is (hot-path.ts). */
  readonly hot: HotRoute | undefined;
}

const kept = new PerScope(() => new Lru<KeptAnswer>(RESPONSE_CACHE_BYTES, (url, answer) => 2 * (url.length + answer.json.length)));

function isKeyed(query: ParsedQuery): boolean {
  return query.params.has('apikey') || query.params.has('apiKey');
}

/**
 * The JSON answer to `url` on `snapshot` (the Directory, or the History view, served for this
 * request): kept, or made by `answer()` and kept. `hot`: the route, when the answer is sent as
 * JSON as it is (not wrapped for JSONP), so the hot path may send it again.
 */
export function cachedAnswer(snapshot: object, url: string, query: ParsedQuery, answer: () => string, hot?: HotRoute): string {
  if (isKeyed(query)) return answer();
  return kept.get(snapshot, url, () => {
    const json = answer();
    return { json, bytes: Buffer.byteLength(json), hot };
  }).json;
}

/** The answer kept for `url` on `snapshot`, if there is one. */
export function keptAnswer(snapshot: object, url: string): KeptAnswer | undefined {
  return kept.find(snapshot, url);
}
