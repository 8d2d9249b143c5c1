/** Filter evaluation time per API key (src/access/filter-allowance.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FILTER_BURST_MS, FILTER_REFILL_MS_PER_SECOND, FilterTimeAllowance } from '../src/access/filter-allowance.js';

describe('filter evaluation time per key', () => {
  it('lets a key spend its burst, then one evaluation per refill, each key apart', () => {
    let clock = 0;
    const allowance = new FilterTimeAllowance(() => clock);
    assert.deepEqual([FILTER_BURST_MS, FILTER_REFILL_MS_PER_SECOND], [60, 20]);
    assert.equal(allowance.waitSeconds('key_a'), 0);
    allowance.charge('key_a', 30);
    assert.equal(allowance.waitSeconds('key_a'), 0);
    allowance.charge('key_a', 31); // a balance of -1 ms
    assert.equal(allowance.waitSeconds('key_a'), 1);
    assert.equal(allowance.waitSeconds('key_b'), 0, 'another key has its own allowance');
    allowance.charge('key_a', 40); // -41 ms: 2.1 s to get back above zero
    assert.equal(allowance.waitSeconds('key_a'), 3);
    clock = 2_000; // +40 ms → -1 ms
    assert.equal(allowance.waitSeconds('key_a'), 1);
    clock = 2_100; // +2 ms → +1 ms
    assert.equal(allowance.waitSeconds('key_a'), 0);
  });

  it('saves at most the burst while a key is idle', () => {
    let clock = 0;
    const allowance = new FilterTimeAllowance(() => clock);
    allowance.charge('key_a', 10);
    clock = 3_600_000;
    allowance.charge('key_a', 60);
    assert.equal(allowance.waitSeconds('key_a'), 1, 'an hour idle saves 60 ms, not 72 s');
  });
});
