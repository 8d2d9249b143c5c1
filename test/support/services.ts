/**
 * Access to the real PostgreSQL and Redis on 127.0.0.1 for integration tests. Without them a
 * test is skipped with a message saying what to start, except under CI=true, where a missing
 * service fails the run (README.md#quick-start).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
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

export const REDIS_URL = process.env.GINKO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestRedis {
  readonly url: string;
  /** A key prefix of this test run alone; cleanup() deletes every key under it. */
  readonly prefix: string;
  /** Keys under the prefix, for assertions. */
  keys(): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** The real Redis with a fresh key prefix, or a skip reason. */
export async function connectRedis(): Promise<TestRedis | { skip: string }> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    const message = `Redis is not reachable at ${REDIS_URL} (${(err as Error).message}); start it to run this test`;
    if (IN_CI) throw new Error(message);
    return { skip: message };
  }
  const prefix = `ginko-test-${randomBytes(6).toString('hex')}`;
  const keys = async () => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      found.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return found.sort();
  };
  return {
    url: REDIS_URL,
    prefix,
    keys,
    async cleanup() {
      const found = await keys();
      if (found.length > 0) await client.del(...found);
      await client.quit();
    },
  };
}

/** A TCP port on 127.0.0.1 that nothing listens on (for "Redis is down"). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
