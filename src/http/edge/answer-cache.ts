/**
 * Search and History answers kept per dataset snapshot, by request URL. A snapshot never
 * changes, so an answer made once is right for as long as the snapshot is served: a repeated
 * request (the same lookup, page or search from many users) skips the engine and the
 * serialization and costs a lookup. The access check still runs first on every request; only
 * the body is kept, never a header. An answer is kept from the second request for its URL on
 * and, once the cache is full, only if its URL is asked for more often than the one it would
 * push out (src/shared/doorkeeper.ts): the third is answered from the cache, and a URL asked
 * once costs no cache work or memory. Bounded by RESPONSE_CACHE_BYTES per snapshot (CLOCK
 * eviction, src/shared/lru.ts); a snapshot's answers go with it when it is replaced. Errors are
 * never kept.
 *
 * An answer is kept as the UTF-8 bytes sent, outside the JavaScript heap: sending it again
 * encodes nothing, and a full cache is not copied from one garbage collection to the next (a
 * JSON string of Japanese names takes two bytes a character on the heap).
 *
 * Requests that carry their key in the URL (`apikey=`) are answered without the cache, so a
 * key is never held as a cache key.
 */
import type { LimitPolicy } from '../../access/access-control.js';
import type { Derivation, Snapshot } from '../../dataset/snapshot.js';
import { Doorkeeper } from '../../shared/doorkeeper.js';
import { KEPT_BUFFER_BYTES, ownCopy } from '../../shared/kept-bytes.js';
import { Lru } from '../../shared/lru.js';
import type { ErrorShape } from './error-shapes.js';
import type { ParsedQuery } from './query-string.js';

/**
 * The memory answers of one snapshot may take (their bytes and their URLs): about 4,500 branch
 * lookups. With the result cache's as much, it fits a serving process in its 200 MB under
 * distinct load (docs/benchmarks.md#the-caches-4-mib-each).
 */
export const RESPONSE_CACHE_BYTES = 4 * 1024 * 1024;

/** What the pipeline's fast branch (fast-path.ts) needs to know of the route that made an answer. */
export interface FastRoute {
  /** The route's pattern, as its metrics series is named (`/v3/banks/:code`). */
  readonly url: string;
  /** The limits the route's guard applies. */
  readonly policy: LimitPolicy;
  /** The error body of the route's API, for refusals. */
  readonly errors: ErrorShape;
}

export interface KeptAnswer {
  /** The JSON, in UTF-8, as sent. */
  readonly body: Buffer;
  /** Set when the fast branch may send this answer again as it is (JSON, not JSONP). */
  readonly route: FastRoute | undefined;
}

const ANSWERS: Derivation<Lru<KeptAnswer>> = {
  name: 'answer cache',
  build: () => Lru.inBytes<KeptAnswer>(RESPONSE_CACHE_BYTES, (answer) => KEPT_BUFFER_BYTES + answer.body.length, new Doorkeeper()),
};

function isKeyed(query: ParsedQuery): boolean {
  return query.params.has('apikey') || query.params.has('apiKey');
}

/**
 * The JSON answer to `url` on `snapshot`: the kept bytes, or made by `answer()` (and kept when
 * the cache admits it). `route`: set when the answer is sent as JSON as it is, so the fast
 * branch may send it again.
 */
export function cachedAnswer(snapshot: Snapshot, url: string, query: ParsedQuery, answer: () => Buffer, route?: FastRoute): Buffer {
  if (isKeyed(query)) return answer();
  const answers = snapshot.derive(ANSWERS);
  const kept = answers.get(url);
  if (kept !== undefined) return kept.body;
  const body = answer();
  if (answers.admit(url)) answers.set(url, { body: ownCopy(body), route });
  return body;
}

/** The answer kept for `url` on `snapshot`, if there is one; computes nothing. */
export function keptAnswer(snapshot: Snapshot, url: string): KeptAnswer | undefined {
  return snapshot.derive(ANSWERS).get(url);
}
