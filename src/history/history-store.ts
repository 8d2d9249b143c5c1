/**
 * Updates, their changes and snapshots in the SQL store (SQLite or PostgreSQL). An update, its
 * snapshot and its changes are written in one transaction; the current snapshot is the one of
 * the update with the highest `seq`, so making a snapshot current is that same commit.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { ChangeDraft } from '../dataset/diff.js';
import type { RawSnapshot } from '../dataset/raw.js';
import type { Database } from '../store/schema.js';
import { type ChangeRecord, changeIdFor, changeRecord, jstTimestamp, type RunType, type UpdateRecord, updateIdFor } from './records.js';

export interface StoredHistory {
  readonly updates: readonly UpdateRecord[];
  readonly changes: readonly ChangeRecord[];
}

export interface CurrentSnapshot {
  readonly updateId: string;
  readonly seq: number;
  readonly raw: RawSnapshot;
}

export interface NewUpdate {
  readonly effectiveDate: string;
  /** The snapshot as stored: storedSnapshot() of its records. */
  readonly snapshot: string;
  readonly runType: RunType;
  readonly validationResult: string;
  readonly source: string;
  readonly bankRows: number;
  readonly branchRows: number;
  readonly changes: readonly ChangeDraft[];
  /** The update this one was diffed against; the write fails if another import got in first. */
  readonly expectedPreviousSeq: number;
  readonly now?: number;
}

/** Thrown when another import committed between diffing and writing. */
export class ConcurrentImportError extends Error {}

