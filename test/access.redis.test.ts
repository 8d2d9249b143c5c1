/**
 * Rate limits with counters in Redis (real server at 127.0.0.1:6379): several app instances
 * enforce one limit, and an instance whose Redis is unreachable keeps serving on its in-memory
 * insurance. Also: in-process counters survive a restart through the SQL store.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PlanStore } from '../src/store/plan-store.js';
import { openStore, type SqlStore } from '../src/store/open.js';
import { startTestApp, type TestApp } from './support/app.js';
import { closedPort, connectRedis, type TestRedis } from './support/services.js';

let store: SqlStore;
let dataDir: string;
let redis: TestRedis | undefined;
let skip: string | undefined;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ginko-redis-'));
  store = await openStore({ dataDir });
  const plans = new PlanStore(store.db);
  await plans.ensureDefaults();
  await plans.set({ name: 'seven', perSecond: 1000, perDay: 7, exportAllowed: false });
  await plans.set({ name: 'three', perSecond: 1000, perDay: 3, exportAllowed: false });
  await plans.set({ name: 'five', perSecond: 1000, perDay: 5, exportAllowed: false });
  const r = await connectRedis();
  if ('skip' in r) skip = r.skip;
  else redis = r;
});
after(async () => {
  await redis?.cleanup();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const statusOf = async (app: TestApp, key: string) => (await app.app.inject({ url: '/v3/banks/0001', headers: { 'x-api-key': key } })).statusCode;
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {});

describe('two instances on one Redis', () => {
  it('share one per-day limit: exactly N successes across both for a plan of N per day', async (t) => {
    if (skip) return t.skip(skip);
    const a = await startTestApp({ store, redisUrl: redis!.url, redisKeyPrefix: redis!.prefix });
    const b = await startTestApp({ store, redisUrl: redis!.url, redisKeyPrefix: redis!.prefix });
    try {
      assert.equal(a.access.parts.counters.connected, true);
      const { key, record } = await a.keys.create({ plan: 'seven' });
      // 30 requests at once, alternating between the instances.
      const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => statusOf(i % 2 ? b : a, key)));
      assert.deepEqual(tally(statuses), { 200: 7, 429: 23 });
      // The other instance sees the same count.
      const res = await b.app.inject({ url: '/v3/version', headers: { 'x-api-key': key } });
      assert.equal(res.statusCode, 429);
      assert.equal(res.headers['x-ratelimit-remaining-day'], '0');
      assert.ok((await redis!.keys()).some((k) => k.startsWith(`${redis!.prefix}:search:d:`) && k.endsWith(`:${record.id}`)));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keep the day count across restarts of the instances', async (t) => {
    if (skip) return t.skip(skip);
    const first = await startTestApp({ store, redisUrl: redis!.url, redisKeyPrefix: redis!.prefix });
    const { key } = await first.keys.create({ plan: 'three' });
    assert.equal(await statusOf(first, key), 200);
    assert.equal(await statusOf(first, key), 200);
    await first.close();
    const second = await startTestApp({ store, redisUrl: redis!.url, redisKeyPrefix: redis!.prefix });
    try {
      const res = await second.app.inject({ url: '/v3/banks/0001', headers: { 'x-api-key': key } });
      assert.equal(res.headers['x-ratelimit-remaining-day'], '0');
      assert.equal(await statusOf(second, key), 429);
    } finally {
      await second.close();
    }
  });
});

describe('when Redis is unreachable', () => {
  it('serves every request and enforces the limit per instance (in-memory insurance)', async (t) => {
    if (skip) return t.skip(skip);
    const down = await startTestApp({ store, redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisKeyPrefix: redis!.prefix });
    const up = await startTestApp({ store, redisUrl: redis!.url, redisKeyPrefix: redis!.prefix });
    try {
      assert.equal(down.access.parts.counters.connected, false);
      const { key } = await up.keys.create({ plan: 'three' });
      const started = performance.now();
      const onDown = [];
      for (let i = 0; i < 5; i++) onDown.push(await statusOf(down, key));
      assert.ok(performance.now() - started < 1_000, 'no request waits for Redis');
      assert.deepEqual(onDown, [200, 200, 200, 429, 429]);
      // The healthy instance counts in Redis, unaware of the other's 3: the cluster let 6 through.
      const onUp = [];
      for (let i = 0; i < 4; i++) onUp.push(await statusOf(up, key));
      assert.deepEqual(onUp, [200, 200, 200, 429]);
    } finally {
      await down.close();
      await up.close();
    }
  });
});

describe('in-process counters', () => {
  it('survive a restart: the day count continues from the store', async () => {
    const first = await startTestApp({ store });
    const { key, record } = await first.keys.create({ plan: 'five' });
    for (let i = 0; i < 3; i++) assert.equal(await statusOf(first, key), 200);
    await first.close(); // writes the counts
    const rows = await store.db.selectFrom('usage_counters').selectAll().where('key_id', '=', record.id).execute();
    assert.deepEqual(rows.map((r) => [r.bucket, Number(r.count)]), [['search', 3]]);
    const second = await startTestApp({ store });
    try {
      const res = await second.app.inject({ url: '/v3/banks/0001', headers: { 'x-api-key': key } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['x-ratelimit-remaining-day'], '1');
      assert.equal(await statusOf(second, key), 200);
      assert.equal(await statusOf(second, key), 429);
    } finally {
      await second.close();
    }
  });
});
