/** One autocannon run against a URL: throughput and latency. */
import autocannon from 'autocannon';
import type { TurnMetrics } from './turn-metrics.js';
import type { DistinctRequest } from './distinct.js';

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly total: number;
  /**
   * CPU time the server process spent (user and system, all its threads: /proc/<pid>/stat)
   * while it was under this load, in microseconds per answered request; set by run.ts's turns.
   */
  readonly cpuMicrosecondsPerRequest?: number | undefined;
  /** Pooled over turns (fixed-rate.ts): each turn's own p99, in order, to see whether one turn decided `p99Ms`. */
  readonly turnP99Ms?: readonly number[] | undefined;
  /** At a fixed rate (fixed-rate.ts): the p99 of the warm-up before each turn, not pooled. */
  readonly warmUpP99Ms?: readonly number[] | undefined;
  /** At a fixed rate (fixed-rate.ts): the requests answered in those warm-ups, beside `total`. */
  readonly warmUpRequests?: number | undefined;
  /**
   * At a fixed rate (fixed-rate.ts), where `p50Ms` and `p99Ms` run from when the load process
   * got to each request: the p99 from when each was due instead, pooled and per turn, which
   * also counts the load process's own lateness in sending (`turnSendLateMs`).
   */
  readonly fromDue?: { readonly p99Ms: number; readonly turnP99Ms: readonly number[] } | undefined;
  /** Pooled over turns, where the server's /metrics was read after each (fixed-rate.ts): its collector and event loop in each turn and the idle time before it. */
  readonly turnMetrics?: readonly TurnMetrics[] | undefined;
  /**
   * Pooled over fixed-rate turns: in each turn, how late the load process itself sent its
   * requests (its event loop or processor time, not the server's; ms after each was due), p99 and
   * longest. A request sent late counts its lateness in `fromDue`, not in `p99Ms` (fixed-rate.ts).
   */
  readonly turnSendLateMs?: readonly { readonly p99: number; readonly max: number }[] | undefined;
  /**
   * Pooled over fixed-rate turns: in each turn, the processor time the hypervisor gave to other
   * guests (steal, both vCPUs; processes.ts stolenMs): time no process of the bench could run.
   */
  readonly turnStolenMs?: readonly number[] | undefined;
}

export interface LoadOptions {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string | undefined;
  readonly connections: number;
  readonly seconds: number;
  /**
   * Distinct requests: each request of the run takes the next one of `requests` (all
   * connections share `next`, which goes on from run to run), with a `_` parameter unique in
   * the process added, so that no two requests are the same URL. `url` then gives the origin.
   */
  readonly sequence?: { readonly requests: readonly DistinctRequest[]; next: number } | undefined;
}

let unique = 0;

/** The last `_` value given; a process that goes on with the load (fixed-rate-process.ts) starts after it. */
export function lastUnique(): number {
  return unique;
}

export function continueUniqueAfter(last: number): void {
  unique = Math.max(unique, last);
}

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

/** The value at fraction `p` (0.5, 0.99) of values sorted in ascending order. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Turns of one server as one result: throughput over all turns, the median turn's latencies, every error. */
export function combine(turns: readonly LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => turns.reduce((n, r) => n + f(r), 0);
  return {
    requestsPerSecond: Math.round(sum((r) => r.requestsPerSecond) / turns.length),
    p50Ms: median(turns.map((r) => r.p50Ms)),
    p99Ms: Math.max(...turns.map((r) => r.p99Ms)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    total: sum((r) => r.total),
    ...cpuPerRequest(turns),
  };
}

/** CPU microseconds per request over turns that all measured it: their CPU time over their requests. */
function cpuPerRequest(turns: readonly LoadResult[]): Pick<LoadResult, 'cpuMicrosecondsPerRequest'> {
  if (turns.length === 0 || turns.some((t) => t.cpuMicrosecondsPerRequest === undefined)) return {};
  const requests = turns.reduce((n, t) => n + t.total, 0);
  const cpu = turns.reduce((n, t) => n + t.cpuMicrosecondsPerRequest! * t.total, 0);
  return { cpuMicrosecondsPerRequest: requests > 0 ? Math.round((cpu / requests) * 10) / 10 : 0 };
}
