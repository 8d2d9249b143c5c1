/** One autocannon run against a server: throughput, latency and failures. */
import autocannon from 'autocannon';
import type { DistinctRequest } from './distinct.js';

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly total: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string | undefined;
  readonly connections: number;
  readonly seconds: number;
  /** Requests per second over all connections; as fast as the server answers when absent. */
  readonly overallRate?: number | undefined;
  /**
   * Distinct requests: each request takes the next of `requests` (shared by all connections,
   * going on from run to run) with a `_` parameter unique in the process, so that no two
   * requests are the same URL. `url` then gives the origin.
   */
  readonly sequence?: { readonly requests: readonly DistinctRequest[]; next: number } | undefined;
}

let unique = 0;

/** `path` with the bench's unique `_` parameter (answer-key.ts takes it off again). */
export function withUnique(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}_=${++unique}`;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method,
    headers: options.headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
    connections: options.connections,
    duration: options.seconds,
    ...(options.overallRate !== undefined ? { overallRate: options.overallRate } : {}),
    ...(options.sequence ? { requests: [{ setupRequest: sequenceStep(options.sequence, options.headers) }] } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

function sequenceStep(sequence: NonNullable<LoadOptions['sequence']>, headers: Record<string, string>) {
  return (request: autocannon.Request): autocannon.Request => {
    const next = sequence.requests[sequence.next++ % sequence.requests.length]!;
    // A new headers object each time: autocannon writes Content-Length into the one it is
    // given and would send a POST's length with the GET after it.
    return { ...request, headers: { ...headers }, method: next.method, path: withUnique(next.path), ...(next.body !== undefined ? { body: next.body } : {}) } as autocannon.Request;
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Turns of one server as one result: mean throughput, the median turn's latencies, every failure. */
export function combine(turns: readonly LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => turns.reduce((n, r) => n + f(r), 0);
  return {
    requestsPerSecond: Math.round(sum((r) => r.requestsPerSecond) / turns.length),
    p50Ms: median(turns.map((r) => r.p50Ms)),
    p99Ms: median(turns.map((r) => r.p99Ms)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    total: sum((r) => r.total),
  };
}
