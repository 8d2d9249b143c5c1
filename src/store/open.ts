/**
 * Opens the SQL store: SQLite in the data directory by default, PostgreSQL for a `postgres://`
 * URL. Both go through Kysely and run the same migrations before anything else touches them.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { migrationProvider } from './migrations.js';
import type { Database } from './schema.js';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';

export type Dialect = 'sqlite' | 'postgres';

export interface SqlStore {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** Where it lives, for logs: a file path or the URL without its password. */
  readonly location: string;
  close(): Promise<void>;
}

export interface StoreOptions {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  /** Run pending migrations on open (default). `ginko doctor` opens without, to only report them. */
  readonly migrate?: boolean;
  /** How long a PostgreSQL connection attempt may take; pg's default is to wait indefinitely. */
  readonly connectTimeoutMs?: number;
}

export const SQLITE_FILE = 'ginko.sqlite';

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}

export async function openStore(options: StoreOptions): Promise<SqlStore> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let location: string;
  if (options.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
      throw new Error(`--database-url must start with postgres:// (got ${redactUrl(options.databaseUrl)})`);
    }
    dialect = 'postgres';
    location = redactUrl(options.databaseUrl);
    // Loaded only for PostgreSQL: the embedded default never pays for the driver (memory, start-up).
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}) });
    // An idle connection dropped by the server (restart, failover, admin) is an 'error' event on
    // the pool; unhandled, it would crash the process. The pool discards that client and the
    // next query connects again; queries that fail meanwhile answer 503 (src/store/unavailable.ts).
    pool.on('error', () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    dialect = 'sqlite';
    location = join(options.dataDir, SQLITE_FILE);
    const created = !existsSync(location);
    const file = new SQLite(location);
    // The store holds signing secrets (settings): private to the server's user. SQLite gives
    // its -wal and -shm files the mode of the database file.
    if (created) chmodSync(location, 0o600);
    // WAL lets the CLI write keys while a server reads; busy_timeout is how long a writer waits
    // for another process's write to end (transactions take the lock up front for it to apply).
    file.pragma('journal_mode = WAL');
    file.pragma('busy_timeout = 5000');
    file.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: file }) });
  }
  const { error } = options.migrate === false ? { error: undefined } : await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return { db, dialect, location, close: () => db.destroy() };
}
