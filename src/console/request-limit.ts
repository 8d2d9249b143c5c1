/**
 * The console's own small request limit per client address (fixed one-minute windows, in
 * memory per replica), apart from the API's rate limits. Pure.
 */

export const CONSOLE_REQUESTS_PER_MINUTE = 300;
const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 10_000;

export class ConsoleRequestLimit {
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(
    private readonly perMinute = CONSOLE_REQUESTS_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request; returns 0 when it may go ahead, else the seconds until it may. */
  take(address: string): number {
    const now = this.now();
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#windowStart = now - (now % WINDOW_MS);
      this.#counts = new Map();
    }
    const n = (this.#counts.get(address) ?? 0) + 1;
    if (this.#counts.size < MAX_ADDRESSES || this.#counts.has(address)) this.#counts.set(address, n);
    return n > this.perMinute ? Math.ceil((this.#windowStart + WINDOW_MS - now) / 1000) : 0;
  }
}
