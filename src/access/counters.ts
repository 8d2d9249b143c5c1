/**
 * Counters for rate limits and abuse protection: integers that live for a fixed window from the
 * hit that created them. Two implementations share this interface and one test suite
 * (test/counters.test.ts): in-process memory (this file) and Redis (redis-counters.ts, on
 * rate-limiter-flexible).
 */

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

/**
 * Counters in this process's memory: a map of counts and window ends, swept of ended windows
 * once a minute. Each operation does its work before it returns (an async function runs to its
 * first await), so two requests never interleave between reading and updating a count.
 */
export class MemoryCounters implements Counters {
  readonly kind = 'memory';
  readonly connected = true;
  readonly #windows = new Map<string, { count: number; end: number }>();
  readonly #sweep: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.#sweep = setInterval(() => this.#sweepEnded(), SWEEP_INTERVAL_MS);
    this.#sweep.unref();
  }

  async add(key: string, delta: number, windowSeconds: number): Promise<CounterState> {
    const now = this.now();
    const open = this.#windows.get(key);
    if (open === undefined || open.end <= now) {
      const end = now + windowSeconds * 1000;
      this.#windows.set(key, { count: delta, end });
      return { count: delta, msBeforeReset: end - now };
    }
    open.count += delta;
    return { count: open.count, msBeforeReset: open.end - now };
  }

  async get(key: string): Promise<CounterState | undefined> {
    const now = this.now();
    const open = this.#windows.get(key);
    return open === undefined || open.end <= now ? undefined : { count: open.count, msBeforeReset: open.end - now };
  }

  async set(key: string, count: number, windowSeconds: number): Promise<void> {
    this.#windows.set(key, { count, end: this.now() + windowSeconds * 1000 });
  }

  #sweepEnded(): void {
    const now = this.now();
    for (const [key, window] of this.#windows) if (window.end <= now) this.#windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
  }
}

/** How often ended windows are dropped from memory. */
const SWEEP_INTERVAL_MS = 60_000;
