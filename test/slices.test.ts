/**
 * No request holds the event loop for long (docs/architecture.md#long-requests): long work runs
 * in slices that take turns (src/shared/slices.ts), so a Resolve batch of 1,000 romaji names or
 * a hostile filter over a long list leaves the loop free between slices.
 */
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { after, before, describe, it } from 'node:test';
import { romanize } from '../eval/romanize.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { FREEWORD_INDEX, normalizeFreeword } from '../src/search/freeword/index.js';
import { mapInSlices, nextTurn, SLICE_MS } from '../src/shared/slices.js';
import { bundledDirectory, startTestApp, type TestApp } from './support/app.js';

/** CPU time this process has used, in ms. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * How the event loop fared while `work` ran: how often a 1 ms timer got to run (`turns`), and
 * the most CPU time the process spent between two of its runs (`longest`, in ms), how long the
 * loop was held in one piece, what any other request would have waited. CPU time, not wall
 * time, so that a machine busy with other processes does not count; it still counts the
 * collector, which a loaded machine slows down (a scavenge of 100 ms was seen).
 */
async function loopDuring(work: () => Promise<unknown>): Promise<{ turns: number; longest: number }> {
  let last = cpuMs();
  let longest = 0;
  let turns = 0;
  const timer = setInterval(() => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
    turns++;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { turns, longest };
}

/**
 * What a request in slices must leave: the loop turning many times while it runs (one piece of
 * work gives it none), and no piece longer than this, generous for a loaded 2-core machine and
 * its collector, far below what the work takes unsliced (a batch of 1,000 romaji names: 300 ms
 * and more).
 */
const STALL_BOUND_MS = 200;
const MIN_TURNS = 10;

function assertShared(loop: { turns: number; longest: number }): void {
  assert.ok(loop.turns >= MIN_TURNS, `the loop turned ${loop.turns} times`);
  assert.ok(loop.longest < STALL_BOUND_MS, `the loop was held ${loop.longest.toFixed(1)} ms in one piece`);
}

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
    const loop = await loopDuring(async () => {
      const res = await t.app.inject({ method: 'POST', url: '/resolve/v1/bank-branch/batch', headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify({ items }) });
      status = res.statusCode;
      assert.equal((res.json() as { results: unknown[] }).results.length, 1000);
    });
    assert.equal(status, 200);
    assertShared(loop);
  });

  /**
   * The statuses of `requests`, sent at once while a new snapshot of the same data is served
   * (one that has built nothing yet), and how the loop fared meanwhile.
   */
  async function firstOnNewSnapshot(requests: readonly InjectOptions[]): Promise<{ statuses: number[]; loop: { turns: number; longest: number } }> {
    const previous = t.snapshots.current;
    t.snapshots.replace(new Snapshot(previous.directory));
    try {
      let statuses: number[] = [];
      const loop = await loopDuring(async () => {
        statuses = (await Promise.all(requests.map((r) => t.app.inject({ ...r, headers: { 'x-api-key': t.key, ...r.headers } })))).map((a) => a.statusCode);
      });
      return { statuses, loop };
    } finally {
      t.snapshots.replace(previous);
    }
  }

  it('the first Resolve and lineage requests of a new snapshot, which build its indexes', async () => {
    const { statuses, loop } = await firstOnNewSnapshot([
      { method: 'POST', url: '/resolve/v1/bank-branch', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ bank_name: 'みずほ', branch_name: '東京営業部' }) },
      { method: 'GET', url: '/history/v1/lineage/0537/110' },
    ]);
    assert.deepEqual(statuses, [200, 200]);
    assertShared(loop);
  });

  it('the first freeword searches of a new snapshot, which build its freeword index', async () => {
    const { statuses, loop } = await firstOnNewSnapshot(['/v3/freeword/banks?freeword=みずほ', '/v3/freeword/banks/0005/branches?freeword=とうきょう'].map((url) => ({ method: 'GET', url: encodeURI(url) })));
    assert.deepEqual(statuses, [200, 200]);
    assertShared(loop);
  });

  it('warming a snapshot as serve does when it switches to one', async () => {
    const snapshot = new Snapshot(t.snapshots.current.directory);
    const loop = await loopDuring(async () => {
      snapshot.warm(FREEWORD_INDEX);
      await snapshot.deriveInSlices(FREEWORD_INDEX);
    });
    assertShared(loop);
    assert.deepEqual(snapshot.derive(FREEWORD_INDEX).searchBanks(normalizeFreeword('みずほ')).map((b) => b.code), ['0001', '0289', '4859']);
  });

  it("a backtracking =re= filter over the largest bank's branches, on a snapshot that has kept no result yet", async () => {
    // The pattern backtracks over each of the 717 readings of 0005 and matches none. (V8 falls back
    // to its linear engine for such patterns: the answer, not a refusal, is what is due.)
    const filter = encodeURIComponent('halfWidthKana=re=".*.*.*.*.*.*.*.*.*x"');
    const { statuses, loop } = await firstOnNewSnapshot([{ method: 'GET', url: `/v3/banks/0005/branches?limit=2000&filter=${filter}` }]);
    assert.deepEqual(statuses, [200]);
    assert.ok(loop.longest < STALL_BOUND_MS, `the loop was held ${loop.longest.toFixed(1)} ms in one piece`);
  });
});
