/**
 * Request counts for the console's Usage page, per key, API and outcome: daily rows (JST days,
 * kept USAGE_DAILY_RETENTION_DAYS) and minute rows (kept USAGE_MINUTE_RETENTION_MS). Each
 * replica adds its own counts to the shared rows, so the store holds the sum of all replicas.
 * These are separate from the rate limiter's per-bucket counts (src/store/usage-store.ts),
 * which count admitted requests only and are replaced, not added, on write.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../store/schema.js';
import { byKey } from '../store/upsert-order.js';

export const USAGE_DAILY_RETENTION_DAYS = 400;
export const USAGE_MINUTE_RETENTION_MS = 2 * 3_600_000;

export interface UsageRow {
  /** A JST day `YYYY-MM-DD` (daily rows) or a UTC minute `YYYY-MM-DDThh:mm` (minute rows). */
  readonly at: string;
  readonly keyId: string;
  readonly api: string;
  readonly outcome: string;
  readonly count: number;
}

export class UsageLog {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds counts to what the store holds (the sum over replicas). The rows are written in the
   * order of their key, daily before minutes, as in every replica, so that two flushes at once
   * never deadlock on PostgreSQL (src/store/upsert-order.ts).
   */
  async add(daily: readonly UsageRow[], minutes: readonly UsageRow[]): Promise<void> {
    if (daily.length === 0 && minutes.length === 0) return;
    const order = byKey((r: UsageRow) => [r.at, r.keyId, r.api, r.outcome]);
    await this.db.transaction().execute(async (trx) => {
      for (const r of [...daily].sort(order)) {
        await trx
          .insertInto('usage_daily')
          .values({ day: r.at, key_id: r.keyId, api: r.api, outcome: r.outcome, count: r.count })
          .onConflict((oc) => oc.columns(['day', 'key_id', 'api', 'outcome']).doUpdateSet({ count: sql<number>`usage_daily.count + ${r.count}` }))
          .execute();
      }
      for (const r of [...minutes].sort(order)) {
        await trx
          .insertInto('usage_minutes')
          .values({ minute: r.at, key_id: r.keyId, api: r.api, outcome: r.outcome, count: r.count })
          .onConflict((oc) => oc.columns(['minute', 'key_id', 'api', 'outcome']).doUpdateSet({ count: sql<number>`usage_minutes.count + ${r.count}` }))
          .execute();
      }
    });
  }

  /** Daily rows from `fromDay` on (inclusive), optionally of one key. */
  async daily(fromDay: string, keyId?: string): Promise<UsageRow[]> {
    let q = this.db.selectFrom('usage_daily').selectAll().where('day', '>=', fromDay);
    if (keyId) q = q.where('key_id', '=', keyId);
    const rows = await q.orderBy('day').orderBy('key_id').orderBy('api').orderBy('outcome').execute();
    return rows.map((r) => ({ at: r.day, keyId: r.key_id, api: r.api, outcome: r.outcome, count: Number(r.count) }));
  }

  /** Minute rows from `fromMinute` on (inclusive), optionally of one key. */
  async minutes(fromMinute: string, keyId?: string): Promise<UsageRow[]> {
    let q = this.db.selectFrom('usage_minutes').selectAll().where('minute', '>=', fromMinute);
    if (keyId) q = q.where('key_id', '=', keyId);
    const rows = await q.orderBy('minute').orderBy('key_id').orderBy('api').orderBy('outcome').execute();
    return rows.map((r) => ({ at: r.minute, keyId: r.key_id, api: r.api, outcome: r.outcome, count: Number(r.count) }));
  }

  /** Requests of each key on one day, all APIs and outcomes together. */
  async perKeyOn(day: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('usage_daily')
      .select(['key_id', (eb) => eb.fn.sum<number>('count').as('n')])
      .where('day', '=', day)
      .groupBy('key_id')
      .execute();
    return new Map(rows.map((r) => [r.key_id, Number(r.n)]));
  }

  /** Deletes daily rows before `day` and minute rows before `minute`. */
  async prune(day: string, minute: string): Promise<void> {
    await this.db.deleteFrom('usage_daily').where('day', '<', day).execute();
    await this.db.deleteFrom('usage_minutes').where('minute', '<', minute).execute();
  }
}