/** A snapshot's records as the `snapshot` column holds them (loadCurrentSnapshot reads them back). */
export function storedSnapshot(raw: RawSnapshot): string {
  return JSON.stringify(raw);
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_BATCH = 200;

export async function latestSeq(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('updates').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export async function latestUpdateId(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('updates').select('update_id').orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row?.update_id;
}

export async function loadCurrentSnapshot(db: Kysely<Database>): Promise<CurrentSnapshot | undefined> {
  const row = await db.selectFrom('updates').select(['update_id', 'seq', 'snapshot']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row ? { updateId: row.update_id, seq: Number(row.seq), raw: JSON.parse(row.snapshot) as RawSnapshot } : undefined;
}

/** One stored update's version: what the lineage of later snapshots is extended with (stored-lineage.ts). */
export interface StoredVersion {
  readonly seq: number;
  readonly effectiveDate: string;
  readonly source: string;
}

/** The updates dated after `date` up to seq `throughSeq`, in import order; their snapshots are read apart (loadSnapshotText). */
export async function storedVersionsAfter(db: Kysely<Database>, date: string, throughSeq: number): Promise<StoredVersion[]> {
  const rows = await db.selectFrom('updates').select(['seq', 'effective_date', 'source']).where('effective_date', '>', date).where('seq', '<=', throughSeq).orderBy('seq').execute();
  return rows.map((r) => ({ seq: Number(r.seq), effectiveDate: r.effective_date, source: r.source }));
}

/** The snapshot of the update with this seq, as the store holds it (storedSnapshot: JSON of the RawSnapshot). */
export async function loadSnapshotText(db: Kysely<Database>, seq: number): Promise<string> {
  return (await db.selectFrom('updates').select('snapshot').where('seq', '=', seq).executeTakeFirstOrThrow()).snapshot;
}

export async function loadHistory(db: Kysely<Database>): Promise<StoredHistory> {
  const updateRows = await db
    .selectFrom('updates')
    .select(['update_id', 'seq', 'previous_update_id', 'effective_date', 'created_at', 'run_type', 'validation_result', 'bank_rows', 'branch_rows'])
    .orderBy('seq')
    .execute();
  const updates = updateRows.map(
    (r): UpdateRecord => ({
      update_id: r.update_id,
      previous_update_id: r.previous_update_id,
      effective_date: r.effective_date,
      created_at: r.created_at,
      run_type: r.run_type as RunType,
      validation_result: r.validation_result,
      bank_rows: Number(r.bank_rows),
      branch_rows: Number(r.branch_rows),
    }),
  );
  const byId = new Map(updates.map((u) => [u.update_id, u]));
  const order = new Map(updateRows.map((r) => [r.update_id, Number(r.seq)]));
  const changeRows = await db.selectFrom('changes').selectAll().execute();
  changeRows.sort((a, b) => order.get(a.update_id)! - order.get(b.update_id)! || Number(a.seq) - Number(b.seq));
  const changes = changeRows.map((r): ChangeRecord =>
    changeRecord(byId.get(r.update_id)!, Number(r.seq), {
      resourceType: r.resource_type as ChangeRecord['resource_type'],
      changeType: r.change_type as ChangeRecord['change_type'],
      bankCode: r.bank_code,
      bankName: r.bank_name,
      branchCode: r.branch_code,
      branchName: r.branch_name,
      before: JSON.parse(r.before) as Record<string, string>,
      after: JSON.parse(r.after) as Record<string, string>,
      changedFields: JSON.parse(r.changed_fields) as string[],
      fieldChanges: JSON.parse(r.field_changes) as ChangeRecord['field_changes'],
      reasonLabelJa: r.reason_label_ja,
    }),
  );
  return { updates, changes };
}

/** An update as written, for what the same transaction writes about it (webhook events: src/history/webhook-events.ts). */
export interface WrittenUpdate {
  readonly updateId: string;
  /** Epoch ms of its `created_at`. */
  readonly at: number;
  /** Its changes as the History API shows them. */
  readonly changes: readonly ChangeRecord[];
}

/** Writes more in the update's transaction, after the update and its changes. */
export type AlongWithUpdate = (trx: Transaction<Database>, written: WrittenUpdate) => Promise<void>;

/**
 * Writes an update with its snapshot and changes in one transaction, making it current, and
 * what `along` writes with them; returns its id.
 */
export function recordUpdate(db: Kysely<Database>, update: NewUpdate, along?: AlongWithUpdate): Promise<string> {
  return db.transaction().execute((trx) => writeUpdate(trx, update, along));
}

/** The writes of one update, inside the caller's transaction. */
export async function writeUpdate(trx: Transaction<Database>, update: NewUpdate, along?: AlongWithUpdate): Promise<string> {
  const previous = await trx.selectFrom('updates').select(['update_id', 'seq']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const previousSeq = Number(previous?.seq ?? 0);
  if (previousSeq !== update.expectedPreviousSeq) throw new ConcurrentImportError('another import became current meanwhile; run the import again');
  const updateId = await freshUpdateId(trx, update.effectiveDate);
  const at = update.now ?? Date.now();
  await trx
    .insertInto('updates')
    .values({
      update_id: updateId,
      seq: previousSeq + 1,
      previous_update_id: previous?.update_id ?? null,
      effective_date: update.effectiveDate,
      created_at: jstTimestamp(at),
      run_type: update.runType,
      validation_result: update.validationResult,
      bank_rows: update.bankRows,
      branch_rows: update.branchRows,
      source: update.source,
      snapshot: update.snapshot,
    })
    .execute();
  const rows = update.changes.map((c, i) => ({
    change_id: changeIdFor(updateId, i + 1),
    update_id: updateId,
    seq: i + 1,
    resource_type: c.resourceType,
    change_type: c.changeType,
    bank_code: c.bankCode,
    bank_name: c.bankName,
    branch_code: c.branchCode,
    branch_name: c.branchName,
    before: JSON.stringify(c.before),
    after: JSON.stringify(c.after),
    changed_fields: JSON.stringify(c.changedFields),
    field_changes: JSON.stringify(c.fieldChanges),
    reason_label_ja: c.reasonLabelJa,
  }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await trx.insertInto('changes').values(rows.slice(i, i + INSERT_BATCH)).execute();
  if (along) {
    const written = { update_id: updateId, previous_update_id: previous?.update_id ?? null, effective_date: update.effectiveDate, created_at: jstTimestamp(at) };
    await along(trx, { updateId, at, changes: update.changes.map((c, i) => changeRecord(written, i + 1, c)) });
  }
  return updateId;
}

async function freshUpdateId(trx: Transaction<Database>, effectiveDate: string): Promise<string> {
  const row = await trx.selectFrom('updates').select((eb) => eb.fn.countAll().as('n')).where('effective_date', '=', effectiveDate).executeTakeFirst();
  return updateIdFor(effectiveDate, Number(row?.n ?? 0));
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so that of several replicas starting on
 * an empty database only one seeds; SQLite serializes writers itself.
 */
export async function withSeedLock<T>(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', work: () => Promise<T>): Promise<T> {
  if (dialect === 'sqlite') return work();
  // A dedicated connection: the lock belongs to the session that took it.
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK_ID})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK_ID})`.execute(conn);
    }
  });
}

/** An arbitrary constant naming Ginko's seeding lock. */
const SEED_LOCK_ID = 7_244_651;
