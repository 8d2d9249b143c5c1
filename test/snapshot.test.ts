/** Snapshot derivations built in steps between other work (src/dataset/snapshot.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completed, type DerivationInSteps, Snapshot } from '../src/dataset/snapshot.js';
import { LINEAGE } from '../src/lineage/served.js';
import { RESOLVE_INDEX } from '../src/resolve/resolve-index.js';
import { resolve } from '../src/resolve/resolve.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';

const turn = () => new Promise<void>((r) => setImmediate(r));

/** A derivation of three steps that records which ran. */
function counted(ran: string[]): DerivationInSteps<string> {
  return {
    name: 'counted',
    *steps() {
      ran.push('a');
      yield;
      ran.push('b');
      yield;
      ran.push('c');
      return 'done';
    },
  };
}

describe('Snapshot.prepare', () => {
  it('builds in steps between other work, then keeps the value', async () => {
    const ran: string[] = [];
    const derivation = counted(ran);
    const snapshot = new Snapshot(bundledDirectory());
    snapshot.prepare(derivation);
    assert.deepEqual([ran, snapshot.has(derivation)], [[], false], 'nothing runs before the turn ends');
    for (let i = 0; i < 10 && !snapshot.has(derivation); i++) await turn();
    assert.deepEqual(ran, ['a', 'b', 'c']);
    assert.equal(snapshot.derive(derivation), 'done');
    snapshot.prepare(derivation);
    await turn();
    assert.deepEqual(ran, ['a', 'b', 'c'], 'prepared once');
  });

  it('finishes at once what a caller needs before the steps are done, and the steps stop', async () => {
    const ran: string[] = [];
    const derivation = counted(ran);
    const snapshot = new Snapshot(bundledDirectory());
    snapshot.prepare(derivation);
    assert.equal(snapshot.derive(derivation), 'done');
    assert.deepEqual(ran, ['a', 'b', 'c']);
    for (let i = 0; i < 5; i++) await turn();
    assert.deepEqual(ran, ['a', 'b', 'c'], 'no step runs twice');
  });

  it('leaves a step that throws to the caller that needs the value, without failing the process', async () => {
    let calls = 0;
    const failing: DerivationInSteps<string> = {
      name: 'failing',
      *steps() {
        calls++;
        yield;
        throw new Error('broken data');
      },
    };
    const snapshot = new Snapshot(bundledDirectory());
    snapshot.prepare(failing);
    for (let i = 0; i < 5; i++) await turn();
    assert.deepEqual([calls, snapshot.has(failing)], [1, false]);
    assert.throws(() => snapshot.derive(failing), /broken data/);
    assert.equal(calls, 2);
  });

  it('lets steps that failed and were prepared anew run only the new ones', async () => {
    let calls = 0;
    const flaky: DerivationInSteps<string> = {
      name: 'flaky',
      *steps() {
        calls++;
        if (calls === 1) throw new Error('first build fails');
        yield;
        return 'built';
      },
    };
    const snapshot = new Snapshot(bundledDirectory());
    snapshot.prepare(flaky);
    assert.throws(() => snapshot.derive(flaky), /first build fails/);
    snapshot.prepare(flaky);
    for (let i = 0; i < 5 && !snapshot.has(flaky); i++) await turn();
    assert.equal(calls, 2, 'the second preparation ran');
    assert.equal(snapshot.derive(flaky), 'built');
    assert.equal(calls, 2);
  });

  it('builds a derivation within the steps of another (within), taking over steps a prepare began, once', async () => {
    const ran: string[] = [];
    const inner = counted(ran);
    const outer: DerivationInSteps<string> = {
      name: 'outer',
      *steps(snapshot) {
        return `outer of ${yield* snapshot.within(inner)}`;
      },
    };
    const snapshot = new Snapshot(bundledDirectory());
    snapshot.prepare(inner);
    const steps = [...outer.steps(snapshot)];
    assert.equal(steps.length, 2, 'each inner step but the last yields in the outer one');
    assert.deepEqual([ran, snapshot.derive(inner), snapshot.derive(outer)], [['a', 'b', 'c'], 'done', 'outer of done']);
    for (let i = 0; i < 5; i++) await turn();
    assert.deepEqual(ran, ['a', 'b', 'c'], 'the prepared steps do not run again');
  });

  it('runs steps that several callers need at once only once, steps given by provide included', async () => {
    const ran: string[] = [];
    const history: DerivationInSteps<string> = {
      name: 'history',
      *steps() {
        ran.push('own history');
        yield;
        return 'own';
      },
    };
    const lineage: DerivationInSteps<string> = {
      name: 'lineage',
      *steps(snapshot) {
        ran.push('lineage');
        return `lineage of ${yield* snapshot.within(history)}`;
      },
    };
    const index: DerivationInSteps<string> = {
      name: 'index',
      *steps(snapshot) {
        return `index of ${yield* snapshot.within(lineage)}`;
      },
    };
    const snapshot = new Snapshot(bundledDirectory());
    snapshot.provide(
      history,
      (function* () {
        for (let i = 0; i < 5; i++) {
          ran.push('given');
          yield;
        }
        return 'given';
      })(),
    );
    // The index has begun the lineage, and the lineage the given history, when a request needs the lineage.
    const building = index.steps(snapshot);
    building.next();
    building.next();
    assert.equal(await snapshot.deriveInSlices(lineage), 'lineage of given');
    assert.equal(completed(building), 'index of lineage of given');
    assert.deepEqual(ran, ['lineage', 'given', 'given', 'given', 'given', 'given']);
  });

  it('takes steps made elsewhere (provide), run on first need instead of its own, only before anything derived it', async () => {
    const ran: string[] = [];
    const derivation = counted(ran);
    const snapshot = new Snapshot(bundledDirectory());
    const given = (function* () {
      ran.push('given');
      yield;
      return 'given';
    })();
    snapshot.provide(derivation, given);
    snapshot.prepare(derivation);
    for (let i = 0; i < 3; i++) await turn();
    assert.deepEqual(ran, [], 'waits for need');
    assert.deepEqual([snapshot.derive(derivation), ran], ['given', ['given']]);
    assert.throws(() => snapshot.provide(derivation, given), /counted is derived already/);
  });

  it('builds the Resolve index in steps (1,146 banks, 50 a step, the lineage of its former names within) that answers as the one built at once', async () => {
    const fresh = new Snapshot(bundledDirectory());
    assert.equal([...RESOLVE_INDEX.steps(fresh)].length, 24 + [...LINEAGE.steps(new Snapshot(bundledDirectory()))].length);
    fresh.prepare(RESOLVE_INDEX);
    while (!fresh.has(RESOLVE_INDEX)) await turn();
    for (const [bankName, branchName] of [['みずほ', '東京営業部'], ['ｱｼｶｶﾞｷﾞﾝｺｳ', 'ｷﾘﾕｳｼｼﾞﾖｳ'], ['城北信金', '東越谷'], ['三菱UFJ', '本店']] as const) {
      assert.deepEqual(resolve(fresh, { bankName, branchName }).answer, resolve(bundledSnapshot(), { bankName, branchName }).answer);
    }
  });
});
