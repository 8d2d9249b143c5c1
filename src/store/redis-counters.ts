/**
 * Counters in Redis, so that several replicas enforce one limit. Each operation is one atomic
 * round trip (rate-limiter-flexible's Lua increment-with-expiry).
 *
 * When Redis is unreachable, slow (no answer within `commandTimeoutMs`) or not yet connected,
 * every operation falls through at once to an in-process insurance counter
 * (rate-limiter-flexible's `insuranceLimiter`): no request fails or waits on Redis, and each
 * replica enforces the limits on its own until Redis is back, so the cluster as a whole can
 * let through up to N × the limit with N replicas. Counts made in the insurance are not copied
 * to Redis afterwards. Commands are never queued while disconnected (enableOfflineQueue off).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { CounterState, Counters } from '../access/counters.js';

export interface RedisCountersOptions {
  /** redis://[user:password@]host:port[/db] */
  readonly url: string;
  /** Prefix of every Redis key, so several services can share one Redis. Default `ginko`. */
  readonly keyPrefix?: string;
  /** A command without an answer after this long counts as a failure. Default 500 ms. */
  readonly commandTimeoutMs?: number;
  /** Told when the connection is lost (`down`, with the reason) and when it is ready again (`up`). */
  readonly onStatus?: (status: 'up' | 'down', detail: string) => void;
}

export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 500;

/** The limiter only counts: the callers compare counts with limits themselves. */
const NEVER_REJECT_POINTS = Number.MAX_SAFE_INTEGER;

function stateOf(res: RateLimiterRes): CounterState {
  return { count: res.consumedPoints, msBeforeReset: Math.max(0, res.msBeforeNext) };
}

export class RedisCounters implements Counters {
  readonly kind = 'redis';
  readonly client: Redis;
  readonly #limiter: RateLimiterRedis;
  #up = false;
  #closed = false;

  /**
   * Connects (in the background: see ready()). ioredis is loaded here, only when Redis is
   * configured: the default in-process counters never pay for it (memory, start-up).
   */
  static async open(options: RedisCountersOptions): Promise<RedisCounters> {
    const { Redis } = await import('ioredis');
    return new RedisCounters(options, new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      // Keep trying to reconnect, at most every 2 s; meanwhile the insurance counts.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    }));
  }

  private constructor(options: RedisCountersOptions, client: Redis) {
    const keyPrefix = options.keyPrefix ?? 'ginko';
    this.#limiter = new RateLimiterRedis({
      storeClient: client,
      keyPrefix,
      points: NEVER_REJECT_POINTS,
      duration: 1,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: NEVER_REJECT_POINTS, duration: 1 }),
    });
    this.client = client;
    let reported: 'up' | 'down' | undefined;
    const report = (status: 'up' | 'down', detail: string) => {
      this.#up = status === 'up';
      if (reported === status || this.#closed) return;
      reported = status;
      options.onStatus?.(status, detail);
    };
    this.client.on('ready', () => report('up', 'connected'));
    this.client.on('error', (err: Error) => report('down', err.message));
    this.client.on('end', () => report('down', 'connection closed'));
  }

  /** Adds through penalty/reward, which count without ever rejecting. */
  async add(key: string, delta: number, windowSeconds: number): Promise<CounterState> {
    const options = { customDuration: windowSeconds };
    return stateOf(delta >= 0 ? await this.#limiter.penalty(key, delta, options) : await this.#limiter.reward(key, -delta, options));
  }

  async get(key: string): Promise<CounterState | undefined> {
    const res = await this.#limiter.get(key);
    return res && res.msBeforeNext > 0 ? stateOf(res) : undefined;
  }

  async set(key: string, count: number, windowSeconds: number): Promise<void> {
    await this.#limiter.set(key, count, windowSeconds);
  }

  /** True while the connection is ready (operations go to Redis, not to the insurance). */
  get connected(): boolean {
    return this.#up && this.client.status === 'ready';
  }

  /**
   * Resolves true once connected, or false at the first connection error or after `timeoutMs`
   * (the insurance counts meanwhile, and the client keeps reconnecting).
   */
  ready(timeoutMs: number): Promise<boolean> {
    if (this.client.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        this.client.off('error', onError);
        resolve(value);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.client.on('ready', onReady);
      this.client.on('error', onError);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.client.status === 'ready') {
      await this.client.quit().catch(() => this.client.disconnect());
    } else {
      this.client.disconnect();
    }
  }
}
