/**
 * The collector's pauses in a server's turn, from its /metrics before and after the turn
 * (`nodejs_gc_duration_seconds`, src/metrics/gc-pauses.ts): whether a turn's tail holds one of
 * the server's mark-compacts, or came with none (docs/benchmarks.md#latency-at-half-load).
 */
import { request } from 'node:https';

export interface CollectorPauses {
  /** Mark-compacts, and their closing pauses in all. */
  readonly markCompacts: number;
  readonly markCompactMs: number;
  /** Scavenges of the young generation, and their pauses in all. */
  readonly scavenges: number;
  readonly scavengeMs: number;
  /** The steps of incremental marking on the main thread, in all. */
  readonly incrementalMs: number;
}

const METRIC = 'nodejs_gc_duration_seconds';

/** The totals since the server started, read from its exposition text. */
export function pausesIn(metricsText: string): CollectorPauses {
  const value = (series: 'count' | 'sum', kind: string): number => {
    const line = metricsText.split('\n').find((l) => l.startsWith(`${METRIC}_${series}{kind="${kind}"} `));
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  // Seconds to milliseconds, to the microsecond: the text's decimals, without binary noise.
  const ms = (kind: string) => Math.round(value('sum', kind) * 1e6) / 1e3;
  return {
    markCompacts: value('count', 'major'),
    markCompactMs: ms('major'),
    scavenges: value('count', 'minor'),
    scavengeMs: ms('minor'),
    incrementalMs: ms('incremental'),
  };
}

/** What happened between two readings, times to 0.1 ms. */
export function pausesBetween(before: CollectorPauses, after: CollectorPauses): CollectorPauses {
  const ms = (f: (p: CollectorPauses) => number) => Math.round((f(after) - f(before)) * 10) / 10;
  return {
    markCompacts: after.markCompacts - before.markCompacts,
    markCompactMs: ms((p) => p.markCompactMs),
    scavenges: after.scavenges - before.scavenges,
    scavengeMs: ms((p) => p.scavengeMs),
    incrementalMs: ms((p) => p.incrementalMs),
  };
}

/** A server's totals now, from its /metrics. */
export function readPauses(origin: string, ca: string, headers: Record<string, string>): Promise<CollectorPauses> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/metrics`, { ca, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(pausesIn(text)) : reject(new Error(`/metrics answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}
