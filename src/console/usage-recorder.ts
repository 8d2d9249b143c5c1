/**
 * Counts each answered API request in memory and adds the counts to the store every
 * FLUSH_INTERVAL_MS and at close (UsageLog). `count` is cheap enough for every response: one
 * map lookup per granularity. Old rows are pruned at start and once an hour.
 */
import { jstDay } from '../access/jst.js';
import { USAGE_DAILY_RETENTION_DAYS, USAGE_MINUTE_RETENTION_MS, type UsageLog, type UsageRow } from './usage-log.js';
import { NO_KEY, usageApi, usageOutcome } from './usage-kinds.js';

export const USAGE_FLUSH_INTERVAL_MS = 5_000;
const PRUNE_INTERVAL_MS = 3_600_000;

/** The UTC minute of `ms` as `YYYY-MM-DDThh:mm`. */
export function minuteOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

export class UsageRecorder {
  #daily = new Map<string, number>();
  #minutes = new Map<string, number>();
  #flushing: Promise<void> = Promise.resolve();
  readonly #timers: NodeJS.Timeout[];

  constructor(
    private readonly log: UsageLog,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
    intervalMs = USAGE_FLUSH_INTERVAL_MS,
  ) {
    this.#timers = [setInterval(() => void this.flush(), intervalMs), setInterval(() => void this.prune(), PRUNE_INTERVAL_MS)];
    for (const t of this.#timers) t.unref();
  }

  /** Counts one answered request; requests outside the four APIs are not counted. */
  count(url: string, status: number, keyId: string | undefined): void {
    const api = usageApi(url);
    const outcome = usageOutcome(status);
    if (api === undefined || outcome === undefined) return;
    const now = this.now();
    const rest = `\n${keyId ?? NO_KEY}\n${api}\n${outcome}`;
    const day = jstDay(now) + rest;
    const minute = minuteOf(now) + rest;
    this.#daily.set(day, (this.#daily.get(day) ?? 0) + 1);
    this.#minutes.set(minute, (this.#minutes.get(minute) ?? 0) + 1);
  }

  /** Adds what was counted since the last flush to the store. Flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#daily.size === 0) return;
      const daily = this.#daily;
      const minutes = this.#minutes;
      this.#daily = new Map();
      this.#minutes = new Map();
      try {
        await this.log.add(rowsOf(daily), rowsOf(minutes));
      } catch (err) {
        // Counted again at the next flush, added to what arrived meanwhile.
        for (const [k, n] of daily) this.#daily.set(k, (this.#daily.get(k) ?? 0) + n);
        for (const [k, n] of minutes) this.#minutes.set(k, (this.#minutes.get(k) ?? 0) + n);
        this.onError(err);
      }
    });
    return this.#flushing;
  }

  async prune(): Promise<void> {
    const now = this.now();
    try {
      await this.log.prune(jstDay(now - USAGE_DAILY_RETENTION_DAYS * 86_400_000), minuteOf(now - USAGE_MINUTE_RETENTION_MS));
    } catch (err) {
      this.onError(err);
    }
  }

  async close(): Promise<void> {
    for (const t of this.#timers) clearInterval(t);
    await this.flush();
  }
}

function rowsOf(counts: Map<string, number>): UsageRow[] {
  return [...counts].map(([k, count]) => {
    const [at, keyId, api, outcome] = k.split('\n') as [string, string, string, string];
    return { at, keyId, api, outcome, count };
  });
}
