/**
 * Schema migrations, in code so that SQLite and PostgreSQL run the same list at start. Append
 * new migrations; never edit one that has shipped.
 */
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

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
    // counts survive a restart (src/store/usage-store.ts).
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
  '0003_history': {
    // Dataset snapshots, the updates that introduced them and their changes (docs/history.md).
    // `seq` columns give the stable order of the History API.
    async up(db: AnyDb) {
      await db.schema
        .createTable('updates')
        .addColumn('update_id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'integer', (c) => c.notNull().unique())
        .addColumn('previous_update_id', 'text')
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('run_type', 'text', (c) => c.notNull())
        .addColumn('validation_result', 'text', (c) => c.notNull())
        .addColumn('bank_rows', 'integer', (c) => c.notNull())
        .addColumn('branch_rows', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        // The raw snapshot as JSON (RawSnapshot): enough to rebuild the Directory without the source.
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('changes')
        .addColumn('change_id', 'text', (c) => c.primaryKey())
        .addColumn('update_id', 'text', (c) => c.notNull().references('updates.update_id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('change_type', 'text', (c) => c.notNull())
        .addColumn('bank_code', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text')
        .addColumn('branch_code', 'text')
        .addColumn('branch_name', 'text')
        .addColumn('before', 'text', (c) => c.notNull())
        .addColumn('after', 'text', (c) => c.notNull())
        .addColumn('changed_fields', 'text', (c) => c.notNull())
        .addColumn('field_changes', 'text', (c) => c.notNull())
        .addColumn('reason_label_ja', 'text', (c) => c.notNull())
        .addUniqueConstraint('changes_update_seq', ['update_id', 'seq'])
        .execute();
    },
  },
  '0004_exports': {
    // One Master Export ZIP per snapshot, built on first demand (docs/export.md). The bytes live
    // in the database on both dialects, so every replica serves the same file.
    async up(db: AnyDb) {
      await db.schema
        .createTable('exports')
        .addColumn('dataset_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('zip_sha256', 'text', (c) => c.notNull())
        .addColumn('zip_size_bytes', 'integer', (c) => c.notNull())
        .addColumn('bank_row_count', 'integer', (c) => c.notNull())
        .addColumn('branch_row_count', 'integer', (c) => c.notNull())
        // bytea is PostgreSQL's binary type; SQLite stores the Buffer as a BLOB under any type name.
        .addColumn('zip', 'bytea', (c) => c.notNull())
        .execute();
    },
  },
  '0007_console': {
    // The operator console (docs/console.md): operators and their sessions (in the store so
    // that every replica accepts them), the audit log of operator actions, request counts per
    // key, API and outcome (daily rows kept 400 days, minute rows for the last hour) and the
    // heartbeat of each running replica.
    async up(db: AnyDb) {
      await db.schema
        .createTable('operators')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('operator_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').column('operator').execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema
        .createTable('usage_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('api', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_daily_pk', ['day', 'key_id', 'api', 'outcome'])
        .execute();
      await db.schema
        .createTable('usage_minutes')
        .addColumn('minute', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('api', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_minutes_pk', ['minute', 'key_id', 'api', 'outcome'])
        .execute();
      await db.schema
        .createTable('replicas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0008_webhooks': {
    // Webhooks (docs/webhooks.md): each key's receivers and the codes they watch; the outbox of
    // events, written in the transaction of the import that made them and leased by the replica
    // delivering them; and the log of every delivery attempt. Times to compare are epoch
    // milliseconds (bigint on PostgreSQL); times to show are ISO 8601 text.
    async up(db: AnyDb) {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('codes', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('disabled_at', 'text')
        .addColumn('disabled_reason', 'text')
        .execute();
      await db.schema.createIndex('webhooks_key').on('webhooks').columns(['key_id', 'created_at']).execute();
      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull().unique())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('update_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('give_up_at', 'bigint', (c) => c.notNull())
        .addColumn('leased_by', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema.createIndex('webhook_events_feed').on('webhook_events').columns(['webhook_id', 'seq']).execute();
      await db.schema.createIndex('webhook_events_due').on('webhook_events').columns(['state', 'next_attempt_at']).execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('webhook_deliveries_pk', ['event_id', 'attempt'])
        .execute();
      await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'at']).execute();
    },
  },
  '0009_plan_webhook_limits': {
    // Webhooks per key and codes per webhook of each plan (docs/access.md#plans-and-rate-limits):
    // the default plans get their defaults of the day; plans an operator made get none until set.
    async up(db: AnyDb) {
      await db.schema.alterTable('plans').addColumn('webhooks', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('plans').addColumn('webhook_codes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      const defaults: readonly [string, number, number][] = [
        ['free', 1, 20],
        ['standard', 10, 1000],
        ['pro', 50, 10000],
        ['unlimited', 1000, 30000],
      ];
      for (const [name, webhooks, codes] of defaults) await sql`update plans set webhooks = ${webhooks}, webhook_codes = ${codes} where name = ${name}`.execute(db);
    },
  },
  '0010_webhook_secret_rotation': {
    // A rotated secret keeps signing beside the new one for a while (docs/webhooks.md#rotating-the-secret).
    async up(db: AnyDb) {
      await db.schema.alterTable('webhooks').addColumn('previous_secret', 'text').execute();
      await db.schema.alterTable('webhooks').addColumn('previous_secret_until', 'bigint').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
