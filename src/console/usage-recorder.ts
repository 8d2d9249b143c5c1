/**
 * Counts each answered API request in memory and adds the counts to the store every
 * FLUSH_INTERVAL_MS and at close (UsageLog). `count` is cheap enough for every response: one
 * map lookup per granularity. Old rows are pruned at start and once an hour.
 */
import { jstDay } from '../access/jst.js';
import { USAGE_DAILY_RETENTION_DAYS, USAGE_MINUTE_RETENTION_MS, type UsageLog, type UsageRow } from './usage-log.js';
import { NO_KEY, USAGE_APIS, USAGE_OUTCOMES, usageApi, usageOutcome } from './usage-kinds.js';

export const USAGE_FLUSH_INTERVAL_MS = 5_000;
const PRUNE_INTERVAL_MS = 3_600_000;

/** The UTC minute of `ms` as `YYYY-MM-DDThh:mm`. */
export function minuteOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

const MINUTE_MS = 60_000;
const CELLS = USAGE_APIS.length * USAGE_OUTCOMES.length;

export class UsageRecorder {
  /**
   * The minute being counted (its start, epoch ms) and its counts per key, a cell per API and
   * outcome: counting a request is a Map lookup by the key's id and an increment, with no date
   * or label string made per request. Folded into #daily and #minutes when the minute ends and
   * at each flush. A minute lies within one JST day (JST is a whole number of hours off UTC).
   */
  #minuteStart = Number.NEGATIVE_INFINITY;
  #counts = new Map<string, Uint32Array>();
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
    if (now < this.#minuteStart || now >= this.#minuteStart + MINUTE_MS) {
      this.#fold();
      this.#minuteStart = now - (now % MINUTE_MS);
    }
    const key = keyId ?? NO_KEY;
    let cells = this.#counts.get(key);
    if (cells === undefined) this.#counts.set(key, (cells = new Uint32Array(CELLS)));
    cells[USAGE_APIS.indexOf(api) * USAGE_OUTCOMES.length + USAGE_OUTCOMES.indexOf(outcome)]!++;
  }

  /** Moves the current minute's counts into the rows to be added. */
  #fold(): void {
    if (this.#counts.size === 0) return;
    const day = jstDay(this.#minuteStart);
    const minute = minuteOf(this.#minuteStart);
    for (const [key, cells] of this.#counts) {
      for (let i = 0; i < CELLS; i++) {
        const n = cells[i]!;
        if (n === 0) continue;
        const rest = `\n${key}\n${USAGE_APIS[Math.floor(i / USAGE_OUTCOMES.length)]}\n${USAGE_OUTCOMES[i % USAGE_OUTCOMES.length]}`;
        this.#daily.set(day + rest, (this.#daily.get(day + rest) ?? 0) + n);
        this.#minutes.set(minute + rest, (this.#minutes.get(minute + rest) ?? 0) + n);
      }
    }
    this.#counts = new Map();
  }

  /** Adds what was counted since the last flush to the store. Flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      this.#fold();
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
