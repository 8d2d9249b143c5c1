/**
 * What a server's /metrics says of its turn at a fixed rate (Ginko's): its collector's pauses
 * (`nodejs_gc_duration_seconds`, src/metrics/gc-pauses.ts) and the longest tick of its event
 * loop (`nodejs_eventloop_lag_max_seconds`), read after each run: whether a slow turn holds a
 * mark-compact, or a stall of the server's own loop at all (docs/benchmarks.md#latency-at-half-load).
 */
import { request } from 'node:https';

export interface TurnMetrics {
  /** Mark-compacts, and their closing pauses in all. */
  readonly markCompacts: number;
  readonly markCompactMs: number;
  /** Scavenges of the young generation, and their pauses in all. */
  readonly scavenges: number;
  readonly scavengeMs: number;
  /** Scavenges that took more than 1 ms and more than 5 ms (the histogram's buckets). */
  readonly scavengesOver1Ms: number;
  readonly scavengesOver5Ms: number;
  /** The steps of incremental marking on the main thread, in all. */
  readonly incrementalMs: number;
  /**
   * The longest interval between two ticks of a 10 ms timer in the server's loop since the
   * previous reading (prom-client's lag, which counts the 10 ms: about 10 is a loop that never
   * waited, 10 + x a stall of x). It starts again at each scrape: unlike the totals above, it
   * is not a figure since the server started.
   */
  readonly loopTickMaxMs: number;
}

const GC = 'nodejs_gc_duration_seconds';

/** The figures in a server's exposition text: pause totals since it started, the longest tick since the last scrape. */
export function metricsIn(metricsText: string): TurnMetrics {
  // Each sample line is `name{labels} value`; a series not in the text has had nothing yet.
  const samples = new Map<string, number>();
  for (const line of metricsText.split('\n')) {
    const space = line.lastIndexOf(' ');
    if (space > 0 && !line.startsWith('#')) samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  const value = (name: string): number => samples.get(name) ?? 0;
  // Seconds to milliseconds, to the microsecond: the text's decimals, without binary noise.
  const ms = (name: string) => Math.round(value(name) * 1e6) / 1e3;
  const scavenges = value(`${GC}_count{kind="minor"}`);
  return {
    markCompacts: value(`${GC}_count{kind="major"}`),
    markCompactMs: ms(`${GC}_sum{kind="major"}`),
    scavenges,
    scavengeMs: ms(`${GC}_sum{kind="minor"}`),
    scavengesOver1Ms: scavenges - value(`${GC}_bucket{le="0.001",kind="minor"}`),
    scavengesOver5Ms: scavenges - value(`${GC}_bucket{le="0.005",kind="minor"}`),
    incrementalMs: ms(`${GC}_sum{kind="incremental"}`),
    loopTickMaxMs: ms('nodejs_eventloop_lag_max_seconds'),
  };
}

/** What happened between two readings, times to 0.1 ms. */
export function metricsBetween(before: TurnMetrics, after: TurnMetrics): TurnMetrics {
  const ms = (f: (p: TurnMetrics) => number) => Math.round((f(after) - f(before)) * 10) / 10;
  return {
    markCompacts: after.markCompacts - before.markCompacts,
    markCompactMs: ms((p) => p.markCompactMs),
    scavenges: after.scavenges - before.scavenges,
    scavengeMs: ms((p) => p.scavengeMs),
    scavengesOver1Ms: after.scavengesOver1Ms - before.scavengesOver1Ms,
    scavengesOver5Ms: after.scavengesOver5Ms - before.scavengesOver5Ms,
    incrementalMs: ms((p) => p.incrementalMs),
    loopTickMaxMs: Math.round(after.loopTickMaxMs * 10) / 10,
  };
}

/** A server's figures now, from its /metrics. */
export function readTurnMetrics(origin: string, ca: string, headers: Record<string, string>): Promise<TurnMetrics> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/metrics`, { ca, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(metricsIn(text)) : reject(new Error(`/metrics answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}
