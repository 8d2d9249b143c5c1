/**
 * Kysely's SQLite dialect with transactions that take the write lock up front. Kysely begins a
 * transaction with a plain (deferred) `BEGIN`: it reads first and asks for the write lock at its
 * first write. When another process (a running server, `ginko keys`) committed meanwhile, SQLite
 * cannot upgrade the stale read and fails at once with "database is locked", without waiting
 * out the busy timeout. `BEGIN IMMEDIATE` takes the write lock when the transaction starts,
 * waiting up to the busy timeout for another writer to finish, so writers queue instead of
 * failing. Every transaction in Ginko writes (imports, usage counts, migrations, seeding).
 *
 * Migrations run in one such transaction too. Kysely's SQLite adapter says SQLite has no
 * transactional DDL, so its migrator ran each statement on its own: a process killed between a
 * migration's `create table` and the record that it ran (a first start, `ginko keys create` on
 * a new data directory) left a store that no later start could open ("table "plans" already
 * exists"). SQLite does roll DDL back with the transaction, and none of Ginko's migrations
 * changes a pragma, which SQLite would refuse inside one (test/store.locking.test.ts).
 */
import { CompiledQuery, type DatabaseConnection, type DialectAdapter, type Driver, SqliteAdapter, SqliteDialect, SqliteDriver } from 'kysely';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
