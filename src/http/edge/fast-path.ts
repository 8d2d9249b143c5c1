/**
 * The pipeline's entry and its fast branch. The server's one request listener (made through
 * Fastify's `serverFactory` option, so Fastify is not patched) answers a repeated Search or
 * History GET whose JSON answer is already kept for the current snapshot (answer-cache.ts)
 * itself, and routes everything else through Fastify. A kept answer needs only the access check,
 * the body and a few headers; Fastify's routing, request and reply objects and hook chain cost
 * more than that work (docs/benchmarks.md).
 *
 * The branch calls the same functions as Fastify's routes: the access decision and refusal
 * (access-guard.ts), the writer (writer.ts), the response log line (response-log.ts) and the
 * route's metrics series. It takes a request only when the answer is certain to be the route's:
 * - GET (HEAD and the other methods go to Fastify), with no request body;
 * - a URL whose JSON answer a route kept for this snapshot (from the URL's second request on;
 *   never JSONP, never a key in the URL: answer-cache.ts keeps neither for the fast branch);
 * - an Accept header that allows JSON, one Host header, and behind --trust-proxy,
 *   X-Forwarded-Proto: https.
 * Once taken, the request is checked and answered here, refusals included: every request is
 * checked and counted once. test/hot-path.test.ts compares the two request by request.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { AccessControl, AccessDecision } from '../../access/access-control.js';
import { isPromise } from '../../access/maybe-promise.js';
import type { SnapshotHolder } from '../../dataset/holder.js';
import type { UsageRecorder } from '../../console/usage-recorder.js';
import type { Metrics } from '../../metrics/metrics.js';
import type { RequestSeries } from '../../metrics/request-stats.js';
import { accepts } from './accept.js';
import { AccessedRequest, refuse } from './access-guard.js';
import { type FastRoute, keptAnswer } from './answer-cache.js';
import type { TrustedProxies } from '../../access/trusted-proxies.js';
import { clientAddress, forwardedAsHttps } from './client-address.js';
import { toApiError } from './errors.js';
import { hasDuplicateHost, validHostHeader } from './host-header.js';
import { EDGE_TIMEOUTS, type EdgeTimeouts, KEEP_ALIVE_TIMEOUT_MS, MAX_HEADER_BYTES } from './limits.js';
import { keyInHeaders } from './presented-key.js';
import { redactUrl } from './redact.js';
import type { ResponseLog } from './response-log.js';
import type { WriteBatch } from './write-batch.js';
import { writeAnswer, writeError } from './writer.js';

const JSON_TYPES = ['application/json'];

export interface FastPathParts {
  readonly snapshots: SnapshotHolder;
  readonly access: AccessControl;
  readonly trustProxy: TrustedProxies | undefined;
  /** The app's request id generator (request-id.ts). */
  readonly requestId: (request: IncomingMessage) => string;
  readonly metrics: Metrics;
  /** Whether requests are counted per route (metrics not `off`). */
  readonly recordsRequests: boolean;
  /** Where answers wait for the end of their turn (write-batch.ts), as Fastify's do (app.ts). */
  readonly writes: WriteBatch;
}

export class FastPath {
  #open = true;
  /** Requests answered here; the rest went to Fastify's routes. */
  answered = 0;
  /** The response log; unset while response lines are not logged (level above info). */
  log: ResponseLog | undefined;
  /** The app's logger, for the branch's own faults. */
  events: FastifyBaseLogger | undefined;
  /** The console's usage counts (src/console/usage-recorder.ts); unset without a console. */
  usage: Pick<UsageRecorder, 'count'> | undefined;
  readonly #series = new Map<FastRoute, RequestSeries>();

  constructor(private readonly parts: FastPathParts) {}

  /** Stops answering (the server is closing: Fastify's routes answer 503 from now on, app.ts). */
  close(): void {
    this.#open = false;
  }

  /** Whether the server is closing (close was called). */
  get closing(): boolean {
    return !this.#open;
  }

