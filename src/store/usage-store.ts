/**
 * Durable per-day counts for in-process rate limiting, in the SQL store (the journal that
 * writes them: src/access/usage-journal.ts). The counters themselves live in memory;
 * a UsageJournal adds up the requests counted for every (bucket, key, day) since its last flush
 * and adds them to the SQL store every FLUSH_INTERVAL_MS and at shutdown. The store only ever
 * adds (an upsert adding the delta), never replaces: several processes on one store (replicas
 * without Redis, or the old and new process of a rolling restart) each add their own requests,
 * so N requests split across them add up to N. At start the day's counts are loaded back into
 * the counters, so a restart continues the day where it left off. A crash loses at most the
 * counts of the last flush interval. With Redis the counts live in Redis and no journal is used.
 */
import type { Kysely } from 'kysely';
import type { UsageCount, UsageCounts } from '../access/usage-journal.js';
import type { Database } from './schema.js';
import { byKey } from './upsert-order.js';

export class UsageStore implements UsageCounts {
  constructor(private readonly db: Kysely<Database>) {}

  async load(day: string): Promise<UsageCount[]> {
    const rows = await this.db.selectFrom('usage_counters').selectAll().where('day', '=', day).execute();
    return rows.map((r) => ({ bucket: r.bucket, keyId: r.key_id, day: r.day, count: Number(r.count) }));
  }

  /**
   * Adds each `count` (a number of requests, possibly negative) to what is stored for the same
   * bucket, key and day, in one statement per row so that concurrent writers never lose each
   * other's requests (the database adds; nothing is read back and rewritten). Rows are written
   * in the order of their key, the same in every replica: two flushes that meet on the same rows
   * then wait for each other in turn instead of each holding a row the other needs (a deadlock
   * on PostgreSQL).
   */
  async add(deltas: readonly UsageCount[]): Promise<void> {
    const rows = deltas.filter((c) => c.count !== 0).sort(byKey((c) => [c.bucket, c.keyId, c.day]));
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

