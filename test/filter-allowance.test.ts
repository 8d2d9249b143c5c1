/** Filter evaluation time per API key (src/access/filter-allowance.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FILTER_BURST_MS, FILTER_REFILL_MS_PER_SECOND, FilterTimeAllowance } from '../src/access/filter-allowance.js';

describe('filter evaluation time per key', () => {
  it('lets a key spend its burst, then as much as refills, each key apart', () => {
    let clock = 0;
    const allowance = new FilterTimeAllowance(() => clock);
    assert.deepEqual([FILTER_BURST_MS, FILTER_REFILL_MS_PER_SECOND], [30, 5]);
    assert.equal(allowance.waitSeconds('key_a'), 0);
    allowance.charge('key_a', 20); // 10 left
    assert.equal(allowance.waitSeconds('key_a'), 0);
    allowance.charge('key_a', 11); // -1
    assert.equal(allowance.waitSeconds('key_a'), 1);
    assert.equal(allowance.waitSeconds('key_b'), 0, 'another key has its own allowance');
    allowance.charge('key_a', 21); // -22: 4.6 s to get back above zero
    assert.equal(allowance.waitSeconds('key_a'), 5);
    clock = 4_000; // +20: -2
    assert.equal(allowance.waitSeconds('key_a'), 1);
    clock = 4_600; // +3: +1
    assert.equal(allowance.waitSeconds('key_a'), 0);
  });

  it('saves at most the burst while a key is idle', () => {
    let clock = 0;
    const allowance = new FilterTimeAllowance(() => clock);
    allowance.charge('key_a', 10);
    clock = 3_600_000;
    allowance.charge('key_a', 40); // from the full 30: -10
    assert.equal(allowance.waitSeconds('key_a'), 3, 'an hour idle saves 30 ms, not 18 s');
  });
});
