/**
 * Answers still being sent when the server closes (docs/operations.md#logs). Node's
 * server.close() destroys every connection whose answer has been ended, and the process exits
 * right after: an answer larger than what the connection's socket buffers hold, still being
 * read by a slow client, would lose its last part, and with it its log line. So closing first
 * waits, up to DRAIN_TIMEOUT_MS, until every connection has handed all its bytes to the kernel,
 * which delivers them after the process has gone (test/shutdown-drain.test.ts).
 *
 * Connections are tracked as they open, not requests: a set entry and a close listener per
 * connection, nothing per request.
 */
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from './api-error.js';

/** How often closing looks again whether the connections have sent everything. */
const POLL_MS = 20;

/** Seconds a client is asked to wait before it sends again a request refused while closing. */
const CLOSING_RETRY_AFTER_SECONDS = 1;

/**
 * The answer to a request that arrives while the server closes, on a keep-alive connection (no
 * new one is taken, stopAccepting): another replica, or this one restarted, answers it.
 */
export function closingError(): ApiError {
  return new ApiError(503, 'the server is shutting down; send the request again', [], { 'retry-after': String(CLOSING_RETRY_AFTER_SECONDS) });
}

/**
 * Stops taking new connections, at the start of closing: a proxy that finds this replica's port
 * refused sends the request to another (nginx's default `proxy_next_upstream error`), even a
 * POST, where a 503 to a POST it has sent is passed on to its client. Only the listening socket
 * is closed (net.Server's close): http.Server's own close would also destroy the idle
 * connections, and with them answers still being sent (above). Fastify's close calls that later;
 * Node then reports the server closed once its last connection has (test/shutdown-drain.test.ts).
 */
export function stopAccepting(server: Server): void {
  if (server.listening) NetServer.prototype.close.call(server);
}

export interface DrainOutcome {
  /** Connections that still held bytes for their client when the wait ended. */
  readonly unsent: number;
  readonly waitedMs: number;
}

export class ConnectionDrain {
  readonly #open = new Set<Socket>();

  constructor(server: Server) {
    const track = (socket: Socket) => {
      this.#open.add(socket);
      socket.once('close', () => this.#open.delete(socket));
    };
    // Over HTTPS the answer's bytes wait in the TLS socket (the TCP socket under it is written
    // by the TLS layer directly and never holds any), so that is the one to watch.
    if (server instanceof TlsServer) server.on('secureConnection', track);
    else server.on('connection', track);
  }

  /** Connections holding bytes their client has not taken yet. */
  get unsent(): number {
    let n = 0;
    for (const socket of this.#open) if (!socket.destroyed && socket.writableLength > 0) n++;
    return n;
  }

  /** Resolves once no connection holds unsent bytes, or after `timeoutMs`. */
  async drained(timeoutMs: number): Promise<DrainOutcome> {
    const started = performance.now();
    let unsent = this.unsent;
    while (unsent > 0 && performance.now() - started < timeoutMs) {
      await sleep(POLL_MS);
      unsent = this.unsent;
    }
    return { unsent, waitedMs: Math.round(performance.now() - started) };
  }
}
