/**
 * The hot path: a Search GET whose answer is already kept (response-cache.ts) is answered from
 * the server's request listener, before Fastify routes it. Such a request needs only the
 * access check, the kept body and a few headers; Fastify's routing, request and reply objects
 * and hook chain cost more than that work itself (docs/benchmarks.md#where-a-lookups-time-goes).
 *
 * The answer is the one Fastify gives: same status, headers, body, log line and metrics. The hot
 * path answers only when it can be sure of that, and leaves every other request to Fastify
 * untouched:
 * - GET (HEAD and the other methods go to Fastify), with no request body;
 * - a URL Fastify already answered with this snapshot's JSON (never JSONP, never a key in the
 *   URL: response-cache.ts keeps neither for the hot path);
 * - an Accept header that allows JSON, and behind --trust-proxy, X-Forwarded-Proto: https;
 * - an access decision that is made at once and admits the request. A refusal, or a decision
 *   that waits on the store or Redis, is handed to the route's guard (access-guard.ts), which
 *   carries it out: every request is checked and counted once.
 * test/hot-path.test.ts compares both paths request by request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AccessControl, LimitPolicy } from '../access/access-control.js';
import type { UsageRecorder } from '../console/usage-recorder.js';
import type { DirectoryHolder } from '../dataset/holder.js';
import { isPromise } from '../access/maybe-promise.js';
import type { Metrics } from '../metrics/metrics.js';
import type { RequestSeries } from '../metrics/request-stats.js';
import { accepts } from './accept.js';
import { AccessedRequest, handOver, rateLimitHeaders } from './access-guard.js';
import { clientAddress } from './client-address.js';
import { CORS_HEADERS } from './cors.js';
import { redactUrl } from './redact.js';
import { logResponse } from './response-log.js';
import { keyInHeaders } from './search/authenticate.js';
import { JSON_TYPES } from './search/respond.js';
import { keptAnswer } from './search/response-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's hot path (tests read how many requests it answered). */
    readonly hotPath: HotPath;
  }
}

/** What the hot path needs to know of a route whose answers it may send. */
export interface HotRoute {
  /** The route's pattern, as its metrics series is named (`/v3/banks/:code`). */
  readonly url: string;
  /** The limits the route's guard applies. */
  readonly policy: LimitPolicy;
}

export interface HotPathParts {
  readonly directories: DirectoryHolder;
  readonly access: AccessControl;
  readonly trustProxy: boolean;
  /** The app's request id generator (request-id.ts). */
  readonly requestId: (request: IncomingMessage) => string;
  /** Where requests are counted; undefined when metrics are off. */
  readonly metrics: Metrics | undefined;
  /** The response log; undefined when response lines are not logged (level above info). */
  readonly log: FastifyBaseLogger | undefined;
  /** The console's usage counts (src/console/usage-recorder.ts); undefined without a console. */
  readonly usage?: Pick<UsageRecorder, 'count'> | undefined;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const CORS = Object.entries(CORS_HEADERS).flat();

export class HotPath {
  #open = true;
  /** Requests answered here; the rest went to Fastify. */
  answered = 0;
  readonly #series = new Map<HotRoute, RequestSeries>();

  constructor(private readonly parts: HotPathParts) {}

  /** Stops answering (the server is closing: Fastify answers 503 from now on). */
  close(): void {
    this.#open = false;
  }

  /** Answers `request` and returns true, or returns false having written nothing. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || !this.#open) return false;
    const url = request.url ?? '';
    const kept = keptAnswer(this.parts.directories.current, url);
    if (kept === undefined || kept.hot === undefined) return false;
    const headers = request.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (this.parts.trustProxy && headers['x-forwarded-proto'] !== 'https') return false;
    if (!accepts(headers.accept, JSON_TYPES)) return false;

    const started = performance.now();
    // The URL holds no key (response-cache.ts keeps no such URL for the hot path): the headers
    // are the only place one can be.
    const decision = this.parts.access.check(new AccessedRequest(request, keyInHeaders(headers), this.parts.trustProxy), kept.hot.policy);
    if (isPromise(decision) || !decision.ok) {
      handOver(request, decision);
      return false;
    }
    const id = this.parts.requestId(request);
    const rate = rateLimitHeaders(decision.rate);
    // In the order Fastify sets them: the request checks, the guard, the handler, send().
    const out = ['x-request-id', id];
    if (headers.origin !== undefined) out.push(...CORS);
    out.push(
      'x-ratelimit-limit-second', rate['x-ratelimit-limit-second'],
      'x-ratelimit-limit-day', rate['x-ratelimit-limit-day'],
      'x-ratelimit-remaining-day', rate['x-ratelimit-remaining-day'],
      'ratelimit-reset', rate['ratelimit-reset'],
      'content-type', JSON_CONTENT_TYPE,
      'content-length', String(kept.bytes),
    );
    response.writeHead(200, out);
    response.end(kept.json);
    this.answered++;

    const elapsedMs = performance.now() - started;
    if (this.parts.metrics) this.#seriesOf(kept.hot, this.parts.metrics).record(200, elapsedMs / 1000);
    this.parts.usage?.count(url, 200, decision.key.id);
    if (this.parts.log) {
      logResponse(this.parts.log, { reqId: id, method: 'GET', url, status: 200, elapsedMs, ip: clientAddress(request, this.parts.trustProxy), keyId: decision.key.id });
    }
    return true;
  }

  #seriesOf(route: HotRoute, metrics: Metrics): RequestSeries {
    let series = this.#series.get(route);
    if (series === undefined) this.#series.set(route, (series = metrics.requests.series('GET', route.url)));
    return series;
  }
}

/**
 * Puts `hot` in front of the app's request handler. Call once the app is built; the hot path
 * stops answering when the app starts to close.
 */
export function installHotPath(app: FastifyInstance, hot: HotPath): void {
  const server = app.server;
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error(`expected Fastify's one request listener, found ${handlers.length}`);
  const fastify = handlers[0]!;
  server.removeListener('request', fastify);
  server.on('request', function answerHotOrRoute(request: IncomingMessage, response: ServerResponse) {
    let answered = false;
    try {
      answered = hot.answer(request, response);
    } catch (error) {
      // A fault here must not take the server down; Fastify answers if nothing was sent yet.
      app.log.error({ err: error, url: redactUrl(request.url ?? '') }, 'hot path failed');
      if (response.headersSent) {
        if (!response.writableEnded) response.destroy();
        return;
      }
    }
    if (!answered) fastify(request, response);
  });
  app.addHook('preClose', (done) => {
    hot.close();
    done();
  });
}
