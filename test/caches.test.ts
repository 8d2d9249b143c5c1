/** What is kept between requests per dataset snapshot: engine results and whole answers. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildDirectory } from '../src/dataset/build.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { installedPackageDir, readZenginPackage } from '../src/dataset/zengin.js';
import { cachedAnswer } from '../src/http/edge/answer-cache.js';
import { parseQueryRecord } from '../src/http/edge/query-string.js';
import { CursorCodec } from '../src/shared/cursor.js';
import { runList } from '../src/search/operations.js';
import { cachedResult, RESULT_CACHE_BYTES } from '../src/dataset/result-cache.js';
import { bundledDirectory, bundledSnapshot, getJson, startTestApp, type TestApp } from './support/app.js';

describe('search results kept per snapshot', () => {
  it('computes once per key and snapshot, and keeps no failure', () => {
    const [one, two] = [new Snapshot(bundledDirectory()), new Snapshot(bundledDirectory())];
    let computed = 0;
    const compute = () => [++computed];
    const weigh = () => 100;
    const k = (snapshot: Snapshot, key: string) => cachedResult(snapshot, key, compute, weigh);
    assert.deepEqual([k(one, 'k'), k(one, 'k'), k(two, 'k'), k(one, 'other')], [[1], [1], [2], [3]]);
    assert.throws(() => cachedResult(one, 'bad', () => { throw new Error('over budget'); }, weigh), /over budget/);
    assert.deepEqual([k(one, 'bad'), k(one, 'bad')], [[4], [4]], 'the failure was not kept');
  });

  it('keeps results by their weight in bytes: distinct heavy results cannot pass RESULT_CACHE_BYTES', () => {
    const snapshot = new Snapshot(bundledDirectory());
    let computed = 0;
    const ask = (i: number) => cachedResult(snapshot, `heavy-${i}`, () => ++computed, () => RESULT_CACHE_BYTES / 4);
    // Room for three (each a little over a quarter with its key): the fourth pushes the first out.
    for (let i = 0; i < 4; i++) ask(i);
    for (const i of [1, 2, 3]) ask(i);
    assert.equal(computed, 4, 'the second to fourth are kept');
    ask(0);
    assert.equal(computed, 5, 'the first was pushed out');
  });

  it('evaluates a filter once for every order and page of its list', async () => {
    let tested = 0;
    const banks = bundledDirectory().banks.slice(0, 50);
    // Each bank seen through a name getter that counts how often the filter reads it.
    const items = banks.map((bank) => Object.defineProperty({ ...bank }, 'name', { get: () => (tested++, bank.name), enumerable: true }));
    const ctx = { snapshot: bundledSnapshot(), cursors: new CursorCodec(Buffer.alloc(32)) };
    const list = (sort: string, limit: number) =>
      runList({ ctx, listId: 'filter-once-test', items, baseKey: (b) => [b.code], view: { fields: ['code', 'name'], sortable: true, complete: false }, params: { filter: 'name==*銀行', sort, limit, fields: 'code' }, defaultLimit: 20 });
    const first = await list('code', 10);
    assert.equal(tested, banks.length);
    const reversed = await list('-code', 5);
    const paged = await list('code', 3);
    assert.equal(tested, banks.length, 'another order and page reuse the kept evaluation');
    assert.deepEqual([first.items[0]!.code, reversed.items[0]!.code, paged.items.length], [banks[0]!.code, banks.filter((b) => b.name.endsWith('銀行')).at(-1)!.code, 3]);
  });
});

describe('Search answers kept per snapshot', () => {
  const directory = bundledDirectory();
  const snapshot = bundledSnapshot();

  it('answers a URL asked again from the cache, but never one carrying its key, and keeps no error', async () => {
    let made = 0;
    const answer = () => `{"n":${++made}}`;
    const ask = async (url: string, make: () => string = answer) => (await cachedAnswer(snapshot, { url, query: parseQueryRecord(url.split('?')[1] ?? '') }, make)).toString();
    const url = '/v3/banks?limit=1&cursor-test=kept';
    assert.deepEqual([await ask(url), await ask(url), await ask(url)], ['{"n":1}', '{"n":1}', '{"n":1}']);
    const keyed = '/v3/banks?limit=1&apikey=gk_0000000000000000000000000000000a';
    assert.deepEqual([await ask(keyed), await ask(keyed), await ask(keyed.replace('apikey', 'apiKey'))], ['{"n":2}', '{"n":3}', '{"n":4}']);
    const failing = '/v3/banks?limit=1&fails=1';
    await assert.rejects(() => ask(failing, () => { throw new Error('no such bank'); }));
    assert.deepEqual([await ask(failing), await ask(failing)], ['{"n":5}', '{"n":5}']);
  });

  describe('over HTTP', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    it('serves the new snapshot at once after a swap, not a kept answer of the old one', async () => {
      const body = async (path: string) => (await getJson(t, path)).body;
      const path = '/v3/banks/0001/branches?limit=2&fields=code,name';
      assert.deepEqual(await body(path), await body(path));
      assert.deepEqual(await body('/v3/version'), { version: '2026-08-24T00:00:00+0900' });
      const older = buildDirectory(readZenginPackage(installedPackageDir('zengin-code-20260225')));
      assert.notEqual(older.version, '2026-08-24T00:00:00+0900');
      t.snapshots.replace(new Snapshot(older));
      try {
        assert.deepEqual(await body('/v3/version'), { version: older.version });
      } finally {
        t.snapshots.replace(new Snapshot(directory));
      }
      assert.deepEqual(await body('/v3/version'), { version: '2026-08-24T00:00:00+0900' });
    });
  });
});
