/**
 * The typo and abbreviation index of Resolve (src/resolve/near.ts) against the plain reading of
 * its table: every stored text one edit from the input or abbreviated by it is visited, once,
 * bucket by bucket (first characters, then second) and within a bucket shorter texts first, texts
 * of one length in the order given. The order is fixed so that answers never depend on anything
 * else: a branch reached twice with equal scores keeps the kind it was reached by first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isAbbreviationOf, isOneEditApart } from '../src/resolve/keys.js';
import { type NearKind, NearIndex } from '../src/resolve/near.js';

/** The four buckets as lists (shorter texts first), each text visited the first time it is met. */
function reference(pairs: readonly (readonly [string, number])[], input: string): [number, NearKind][] {
  const stored = pairs.filter(([text]) => text.length > 0);
  const byLength = (bucket: (readonly [string, number])[]) => bucket.sort(([a], [b]) => a.length - b.length);
  const buckets = [
    stored.filter(([t]) => t[0] === input[0]),
    input.length > 1 ? stored.filter(([t]) => t[0] === input[1]) : [],
    stored.filter(([t]) => t.length > 1 && t[1] === input[0]),
    input.length > 1 ? stored.filter(([t]) => t.length > 1 && t[1] === input[1]) : [],
  ].map(byLength);
  const seen = new Set<readonly [string, number]>();
  const out: [number, NearKind][] = [];
  for (const pair of buckets.flat()) {
    if (seen.has(pair)) continue;
    seen.add(pair);
    if (isOneEditApart(input, pair[0])) out.push([pair[1], 'typo']);
    else if (isAbbreviationOf(input, pair[0])) out.push([pair[1], 'abbreviation']);
  }
  return out;
}

function visited(index: NearIndex<number>, input: string): [number, NearKind][] {
  const out: [number, NearKind][] = [];
  index.near(input, (value, kind) => out.push([value, kind]));
  return out;
}

// A few characters, so that texts share first and second characters and inputs repeat them.
const text = fc.string({ unit: fc.constantFrom('ア', 'イ', 'ウ', '東', '京', 'a', '𠮷'), maxLength: 6 });

describe('Resolve near index', () => {
  it('visits what the four buckets hold, each text once, in bucket order, shorter texts first', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), fc.array(text, { minLength: 1, maxLength: 10 }), (texts, inputs) => {
        const pairs = texts.map((t, i) => [t, i] as const);
        const index = new NearIndex(pairs);
        for (const input of inputs) assert.deepEqual(visited(index, input), reference(pairs, input), input);
      }),
      { numRuns: 500 },
    );
  });

  it('finds typos and abbreviations of real names', () => {
    const index = new NearIndex([['シンジユク', 1], ['シブヤ', 2], ['トウキヨウ', 3], ['新宿', 4], ['新宿西口', 5]] as const);
    assert.deepEqual(visited(index, 'シンシユク'), [[1, 'typo']]);
    assert.deepEqual(visited(index, 'トウキヨ'), [[3, 'typo']]);
    assert.deepEqual(visited(index, '新宿西'), [[4, 'typo'], [5, 'typo']]);
    assert.deepEqual(visited(index, 'ンシジユク'), [[1, 'typo']]);
    assert.deepEqual(visited(index, ''), []);
  });
});
