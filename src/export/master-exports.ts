/**
 * The Master Export files of the store: built once per snapshot (the dataset id is the id of
 * the update that made the snapshot current), kept in the `exports` table, reused until the
 * next import. Several requests or replicas asking at once build it at most once per process;
 * identical bytes make a second replica's insert a no-op.
 */
import type { Kysely } from 'kysely';
import { buildDirectory } from '../dataset/build.js';
import type { RawSnapshot } from '../dataset/raw.js';
import { jstTimestamp } from '../history/records.js';
import type { Database } from '../store/schema.js';
import { buildMasterZip } from './master-zip.js';

export interface ExportInfo {
  readonly dataset_id: string;
  readonly published_at: string;
  readonly zip_sha256: string;
  readonly zip_size_bytes: number;
  readonly bank_row_count: number;
  readonly branch_row_count: number;
  readonly version: string;
  readonly effective_date: string;
}

const INFO_COLUMNS = ['dataset_id', 'published_at', 'zip_sha256', 'zip_size_bytes', 'bank_row_count', 'branch_row_count', 'version', 'effective_date'] as const;

export class MasterExports {
  readonly #building = new Map<string, Promise<ExportInfo>>();

  constructor(private readonly db: Kysely<Database>) {}

  async info(datasetId: string): Promise<ExportInfo | undefined> {
    const row = await this.db.selectFrom('exports').select(INFO_COLUMNS).where('dataset_id', '=', datasetId).executeTakeFirst();
    return row ? { ...row, zip_size_bytes: Number(row.zip_size_bytes), bank_row_count: Number(row.bank_row_count), branch_row_count: Number(row.branch_row_count) } : undefined;
  }

  async zip(datasetId: string): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('exports').select('zip').where('dataset_id', '=', datasetId).executeTakeFirst();
    return row ? Buffer.from(row.zip) : undefined;
  }

  /** The export of an update's snapshot, built and stored on first demand; undefined for an unknown update. */
  ensure(datasetId: string): Promise<ExportInfo | undefined> {
    const pending = this.#building.get(datasetId);
    if (pending) return pending;
    const work = this.#ensure(datasetId).finally(() => this.#building.delete(datasetId));
    this.#building.set(datasetId, work as Promise<ExportInfo>);
    return work;
  }

  async #ensure(datasetId: string): Promise<ExportInfo | undefined> {
    const stored = await this.info(datasetId);
    if (stored) return stored;
    const update = await this.db.selectFrom('updates').select('snapshot').where('update_id', '=', datasetId).executeTakeFirst();
    if (!update) return undefined;
    const raw = JSON.parse(update.snapshot) as RawSnapshot;
    const built = await buildMasterZip(buildDirectory(raw), raw, datasetId);
    await this.db
      .insertInto('exports')
      .values({
        dataset_id: datasetId,
        version: built.manifest.version,
        effective_date: built.manifest.effective_date,
        published_at: jstTimestamp(Date.now()),
        zip_sha256: built.sha256,
        zip_size_bytes: built.bytes.length,
        bank_row_count: built.manifest.bank_row_count,
        branch_row_count: built.manifest.branch_row_count,
        zip: built.bytes,
      })
      .onConflict((oc) => oc.column('dataset_id').doNothing())
      .execute();
    return this.info(datasetId);
  }
}
