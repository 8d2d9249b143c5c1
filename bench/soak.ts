/**
 * Sustained mixed load (issue 12): every available scenario in turn on each connection, for
 * several minutes; throughput, latency, non-2xx answers and resident memory sampled every 5 s.
 */
import autocannon from 'autocannon';
import { rssMb } from './processes.js';
import type { Scenario } from './scenarios.js';

export interface SoakReport {
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly total: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly rssMbSamples: readonly number[];
  /** Last sample minus the first sample taken after 10 s of warm-up. */
  readonly rssGrowthMb: number;
}

export async function soak(options: { url: string; headers: Record<string, string>; scenarios: readonly Scenario[]; seconds: number; connections: number; pid: number }): Promise<SoakReport> {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const rss = rssMb(options.pid);
    if (rss !== undefined) samples.push(rss);
  }, 5000);
  try {
    const result = await autocannon({
      url: options.url,
      headers: options.headers,
      connections: options.connections,
      duration: options.seconds,
      requests: options.scenarios.map((s) => ({ method: s.method, path: s.path, ...(s.body ? { body: s.body } : {}) })),
    });
    const steady = samples.slice(2);
    return {
      seconds: options.seconds,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      rssMbSamples: samples,
      rssGrowthMb: steady.length >= 2 ? steady.at(-1)! - steady[0]! : 0,
    };
  } finally {
    clearInterval(timer);
  }
}
