/**
 * Access to the real PostgreSQL and Redis on 127.0.0.1 for integration tests. Without them a
 * test is skipped with a message saying what to start, except under CI=true, where a missing
 * service fails the run (DESIGN.md §5).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_ADMIN_URL = process.env.GINKO_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IN_CI = process.env.CI === 'true';

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database, or a skip reason. */
export async function createPostgresDatabase(): Promise<TestDatabase | { skip: string }> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    const message = `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${(err as Error).message}); start it to run this test`;
    if (IN_CI) throw new Error(message);
    return { skip: message };
  }
  const name = `ginko_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
