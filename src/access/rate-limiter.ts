/**
 * Per-key request limits (docs/access.md#plans-and-rate-limits): a per-second and a per-day
 * limit, each counted per API key within a "bucket" (an API whose requests are counted apart,
 * e.g. `search`, `history`).
 *
 * - Per second: a fixed window of one second that opens with the first request after the
 *   previous window ended; at most `perSecond` requests are served in it.
 * - Per day: the JST calendar day (00:00 to 24:00 Asia/Tokyo); at most `perDay` requests are
 *   served in it. Requests refused with 429 do not count toward the day.
 *
 * Both counters are taken in parallel (one round trip with Redis); a refused request gives its
 * day count back.
 *
 * A request may count as several (`units`: a Resolve batch of N names counts N), all or none:
 * refused, it gives back all its units of the day and all but one of the second, so that it
 * weighs on the second as one refused request does.
 */
import type { CounterState, Counters } from './counters.js';
import { jstDay, nextJstMidnight } from './jst.js';
import type { UsageCount, UsageJournal } from './usage-journal.js';

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

/** One request being counted. */
interface Counted {
  readonly units: number;
  readonly secondUnits: number;
  readonly bucket: string;
  readonly subject: string;
  readonly keys: SubjectKeys;
  readonly limits: Limits;
  readonly untilMidnight: number;
  readonly dayWindow: number;
}


/** Day counters outlive their day by this much, so a counter never expires before its day ends. */
const DAY_WINDOW_GRACE_SECONDS = 3_600;

export interface RateLimiterOptions {
  /** The clock that decides the JST day (tests move it across midnight). */
  readonly now?: () => number;
  /** In-process mode: where each served request is added for persistence. */
  readonly journal?: UsageJournal | undefined;
}

/** The counter keys of one subject in one bucket on one day. */
interface SubjectKeys {
  readonly day: string;
  readonly second: string;
  readonly today: string;
}

function keysOf(bucket: string, subject: string, day: string): SubjectKeys {
  return { day, second: `${bucket}:s:${subject}`, today: dayCounterKey(bucket, subject, day) };
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


  /**
   * Counts one request as `units` requests of the day and `secondUnits` of the second (a Resolve
   * batch: its items against the day, one request against the second); one round trip with Redis.
   */
  async consume(bucket: string, subject: string, limits: Limits, units = 1, secondUnits = units): Promise<RateLimitResult> {
    const now = this.#now();
    const { name: day, end } = this.#dayOf(now);
    const untilMidnight = Math.ceil((end - now) / 1000);
    const keys = keysOf(bucket, subject, day);
    const dayWindow = untilMidnight + DAY_WINDOW_GRACE_SECONDS;
    // Both counters in parallel: one round trip with Redis.
    const [second, today] = await Promise.all([this.counters.add(keys.second, secondUnits, 1), this.counters.add(keys.today, units, dayWindow)]);
    return this.#decide({ units, secondUnits, bucket, subject, keys, limits, untilMidnight, dayWindow }, second, today);
  }

  async #decide(r: Counted, second: CounterState, today: CounterState): Promise<RateLimitResult> {
    const { limits } = r;
    if (second.count <= limits.perSecond && today.count <= limits.perDay) {
      this.#journal?.record(r.bucket, r.subject, r.keys.day, r.units, r.keys.today);
      return { allowed: true, limitSecond: limits.perSecond, limitDay: limits.perDay, remainingDay: limits.perDay - today.count, resetSeconds: r.untilMidnight };
    }
    // Refused requests do not count toward the day: give this one back.
    // The journal was never told of it, so it has nothing to take back.
    await Promise.all([this.counters.add(r.keys.today, -r.units, r.dayWindow), r.secondUnits > 1 ? this.counters.add(r.keys.second, 1 - r.secondUnits, 1) : undefined]);
    // What is left of the day without this request: 0 for one request, maybe more for a batch.
    const base = { allowed: false, limitSecond: limits.perSecond, limitDay: limits.perDay, remainingDay: Math.max(0, limits.perDay - (today.count - r.units)) } as const;
    if (second.count > limits.perSecond) return { ...base, exceeded: 'second', resetSeconds: Math.max(1, Math.ceil(second.msBeforeReset / 1000)) };
    return { ...base, exceeded: 'day', resetSeconds: r.untilMidnight };
  }

  /**
   * Gives back `units` requests of the day that were counted (a Resolve batch whose other items
   * did not fit: a refused batch is not counted at all).
   */
  async refund(bucket: string, subject: string, units: number): Promise<void> {
    const now = this.#now();
    const { name: day, end } = this.#dayOf(now);
    const keys = keysOf(bucket, subject, day);
    this.#journal?.record(bucket, subject, day, -units, keys.today);
    await this.counters.add(keys.today, -units, Math.ceil((end - now) / 1000) + DAY_WINDOW_GRACE_SECONDS);
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
