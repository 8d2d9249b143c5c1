/**
 * Load at a fixed request rate, open loop: request i is due at start + i / rate, sent then over
 * one of `connections` keep-alive connections (or queued for the next free one), and its latency
 * runs from when the load process got to it (sent it, or queued it) to its answer's end: a
 * request queued behind busy connections counts its wait, so a slow answer delays the others'
 * figures as it would delay users' requests, but the load process's own lateness does not count
 * (its 1 ms timers send a millisecond's requests together, up to 1 ms after they fell due, and
 * its loop shares the machine with the server: docs/benchmarks.md#latency-at-half-load). The
 * latency from when each was due is kept too, beside it. autocannon's own rate option sends
 * each connection's quota at the start of every second, which measures bursts rather than a
 * steady rate. Each turn of each server is preceded by WARM_UP_SECONDS at the same rate (the
 * first by `firstWarmUpSeconds` where given), not pooled: the server comes back from the other
 * servers' turns to a steady rate before it is measured (the p99 of each warm-up is kept apart,
 * `warmUpP99Ms`). The connections are raw-connection.ts's, which cost the client far less than
 * node:https's.
 */
import { type TurnMetrics, metricsBetween, readTurnMetrics } from './turn-metrics.js';
import { type LoadOptions, type LoadResult, percentile, withUnique } from './load.js';
import { RawConnection, requestBytes } from './raw-connection.js';
import { stolenMs } from './processes.js';

export interface FixedRateOptions {
  readonly origin: string;
  readonly ca: string;
  readonly headers: Record<string, string>;
  readonly sequence: NonNullable<LoadOptions['sequence']>;
  readonly rate: number;
  readonly seconds: number;
  readonly connections: number;
  /** Read the server's /metrics after each of its runs, for its collector and event loop in each turn (Ginko's). */
  readonly turnMetrics?: boolean;
  /** Seconds at the rate before the first turn, not pooled (WARM_UP_SECONDS unless given): run.ts gives more after saturated turns. */
  readonly firstWarmUpSeconds?: number;
}

/** Seconds at the rate before each turn, not pooled: the server's code warms to the load, or comes back to it from idle (the connections are open before). */
export const WARM_UP_SECONDS = 1;

/**
 * Servers in turns, each at its options' rate (the bench: the bare server and Ginko at the same
 * rate), `turns` times over: the machine's quick and slow moments fall on both alike, as in the
 * bench's other scenarios. Each server's latencies are pooled over its turns, so its p99 is that
 * of all its requests, a few seconds' worth rather than one turn's.
 */
export async function alternateAtRate(servers: readonly FixedRateOptions[], turns: number): Promise<LoadResult[]> {
  const pools = servers.map((o) => Array.from({ length: o.connections }, () => new RawConnection(o.origin, o.ca)));
  try {
    await Promise.all(pools.flat().map((c) => c.ready()));
    const runs: Run[][] = servers.map(() => []);
    const warmUps: Run[][] = servers.map(() => []);
    // A server's collector is read after each of its turns, never just before one, so that its
    // turns start as the others' do (a reading just before Ginko's first turn came with a slow
    // start of that turn: docs/benchmarks-log.md, 2026-11-27, 10:39–12:38). Each turn's figures are then those since
    // the server's previous turn ended: the others' turns, its warm-up second and its turn.
    const metricsOf = (o: FixedRateOptions) => (o.turnMetrics ? readTurnMetrics(o.origin, o.ca, o.headers) : Promise.resolve(undefined));
    // The first reading, before any load at the rate, is also the first GET of /metrics after a
    // scenario of POSTs alone: it deoptimizes some 60 functions shared by both (Node's HTTP
    // parser, Fastify's reply, the edge's hooks: V8's "wrong map"), compiled again in the
    // warm-up second that follows rather than in the first turn (docs/benchmarks.md#latency-at-half-load).
    const readings: (TurnMetrics | undefined)[] = [];
    for (let i = 0; i < servers.length; i++) readings[i] = await metricsOf(servers[i]!);
    for (let turn = 0; turn < turns; turn++) {
      for (let i = 0; i < servers.length; i++) {
        // A warm-up at the rate before every turn, not only the first: after seconds idle while
        // the others ran, the first tens of milliseconds of a turn at the rate were slow (a
        // server's own log put answers of 15–22 ms there, and few after), a start that a server
        // under a steady rate does not have (docs/benchmarks.md#latency-at-half-load).
        const warmUp = turn === 0 ? (servers[i]!.firstWarmUpSeconds ?? WARM_UP_SECONDS) : WARM_UP_SECONDS;
        warmUps[i]!.push(await run(pools[i]!, { ...servers[i]!, seconds: warmUp }));
        const turnRun = await run(pools[i]!, servers[i]!);
        const before = readings[i];
        readings[i] = await metricsOf(servers[i]!);
        runs[i]!.push(before && readings[i] ? { ...turnRun, metrics: metricsBetween(before, readings[i]!) } : turnRun);
      }
    }
    return runs.map((r, i) => ({
      ...pooled(r),
      warmUpP99Ms: warmUps[i]!.map((w) => msAt(0.99, ascending(w.latencies))),
      warmUpRequests: warmUps[i]!.reduce((n, w) => n + w.latencies.length, 0),
    }));
  } finally {
    for (const connection of pools.flat()) connection.close();
  }
}

