/** What the Search API keeps between requests: the bounded map, record JSON, search results and answers per snapshot. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { buildDirectory } from '../src/dataset/build.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { installedPackageDir, readZenginPackage } from '../src/dataset/zengin.js';
import { keptJsonBytes, RECORD_JSON_BYTES, toJson } from '../src/shared/answer-json.js';
import { resolve } from '../src/resolve/resolve.js';
import { distinctRequests } from '../bench/distinct.js';
import { cachedAnswer } from '../src/http/edge/answer-cache.js';
import { parseQueryString } from '../src/http/edge/query-string.js';
import { Doorkeeper, DOORKEEPER_SLOTS } from '../src/shared/doorkeeper.js';
import { jsonBytes } from '../src/shared/json-bytes.js';
import { ByteArena, ownCopy } from '../src/shared/kept-bytes.js';
import { Lru } from '../src/shared/lru.js';
import { CursorCodec } from '../src/shared/cursor.js';
import { runList } from '../src/search/operations.js';
import { cachedResult, RESULT_CACHE_BYTES } from '../src/search/result-cache.js';
import { bundledDirectory, bundledSnapshot, getJson, startTestApp, type TestApp } from './support/app.js';

describe('Lru', () => {
  it('keeps at most its capacity, dropping an entry not used since it was last passed over', () => {
    const lru = new Lru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    assert.equal(lru.get('a'), 1);
    lru.set('c', 3);
    assert.deepEqual([lru.get('a'), lru.get('b'), lru.get('c'), lru.size], [1, undefined, 3, 2]);
  });

  it('bounds the total weight, replaces a key in place and never keeps an entry heavier than the whole', () => {
    const lru = new Lru<string>(10, (key, value) => key.length + value.length);
    lru.set('a', 'xxxx');
    lru.set('b', 'yyyy');
    lru.set('a', 'zz');
    assert.deepEqual([lru.get('b'), lru.size], ['yyyy', 2]);
    lru.set('c', 'wwww');
    assert.deepEqual([lru.get('a'), lru.get('b'), lru.get('c')], [undefined, 'yyyy', 'wwww']);
    lru.set('d', 'x'.repeat(10));
    assert.deepEqual([lru.get('d'), lru.size], [undefined, 2]);
  });

  it('under any sequence of sets and gets keeps the newest entry and never more than its capacity', () => {
    const op = fc.oneof(fc.record({ set: fc.integer({ min: 0, max: 60 }), weight: fc.integer({ min: 1, max: 12 }) }), fc.record({ get: fc.integer({ min: 0, max: 60 }) }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000 }), (ops) => {
        const lru = new Lru<number>(40, (_key, weight) => weight);
        const model = new Map<string, number>();
        for (const o of ops) {
          if ('set' in o) {
            lru.set(String(o.set), o.weight);
            model.set(String(o.set), o.weight);
            assert.equal(lru.get(String(o.set)), o.weight, 'the entry just set is kept');
          } else {
            const got = lru.get(String(o.get));
            if (got !== undefined) assert.equal(got, model.get(String(o.get)), 'a kept value is the last one set');
          }
        }
        let total = 0;
        for (const key of model.keys()) total += lru.get(key) ?? 0;
        assert.ok(total <= 40, `kept weight ${total}`);
      }),
    );
  });

  it('lets go of an evicted value at once: nothing in the cache keeps it reachable', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const lru = new Lru<object>(2);
    const refs: WeakRef<object>[] = [];
    for (let i = 0; i < 3; i++) {
      const value = { i };
      refs.push(new WeakRef(value));
      lru.set(`k${i}`, value);
    }
    // A WeakRef holds its target until the current job ends.
    await new Promise(setImmediate);
    gc();
    assert.equal(refs[0]!.deref(), undefined, 'the evicted value is collected');
    assert.deepEqual([refs[1]!.deref(), refs[2]!.deref()], [{ i: 1 }, { i: 2 }]);
  });
});

describe('Doorkeeper: who is let into a cache', () => {
  it('counts how often each key was asked for', () => {
    const door = new Doorkeeper();
    assert.deepEqual(['a', 'a', 'a', 'b', 'a', 'b'].map((k) => door.sighting(k)), [1, 2, 3, 1, 4, 2]);
    assert.deepEqual([door.count('a'), door.count('b'), door.count('c')], [4, 2, 0]);
  });

  it('counts 10,000 distinct URLs once each, and 50,000 others after them, but for one that shares its counters with others', () => {
    const door = new Doorkeeper();
    const urls = Array.from({ length: 10_000 }, (_, i) => `/v3/banks/${String(i).padStart(4, '0')}/branches?limit=${i % 30}`);
    for (const url of urls) door.sighting(url);
    for (let i = 0; i < 50_000; i++) door.sighting(`/v3/freeword/banks?freeword=${i}`);
    assert.deepEqual(urls.map((url) => door.count(url)).filter((n) => n !== 1), [2]);
  });

  it('counts a kept key at the top without its sketch until a halving, as the sketch would, its hits still bringing the halving', () => {
    const door = new Doorkeeper();
    const plain = new Doorkeeper();
    const lru = new Lru<number>(100, undefined, door);
    const ask = () => {
      plain.sighting('hot');
      if (lru.get('hot') === undefined && lru.admit('hot')) lru.set('hot', 1);
    };
    for (let i = 0; i < 22; i++) ask();
    assert.deepEqual([door.count('hot'), plain.count('hot'), door.halvings], [15, 15, 0]);
    // A halving every 10 × DOORKEEPER_SLOTS requests, hits at the top included.
    for (let i = 22; i < 10 * DOORKEEPER_SLOTS; i++) ask();
    assert.deepEqual([door.count('hot'), plain.count('hot'), door.halvings, plain.halvings], [7, 7, 1, 1]);
    ask();
    assert.deepEqual([door.count('hot'), plain.count('hot')], [8, 8]);
  });

  it('lets a cache keep a key from its second request on; once full, only a key asked for more often than the one it would push out', () => {
    const lru = new Lru<number>(100, undefined, new Doorkeeper());
    const ask = (key: string) => {
      if (lru.get(key) !== undefined) return 'hit';
      if (!lru.admit(key)) return 'made';
      lru.set(key, 1);
      return 'kept';
    };
    const cycle = () => {
      const seen = { hit: 0, made: 0, kept: 0 };
      for (let i = 0; i < 300; i++) seen[ask(`k${i}`)]++;
      return seen;
    };
    // 300 keys in turn, three times what the cache holds. The second turn fills it. In the third
    // each key, now asked for once more than the one the cache would push out next, takes its
    // place (one turn of churn); from then on the kept keys are asked for as often as the others,
    // stay, and are found in every turn. The rule before (any key asked for a second time, then
    // forgotten) kept 296, 0, 196 and 100 keys in turns two to five, for as many hits.
    assert.deepEqual(
      Array.from({ length: 5 }, cycle),
      [
        { hit: 0, made: 300, kept: 0 },
        { hit: 0, made: 199, kept: 101 },
        { hit: 0, made: 200, kept: 100 },
        { hit: 100, made: 200, kept: 0 },
        { hit: 100, made: 200, kept: 0 },
      ],
    );
    // A key asked for more often than the others gets in.
    assert.deepEqual(Array.from({ length: 7 }, () => ask('hot')), ['made', 'made', 'made', 'made', 'made', 'kept', 'hit']);
  });

  it('on traffic where a few keys are asked for often and most seldom, finds more and keeps far fewer than a cache that takes every key', () => {
    /** mulberry32, so that the stream is the same in every run. */
    let seed = 7;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    // Zipf's law over 100,000 keys with exponent 0.8: key i is asked for in proportion to 1 / i^0.8.
    const cumulative: number[] = [];
    let total = 0;
    for (let i = 1; i <= 100_000; i++) cumulative.push((total += 1 / i ** 0.8));
    const stream = Array.from({ length: 300_000 }, () => {
      const u = random() * total;
      let [lo, hi] = [0, cumulative.length - 1];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < u) lo = mid + 1;
        else hi = mid;
      }
      return `k${lo}`;
    });
    const measure = (lru: Lru<number>) => {
      let [hits, kept] = [0, 0];
      stream.forEach((key, i) => {
        // The first 100,000 requests fill the cache; the rest are counted.
        const counted = i >= 100_000 ? 1 : 0;
        if (lru.get(key) !== undefined) hits += counted;
        else if (lru.admit(key)) {
          lru.set(key, 1);
          kept += counted;
        }
      });
      return { hits, kept };
    };
    // Of the 200,000 requests counted. The rule before (any key asked for a second time) found
    // 86,478 and kept 30,395.
    assert.deepEqual(measure(new Lru<number>(5000, undefined, new Doorkeeper())), { hits: 96_090, kept: 1_913 });
    assert.deepEqual(measure(new Lru<number>(5000)), { hits: 76_357, kept: 123_643 });
  });
});

