/**
 * Search and History answers kept per dataset snapshot, by request URL. A snapshot never
 * changes, so an answer made once is right for as long as the snapshot is served: a repeated
 * request (the same lookup, page or search from many users) skips the engine and the
 * serialization and costs a lookup. The access check still runs first on every request; only
 * the body is kept, never a header. Bounded by RESPONSE_CACHE_BYTES per snapshot (CLOCK
 * eviction, src/shared/lru.ts); a snapshot's answers go with it when it is replaced. Errors are
 * never kept.
 *
 * Requests that carry their key in the URL (`apikey=`) are answered without the cache, so a
 * key is never held as a cache key.
 */
import type { LimitPolicy } from '../../access/access-control.js';
import type { Derivation, Snapshot } from '../../dataset/snapshot.js';
import { Lru } from '../../shared/lru.js';
import type { ErrorShape } from './error-shapes.js';
import type { ParsedQuery } from './query-string.js';

/** The memory answers of one snapshot may take (UTF-16 strings: two bytes a character). */
export const RESPONSE_CACHE_BYTES = 8 * 1024 * 1024;

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
  readonly json: string;
  /** The JSON's length in UTF-8, as sent. */
  readonly bytes: number;
  /** Set when the fast branch may send this answer again as it is (JSON, not JSONP). */
  readonly route: FastRoute | undefined;
}

const ANSWERS: Derivation<Lru<KeptAnswer>> = {
  name: 'answer cache',
  build: () => new Lru<KeptAnswer>(RESPONSE_CACHE_BYTES, (url, answer) => 2 * (url.length + answer.json.length)),
};

function isKeyed(query: ParsedQuery): boolean {
  return query.params.has('apikey') || query.params.has('apiKey');
}

/**
 * The JSON answer to `url` on `snapshot`: kept, or made by `answer()` and kept. `route`: set
 * when the answer is sent as JSON as it is, so the fast branch may send it again.
 */
export function cachedAnswer(snapshot: Snapshot, url: string, query: ParsedQuery, answer: () => string, route?: FastRoute): string {
  if (isKeyed(query)) return answer();
  const answers = snapshot.derive(ANSWERS);
  let kept = answers.get(url);
  if (kept === undefined) {
    const json = answer();
    kept = { json, bytes: Buffer.byteLength(json), route };
    answers.set(url, kept);
  }
  return kept.json;
}

/** The answer kept for `url` on `snapshot`, if there is one; computes nothing. */
export function keptAnswer(snapshot: Snapshot, url: string): KeptAnswer | undefined {
  return snapshot.derive(ANSWERS).get(url);
}
