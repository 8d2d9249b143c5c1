/**
 * Sign-in brute-force limit: sign-in attempts are counted per operator name and per client
 * address in a fixed window; an attempt takes a slot of both BEFORE the password is verified
 * and gives it back only when the password was right, so attempts sent at once are counted as
 * surely as attempts sent one by one. Past MAX_FAILURES taken slots either one is refused (429)
 * until the window ends. Pure and in memory: each replica limits on its own, which bounds a
 * guesser to MAX_FAILURES per window per replica (docs/console.md#sign-in-limit).
 */

export interface SigninLimitOptions {
  readonly maxFailures: number;
  readonly windowMs: number;
  /**
   * Names and addresses kept at most. Past it, a name or address not yet in the table shares one
   * overflow window with every other newcomer, so a flood of addresses neither grows memory nor
   * frees anyone from the limit (docs/console.md#sign-in-limit).
   */
  readonly maxEntries: number;
}

export const DEFAULT_SIGNIN_LIMIT: SigninLimitOptions = Object.freeze({ maxFailures: 5, windowMs: 15 * 60_000, maxEntries: 10_000 });

interface Window {
  /** Failed attempts plus attempts still being verified. */
  taken: number;
  readonly endsAt: number;
}

/** The slots one attempt holds: a wrong password leaves them taken until their windows end. */
export interface SigninAttempt {
  /** The password was right: the slots are given back and the name's failures cleared. */
  succeeded(): void;
}

export type SigninAdmission = { readonly attempt: SigninAttempt } | { readonly retryAfterSeconds: number };

export class SigninLimiter {
  /** In order of creation, which with one window length is also the order of their ends. */
  readonly #windows = new Map<string, Window>();
  #overflow: Window | undefined;

  constructor(
    private readonly options: SigninLimitOptions = DEFAULT_SIGNIN_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a slot for this name and this address, or says how many seconds until one is free. */
  admit(name: string, ip: string): SigninAdmission {
    const now = this.now();
    this.#dropEnded(now);
    const nameId = 'name\n' + name;
    const ids = [nameId, 'ip\n' + ip];
    const live = ids.map((id) => this.#windows.get(id));
    const newcomers = live.filter((w) => w === undefined).length;
    // Newcomers that do not fit in the table count together in the overflow window.
    const overflow = newcomers > 0 && this.#windows.size + newcomers > this.options.maxEntries ? this.#liveOverflow(now) : undefined;
    const full = [...live, overflow].filter((w): w is Window => w !== undefined && w.taken >= this.options.maxFailures);
    if (full.length > 0) return { retryAfterSeconds: Math.max(...full.map((w) => Math.ceil((w.endsAt - now) / 1000))) };
    // Nothing is stored for a refused attempt, so refusals cannot fill the table.
    const windows = ids.map((id, i) => live[i] ?? overflow ?? this.#create(id, now));
    // One window when the name and the address both landed in the overflow: count the attempt once.
    const held = [...new Set(windows)];
    for (const w of held) w.taken++;
    let given = false;
    return {
      attempt: {
        succeeded: () => {
          if (given) return;
          given = true;
          for (const w of held) w.taken = Math.max(0, w.taken - 1);
          if (this.#windows.get(nameId) === windows[0]) this.#windows.delete(nameId);
        },
      },
    };
  }

  #create(id: string, now: number): Window {
    const w: Window = { taken: 0, endsAt: now + this.options.windowMs };
    this.#windows.set(id, w);
    return w;
  }

  #liveOverflow(now: number): Window {
    if (!this.#overflow || this.#overflow.endsAt <= now) this.#overflow = { taken: 0, endsAt: now + this.options.windowMs };
    return this.#overflow;
  }

  /** Windows that have ended are dropped from the front (the oldest); live ones are never dropped. */
  #dropEnded(now: number): void {
    for (const [id, w] of this.#windows) {
      if (w.endsAt > now) break;
      this.#windows.delete(id);
    }
  }
}
