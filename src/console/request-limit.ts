/**
 * The console's own small request limit per client address (fixed one-minute windows, in
 * memory per replica), apart from the API's rate limits. The table of addresses is bounded:
 * once it is full, addresses not in it are counted together in one overflow count with the same
 * limit, so a flood of addresses is refused rather than let through (docs/console.md#request-limit).
 * Pure.
 */

export const CONSOLE_REQUESTS_PER_MINUTE = 300;
const WINDOW_MS = 60_000;
/** Addresses counted one by one in a window; past them, the overflow count. */
export const CONSOLE_LIMIT_ADDRESSES = 10_000;

export class ConsoleRequestLimit {
  #windowStart = 0;
  #counts = new Map<string, number>();
  #overflow = 0;

  constructor(
    private readonly perMinute = CONSOLE_REQUESTS_PER_MINUTE,
    private readonly now: () => number = Date.now,
    private readonly maxAddresses = CONSOLE_LIMIT_ADDRESSES,
  ) {}

  /** Counts a request; returns 0 when it may go ahead, else the seconds until it may. */
  take(address: string): number {
    const now = this.now();
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#windowStart = now - (now % WINDOW_MS);
      this.#counts = new Map();
      this.#overflow = 0;
    }
    let n: number;
    const counted = this.#counts.get(address);
    if (counted !== undefined || this.#counts.size < this.maxAddresses) this.#counts.set(address, (n = (counted ?? 0) + 1));
    else n = ++this.#overflow;
    return n > this.perMinute ? Math.ceil((this.#windowStart + WINDOW_MS - now) / 1000) : 0;
  }
}
