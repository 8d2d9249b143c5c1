/** One suite, run against both counter back ends: in-process memory and Redis (real server). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Counters, MemoryCounters } from '../src/access/counters.js';
import { RedisCounters } from '../src/store/redis-counters.js';
import { closedPort, connectRedis, type TestRedis } from './support/services.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function countersSuite(name: string, open: () => Promise<{ counters: Counters; cleanup: () => Promise<void> } | { skip: string }>) {
  describe(`counters in ${name}`, () => {
    let counters: Counters | undefined;
    let cleanup = async () => {};
    let skip: string | undefined;
    before(async () => {
      const opened = await open();
      if ('skip' in opened) skip = opened.skip;
      else ({ counters, cleanup } = opened);
    });
    after(async () => {
      await counters?.close();
      await cleanup();
    });

    it('counts within a window that opens with the first add and keeps its end', async (t) => {
      if (skip) return t.skip(skip);
      const c = counters!;
      assert.equal(await c.get('w'), undefined);
      const first = await c.add('w', 1, 60);
      assert.equal(first.count, 1);
      assert.ok(first.msBeforeReset > 59_000 && first.msBeforeReset <= 60_000, String(first.msBeforeReset));
      const second = await c.add('w', 2, 5);
      assert.equal(second.count, 3);
      assert.ok(second.msBeforeReset > 5_000, 'an open window keeps its end');
      assert.equal((await c.add('w', -1, 60)).count, 2);
      assert.equal((await c.get('w'))?.count, 2);
    });

    it('forgets a counter when its window ends', async (t) => {
      if (skip) return t.skip(skip);
      const c = counters!;
      assert.equal((await c.add('short', 1, 1)).count, 1);
      assert.equal((await c.add('short', 1, 1)).count, 2);
      await sleep(1_100);
      assert.equal(await c.get('short'), undefined);
      assert.equal((await c.add('short', 1, 1)).count, 1);
    });

    it('sets a counter to a value in a new window', async (t) => {
      if (skip) return t.skip(skip);
      const c = counters!;
      await c.add('s', 5, 60);
      await c.set('s', 42, 2);
      const state = await c.get('s');
      assert.equal(state?.count, 42);
      assert.ok(state!.msBeforeReset <= 2_000 && state!.msBeforeReset > 1_000, String(state?.msBeforeReset));
      assert.equal((await c.add('s', 1, 60)).count, 43);
    });

    it('keeps keys apart and counts concurrent adds exactly', async (t) => {
      if (skip) return t.skip(skip);
      const c = counters!;
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => c.add(i % 2 ? 'odd' : 'even', 1, 60)));
      assert.deepEqual(results.map((r) => r.count).sort((a, b) => a - b), [...Array.from({ length: 25 }, (_, i) => i + 1), ...Array.from({ length: 25 }, (_, i) => i + 1)].sort((a, b) => a - b));
      assert.equal((await c.get('odd'))?.count, 25);
      assert.equal((await c.get('even'))?.count, 25);
    });
  });
}

countersSuite('memory', async () => ({ counters: new MemoryCounters(), cleanup: async () => {} }));

it('memory counters count each add before it returns: adds sent at once each see their own count', async () => {
  let clock = 1_000;
  const c = new MemoryCounters(() => clock);
  try {
    assert.deepEqual(await Promise.all([c.add('k', 1, 2), c.add('k', 1, 2)]), [
      { count: 1, msBeforeReset: 2_000 },
      { count: 2, msBeforeReset: 2_000 },
    ]);
    clock += 500;
    assert.deepEqual(await c.add('k', 1, 2), { count: 3, msBeforeReset: 1_500 });
    assert.deepEqual(await c.get('k'), { count: 3, msBeforeReset: 1_500 });
    clock += 1_500;
    assert.equal(await c.get('k'), undefined);
    assert.deepEqual(await c.add('k', 1, 2), { count: 1, msBeforeReset: 2_000 });
  } finally {
    await c.close();
  }
});

countersSuite('Redis', async () => {
  const r: TestRedis | { skip: string } = await connectRedis();
  if ('skip' in r) return r;
  const counters = await RedisCounters.open({ url: r.url, keyPrefix: r.prefix });
  assert.equal(await counters.ready(3_000), true);
  return { counters, cleanup: () => r.cleanup() };
});

describe('Redis counters when Redis is unreachable', () => {
  it('never fail or wait: the in-process insurance counts instead', async () => {
    const counters = await RedisCounters.open({ url: `redis://127.0.0.1:${await closedPort()}`, keyPrefix: 'ginko-test-down' });
    try {
      assert.equal(await counters.ready(300), false);
      assert.equal(counters.connected, false);
      const started = performance.now();
      assert.equal((await counters.add('k', 1, 60)).count, 1);
      assert.equal((await counters.add('k', 1, 60)).count, 2);
      assert.equal((await counters.get('k'))?.count, 2);
      await counters.set('b', 7, 60);
      assert.equal((await counters.get('b'))?.count, 7);
      assert.ok(performance.now() - started < 100, 'no operation waits for Redis');
    } finally {
      await counters.close();
    }
  });

});