describe('record JSON', () => {
  const directory = bundledDirectory();
  const snapshot = bundledSnapshot();

  it('is exactly JSON.stringify for every bank and branch, first made and then kept', () => {
    for (const bank of directory.banks) {
      const branches = directory.branches(bank.code);
      for (let round = 0; round < 2; round++) {
        assert.equal(toJson(snapshot, bank).toString(), JSON.stringify(bank));
        assert.equal(toJson(snapshot, { bank, branches }).toString(), JSON.stringify({ bank, branches }));
      }
    }
  });

  it('is exactly JSON.stringify for any JSON value, frozen or not, with undefined members', () => {
    const withHoles = fc.oneof(fc.jsonValue(), fc.record({ a: fc.constant(undefined), b: fc.jsonValue() }), fc.array(fc.oneof(fc.constant(undefined), fc.jsonValue())));
    fc.assert(
      fc.property(withHoles, fc.boolean(), (value, frozen) => {
        const v = frozen && value !== null && typeof value === 'object' ? Object.freeze(value) : value;
        assert.equal(toJson(snapshot, v).toString(), JSON.stringify(v));
      }),
    );
  });

  it('is exactly JSON.stringify for strings with quotes, controls, lone or paired surrogates and Japanese text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => assert.equal(toJson(snapshot, { text, list: [text] }).toString(), JSON.stringify({ text, list: [text] }))));
    for (const text of ['東京"営業部', '\\\u0001', '\ud83d\ude00', '\ud83d', 'ﾄｳｷﾖｳ', '\u2028']) assert.equal(toJson(snapshot, [text]).toString(), JSON.stringify([text]));
  });

  it('is exactly JSON.stringify for nested objects with frozen parts and Japanese text (Resolve answers)', () => {
    const pairs = distinctRequests().get('resolve')!.slice(0, 600);
    for (const { body } of pairs) {
      const names = JSON.parse(body!) as { bank_name: string; branch_name: string };
      for (const context of ['default', 'payment'] as const) {
        const { answer } = resolve(snapshot, { bankName: names.bank_name, branchName: names.branch_name, context });
        assert.equal(toJson(snapshot, answer).toString(), JSON.stringify(answer));
      }
    }
  });

  it('keeps at most RECORD_JSON_BYTES of JSON per snapshot, then makes it afresh', () => {
    const own = new Snapshot(bundledDirectory());
    // Twice the bound in frozen objects of 256 KiB: half of them kept.
    const frozen = Array.from({ length: 64 }, (_, i) => Object.freeze({ i, text: 'x'.repeat(RECORD_JSON_BYTES / 32) }));
    for (const value of frozen) assert.equal(toJson(own, value).toString(), JSON.stringify(value));
    // Objects are kept while less than the bound is: the last one kept passes it.
    let expected = 0;
    for (const value of frozen) if (expected < RECORD_JSON_BYTES) expected += Buffer.byteLength(JSON.stringify(value));
    assert.ok(expected > RECORD_JSON_BYTES && expected < RECORD_JSON_BYTES * 1.05);
    assert.equal(keptJsonBytes(own), expected);
    for (const value of frozen) assert.equal(toJson(own, value).toString(), JSON.stringify(value), 'and again, kept or not');
    assert.equal(keptJsonBytes(own), expected, 'nothing more kept');
  });

  it('is written as UTF-8 from ASCII text, any text and kept bytes, to the exact length, also past the scratch buffer and nested', () => {
    const made = jsonBytes((out) => {
      out.ascii('{"a":').text('"東京"').ascii(',"b":').bytes(Buffer.from('"ﾄｳｷﾖｳ"')).ascii(',"long":"' + 'x'.repeat(40) + '","c":');
      assert.equal(jsonBytes((inner) => inner.ascii('[1]')).toString(), '[1]', 'a call inside another gets a buffer of its own');
      out.text('1').ascii('}');
    });
    const expected = `{"a":"東京","b":"ﾄｳｷﾖｳ","long":"${'x'.repeat(40)}","c":1}`;
    assert.equal(made.toString(), expected);
    assert.equal(made.length, Buffer.byteLength(expected));
    assert.equal(jsonBytes(() => {}).length, 0);
    const large = 'とうきょう'.repeat(30_000);
    assert.equal(jsonBytes((out) => out.text(JSON.stringify(large))).toString(), JSON.stringify(large));
    assert.equal(jsonBytes((out) => out.ascii('"ok"')).toString(), '"ok"', 'the scratch buffer is usable after a larger answer');
    assert.throws(() => jsonBytes(() => { throw new Error('made nothing'); }), /made nothing/);
    assert.equal(jsonBytes((out) => out.ascii('[]')).toString(), '[]', 'and after a failed one');
  });

  it('writes any text as a JSON string exactly as JSON.stringify does, past the scratch buffer too', () => {
    const texts = ['', 'req-c9442358-1', '/v3/banks?fields=code,name', 'みずほ銀行', 'ﾐｽﾞﾎ', 'a"b', 'a\\b', 'tab\there', '\u0000\u001f\u007f', 'x\ud800y', '\udc00', '😀', 'ｶﾌﾞｼｷｶﾞｲｼﾔ "東京"', 'x'.repeat(70_000), 'と'.repeat(30_000) + '\n'];
    for (const text of texts) {
      const made = jsonBytes((out) => out.ascii('[').string(text).ascii(']'));
      assert.equal(made.toString(), JSON.stringify([text]), JSON.stringify(text).slice(0, 40));
    }
  });

  it('keeps record JSON in slabs of its own, never in Buffer\'s shared pool, and copies a pooled cache entry out of it', () => {
    const arena = new ByteArena();
    const branches = directory.banks.flatMap((bank) => directory.branches(bank.code)).slice(0, 2000);
    const kept = branches.map((branch) => arena.keep(JSON.stringify(branch)));
    const pool = Buffer.from('x').buffer;
    const slabs = new Set(kept.map((bytes) => bytes.buffer));
    assert.ok(!slabs.has(pool));
    const total = kept.reduce((n, bytes) => n + bytes.length, 0);
    // 64 KiB slabs, each filled but for the room the next record might have needed.
    assert.ok(slabs.size <= Math.ceil(total / (60 * 1024)), `${slabs.size} slabs for ${total} bytes`);
    kept.forEach((bytes, i) => assert.equal(bytes.toString(), JSON.stringify(branches[i])));
    const pooled = Buffer.from('{"decision":"unresolved"}');
    assert.equal(pooled.buffer, pool);
    const own = ownCopy(pooled);
    assert.notEqual(own.buffer, pool);
    assert.equal(own.buffer.byteLength, pooled.length);
    assert.equal(own.toString(), pooled.toString());
    assert.equal(ownCopy(own), own, 'a buffer of its own is kept as it is');
  });
});

