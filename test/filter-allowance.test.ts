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

  it('forgets no spent time when its table is full: refilled balances go first, then new keys share one', () => {
    let clock = 0;
    const allowance = new FilterTimeAllowance(() => clock, 5, 30, 2);
    allowance.charge('key_a', 40); // -10
    allowance.charge('key_b', 5); // 25: refilled within a second
    clock = 1_000; // a: -5, b: 30
    allowance.charge('key_c', 40); // b is forgotten; c takes its place at -10
    assert.deepEqual([allowance.waitSeconds('key_a'), allowance.waitSeconds('key_c')], [2, 3], 'a and c keep what they spent');
    // The table holds a and c, neither refilled: d and e share the overflow balance.
    allowance.charge('key_d', 40);
    assert.equal(allowance.waitSeconds('key_e'), 3);
    clock = 2_000; // a: 0, c: -5
    assert.deepEqual([allowance.waitSeconds('key_a'), allowance.waitSeconds('key_c')], [1, 2]);
    clock = 10_000; // both refilled: e gets a balance of its own
    assert.equal(allowance.waitSeconds('key_e'), 0);
    allowance.charge('key_e', 35);
    assert.equal(allowance.waitSeconds('key_e'), 2);
  });
});
