/**
 * The HTTP(S) server Fastify listens with (its `serverFactory` option): Node's server with the
 * edge's limits and timeouts (limits.ts), every request handed straight to Fastify.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { FastifyServerFactory } from 'fastify';
import { EDGE_TIMEOUTS, type EdgeTimeouts, KEEP_ALIVE_TIMEOUT_MS, MAX_HEADER_BYTES } from './limits.js';

/** HTTPS with `tls`; plain HTTP without (behind a TLS-terminating proxy, and in-process tests). */
export function edgeServer(tls: { readonly cert: string; readonly key: string } | undefined, timeouts: EdgeTimeouts = EDGE_TIMEOUTS): FastifyServerFactory {
  return (handler) => {
    const options = { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: timeouts.requestTimeoutMs, headersTimeout: timeouts.headersTimeoutMs, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, connectionsCheckingInterval: timeouts.connectionsCheckIntervalMs };
    return tls ? createHttpsServer({ ...options, cert: tls.cert, key: tls.key, handshakeTimeout: timeouts.handshakeTimeoutMs }, handler) : createHttpServer(options, handler);
  };
}