describe('search results kept per snapshot', () => {
  it('computes at most twice per key and snapshot (kept from the second time on), and keeps no failure', () => {
    const [one, two] = [new Snapshot(bundledDirectory()), new Snapshot(bundledDirectory())];
    let computed = 0;
    const compute = () => [++computed];
    const weigh = () => 100;
    const k = (snapshot: Snapshot, key: string) => cachedResult(snapshot, key, compute, weigh);
    assert.deepEqual([k(one, 'k'), k(one, 'k'), k(one, 'k'), k(two, 'k'), k(one, 'other')], [[1], [2], [2], [3], [4]]);
    assert.throws(() => cachedResult(one, 'bad', () => { throw new Error('over budget'); }, weigh), /over budget/);
    assert.throws(() => cachedResult(one, 'bad', () => { throw new Error('over budget'); }, weigh), /over budget/);
    assert.deepEqual([k(one, 'bad'), k(one, 'bad'), k(one, 'bad')], [[5], [6], [6]], 'a failure was not a sighting');
  });

  it('keeps results by their weight in bytes: distinct heavy results cannot pass RESULT_CACHE_BYTES', () => {
    const snapshot = new Snapshot(bundledDirectory());
    let computed = 0;
    const heavy = () => RESULT_CACHE_BYTES / 4;
    const ask = (i: number) => cachedResult(snapshot, `heavy-${i}`, () => ++computed, heavy);
    // Each asked twice: kept from the second time while there is room for three (each a little
    // over a quarter with its entry). The fourth pushed the first out and filled the cache; the
    // others, asked for no more often than those kept, were not let in.
    for (let i = 0; i < 10; i++) for (let twice = 0; twice < 2; twice++) ask(i);
    assert.equal(computed, 20);
    for (const i of [1, 2, 3]) ask(i);
    assert.equal(computed, 20, 'the second to fourth are kept');
    ask(9);
    assert.equal(computed, 21, 'the tenth, asked for as often as those kept, is not let in');
    ask(9);
    ask(9);
    assert.equal(computed, 22, 'asked for more often now, the tenth is kept');
    ask(1);
    assert.equal(computed, 23, 'the oldest of the three was pushed out for it');
  });

  it('evaluates a filter at most twice for every order and page of its list', () => {
    let tested = 0;
    const banks = bundledDirectory().banks.slice(0, 50);
    // Each bank seen through a name getter that counts how often the filter reads it.
    const items = banks.map((bank) => Object.defineProperty({ ...bank }, 'name', { get: () => (tested++, bank.name), enumerable: true }));
    const ctx = { snapshot: bundledSnapshot(), cursors: new CursorCodec(Buffer.alloc(32)) };
    const list = (sort: string, limit: string) =>
      runList({ ctx, listId: 'filter-once-test', items, baseKey: (b) => [b.code], view: { fields: ['code', 'name'], sortable: true, complete: false }, params: { filter: 'name==*銀行', sort, limit, fields: 'code' }, defaultLimit: 20 });
    const first = list('code', '10');
    assert.equal(tested, banks.length);
    const reversed = list('-code', '5');
    assert.equal(tested, 2 * banks.length, 'evaluated again, and kept from this second time on (src/shared/doorkeeper.ts)');
    const paged = list('code', '3');
    assert.equal(tested, 2 * banks.length, 'a third order and page reuse the kept evaluation');
    assert.deepEqual([first.items[0]!.code, reversed.items[0]!.code, paged.items.length], [banks[0]!.code, banks.filter((b) => b.name.endsWith('銀行')).at(-1)!.code, 3]);
  });
});

