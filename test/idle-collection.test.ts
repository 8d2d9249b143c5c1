/**
 * The full collection made when the server falls idle after load (src/cli/idle-collection.ts,
 * docs/operations.md#memory): when it collects, that in a real process it frees what a load
 * left in the old generation, and that `ginko serve` as npm start runs it makes one after a
 * load and counts it.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fetchAll } from '../bench/answer-key.js';
import { distinctRequests } from '../bench/distinct.js';
import { createKey, startGinko } from '../bench/processes.js';
import { metricsBetween, readTurnMetrics } from '../bench/turn-metrics.js';
import { IDLE_COLLECTION, IdleCollector } from '../src/cli/idle-collection.js';

const MB = 1024 * 1024;

/** A collector over a heap and a loop the test sets: `busy` for the next look, `retained` as it stands. */
function fakeProcess(retained: number) {
  const state = { retained, busy: 0, collected: 0, afterCollection: retained };
  const collector = new IdleCollector({
    collect: () => {
      state.collected++;
      state.retained = state.afterCollection;
    },
    retained: () => state.retained,
    busy: () => state.busy,
  });
  return { state, collector };
}

describe('IdleCollector', () => {
  it('collects once the loop is idle and what a full collection looks at has grown by 4 MiB since the last', () => {
    const { state, collector } = fakeProcess(50 * MB);
    assert.equal(IDLE_COLLECTION.growthBytes, 4 * MB);
    // Under load: the growth is there, the loop is not idle.
    state.retained = 60 * MB;
    state.busy = 0.65;
    assert.equal(collector.check(), false);
    state.busy = IDLE_COLLECTION.idleBelow;
    assert.equal(collector.check(), false, 'at the bound the loop still counts as busy');
    // Idle: collected, once.
    state.busy = 0.001;
    state.afterCollection = 51 * MB;
    assert.equal(collector.check(), true);
    assert.equal(state.collected, 1);
    assert.equal(collector.check(), false);
    // The floor is what the collection kept: 4 MiB less a byte above it is not enough.
    state.retained = 55 * MB - 1;
    assert.equal(collector.check(), false);
    state.retained = 55 * MB;
    state.afterCollection = 52 * MB;
    assert.equal(collector.check(), true);
    assert.equal(collector.collections, 2);
    assert.equal(state.collected, 2);
  });

  it("counts the growth from V8's own last full collection, which lowers what is retained", () => {
    const { state, collector } = fakeProcess(60 * MB);
    state.busy = 0.001;
    // A mark-compact of V8's under load brought it to 45 MiB; 3 MiB since is not enough.
    state.retained = 45 * MB;
    assert.equal(collector.check(), false);
    state.retained = 48 * MB;
    assert.equal(collector.check(), false);
    state.retained = 49 * MB;
    assert.equal(collector.check(), true);
  });
});

describe('startIdleCollection in a process of its own', () => {
  // The module as the child imports it.
  const module = new URL('../src/cli/idle-collection.ts', import.meta.url).href;
  const child = (nodeOptions: readonly string[], script: string) =>
    execFileSync(process.execPath, [...nodeOptions, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });

  it('frees, once the loop is idle, what a load left in the old generation', () => {
    // 16 MiB of objects that live through several scavenges (so in the old generation), then
    // dropped: an idle server keeps them until a full collection; the idle collection makes it.
    // The old generation's first limit is 128 MB: a process this small would otherwise reach
    // V8's own first limit and make the full collection itself.
    const out = child(
      ['--expose-gc', '--initial-old-space-size=128'],
      `import { retainedBytes, startIdleCollection } from ${JSON.stringify(module)};
       const idle = startIdleCollection();
       let kept = [];
       for (let i = 0; i < 16 * 1024; i++) { kept.push(new Array(120).fill(i)); if (i % 1024 === 0) new Array(1e5).fill(0); }
       kept = undefined;
       const before = retainedBytes();
       await new Promise((r) => setTimeout(r, 2000));
       console.log(JSON.stringify({ collections: idle.collector.collections, seconds: idle.collector.seconds, freed: before - retainedBytes() }));
       idle.stop();`,
    );
    const { collections, seconds, freed } = JSON.parse(out) as { collections: number; seconds: number; freed: number };
    assert.equal(collections, 1);
    assert.ok(seconds > 0 && seconds < 1, `${seconds} s`);
    assert.ok(freed > 8 * MB, `${freed} bytes freed`);
  });

  it('is off, leaving every full collection to V8, when Node.js was started without --expose-gc', () => {
    const out = child([], `import { startIdleCollection } from ${JSON.stringify(module)}; console.log(String(startIdleCollection()));`);
    assert.equal(out.trim(), 'undefined');
  });
});

describe('ginko serve as npm start runs it', () => {
  it('makes a full collection once idle after a load, and counts it in its metrics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ginko-idle-collection-'));
    // The bench's start: npm start's Node.js options (--expose-gc among them), the log to a file.
    const ginko = await startGinko(dir, join(dir, 'ginko.log'));
    try {
      const ca = readFileSync(join(dir, 'tls-cert.pem'), 'utf8');
      const key = createKey(dir, 'unlimited');
      // Idle a while after the start, which builds the indexes and may be collected after too.
      await sleep(1500);
      const before = await readTurnMetrics(ginko.url, ca, {});
      // 8,000 distinct Resolve calls, 16 at a time: the kept answers and the branch indexes they
      // build fill the old generation by more than 4 MiB.
      const answers = await fetchAll(ginko.url, ca, distinctRequests().get('resolve')!.slice(0, 8000), key);
      assert.deepEqual(new Set([...answers.values()].map((a) => a.status)), new Set([200]));
      await sleep(1500);
      const after = await readTurnMetrics(ginko.url, ca, {});
      const between = metricsBetween(before, after);
      assert.ok(between.idleCollections >= 1, JSON.stringify(between));
      assert.ok(between.idleCollectionMs > 0, JSON.stringify(between));
      // Counted among the major pauses too: what is left of them is V8's own, none or more.
      assert.ok(after.markCompacts >= 0, JSON.stringify(after));
    } finally {
      await ginko.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
