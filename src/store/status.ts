/**
 * The migration state of a store without changing it, for `ginko doctor`: which of this
 * version's migrations have not run yet, and which ran that this version does not know (the
 * store was used by a newer Ginko).
 */
import { type Kysely, sql } from 'kysely';
import { migrationProvider } from './migrations.js';

export interface MigrationStatus {
  readonly applied: readonly string[];
  readonly pending: readonly string[];
  readonly unknown: readonly string[];
}

/** Kysely's bookkeeping table; absent until the first migration ran. */
const MIGRATION_TABLE = 'kysely_migration';

export async function migrationStatus(db: Kysely<unknown>): Promise<MigrationStatus> {
  const known = Object.keys(await migrationProvider.getMigrations()).sort();
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === MIGRATION_TABLE)
    ? (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)).rows.map((r) => r.name)
    : [];
  return {
    applied,
    pending: known.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.includes(name)),
  };
}
