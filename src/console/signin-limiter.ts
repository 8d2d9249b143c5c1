/**
 * Sign-in brute-force limit: failed sign-ins are counted per operator name and per client
 * address in a fixed window; past MAX_FAILURES either one is refused (429) until the window
 * ends. Pure and in memory: each replica limits on its own, which bounds a guesser to
 * MAX_FAILURES per window per replica (docs/console.md#sign-in-limit).
 */

export interface SigninLimitOptions {
  readonly maxFailures: number;
  readonly windowMs: number;
  /** Entries kept at most; the oldest are dropped past it, so a flood cannot grow memory. */
  readonly maxEntries: number;
}

export const DEFAULT_SIGNIN_LIMIT: SigninLimitOptions = Object.freeze({ maxFailures: 5, windowMs: 15 * 60_000, maxEntries: 10_000 });

interface Window {
  failures: number;
  readonly endsAt: number;
}

export class SigninLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly options: SigninLimitOptions = DEFAULT_SIGNIN_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until a sign-in for this name from this address may be tried again; 0 = now. */
  retryAfterSeconds(name: string, ip: string): number {
    const now = this.now();
    let wait = 0;
    for (const id of this.#ids(name, ip)) {
      const w = this.#windows.get(id);
      if (w && w.endsAt > now && w.failures >= this.options.maxFailures) wait = Math.max(wait, Math.ceil((w.endsAt - now) / 1000));
    }
    return wait;
  }

  fail(name: string, ip: string): void {
    const now = this.now();
    for (const id of this.#ids(name, ip)) {
      const w = this.#windows.get(id);
      if (w && w.endsAt > now) w.failures++;
      else {
        this.#windows.delete(id);
        if (this.#windows.size >= this.options.maxEntries) this.#windows.delete(this.#windows.keys().next().value!);
        this.#windows.set(id, { failures: 1, endsAt: now + this.options.windowMs });
      }
    }
  }

  /** A successful sign-in clears the name's failures (not the address's). */
  succeed(name: string): void {
    this.#windows.delete('name\n' + name);
  }

  #ids(name: string, ip: string): [string, string] {
    return ['name\n' + name, 'ip\n' + ip];
  }
}