interface Run {
  /** From when the load process got to each request (sent it, or queued it behind busy connections) to its answer's end. */
  readonly latencies: number[];
  /** For the same requests in the same order, how long after it was due the load process got to each: with `latencies`, the latency from when it was due. */
  readonly lateness: number[];
  readonly non2xx: number;
  readonly errors: number;
  readonly seconds: number;
  /** Processor time the hypervisor gave to other guests during the run, both vCPUs (processes.ts stolenMs). */
  readonly stolenMs?: number | undefined;
  readonly metrics?: TurnMetrics;
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** The value at fraction `p` of `sorted` (ascending), in ms to a tenth. */
function msAt(p: number, sorted: readonly number[]): number {
  return Math.round(percentile(sorted, p) * 10) / 10;
}

function pooled(runs: readonly Run[]): LoadResult {
  const latencies = ascending(runs.flatMap((r) => r.latencies));
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  // Each run's latencies from when each request was due: its latency plus the lateness before it.
  const fromDue = runs.map((r) => r.latencies.map((latency, i) => latency + r.lateness[i]!));
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: msAt(0.5, latencies),
    p99Ms: msAt(0.99, latencies),
    fromDue: { p99Ms: msAt(0.99, ascending(fromDue.flat())), turnP99Ms: fromDue.map((due) => msAt(0.99, ascending(due))) },
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    total: latencies.length,
    turnP99Ms: runs.map((r) => msAt(0.99, ascending(r.latencies))),
    turnSendLateMs: runs.map((r) => {
      const late = ascending(r.lateness);
      return { p99: msAt(0.99, late), max: msAt(1, late) };
    }),
    ...(runs.every((r) => r.stolenMs !== undefined) ? { turnStolenMs: runs.map((r) => r.stolenMs!) } : {}),
    ...(runs.every((r) => r.metrics) ? { turnMetrics: runs.map((r) => r.metrics!) } : {}),
  };
}

async function run(connections: readonly RawConnection[], options: FixedRateOptions): Promise<Run> {
  const latencies: number[] = [];
  const lateness: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let outstanding = 0;
  /** Set once every request of the run is sent; the last answer then resolves `answered`. */
  let stopped = false;
  let allAnswered: () => void = () => {};
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  const host = new URL(options.origin).host;
  const idle = [...connections];
  /** Requests due while every connection was busy, in the order they fell due. */
  const waiting: { readonly due: number; readonly reached: number; readonly bytes: Buffer }[] = [];
  /** `reached`: when the load process got to the request, `due` or later. */
  const dispatch = (connection: RawConnection, due: number, reached: number, bytes: Buffer) => {
    connection.send(bytes, (status) => {
      latencies.push(performance.now() - reached);
      lateness.push(reached - due);
      if (status === 0) errors++;
      else if (status < 200 || status > 299) non2xx++;
      const next = waiting.shift();
      if (next !== undefined) dispatch(connection, next.due, next.reached, next.bytes);
      else idle.push(connection);
      if (--outstanding === 0 && stopped) allAnswered();
    });
  };
  const send = (due: number, now: number) => {
    const { sequence } = options;
    const one = sequence.requests[sequence.next++ % sequence.requests.length]!;
    outstanding++;
    const bytes = requestBytes(one.method, withUnique(one.path), host, options.headers, one.body);
    const connection = idle.pop();
    if (connection !== undefined) dispatch(connection, due, now, bytes);
    else waiting.push({ due, reached: now, bytes });
  };
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const stolenBefore = stolenMs();
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval, now);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  stopped = true;
  if (outstanding > 0) await answered;
  const stolenAfter = stolenMs();
  const stolen = stolenBefore !== undefined && stolenAfter !== undefined ? stolenAfter - stolenBefore : undefined;
  return { latencies, lateness, non2xx, errors, seconds: (performance.now() - start) / 1000, stolenMs: stolen };
}
