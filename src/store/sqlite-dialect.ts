/**
 * Kysely's SQLite dialect with transactions that take the write lock up front. Kysely begins a
 * transaction with a plain (deferred) `BEGIN`: it reads first and asks for the write lock at its
 * first write. When another process (a running server, `ginko keys`) committed meanwhile, SQLite
 * cannot upgrade the stale read and fails at once with "database is locked", without waiting
 * out the busy timeout. `BEGIN IMMEDIATE` takes the write lock when the transaction starts,
 * waiting up to the busy timeout for another writer to finish, so writers queue instead of
 * failing. Every transaction in Ginko writes (imports, usage counts, migrations, seeding).
 */
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
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
}
