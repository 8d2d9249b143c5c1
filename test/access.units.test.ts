/** A request counted as several (a Resolve batch of N counts N): all or none, per second and per day. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryCounters } from '../src/access/counters.js';
import { RateLimiter } from '../src/access/rate-limiter.js';

describe('rate limiter units', () => {
  const clock = Date.parse('2026-03-01T03:00:00Z'); // 12:00 JST
  const counters = new MemoryCounters(() => clock);
  const limiter = new RateLimiter(counters, { now: () => clock });

  it('counts units against the day, and gives them all back when they do not fit', async () => {
    const limits = { perSecond: 1000, perDay: 10 };
    assert.deepEqual(await limiter.consume('resolve', 'k1', limits, 7), { allowed: true, limitSecond: 1000, limitDay: 10, remainingDay: 3, resetSeconds: 43_200 });
    assert.deepEqual(await limiter.consume('resolve', 'k1', limits, 4), { allowed: false, exceeded: 'day', limitSecond: 1000, limitDay: 10, remainingDay: 3, resetSeconds: 43_200 });
    assert.deepEqual(await limiter.consume('resolve', 'k1', limits, 3), { allowed: true, limitSecond: 1000, limitDay: 10, remainingDay: 0, resetSeconds: 43_200 });
  });

  it('counts units against the second; refused, they weigh on it as one request', async () => {
    const limits = { perSecond: 5, perDay: 100 };
    assert.equal((await limiter.consume('resolve', 'k2', limits, 6)).exceeded, 'second');
    // The refused 6 left one in the window: 4 more fit, a fifth does not.
    assert.equal((await limiter.consume('resolve', 'k2', limits, 4)).allowed, true);
    const over = await limiter.consume('resolve', 'k2', limits);
    assert.deepEqual([over.allowed, over.exceeded, over.remainingDay], [false, 'second', 96]);
  });
});
