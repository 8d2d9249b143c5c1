/** `filter` through the Search API on the real data: every version, paging, errors, safety. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cpuMs } from '../src/search/filter-budget.js';
import { getJson, invalidParam, startTestApp, type TestApp } from './support/app.js';
import { HOSTILE_FILTER_CPU_MS } from './support/hostile-filter.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const q = (filter: string) => encodeURIComponent(filter);
type Page = { banks?: { code: string }[]; branches?: { code: string; name?: string }[]; data?: { code: string }[]; businessTypes?: { code: string }[]; hasNext: boolean; nextCursor?: string; size: number };

describe('filter in v3, v2 and v1', () => {
  it('filters banks by type in v3 and v2, and by code in v1 (which has no type fields)', async () => {
    const v3 = (await getJson(t, `/v3/banks?limit=2000&fields=code&filter=${q('businessTypeCode==00200')}`)).body as Page;
    assert.deepEqual(v3.banks, [{ code: '0001' }, { code: '0005' }, { code: '0009' }, { code: '0010' }, { code: '0017' }]);
    const v2 = (await getJson(t, `/v2/banks?limit=2000&fields=code&filter=${q('businessTypeCode==00200')}`)).body as Page;
    assert.deepEqual(v2.data, v3.banks);
    const v1 = (await getJson(t, `/v1/banks?filter=${q('code=in=(0001,0009)')}`)).body as Page;
    assert.deepEqual(v1.data!.map((b) => b.code), ['0001', '0009']);
    const noType = await getJson(t, `/v1/banks?filter=${q('businessTypeCode==00200')}`);
    assert.equal(noType.status, 400);
    const message = 'unknown property "businessTypeCode" at position 1; properties are code, name, halfWidthKana, fullWidthKana, hiragana';
    assert.deepEqual(noType.body, invalidParam('filter', 'businessTypeCode==00200', message));
  });

  it('filters branches and combines with sort, fields and limit', async () => {
    const res = await getJson(t, `/v3/banks/0001/branches?fields=code,name&sort=-code&filter=${q('name==新宿*;name!=新宿')}`);
    assert.equal(res.status, 200);
    assert.deepEqual((res.body as Page).branches, [
      { code: '353', name: '新宿西口' },
      { code: '209', name: '新宿新都心' },
      { code: '093', name: '新宿法人' },
      { code: '069', name: '新宿南口' },
      { code: '066', name: '新宿中央' },
    ]);
    const v2 = (await getJson(t, `/v2/banks/0005/branches?limit=2000&fields=code&filter=${q('name=re=駅前$')}`)).body as Page;
    assert.equal(v2.data!.length, 75);
  });

  it('filters institution types', async () => {
    const res = await getJson(t, `/v3/businessTypes?filter=${q('code=in=(00200,01100),name==*労働*')}`);
    assert.deepEqual((res.body as Page).businessTypes, [
      { code: '00200', name: '都市銀行' },
      { code: '01100', name: '信用金庫' },
      { code: '01500', name: '労働金庫連合会' },
      { code: '01600', name: '労働金庫' },
    ]);
  });

  it('pages through a filtered list with its cursor and refuses that cursor with another filter', async () => {
    const filter = q('businessTypeCode==01100');
    const codes: string[] = [];
    let url = `/v3/banks?limit=100&fields=code&filter=${filter}`;
    for (;;) {
      const page = (await getJson(t, url)).body as Page;
      codes.push(...page.banks!.map((b) => b.code));
      if (!page.hasNext) break;
      url = `/v3/banks?limit=100&fields=code&filter=${filter}&cursor=${page.nextCursor}`;
    }
    assert.equal(codes.length, 254);
    assert.deepEqual(codes, [...codes].sort());
    const cursor = ((await getJson(t, `/v3/banks?limit=10&filter=${filter}`)).body as Page).nextCursor!;
    const other = await getJson(t, `/v3/banks?limit=10&filter=${q('businessTypeCode==01400')}&cursor=${cursor}`);
    const message = 'cursor belongs to a request with other conditions; repeat the request that returned it, changing only cursor or limit';
    assert.deepEqual(other.body, invalidParam('cursor', cursor, message));
    assert.deepEqual((await getJson(t, `/v3/banks?limit=10&cursor=${cursor}`)).body, invalidParam('cursor', cursor, message));
  });
});

describe('invalid filters', () => {
  it('answers 400 naming filter, with the value and where it went wrong', async () => {
    const cases: [string, string][] = [
      ['code==', 'invalid filter: unexpected end at position 7'],
      ['code=in=(0001', 'invalid filter: unexpected end at position 14'],
      ['name=re="(x)\\\\1"', 'backreferences are not supported in =re= (position 13)'],
      ['code=~=1', "invalid filter: unexpected character '=' at position 5"],
    ];
    for (const [filter, message] of cases) {
      const res = await getJson(t, `/v3/banks?filter=${q(filter)}`);
      assert.equal(res.status, 400, filter);
      assert.deepEqual(res.body, invalidParam('filter', filter, message), filter);
    }
    const empty = await getJson(t, '/v3/banks?filter=');
    assert.deepEqual(empty.body, invalidParam('filter', '', 'the filter is empty'));
  });
});

/**
 * Work done for a request, in ms of this process's CPU time: the server runs in-process (inject),
 * so this is what the request costs the event loop, unaffected by other processes on a busy CI
 * machine. Wall time is bounded too, generously, to catch a real stall.
 */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number }> {
  const cpu = cpuMs();
  const wall = performance.now();
  const result = await work();
  return { result, cpuMs: cpuMs() - cpu, wallMs: performance.now() - wall };
}

describe('hostile regular expressions', () => {
  it('answer in bounded time over all branches of the largest bank while other requests are served', async () => {
    // 0005 三菱ＵＦＪ銀行 has the most branches (717); the half-width readings are the longest field.
    for (const pattern of ['(a+)+$', '(.*)*x', '(.|.)*x', '.*.*.*.*.*.*.*x']) {
      const { result, cpuMs, wallMs } = await timed(() =>
        Promise.all([getJson(t, `/v3/banks/0005/branches?limit=2000&filter=${q(`halfWidthKana=re="${pattern}"`)}`), getJson(t, '/v3/banks/0001')]),
      );
      const [bomb, lookup] = result;
      assert.ok([200, 400].includes(bomb.status), `${pattern}: ${bomb.status}`);
      assert.equal(lookup.status, 200);
      assert.ok(cpuMs < HOSTILE_FILTER_CPU_MS, `${pattern} took ${cpuMs.toFixed(1)} ms of CPU`);
      assert.ok(wallMs < 1000, `${pattern} took ${wallMs.toFixed(1)} ms`);
    }
  });

  it('stop at the evaluation budget over every branch list: an error, never a stall', async () => {
    const banks = ((await getJson(t, '/v3/banks?limit=2000&fields=code')).body as Page).banks!;
    const filter = q('halfWidthKana=re=".*.*.*.*.*.*.*.*.*x"');
    let slowest = 0;
    for (const bank of banks.slice(0, 200)) {
      const { result, cpuMs, wallMs } = await timed(() => getJson(t, `/v3/banks/${bank.code}/branches?limit=2000&filter=${filter}`));
      slowest = Math.max(slowest, cpuMs);
      assert.ok([200, 400].includes(result.status));
      assert.ok(wallMs < 1000, `${bank.code} took ${wallMs.toFixed(1)} ms`);
    }
    assert.ok(slowest < HOSTILE_FILTER_CPU_MS, `slowest ${slowest.toFixed(1)} ms of CPU`);
  });
});
