/**
 * Per-key request limits (SPEC.md §8): a per-second and a per-day limit, each counted per API
 * key within a "bucket" (an API whose requests are counted apart, e.g. `search`, `history`).
 *
 * - Per second: a fixed window of one second that opens with the first request after the
 *   previous window ended; at most `perSecond` requests are served in it.
 * - Per day: the JST calendar day (00:00 to 24:00 Asia/Tokyo); at most `perDay` requests are
 *   served in it. Requests refused with 429 do not count toward the day.
 *
 * Both counters are taken in parallel (one round trip with Redis); a refused request gives its
 * day count back.
 */
import type { Counters } from './counters.js';
import { jstDay, nextJstMidnight } from './jst.js';
import type { UsageCount, UsageJournal } from './usage-store.js';

export interface Limits {
  readonly perSecond: number;
  readonly perDay: number;
}

export interface RateLimitResult {
  readonly allowed: boolean;
  /** The limit that refused the request. */
  readonly exceeded?: 'second' | 'day';
  readonly limitSecond: number;
  readonly limitDay: number;
  /** Requests left today after this one (0 when refused by the day limit). */
  readonly remainingDay: number;
  /**
   * Seconds until the binding limit resets: until the per-second window ends when the
   * per-second limit refused the request, otherwise until the next JST midnight.
   */
  readonly resetSeconds: number;
}

/** Day counters outlive their day by this much, so a counter never expires before its day ends. */
const DAY_WINDOW_GRACE_SECONDS = 3_600;

export interface RateLimiterOptions {
  /** The clock that decides the JST day (tests move it across midnight). */
  readonly now?: () => number;
  /** In-process mode: where the day counts are recorded for persistence. */
  readonly journal?: UsageJournal | undefined;
}

export class RateLimiter {
  readonly #now: () => number;
  readonly #journal: UsageJournal | undefined;
  /** The JST day of the last request and the epoch ms at which it started and ends. */
  #day = { name: '', start: 0, end: 0 };

  constructor(
    private readonly counters: Counters,
    options: RateLimiterOptions = {},
  ) {
    this.#now = options.now ?? Date.now;
    this.#journal = options.journal;
  }

  /** The JST day of `now`, cached: formatting a date on every request is measurable. */
  #dayOf(now: number): { readonly name: string; readonly end: number } {
    if (now < this.#day.start || now >= this.#day.end) {
      const end = nextJstMidnight(now);
      this.#day = { name: jstDay(now), start: end - 86_400_000, end };
    }
    return this.#day;
  }

  async consume(bucket: string, subject: string, limits: Limits): Promise<RateLimitResult> {
    const now = this.#now();
    const { name: day, end } = this.#dayOf(now);
    const untilMidnight = Math.ceil((end - now) / 1000);
    const dayKey = dayCounterKey(bucket, subject, day);
    const dayWindow = untilMidnight + DAY_WINDOW_GRACE_SECONDS;
    const [second, today] = await Promise.all([
      this.counters.add(`${bucket}:s:${subject}`, 1, 1),
      this.counters.add(dayKey, 1, dayWindow),
    ]);
    const base = { limitSecond: limits.perSecond, limitDay: limits.perDay };
    if (second.count > limits.perSecond || today.count > limits.perDay) {
      const back = await this.counters.add(dayKey, -1, dayWindow);
      this.#journal?.record(bucket, subject, day, back.count);
      if (second.count > limits.perSecond) {
        return { allowed: false, exceeded: 'second', ...base, remainingDay: Math.max(0, limits.perDay - (today.count - 1)), resetSeconds: Math.max(1, Math.ceil(second.msBeforeReset / 1000)) };
      }
      return { allowed: false, exceeded: 'day', ...base, remainingDay: 0, resetSeconds: untilMidnight };
    }
    this.#journal?.record(bucket, subject, day, today.count);
    return { allowed: true, ...base, remainingDay: limits.perDay - today.count, resetSeconds: untilMidnight };
  }

  /** Puts persisted day counts back into the counters (in-process mode, at start). */
  async restore(counts: readonly UsageCount[]): Promise<void> {
    const now = this.#now();
    const window = Math.ceil((this.#dayOf(now).end - now) / 1000) + DAY_WINDOW_GRACE_SECONDS;
    for (const c of counts) await this.counters.set(dayCounterKey(c.bucket, c.keyId, c.day), c.count, window);
  }

  /** Today's JST day by this limiter's clock. */
  today(): string {
    return this.#dayOf(this.#now()).name;
  }
}

function dayCounterKey(bucket: string, subject: string, day: string): string {
  return `${bucket}:d:${day}:${subject}`;
}
