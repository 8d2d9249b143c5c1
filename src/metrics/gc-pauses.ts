/**
 * The collector's pauses by kind, in prom-client's `nodejs_gc_duration_seconds` (its name, help,
 * labels and bucket bounds, so that dashboards made for it read this one), counting every pause.
 * prom-client's own observer reads only the first entry of each batch Node delivers, and Node
 * delivers the pauses of a busy moment in one batch (docs/operations.md#every-metric).
 */
import { constants, type NodeGCPerformanceDetail, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { Histogram, type Registry } from 'prom-client';

export const GC_PAUSES_METRIC = 'nodejs_gc_duration_seconds';

/** Node's kinds of pause, by the labels prom-client gives them. */
const KINDS = new Map<number, string>([
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'major'],
  [constants.NODE_PERFORMANCE_GC_MINOR, 'minor'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weakcb'],
]);

/**
 * prom-client's buckets for this metric, in seconds, and 2 and 5 ms: pauses of a few
 * milliseconds are what a request's latency at the p99 is read against.
 */
const BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.1, 1, 2, 5];

/**
 * Puts the histogram in `registry` in place of prom-client's, and observes every pause of this
 * process from now on. prom-client's observer cannot be stopped from outside; it goes on filling
 * a histogram no registry holds, at one call per batch of pauses, not per request.
 */
export function observeGcPauses(registry: Registry): void {
  registry.removeSingleMetric(GC_PAUSES_METRIC);
  const pauses = new Histogram({
    name: GC_PAUSES_METRIC,
    help: 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: BUCKETS,
    registers: [registry],
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A 'gc' entry's detail, which Node's types leave off PerformanceEntry.
      const kind = KINDS.get((entry as PerformanceEntry & { readonly detail: NodeGCPerformanceDetail }).detail.kind);
      if (kind !== undefined) pauses.observe({ kind }, entry.duration / 1000);
    }
  }).observe({ entryTypes: ['gc'] });
}
