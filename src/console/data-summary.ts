/** What the console's Data page shows of the update history: each update with its change counts. */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export interface UpdateSummary {
  readonly updateId: string;
  readonly effectiveDate: string;
  readonly createdAt: string;
  readonly runType: string;
  readonly source: string;
  readonly bankRows: number;
  readonly branchRows: number;
  /** Changes by type (added, removed, renamed, code_changed, updated); absent types are 0. */
  readonly changes: Readonly<Record<string, number>>;
  readonly totalChanges: number;
}

/** Every update, newest first, with its change counts. */
export async function updateSummaries(db: Kysely<Database>): Promise<UpdateSummary[]> {
  const updates = await db.selectFrom('updates').select(['update_id', 'effective_date', 'created_at', 'run_type', 'source', 'bank_rows', 'branch_rows']).orderBy('seq', 'desc').execute();
  const counts = await db
    .selectFrom('changes')
    .select(['update_id', 'change_type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['update_id', 'change_type'])
    .execute();
  const byUpdate = new Map<string, Record<string, number>>();
  for (const c of counts) {
    const entry = byUpdate.get(c.update_id) ?? {};
    entry[c.change_type] = Number(c.n);
    byUpdate.set(c.update_id, entry);
  }
  return updates.map((u) => {
    const changes = byUpdate.get(u.update_id) ?? {};
    return {
      updateId: u.update_id,
      effectiveDate: u.effective_date,
      createdAt: u.created_at,
      runType: u.run_type,
      source: u.source,
      bankRows: Number(u.bank_rows),
      branchRows: Number(u.branch_rows),
      changes,
      totalChanges: Object.values(changes).reduce((a, b) => a + b, 0),
    };
  });
}
