/**
 * Durable per-day counts for in-process rate limiting. The counters themselves live in memory;
 * a UsageJournal adds up the requests counted for every (bucket, key, day) since its last flush
 * and adds them to the SQL store every FLUSH_INTERVAL_MS and at shutdown. The store only ever
 * adds (an upsert adding the delta), never replaces: several processes on one store (replicas
 * without Redis, or the old and new process of a rolling restart) each add their own requests,
 * so N requests split across them add up to N. At start the day's counts are loaded back into
 * the counters, so a restart continues the day where it left off. A crash loses at most the
 * counts of the last flush interval. With Redis the counts live in Redis and no journal is used.
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

  /**
   * Adds each `count` (a number of requests, possibly negative) to what is stored for the same
   * bucket, key and day, in one statement per row so that concurrent writers never lose each
   * other's requests (the database adds; nothing is read back and rewritten).
   */
  async add(deltas: readonly UsageCount[]): Promise<void> {
    const rows = deltas.filter((c) => c.count !== 0);
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const c of rows) {
        await trx
          .insertInto('usage_counters')
          .values({ bucket: c.bucket, key_id: c.keyId, day: c.day, count: c.count })
          .onConflict((oc) => oc.columns(['bucket', 'key_id', 'day']).doUpdateSet((eb) => ({ count: eb('usage_counters.count', '+', eb.ref('excluded.count')) })))
          .execute();
      }
    });
  }

  async deleteBefore(day: string): Promise<void> {
    await this.db.deleteFrom('usage_counters').where('day', '<', day).execute();
  }
}

/** Requests counted since the last flush, kept under their id and added to by later requests. */
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
   * Adds `delta` requests to the next flush; cheap enough for every request. `id` names the
   * (bucket, key, day): callers that keep such a name (the rate limiter's counter key) pass it
   * to save building one per request.
   */
  record(bucket: string, keyId: string, day: string, delta: number, id = `${bucket}\n${keyId}\n${day}`): void {
    const pending = this.#pending.get(id);
    if (pending) pending.count += delta;
    else this.#pending.set(id, { id, bucket, keyId, day, count: delta });
  }

  /** Writes what was recorded since the last flush. Flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#pending.size === 0) return;
      const batch = [...this.#pending.values()];
      this.#pending.clear();
      try {
        await this.store.add(batch.map(({ bucket, keyId, day, count }) => ({ bucket, keyId, day, count })));
      } catch (err) {
        // The transaction added none of them: put them back, added to what arrived meanwhile.
        for (const c of batch) this.record(c.bucket, c.keyId, c.day, c.count, c.id);
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