  /** Takes `request` and returns true, or returns false having written nothing. */
  take(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || !this.#open) return false;
    const url = request.url ?? '';
    const kept = keptAnswer(this.parts.snapshots.current, url);
    if (kept === undefined || kept.route === undefined) return false;
    const headers = request.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (this.parts.trustProxy && !forwardedAsHttps(request, this.parts.trustProxy)) return false;
    // Refusals are Fastify's to answer (app.ts).
    if (!validHostHeader(headers.host)) return false;
    if (!accepts(headers.accept, JSON_TYPES)) return false;
    if (hasDuplicateHost(request.rawHeaders)) return false;

    const started = performance.now();
    const route = kept.route;
    // The URL holds no key (answer-cache.ts keeps no such URL for this branch): the headers are
    // the only place one can be.
    const decision = this.parts.access.check(new AccessedRequest(request, keyInHeaders(headers), this.parts.trustProxy), route.policy);
    // The key is checked and counted now; the answer is written with its turn's others
    // (write-batch.ts), then logged and measured, as Fastify's routes log theirs on 'finish'.
    const finish = (d: AccessDecision) => {
      const id = this.parts.requestId(request);
      const error = d.ok ? undefined : refuse(d.denial, route.policy, this.parts.metrics);
      const status = error?.status ?? 200;
      // Counted for the console before the answer is written, as on Fastify's routes (app.ts);
      // a refused request of a valid key under that key.
      this.usage?.count(url, status, d.key?.id);
      if (d.ok) writeAnswer(response, { status, requestId: id, origin: headers.origin, rate: d.rate, body: kept.body });
      else writeError(response, error!, route.errors, id, headers.origin);
      this.#done(request, route, url, id, status, started, d.ok ? d.key.id : undefined);
    };
    const fail = (err: unknown) => {
      const id = this.parts.requestId(request);
      const error = toApiError(err);
      this.events?.warn({ reqId: id, err: String(err) }, 'access check failed');
      this.usage?.count(url, error.status, undefined);
      writeError(response, error, route.errors, id, headers.origin);
      this.#done(request, route, url, id, error.status, started, undefined);
    };
    const writes = this.parts.writes;
    if (!isPromise(decision)) writes.hold(response, () => finish(decision));
    else {
      decision.then(
        (d) => writes.hold(response, () => finish(d)),
        (err: unknown) => writes.hold(response, () => fail(err)),
      );
    }
    return true;
  }

  /** After the answer is written: the request's metrics and log line. */
  #done(request: IncomingMessage, route: FastRoute, url: string, reqId: string, status: number, started: number, keyId: string | undefined): void {
    this.answered++;
    const elapsedMs = performance.now() - started;
    if (this.parts.recordsRequests) this.#seriesOf(route).record(status, elapsedMs / 1000);
    this.log?.write({ reqId, method: 'GET', url, status, elapsedMs, ip: clientAddress(request, this.parts.trustProxy), keyId });
  }

  #seriesOf(route: FastRoute): RequestSeries {
    let series = this.#series.get(route);
    if (series === undefined) this.#series.set(route, (series = this.parts.metrics.requests.series('GET', route.url)));
    return series;
  }
}

/**
 * The server, made for Fastify (its `serverFactory` option): one request listener that gives
 * the fast branch the first look and Fastify's handler the rest, with the edge's limits and
 * timeouts (limits.ts).
 */
export function edgeServer(fast: FastPath, tls: { readonly cert: string; readonly key: string } | undefined, onFault: (error: unknown, url: string) => void, timeouts: EdgeTimeouts = EDGE_TIMEOUTS): FastifyServerFactory {
  return (handler) => {
    const listener = (request: IncomingMessage, response: ServerResponse) => {
      let taken = false;
      try {
        taken = fast.take(request, response);
      } catch (error) {
        // A fault here must not take the server down; Fastify answers if nothing was sent yet.
        onFault(error, redactUrl(request.url ?? ''));
        if (response.headersSent) {
          if (!response.writableEnded) response.destroy();
          return;
        }
      }
      if (!taken) handler(request, response);
    };
    const options = { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: timeouts.requestTimeoutMs, headersTimeout: timeouts.headersTimeoutMs, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, connectionsCheckingInterval: timeouts.connectionsCheckIntervalMs };
    return tls ? createHttpsServer({ ...options, cert: tls.cert, key: tls.key }, listener) : createHttpServer(options, listener);
  };
}
