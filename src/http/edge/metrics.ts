/**
 * The hooks that feed /metrics (docs/operations.md#metrics; the endpoint: apis/ops/metrics.ts). Every route gets its own
 * onResponse hook bound to its series when it is registered, so recording a request is a few
 * additions: no label hashing, no lookups by URL. Requests that match no route (404) are
 * counted under route "unmatched", never under their raw URL, so a scan of random paths cannot
 * create new series.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import { createMetrics, type Metrics } from '../../metrics/metrics.js';
import type { RequestSeries } from '../../metrics/request-stats.js';
import { registerWebhookDeliveryMetrics } from '../../metrics/webhook-deliveries.js';
import type { AppServices } from '../services.js';

/**
 * Who may read /metrics: `open` (anyone who can reach the server, like /healthz), `key` (any
 * valid API key, within its IP and referrer restrictions; not counted against rate limits and
 * answered in maintenance too), `off` (no endpoint and no per-request recording).
 */
export const METRICS_ACCESS_MODES = ['open', 'key', 'off'] as const;
export type MetricsAccess = (typeof METRICS_ACCESS_MODES)[number];
export const DEFAULT_METRICS_ACCESS: MetricsAccess = 'open';

export const UNMATCHED_ROUTE = 'unmatched';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics; e.g. `app.metrics.resolveDecisions.inc({ decision })`. */
    readonly metrics: Metrics;
  }
}

export interface MetricsSetup {
  readonly access?: MetricsAccess;
  /** Node.js process metrics; see MetricsOptions. */
  readonly processMetrics?: boolean;
}

/** The metrics object of an app; created before Fastify so the client-error handler can count. */
export function metricsFor(services: AppServices, setup: MetricsSetup): Metrics {
  const metrics = createMetrics(
    {
      dataset: () => {
        const d = services.snapshots.current.directory;
        return { version: d.version, banks: d.banks.length, branches: d.branchCount };
      },
      maintenance: () => services.access.maintenance,
      rateLimitStore: () => services.access.parts.counters,
    },
    { processMetrics: setup.processMetrics ?? false },
  );
  registerWebhookDeliveryMetrics(metrics.registry, services.webhooks.counts);
  return metrics;
}

function recorder(series: (method: string) => RequestSeries): onResponseHookHandler {
  let last: RequestSeries | undefined;
  return function recordResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    // Nearly every route serves one method (GET, plus its HEAD twin registered apart), so the
    // series of the previous request is almost always the right one.
    const method = request.raw.method ?? 'GET';
    if (last === undefined || last.method !== method) last = series(method);
    last.record(reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
}

function appendHook(route: RouteOptions, hook: onResponseHookHandler): void {
  const existing = route.onResponse;
  route.onResponse = existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/**
 * Installs recording: call before any route is registered (routes registered earlier are not
 * counted). The endpoint is registered with the other routes (apis/ops).
 */
export function installMetrics(app: FastifyInstance, services: AppServices, metrics: Metrics, setup: MetricsSetup): { readonly recordsRequests: boolean } {
  app.decorate('metrics', metrics);
  const unsubscribe = services.snapshots.onReplace(() => metrics.datasetSwapped());
  app.addHook('onClose', async () => unsubscribe());
  const access = setup.access ?? DEFAULT_METRICS_ACCESS;
  if (access === 'off') return { recordsRequests: false };

  app.addHook('onRoute', (route) => {
    appendHook(route, recorder((method) => metrics.requests.series(method, route.url ?? route.path)));
  });
  // Route-level hooks never run for the not-found handler; this one counts only those.
  const unmatched = recorder((method) => metrics.requests.series(method, UNMATCHED_ROUTE));
  app.addHook('onResponse', function countUnmatched(request, reply, done) {
    if (request.is404) return unmatched.call(this, request, reply, done);
    done();
  });
  return { recordsRequests: true };
}
