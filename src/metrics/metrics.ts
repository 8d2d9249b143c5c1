/**
 * The metrics of one server, in Prometheus form (docs/operations.md#metrics). Each app has its
 * own Registry, so several apps in one process (tests) never share or collide. Values that
 * already live elsewhere (dataset version, maintenance, Redis state) are read when /metrics is
 * scraped instead of being pushed on every change; request counts come from RequestStats.
 */
import { GINKO_VERSION } from '../package-root.js';
import { collectDefaultMetrics, Counter, Gauge, type Metric, Registry } from 'prom-client';
import { observeGcPauses } from './gc-pauses.js';
import { LATENCY_BUCKETS_SECONDS, RequestStats } from './request-stats.js';

/** What the metrics read at scrape time; each reader is optional. */
export interface MetricSources {
  readonly dataset?: () => { readonly version: string; readonly banks: number; readonly branches: number };
  readonly maintenance?: () => boolean;
  /** Where rate-limit counters live and whether that store is reachable now. */
  readonly rateLimitStore?: () => { readonly kind: string; readonly connected: boolean };
}

export interface MetricsOptions {
  /**
   * Node.js process metrics (CPU, memory, event-loop delay, GC: prom-client's defaults). Off
   * by default because they install process-wide observers; `ginko serve` turns them on.
   */
  readonly processMetrics?: boolean;
}

/** The decisions of docs/resolve.md#response; Resolve reports one per answered request. */
export const RESOLVE_DECISIONS = ['auto_confirm', 'needs_review', 'ambiguous', 'unresolved'] as const;
export type ResolveDecision = (typeof RESOLVE_DECISIONS)[number];

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;


export interface Metrics {
  readonly registry: Registry;
  /** Requests by route pattern, method and status, and their latency (src/http/edge/metrics.ts). */
  readonly requests: RequestStats;
  /**
   * Resolve answers by decision. The Resolve route calls
   * `app.metrics.resolveDecisions.inc({ decision })` once per answered request.
   */
  readonly resolveDecisions: Counter<'decision'>;
  /** A keyed request refused by access control; `rate_limited` is also a rate-limit rejection. */
  accessDenied(bucket: string, reason: string): void;
  /** A request Node's HTTP parser refused before any route saw it (431, malformed request line). */
  clientError(reason: string): void;
  /** The served snapshot was replaced at runtime. */
  datasetSwapped(): void;
  /** The exposition text of every metric. */
  render(): Promise<string>;
}

/**
 * A histogram over RequestStats. prom-client has no way to load bucket counts into its own
 * Histogram, so this object implements the part of the metric contract its Registry uses
 * (name, help, type, get, reset) and answers from the accumulated series.
 */
class RequestDurationHistogram {
  readonly name = 'ginko_http_request_duration_seconds';
  readonly help = 'Time from receiving a request to sending its response, by route pattern and method';
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(private readonly stats: RequestStats) {}

  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.stats.all()) {
      const labels = { method: s.method, route: s.route };
      let cumulative = 0;
      LATENCY_BUCKETS_SECONDS.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: s.sumSeconds, metricName: `${this.name}_sum` });
      values.push({ labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {}
}

export function createMetrics(sources: MetricSources = {}, options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new RequestStats();

  new Counter({
    name: 'ginko_http_requests_total',
    help: 'Responses sent, by route pattern (not the raw URL), method and status; route "unmatched" when no route matched (404)',
    labelNames: ['method', 'route', 'status'],
    registers,
    collect() {
      this.reset();
      for (const s of requests.all()) {
        for (const [status, n] of s.statuses) this.inc({ method: s.method, route: s.route, status }, n);
      }
    },
  });
  registry.registerMetric(new RequestDurationHistogram(requests) as unknown as Metric);

  const clientErrors = new Counter({
    name: 'ginko_http_client_errors_total',
    help: 'Connections answered by the HTTP parser before routing: headers_too_large (431), url_too_long (414), malformed (400), timeout (408)',
    labelNames: ['reason'],
    registers,
  });
  const rateLimitRejections = new Counter({
    name: 'ginko_rate_limit_rejections_total',
    help: 'Requests refused with 429 because the key exceeded its per-second or per-day limit, by limit bucket (search, history, …)',
    labelNames: ['bucket'],
    registers,
  });
  const accessDenials = new Counter({
    name: 'ginko_access_denials_total',
    help: 'Keyed requests refused by access control, by bucket and reason (missing, invalid, revoked, blocked, ip_not_allowed, referrer_not_allowed, referrer_missing, unknown_plan, rate_limited, maintenance)',
    labelNames: ['bucket', 'reason'],
    registers,
  });
  const resolveDecisions = new Counter({
    name: 'ginko_resolve_decisions_total',
    help: 'Resolve API answers by decision (auto_confirm, needs_review, ambiguous, unresolved)',
    labelNames: ['decision'],
    registers,
  });
  // Present from the start, so rate() and ratios work before the first answer of each kind.
  for (const decision of RESOLVE_DECISIONS) resolveDecisions.inc({ decision }, 0);

  const dataset = sources.dataset;
  if (dataset) {
    new Gauge({
      name: 'ginko_dataset_info',
      help: 'The dataset snapshot being served: always 1, with its database version (as GET /v3/version reports it) as a label',
      labelNames: ['version'],
      registers,
      collect() {
        this.reset();
        this.set({ version: dataset().version }, 1);
      },
    });
    new Gauge({
      name: 'ginko_dataset_banks',
      help: 'Institutions in the served snapshot',
      registers,
      collect() {
        this.set(dataset().banks);
      },
    });
    new Gauge({
      name: 'ginko_dataset_branches',
      help: 'Branches in the served snapshot',
      registers,
      collect() {
        this.set(dataset().branches);
      },
    });
  }
  const swaps = new Counter({ name: 'ginko_dataset_swaps_total', help: 'Times the served snapshot was replaced at runtime (an import on the store)', registers });
  const loaded = new Gauge({ name: 'ginko_dataset_loaded_timestamp_seconds', help: 'Unix time at which the served snapshot was loaded', registers });
  loaded.setToCurrentTime();

  const maintenance = sources.maintenance;
  if (maintenance) {
    new Gauge({
      name: 'ginko_maintenance',
      help: '1 while maintenance mode is on (keyed routes answer 503), else 0',
      registers,
      collect() {
        this.set(maintenance() ? 1 : 0);
      },
    });
  }
  const store = sources.rateLimitStore;
  if (store) {
    new Gauge({
      name: 'ginko_rate_limit_store_up',
      help: 'Whether the rate-limit counter store is reachable (1) or limits fall back to this process (0), by store (memory, redis)',
      labelNames: ['store'],
      registers,
      collect() {
        const s = store();
        this.reset();
        this.set({ store: s.kind }, s.connected ? 1 : 0);
      },
    });
  }
  new Gauge({ name: 'ginko_info', help: 'Always 1, with the Ginko version as a label', labelNames: ['version'], registers }).set({ version: GINKO_VERSION }, 1);

  if (options.processMetrics) {
    collectDefaultMetrics({ register: registry });
    observeGcPauses(registry);
  }

  return {
    registry,
    requests,
    resolveDecisions,
    accessDenied(bucket, reason) {
      accessDenials.inc({ bucket, reason });
      if (reason === 'rate_limited') rateLimitRejections.inc({ bucket });
    },
    clientError(reason) {
      clientErrors.inc({ reason });
    },
    datasetSwapped() {
      swaps.inc();
      loaded.setToCurrentTime();
    },
    render: () => registry.metrics(),
  };
}
