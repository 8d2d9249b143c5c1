/**
 * Search and History answers kept per dataset snapshot, by request URL. A snapshot never
 * changes, so an answer made once is right for as long as the snapshot is served: a repeated
 * request (the same lookup, page or search from many users) skips the engine and the
 * serialization and costs a lookup. The route's handler asks here after the whole pipeline has
 * run (request checks, access guard, validation): only the body is kept, never a header, and
 * errors are never kept. Bounded by RESPONSE_CACHE_BYTES per snapshot, least recently used
 * answers dropped first; a snapshot's answers go with it when it is replaced.
 *
 * Requests that carry their key in the URL (`apikey=`) are answered without the cache, so a
 * key is never held as a cache key.
 */
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import type { Derivation, Snapshot } from '../../dataset/snapshot.js';
import { parsedQuery } from './query-string.js';

/** The memory the answers of one snapshot may take, their URLs included. */
export const RESPONSE_CACHE_BYTES = 4 * 1024 * 1024;

/** What an entry costs beyond its URL and its bytes (the entry, the Buffer object). */
const ENTRY_BYTES = 200;

const ANSWERS: Derivation<LRUCache<string, Buffer>> = {
  name: 'answer cache',
  build: () => new LRUCache<string, Buffer>({ maxSize: RESPONSE_CACHE_BYTES, sizeCalculation: (body, url) => ENTRY_BYTES + url.length * 2 + body.length }),
};

/** The answer to `request` on `snapshot`: the kept bytes, or made by `answer()` and kept. */
export async function cachedAnswer(snapshot: Snapshot, request: Pick<FastifyRequest, 'url' | 'query'>, answer: () => string | Promise<string>): Promise<Buffer> {
  const params = parsedQuery(request).params;
  if (params.has('apikey') || params.has('apiKey')) return Buffer.from(await answer());
  const answers = snapshot.derive(ANSWERS);
  const url = request.url;
  let body = answers.get(url);
  if (body === undefined) {
    body = Buffer.from(await answer());
    answers.set(url, body);
  }
  return body;
}
