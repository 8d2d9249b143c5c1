/**
 * No request holds the event loop for long (docs/architecture.md#long-requests): long work runs
 * in slices that take turns (src/shared/slices.ts), so a Resolve batch of 1,000 romaji names or
 * a hostile filter over a long list leaves the loop free between slices.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { romanize } from '../eval/romanize.js';
import { mapInSlices, nextTurn, SLICE_MS } from '../src/shared/slices.js';
import { bundledDirectory, startTestApp, type TestApp } from './support/app.js';

/**
 * The longest the event loop went without running a timer while `work` ran, in ms: what any
 * other request would have waited. A slice is SLICE_MS; the rest is the collector and the
 * machine. Without slices, the batch below held the loop for 300 ms and more in one piece.
 */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

/** Generous for a loaded 2-core machine, far below what one unsliced batch takes. */
const STALL_BOUND_MS = 100;

describe('slices', () => {
  it('gives one waiting slice a turn per turn of the loop, first come first served', async () => {
    const order: string[] = [];
    const turn = (name: string) => nextTurn().then(() => order.push(name));
    await Promise.all([turn('a'), turn('b'), turn('c'), new Promise<void>((r) => setImmediate(() => (order.push('other'), r())))]);
    // 'other' was queued after 'a''s turn was asked for, before 'b''s was given: one turn each.
    assert.deepEqual(order, ['a', 'other', 'b', 'c']);
  });

  it('maps every item in order across slices', async () => {
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const items = Array.from({ length: 20 }, (_, i) => i);
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const out = await mapInSlices(items, (n) => (busy(1), n * 2));
    clearInterval(counting);
    assert.deepEqual(out, items.map((n) => n * 2));
    assert.ok(turns >= Math.floor(20 / SLICE_MS) - 1, `the loop turned ${turns} times meanwhile`);
  });
});

describe('heavy requests leave the event loop free', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
    // The snapshot's Resolve index is built by the first call (in steps when served: src/dataset/snapshot.ts).
    await t.app.inject({ method: 'POST', url: '/resolve/v1/bank-branch', headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify({ bank_name: 'mizuho', branch_name: 'tokyo' }) });
  });
  after(() => t.close());

  it('a Resolve batch of 1,000 romaji names', async () => {
    const directory = bundledDirectory();
    const style = { longVowels: 'plain', mBeforeLabial: false, apostrophe: false } as const;
    const pairs = directory.banks.flatMap((bank) => directory.branches(bank.code).map((branch) => ({ bank, branch }))).slice(5_000, 6_000);
    const items = pairs.map(({ bank, branch }, i) => ({ id: i, bank_name: romanize(bank.fullWidthKana, style), branch_name: romanize(branch.fullWidthKana, style) }));
    let status = 0;
    const stall = await longestStall(async () => {
      const res = await t.app.inject({ method: 'POST', url: '/resolve/v1/bank-branch/batch', headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify({ items }) });
      status = res.statusCode;
      assert.equal((res.json() as { results: unknown[] }).results.length, 1000);
    });
    assert.equal(status, 200);
    assert.ok(stall < STALL_BOUND_MS, `the loop stalled ${stall.toFixed(1)} ms`);
  });

  it("a hostile =re= filter over the largest bank's branches", async () => {
    const filter = encodeURIComponent('hiragana=re="(.*a){8}x"');
    let status = 0;
    const stall = await longestStall(async () => {
      status = (await t.app.inject({ method: 'GET', url: `/v3/banks/0009/branches?limit=2000&filter=${filter}`, headers: { 'x-api-key': t.key } })).statusCode;
    });
    assert.ok(status === 200 || status === 400, `status ${status}`);
    assert.ok(stall < STALL_BOUND_MS, `the loop stalled ${stall.toFixed(1)} ms`);
  });
});
