/**
 * Filter evaluation time per API key (docs/filter.md#limits-and-errors). One filter evaluation
 * may take up to its 30 ms budget on the event loop, and every request waits meanwhile; without
 * a share per key, a few clients sending hostile filters on one key slow every other request
 * down. Each key therefore has an allowance of evaluation time, a bucket that refills at
 * FILTER_REFILL_MS_PER_SECOND up to FILTER_BURST_MS. An evaluation starts only while the key's
 * balance is positive, and the time it took is charged afterwards (the balance may go below
 * zero: the next evaluations wait until it refills). A key's filters thus take at most about
 * 0.5% of the event loop over time, however many clients share it. Cached results cost nothing,
 * and ordinary filters (well under 1 ms over most lists) fit by the dozen per second; filters
 * that run into the 30 ms budget can be evaluated about once per 6 seconds.
 *
 * Pure: no HTTP; the clock is injected.
 */

/** Evaluation time a key regains per second, in milliseconds. */
export const FILTER_REFILL_MS_PER_SECOND = 5;
/** The most evaluation time a key can have saved, in milliseconds (one evaluation at the 30 ms budget). */
export const FILTER_BURST_MS = 30;
/**
 * Keys whose balances are kept. A full table first forgets the balances that have refilled
 * (a key that comes back starts full anyway); the keys it still cannot take share one balance
 * until it has room, so no key's spent time is forgotten before it has refilled.
 */
export const FILTER_ALLOWANCE_KEYS = 10_000;

interface Balance {
  ms: number;
  at: number;
}

export class FilterTimeAllowance {
  readonly #balances = new Map<string, Balance>();
  /** The balance of the keys a full table cannot take. */
  readonly #overflow: Balance;
  /** When the table was last searched for refilled balances: at most once a second. */
  #forgotAt = -Infinity;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly refillMsPerSecond = FILTER_REFILL_MS_PER_SECOND,
    private readonly burstMs = FILTER_BURST_MS,
    private readonly maxKeys = FILTER_ALLOWANCE_KEYS,
  ) {
    this.#overflow = { ms: burstMs, at: now() };
  }

  /** 0 when `keyId` may start an evaluation now, else the whole seconds until it may. */
  waitSeconds(keyId: string): number {
    const balance = this.#current(keyId);
    if (balance.ms > 0) return 0;
    return Math.max(1, Math.ceil((-balance.ms + 1) / this.refillMsPerSecond));
  }

  /** Charges an evaluation of `ms` to `keyId`. */
  charge(keyId: string, ms: number): void {
    this.#current(keyId).ms -= ms;
  }

  #current(keyId: string): Balance {
    const now = this.now();
    let balance = this.#balances.get(keyId);
    if (balance === undefined) {
      if (this.#balances.size >= this.maxKeys) this.#forgetRefilled(now);
      if (this.#balances.size >= this.maxKeys) return this.#refilled(this.#overflow, now);
      balance = { ms: this.burstMs, at: now };
      this.#balances.set(keyId, balance);
      return balance;
    }
    return this.#refilled(balance, now);
  }

  #refilled(balance: Balance, now: number): Balance {
    balance.ms = Math.min(this.burstMs, balance.ms + ((now - balance.at) / 1000) * this.refillMsPerSecond);
    balance.at = now;
    return balance;
  }

  #forgetRefilled(now: number): void {
    if (now - this.#forgotAt < 1000) return;
    this.#forgotAt = now;
    for (const [keyId, balance] of this.#balances) {
      if (this.#refilled(balance, now).ms >= this.burstMs) this.#balances.delete(keyId);
    }
  }
}
