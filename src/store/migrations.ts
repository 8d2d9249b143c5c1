/**
 * Schema migrations, in code so that SQLite and PostgreSQL run the same list at start. Append
 * new migrations; never edit one that has shipped.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';

// Migrations see the database before its current shape, so they are typed loosely on purpose.
type AnyDb = Kysely<unknown>;

const MIGRATIONS: Record<string, Migration> = {
  '0001_keys_plans_settings': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('plans')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('per_second', 'integer', (c) => c.notNull())
        .addColumn('per_day', 'integer', (c) => c.notNull())
        .addColumn('export_allowed', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_hint', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('referrers', 'text', (c) => c.notNull())
        .addColumn('ips', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_usage_counters': {
    // Per-day request counts of each key, written by in-process rate limiting so that the day's
    // counts survive a restart (src/access/usage-store.ts).
    async up(db: AnyDb) {
      await db.schema
        .createTable('usage_counters')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_counters_pk', ['bucket', 'key_id', 'day'])
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
