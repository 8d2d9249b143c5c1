/**
 * Limits of the HTTP edge: sizes checked before any route runs. Limits of single parameters
 * live beside the code that parses them (filter, freeword, callback, cursor, …); every limit,
 * wherever it lives, is listed with its exact error in docs/limits.md.
 */

/** Longest request target (path and query), in characters: longer is a 414. */
export const MAX_URL_LENGTH = 8192;

/** Largest request body, in bytes: larger is a 413 before the body is read to the end. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Largest request head (request line and all headers), in bytes, as Node's HTTP parser counts
 * it: larger is a 431 written by the parser's error handler (client-errors.ts), or a 414 when
 * the request target alone is longer than MAX_URL_LENGTH. Node's default, made explicit so
 * that it is documented and tested.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Deepest nesting of arrays and objects in a JSON body: deeper is a 400 naming `body`. No API
 * takes more than two levels; the bound keeps recursive code after parsing safe.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Time a client has to send its whole request (head and body), in milliseconds: a client
 * trickling a body a byte at a time is cut off then (408, connection closed), within
 * CONNECTIONS_CHECK_INTERVAL_MS.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Time a client has to send the request head (request line and headers), in milliseconds. */
export const HEADERS_TIMEOUT_MS = 10_000;

/** How often Node checks the two timeouts above: the precision of their cut-off. */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

/**
 * Time a client has to complete the TLS handshake, in milliseconds: a connection that never
 * starts TLS (or stops halfway) is closed then, instead of after Node's 120 s.
 */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** The server's timeouts; buildApp takes others only for tests, which cannot wait 30 s. */
export interface EdgeTimeouts {
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly connectionsCheckIntervalMs: number;
  readonly handshakeTimeoutMs: number;
}

export const EDGE_TIMEOUTS: EdgeTimeouts = Object.freeze({ requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS, connectionsCheckIntervalMs: CONNECTIONS_CHECK_INTERVAL_MS, handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS });

/**
 * How long closing waits for answers still being sent to clients that read slowly (drain.ts),
 * in milliseconds. It must stay under Fastify's limit on one close hook (its pluginTimeout,
 * 10 s), past which the shutdown fails; with the log's last flush (LOG_FLUSH_TIMEOUT_MS) the
 * whole shutdown stays well inside the 30 s an orchestrator commonly allows before SIGKILL.
 */
export const DRAIN_TIMEOUT_MS = 8_000;

/** How long an idle keep-alive connection stays open for the next request, in milliseconds. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
