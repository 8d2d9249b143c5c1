/**
 * Writers from several processes on one SQLite store: a transaction takes the write lock when it
 * begins and other writers wait their turn (busy timeout) instead of failing at once with
 * "database is locked"; migrations run in one transaction (src/store/sqlite-dialect.ts). Two
 * PostgreSQL replicas flushing the same usage rows at once, in opposite orders, never deadlock.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, type Migration, Migrator } from 'kysely';
import { KeyStore } from '../src/store/key-store.js';
import { UsageLog, type UsageRow } from '../src/console/usage-log.js';
import type { UsageCount } from '../src/access/usage-journal.js';
import { UsageStore } from '../src/store/usage-store.js';
import { createPostgresDatabase } from './support/services.js';
import { seedTestStore } from './support/seed.js';
import { latestSeq } from '../src/history/history-store.js';
import { openStore } from '../src/store/open.js';
import { ImmediateSqliteDialect } from '../src/store/sqlite-dialect.js';
import { GINKO_BIN } from './support/process.js';
import { useTempDirs } from './support/temp-dirs.js';
import { writeZenginPackage } from './support/zengin-fixture.js';

const tempDir = useTempDirs('ginko-locking-');

/** Starts `ginko …` in a child process; resolves with its exit code and output. */
function ginko(args: readonly string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GINKO_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('SQLite writers in several processes', () => {
  it('a transaction that read first still writes after another process committed meanwhile', async () => {
    const dataDir = tempDir();
    const store = await openStore({ dataDir });
    try {
      const keys = new KeyStore(store.db);
      const written = await store.db.transaction().execute(async (trx) => {
        // Read first, as an import does (the current update) before writing.
        const before = await trx.selectFrom('api_keys').select('id').execute();
        // Another process writes meanwhile: `ginko keys create` (it also writes the default plans).
        const other = ginko(['keys', 'create', '--plan', 'free', '--name', 'other', '--data-dir', dataDir]);
        // Give it time to write (it does at once when it can) or to start waiting for the lock.
        await Promise.race([other, new Promise((r) => setTimeout(r, 3_000))]);
        await trx.insertInto('usage_counters').values({ bucket: 'search', key_id: 'key_x', day: '2026-03-01', count: 1 }).execute();
        return { before: before.length, other };
      });
      const other = await written.other;
      assert.equal(other.code, 0, other.out);
      assert.equal(written.before, 0);
      assert.deepEqual((await keys.list()).map((k) => k.name), ['other']);
      assert.deepEqual(await new UsageStore(store.db).load('2026-03-01'), [{ bucket: 'search', keyId: 'key_x', day: '2026-03-01', count: 1 }]);
    } finally {
      await store.close();
    }
  });

  it('`ginko import` and key writes from other processes all succeed while a server writes usage counts', async () => {
    const dataDir = tempDir();
    const store = await openStore({ dataDir });
    try {
      await seedTestStore(store);
      const seeded = await latestSeq(store.db);
      const pkg = tempDir.adopt(writeZenginPackage('2026-09-01', (data) => void (data['0010']!.branches['725']!.name = '市ヶ谷駅前')));
      const usage = new UsageStore(store.db);
      let running = true;
      let added = 0;
      // A server's usage writes, as often as the store takes them, for the whole run.
      const writer = (async () => {
        while (running) {
          await usage.add([{ bucket: 'search', keyId: 'key_s', day: '2026-03-01', count: 1 }]);
          added++;
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const runs = await Promise.all([
        ginko(['import', pkg, '--data-dir', dataDir]),
        ...[1, 2, 3].map((i) => ginko(['keys', 'create', '--plan', 'free', '--name', `k${i}`, '--data-dir', dataDir])),
      ]);
      running = false;
      await writer;
      for (const run of runs) assert.equal(run.code, 0, run.out);
      assert.equal(await latestSeq(store.db), seeded + 1, 'the import became current');
      assert.deepEqual((await new KeyStore(store.db).list()).map((k) => k.name).sort(), ['k1', 'k2', 'k3']);
      assert.deepEqual((await usage.load('2026-03-01')).map((r) => r.count), [added]);
    } finally {
      await store.close();
    }
  });
});

describe('SQLite migrations', () => {
  it('run in one transaction: one that fails half way (as a killed process would) leaves no table, and the next run starts clean', async () => {
    const db = new Kysely<unknown>({ dialect: new ImmediateSqliteDialect({ database: new SQLite(join(tempDir(), 'store.sqlite')) }) });
    let failHalfWay = true;
    const migration: Migration = {
      async up(m: Kysely<unknown>) {
        await m.schema.createTable('plans').addColumn('name', 'text', (c) => c.primaryKey()).execute();
        if (failHalfWay) throw new Error('stopped after the first table');
        await m.schema.createTable('api_keys').addColumn('id', 'text', (c) => c.primaryKey()).execute();
      },
    };
    const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ '0001_keys_plans': migration }) } });
    try {
      const first = await migrator.migrateToLatest();
      assert.equal((first.error as Error).message, 'stopped after the first table');
      const tables = async () => (await db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
      assert.deepEqual(await tables(), []);
      failHalfWay = false;
      const second = await migrator.migrateToLatest();
      assert.equal(second.error, undefined);
      assert.deepEqual(second.results?.map((r) => [r.migrationName, r.status]), [['0001_keys_plans', 'Success']]);
      assert.deepEqual((await tables()).sort(), ['api_keys', 'plans']);
    } finally {
      await db.destroy();
    }
  });

  it('processes that open a new data directory at once all succeed, and the schema is made once', async () => {
    const dataDir = tempDir();
    const results = await Promise.all(['a', 'b', 'c'].map((name) => ginko(['keys', 'create', '--plan', 'free', '--name', name, '--data-dir', dataDir])));
    assert.deepEqual(
      results.map((r) => r.code),
      [0, 0, 0],
      results.map((r) => r.out).join('\n'),
    );
    const store = await openStore({ dataDir });
    try {
      const names = (await store.db.selectFrom('api_keys').select('name').execute()).map((r) => r.name).sort();
      assert.deepEqual(names, ['a', 'b', 'c']);
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL replicas flushing usage counts at once', () => {
  let skip: string | undefined;
  let stores: Awaited<ReturnType<typeof openStore>>[] = [];
  let drop = async () => {};
  before(async () => {
    const database = await createPostgresDatabase();
    if ('skip' in database) {
      skip = database.skip;
      return;
    }
    drop = () => database.drop();
    stores = [await openStore({ dataDir: '', databaseUrl: database.url }), await openStore({ dataDir: '', databaseUrl: database.url })];
  });
  after(async () => {
    for (const store of stores) await store.close();
    await drop();
  });

  // Each replica's flush is one transaction upserting row after row; two that meet the same rows
  // in opposite orders each wait for a row the other holds, unless both take them in one order.
  const ROUNDS = 4;

  it('adds the rate limiter counts of both, in whatever order each holds them, without a deadlock', async (t) => {
    if (skip) return t.skip(skip);
    const counts: UsageCount[] = Array.from({ length: 200 }, (_, i) => ({ bucket: i % 2 ? 'search' : 'resolve', keyId: `key_${String(i).padStart(4, '0')}`, day: '2026-03-01', count: 1 }));
    const [a, b] = stores.map((s) => new UsageStore(s.db));
    for (let round = 0; round < ROUNDS; round++) await Promise.all([a!.add(counts), b!.add([...counts].reverse())]);
    const stored = await a!.load('2026-03-01');
    assert.equal(stored.length, 200);
    assert.deepEqual([...new Set(stored.map((r) => r.count))], [2 * ROUNDS]);
  });

  it("adds the console's usage rows of both, in whatever order each holds them, without a deadlock", async (t) => {
    if (skip) return t.skip(skip);
    const row = (i: number, at: string): UsageRow => ({ at, keyId: `key_${String(i).padStart(4, '0')}`, api: i % 2 ? 'search' : 'resolve', outcome: '2xx', count: 1 });
    const daily = Array.from({ length: 100 }, (_, i) => row(i, '2026-03-01'));
    const minutes = Array.from({ length: 100 }, (_, i) => row(i, '2026-03-01T00:00'));
    const [a, b] = stores.map((s) => new UsageLog(s.db));
    for (let round = 0; round < ROUNDS; round++) await Promise.all([a!.add(daily, minutes), b!.add([...daily].reverse(), [...minutes].reverse())]);
    const stored = await a!.daily('2026-03-01');
    assert.equal(stored.length, 100);
    assert.deepEqual([...new Set(stored.map((r) => r.count))], [2 * ROUNDS]);
    assert.deepEqual([...new Set((await a!.minutes('2026-03-01T00:00')).map((r) => r.count))], [2 * ROUNDS]);
  });
});