describe('Search answers kept per snapshot', () => {
  const directory = bundledDirectory();
  const snapshot = bundledSnapshot();

  it('answers a URL asked again from the cache from its third request on, but never one carrying its key, and keeps no error', () => {
    let made = 0;
    const answer = () => Buffer.from(`{"n":${++made}}`);
    const url = '/v3/banks?limit=1&cursor-test=kept';
    const made3 = [1, 2, 3].map(() => cachedAnswer(snapshot, url, parseQueryString('limit=1&cursor-test=kept'), answer).toString());
    assert.deepEqual(made3, ['{"n":1}', '{"n":2}', '{"n":2}'], 'kept from the second request on');
    const keyed = '/v3/banks?limit=1&apikey=gk_0000000000000000000000000000000a';
    for (const n of [3, 4, 5]) assert.equal(cachedAnswer(snapshot, keyed, parseQueryString(keyed.split('?')[1]!), answer).toString(), `{"n":${n}}`);
    assert.equal(cachedAnswer(snapshot, keyed.replace('apikey', 'apiKey'), parseQueryString(keyed.split('?')[1]!.replace('apikey', 'apiKey')), answer).toString(), '{"n":6}');
    const failing = '/v3/banks?limit=1&fails=1';
    assert.throws(() => cachedAnswer(snapshot, failing, parseQueryString('limit=1&fails=1'), () => { throw new Error('no such bank'); }));
    assert.throws(() => cachedAnswer(snapshot, failing, parseQueryString('limit=1&fails=1'), () => { throw new Error('no such bank'); }));
    assert.equal(cachedAnswer(snapshot, failing, parseQueryString('limit=1&fails=1'), answer).toString(), '{"n":7}');
    assert.equal(cachedAnswer(snapshot, failing, parseQueryString('limit=1&fails=1'), answer).toString(), '{"n":8}', 'an error was not a sighting');
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
