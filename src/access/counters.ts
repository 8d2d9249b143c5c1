/**
 * Counters for rate limits and abuse protection: integers that live for a fixed window from the
 * hit that created them. Two implementations share this interface and one test suite
 * (test/counters.test.ts): in-process memory (this file) and Redis (redis-counters.ts), both on
 * rate-limiter-flexible.
 */
import { RateLimiterMemory, type RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';

export interface CounterState {
  /** The value after the operation. */
  readonly count: number;
  /** Milliseconds until the window ends and the counter is gone. */
  readonly msBeforeReset: number;
}

export interface Counters {
  /** `memory` or `redis`, for logs and /healthz-style reports. */
  readonly kind: 'memory' | 'redis';
  /** False while a shared store is unreachable and counting falls back to this process. */
  readonly connected: boolean;
  /**
   * Adds `delta` (negative to take back) to `key`. If no window is open for the key, one of
   * `windowSeconds` opens with this call; an open window keeps its end.
   */
  add(key: string, delta: number, windowSeconds: number): Promise<CounterState>;
  /** The counter's state, or undefined when no window is open. */
  get(key: string): Promise<CounterState | undefined>;
  /** Replaces the counter with `count` in a new window of `windowSeconds`. */
  set(key: string, count: number, windowSeconds: number): Promise<void>;
  close(): Promise<void>;
}

/** The limiters only count: the callers compare counts with limits themselves. */
export const NEVER_REJECT_POINTS = Number.MAX_SAFE_INTEGER;

function stateOf(res: RateLimiterRes): CounterState {
  return { count: res.consumedPoints, msBeforeReset: Math.max(0, res.msBeforeNext) };
}

/** Counting on a rate-limiter-flexible limiter: the part both implementations share. */
export abstract class LimiterCounters implements Counters {
  abstract readonly kind: 'memory' | 'redis';
  abstract readonly connected: boolean;

  constructor(private readonly limiter: RateLimiterMemory | RateLimiterRedis) {}

  /** Adds through penalty/reward, which count without ever rejecting. */
  async add(key: string, delta: number, windowSeconds: number): Promise<CounterState> {
    const options = { customDuration: windowSeconds };
    return stateOf(delta >= 0 ? await this.limiter.penalty(key, delta, options) : await this.limiter.reward(key, -delta, options));
  }

  async get(key: string): Promise<CounterState | undefined> {
    const res = await this.limiter.get(key);
    return res && res.msBeforeNext > 0 ? stateOf(res) : undefined;
  }

  async set(key: string, count: number, windowSeconds: number): Promise<void> {
    await this.limiter.set(key, count, windowSeconds);
  }

  abstract close(): Promise<void>;
}

export class MemoryCounters extends LimiterCounters {
  readonly kind = 'memory';
  readonly connected = true;

  constructor(keyPrefix = 'ginko') {
    super(new RateLimiterMemory({ points: NEVER_REJECT_POINTS, duration: 1, keyPrefix }));
  }

  async close(): Promise<void> {}
}
