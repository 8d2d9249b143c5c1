import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { paginate } from '../src/search/paging.js';
import type { CursorPosition } from '../src/shared/cursor.js';
import { getJson, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

interface Envelope<T> {
  size: number;
  hasNext: boolean;
  nextCursor?: string;
  hasPrev: boolean;
  prevCursor?: string;
  banks: T[];
  branches: T[];
}

describe('cursor paging over HTTP', () => {
  it('walks all 1,146 banks forward once each with limit=500, and back with prevCursor', async () => {
    const pages: string[][] = [];
    let url = '/v3/banks?limit=500&fields=code';
    const prevCursors: (string | undefined)[] = [];
    for (;;) {
      const body = (await getJson(t, url)).body as Envelope<{ code: string }>;
      pages.push(body.banks.map((b) => b.code));
      prevCursors.push(body.prevCursor);
      assert.equal(body.hasPrev, pages.length > 1);
      if (!body.hasNext) {
        assert.equal(body.nextCursor, undefined);
        break;
      }
      url = `/v3/banks?limit=500&fields=code&cursor=${body.nextCursor}`;
    }
    const codes = pages.flat();
    assert.deepEqual(pages.map((p) => p.length), [500, 500, 146]);
    assert.deepEqual(codes, t.directory.banks.map((b) => b.code));
    // Backwards from the last page gives the earlier pages again.
    const back = (await getJson(t, `/v3/banks?limit=500&fields=code&cursor=${prevCursors[2]}`)).body as Envelope<{ code: string }>;
    assert.deepEqual(back.banks.map((b) => b.code), pages[1]);
    const first = (await getJson(t, `/v3/banks?limit=500&fields=code&cursor=${back.prevCursor}`)).body as Envelope<{ code: string }>;
    assert.deepEqual(first.banks.map((b) => b.code), pages[0]);
    assert.equal(first.hasPrev, false);
    assert.equal(first.prevCursor, undefined);
    assert.equal(first.hasNext, true);
  });

  it('walks a sorted list in both directions', async () => {
    const forward: string[] = [];
    let cursor = '';
    let last: Envelope<{ code: string }> | undefined;
    do {
      last = (await getJson(t, `/v3/banks?limit=300&fields=code&sort=-hiragana${cursor}`)).body as Envelope<{ code: string }>;
      forward.push(...last.banks.map((b) => b.code));
      cursor = `&cursor=${last.nextCursor}`;
    } while (last.hasNext);
    const expected = [...t.directory.banks].sort((a, b) => (a.hiragana < b.hiragana ? 1 : a.hiragana > b.hiragana ? -1 : a.code < b.code ? -1 : 1)).map((b) => b.code);
    assert.deepEqual(forward, expected);
  });

  it('reaches every branch of every bank', async () => {
    let total = 0;
    for (const bank of t.directory.banks) {
      const seen: string[] = [];
      let url = `/v3/banks/${bank.code}/branches?limit=2000&fields=code,name`;
      for (;;) {
        const body = (await getJson(t, url)).body as Envelope<{ code: string; name: string }>;
        seen.push(...body.branches.map((b) => `${b.code} ${b.name}`));
        if (!body.hasNext) break;
        url = `/v3/banks/${bank.code}/branches?limit=2000&fields=code,name&cursor=${body.nextCursor}`;
      }
      assert.deepEqual(seen, t.directory.branches(bank.code).map((b) => `${b.code} ${b.name}`));
      total += seen.length;
    }
    assert.equal(total, 28944);
  });

  it('pages the largest bank 100 at a time, forward and back', async () => {
    const largest = [...t.directory.banks].sort((a, b) => t.directory.branches(b.code).length - t.directory.branches(a.code).length)[0]!;
    const all = t.directory.branches(largest.code).map((b) => b.code + b.name);
    const pages: Envelope<{ code: string; name: string }>[] = [];
    let url = `/v3/banks/${largest.code}/branches?limit=100`;
    for (;;) {
      const body = (await getJson(t, url)).body as Envelope<{ code: string; name: string }>;
      pages.push(body);
      if (!body.hasNext) break;
      url = `/v3/banks/${largest.code}/branches?limit=100&cursor=${body.nextCursor}`;
    }
    assert.deepEqual(pages.flatMap((p) => p.branches.map((b) => b.code + b.name)), all);
    for (let i = pages.length - 1; i > 0; i--) {
      const back = (await getJson(t, `/v3/banks/${largest.code}/branches?limit=100&cursor=${pages[i]!.prevCursor}`)).body as Envelope<{ code: string; name: string }>;
      assert.deepEqual(back.branches, pages[i - 1]!.branches);
    }
  });
});

describe('keyset paging (pure)', () => {
  it('partitions any list for any limit, and prev pages mirror next pages', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), (names, limit, descending) => {
        const items = names.map((name, i) => ({ code: String(i).padStart(3, '0'), name }));
        const request = { items, baseKey: (b: { code: string }) => [b.code], sort: [{ field: 'name', descending }], limit };
        const pages = [];
        let cursor: CursorPosition | undefined;
        for (;;) {
          const page = paginate({ ...request, cursor });
          pages.push(page);
          if (!page.next) break;
          cursor = page.next;
        }
        const walked = pages.flatMap((p) => p.items.map((i) => i.code));
        assert.deepEqual([...walked].sort(), items.map((i) => i.code));
        assert.equal(new Set(walked).size, items.length);
        for (let i = 1; i < pages.length; i++) {
          assert.deepEqual(paginate({ ...request, cursor: pages[i]!.prev }).items, pages[i - 1]!.items);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives an empty page past the end a way back', () => {
    const items = [{ code: '001' }, { code: '002' }];
    const page = paginate({ items, baseKey: (b) => [b.code], sort: [], limit: 5, cursor: { direction: 'next', key: ['009'] } });
    assert.deepEqual(page.items, []);
    assert.equal(page.hasPrev, true);
    assert.deepEqual(paginate({ items, baseKey: (b) => [b.code], sort: [], limit: 5, cursor: page.prev }).items, items);
  });
});
