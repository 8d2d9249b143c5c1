/**
 * Answers written at the end of their turn (src/http/edge/write-batch.ts): held in order, never
 * longer than HOLD_LIMIT_MS, and a write that fails costs only its own answer.
 */
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { HOLD_LIMIT_MS, WriteBatch } from '../src/http/edge/write-batch.js';

/** The part of a response the batch touches: whether it ended, and destroy. */
class FakeResponse {
  writableEnded = false;
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
  }
}
const response = (): ServerResponse => new FakeResponse() as unknown as ServerResponse;

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('WriteBatch', () => {
  it('writes nothing during the turn, then every held write in order at its end', async (t) => {
    const batch = new WriteBatch(() => assert.fail('no write fails'));
    const written: number[] = [];
    // The clock stands still while the writes are held: a pause of the machine between two of
    // them (a collection, another process) must not pass the hold limit here (seen in CI).
    t.mock.method(performance, 'now', () => 0);
    for (let i = 0; i < 5; i++) batch.hold(response(), () => written.push(i));
    t.mock.restoreAll();
    assert.deepEqual(written, []);
    await nextTurn();
    assert.deepEqual(written, [0, 1, 2, 3, 4]);
  });

  it(`writes what it holds when an answer has waited ${HOLD_LIMIT_MS} ms, and starts a new batch with the next`, async () => {
    const batch = new WriteBatch(() => assert.fail('no write fails'));
    const written: string[] = [];
    batch.hold(response(), () => written.push('first'));
    batch.hold(response(), () => written.push('second'));
    busyFor(HOLD_LIMIT_MS + 0.5);
    batch.hold(response(), () => written.push('third'));
    assert.deepEqual(written, ['first', 'second']);
    await nextTurn();
    assert.deepEqual(written, ['first', 'second', 'third']);
  });

  it('reports a write that throws, destroys its response and still makes the others', async () => {
    const faults: unknown[] = [];
    const batch = new WriteBatch((error) => faults.push(error));
    const failing = new FakeResponse();
    const written: string[] = [];
    batch.hold(response(), () => written.push('before'));
    batch.hold(failing as unknown as ServerResponse, () => {
      throw new Error('write failed');
    });
    batch.hold(response(), () => written.push('after'));
    await nextTurn();
    assert.deepEqual(written, ['before', 'after']);
    assert.deepEqual(
      faults.map((f) => (f as Error).message),
      ['write failed'],
    );
    assert.equal(failing.destroyed, true);
  });

  it('leaves an ended response alone when its write throws after ending it', async () => {
    const batch = new WriteBatch(() => {});
    const ended = new FakeResponse();
    batch.hold(ended as unknown as ServerResponse, () => {
      ended.writableEnded = true;
      throw new Error('after the end');
    });
    await nextTurn();
    assert.equal(ended.destroyed, false);
  });

  it('holds a write made while writing (an error answered in its place) for the next turn, not losing it', async () => {
    const batch = new WriteBatch(() => assert.fail('no write fails'));
    const written: string[] = [];
    batch.hold(response(), () => {
      written.push('outer');
      batch.hold(response(), () => written.push('inner'));
    });
    await nextTurn();
    assert.deepEqual(written, ['outer']);
    await nextTurn();
    assert.deepEqual(written, ['outer', 'inner']);
  });
});
