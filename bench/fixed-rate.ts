/**
 * Load at a fixed request rate, open loop: request i is due at start + i / rate, sent then over
 * one of `connections` keep-alive connections (or queued for the next free one), and its latency
 * runs from when it was due to its answer's end, so a slow answer delays the others' figures
 * as it would delay users' requests. autocannon's own rate option sends each connection's quota
 * at the start of every second, which measures bursts rather than a steady rate. Each run is
 * preceded by WARM_UP_SECONDS at the same rate, not recorded.
 */
import { Agent, request } from 'node:https';
import { type LoadOptions, type LoadResult, percentile, withUnique } from './load.js';

export interface FixedRateOptions {
  readonly origin: string;
  readonly ca: string;
  readonly headers: Record<string, string>;
  readonly sequence: NonNullable<LoadOptions['sequence']>;
  readonly rate: number;
  readonly seconds: number;
  readonly connections: number;
}

/** The first second is not recorded: its connections are being opened (TLS handshakes). */
const WARM_UP_SECONDS = 1;

export async function loadAtRate(options: FixedRateOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections, ca: options.ca });
  try {
    await run(agent, { ...options, seconds: WARM_UP_SECONDS });
    return await run(agent, options);
  } finally {
    agent.destroy();
  }
}

async function run(agent: Agent, options: FixedRateOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let outstanding = 0;
  /** Set once every request of the run is sent; the last answer then resolves `answered`. */
  let stopped = false;
  let allAnswered: () => void = () => {};
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  const send = (due: number) => {
    const { sequence } = options;
    const one = sequence.requests[sequence.next++ % sequence.requests.length]!;
    outstanding++;
    const finish = (ok: boolean, status = 0) => {
      latencies.push(performance.now() - due);
      if (!ok) errors++;
      else if (status < 200 || status > 299) non2xx++;
      if (--outstanding === 0 && stopped) allAnswered();
    };
    const req = request(options.origin + withUnique(one.path), { method: one.method, agent, headers: options.headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => finish(true, res.statusCode ?? 0));
      res.on('error', () => finish(false));
    });
    req.on('error', () => finish(false));
    req.end(one.body);
  };
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  stopped = true;
  if (outstanding > 0) await answered;
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
  return { requestsPerSecond: Math.round(latencies.length / elapsed), p50Ms: at(0.5), p99Ms: at(0.99), non2xx, errors, total: latencies.length };
}
