/**
 * Durable per-day counts for in-process rate limiting. The counters themselves live in memory;
 * a UsageJournal remembers the latest count of every (bucket, key, day) it is told about and
 * writes them to the SQL store every FLUSH_INTERVAL_MS and at shutdown. At start the day's
 * counts are loaded back into the counters, so a restart continues the day where it left off.
 * A crash loses at most the counts of the last flush interval. With Redis the counts live in
 * Redis and no journal is used.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export const USAGE_FLUSH_INTERVAL_MS = 5_000;
/** Rows of days older than this are deleted at start. */
export const USAGE_RETENTION_DAYS = 31;

export interface UsageCount {
  readonly bucket: string;
  readonly keyId: string;
  readonly day: string;
  readonly count: number;
}

export class UsageStore {
  constructor(private readonly db: Kysely<Database>) {}

  async load(day: string): Promise<UsageCount[]> {
    const rows = await this.db.selectFrom('usage_counters').selectAll().where('day', '=', day).execute();
    return rows.map((r) => ({ bucket: r.bucket, keyId: r.key_id, day: r.day, count: Number(r.count) }));
  }

  /** Writes counts, replacing what is stored for the same bucket, key and day. */
  async save(counts: readonly UsageCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const c of counts) {
        await trx
          .insertInto('usage_counters')
          .values({ bucket: c.bucket, key_id: c.keyId, day: c.day, count: c.count })
          .onConflict((oc) => oc.columns(['bucket', 'key_id', 'day']).doUpdateSet({ count: c.count }))
          .execute();
      }
    });
  }

  async deleteBefore(day: string): Promise<void> {
    await this.db.deleteFrom('usage_counters').where('day', '<', day).execute();
  }
}

/** A pending count, kept under its id and updated in place by later requests. */
interface Pending {
  readonly id: string;
  readonly bucket: string;
  readonly keyId: string;
  readonly day: string;
  count: number;
}

export class UsageJournal {
  readonly #pending = new Map<string, Pending>();
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: UsageStore,
    private readonly onError: (err: unknown) => void = () => {},
    intervalMs = USAGE_FLUSH_INTERVAL_MS,
  ) {
    this.#timer = setInterval(() => void this.flush(), intervalMs);
    this.#timer.unref();
  }

  /**
   * Remembers the latest count; cheap enough for every request. `id` names the (bucket, key,
   * day): callers that keep such a name (the rate limiter's counter key) pass it to save
   * building one per request.
   */
  record(bucket: string, keyId: string, day: string, count: number, id = `${bucket}\n${keyId}\n${day}`): void {
    const pending = this.#pending.get(id);
    if (pending) pending.count = count;
    else this.#pending.set(id, { id, bucket, keyId, day, count });
  }

  /** Writes what was recorded since the last flush. Flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#pending.size === 0) return;
      const batch = [...this.#pending.values()];
      this.#pending.clear();
      try {
        await this.store.save(batch.map(({ bucket, keyId, day, count }) => ({ bucket, keyId, day, count })));
      } catch (err) {
        // Keep them for the next flush unless newer counts arrived meanwhile.
        for (const c of batch) if (!this.#pending.has(c.id)) this.#pending.set(c.id, c);
        this.onError(err);
      }
    });
    return this.#flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
