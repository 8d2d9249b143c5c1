/**
 * Request ids (docs/operations.md#request-ids): every response carries `x-request-id`, the
 * same id is in its log line and in the `request_id` of History/Resolve errors. Behind a
 * trusted proxy (--trust-proxy, from a peer it names) the proxy's `x-request-id` is kept so one id follows a request
 * through both logs; anywhere else a client could write into our logs with it, so we make our
 * own: `req-`, a random part per server and a counter (`req-3f9a1c07-2s`), unique across
 * restarts and replicas without spending random bytes on every request.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TrustedProxies } from '../../access/trusted-proxies.js';
import { fromTrustedProxy } from './client-address.js';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Longest incoming id kept; longer ones are replaced. */
export const MAX_REQUEST_ID_LENGTH = 128;
/** Letters, digits and the punctuation of common id schemes (UUID, ULID, base64, trace ids). */
const ACCEPTED_ID = new RegExp(`^[A-Za-z0-9._:/+=@-]{1,${MAX_REQUEST_ID_LENGTH}}$`);
/** An id shaped like an API key would put the key into every log line: never kept. */
const KEY_LIKE = /gk_/i;

export function requestIdGenerator(proxies: TrustedProxies | undefined): (request: IncomingMessage) => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (request) => {
    if (proxies !== undefined && fromTrustedProxy(request, proxies)) {
      const incoming = request.headers[REQUEST_ID_HEADER];
      if (typeof incoming === 'string' && ACCEPTED_ID.test(incoming) && !KEY_LIKE.test(incoming)) return incoming;
    }
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `req-${prefix}-${counter.toString(36)}`;
  };
}
