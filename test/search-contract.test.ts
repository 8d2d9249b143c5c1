/**
 * One contract suite, run against v1, v2 and v3: the same requests, each version's shape rules
 * (docs/search-api.md#versions). The engine is shared, so the items must be equal where shapes
 * allow.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { getJson, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

type Version = 'v1' | 'v2' | 'v3';
const VERSIONS: readonly Version[] = ['v1', 'v2', 'v3'];
const TYPE_FIELDS = ['businessTypeCode', 'businessType'];

interface Shape {
  itemsKey: (kind: 'banks' | 'branches' | 'businessTypes') => string;
  branchListHasBank: boolean;
  getBranchIsArray: boolean;
  bankHasTypes: boolean;
  hasSort: boolean;
  hasBusinessTypes: boolean;
}

const SHAPES: Record<Version, Shape> = {
  v1: { itemsKey: () => 'data', branchListHasBank: false, getBranchIsArray: true, bankHasTypes: false, hasSort: false, hasBusinessTypes: false },
  v2: { itemsKey: () => 'data', branchListHasBank: false, getBranchIsArray: true, bankHasTypes: true, hasSort: true, hasBusinessTypes: true },
  v3: { itemsKey: (k) => k, branchListHasBank: true, getBranchIsArray: false, bankHasTypes: true, hasSort: true, hasBusinessTypes: true },
};

for (const version of VERSIONS) {
  const shape = SHAPES[version];
  describe(`Search ${version} contract`, () => {
    it('lists banks under its items key with the envelope and version', async () => {
      const res = await getJson(t, `/${version}/banks?limit=3`);
      const body = res.body as Record<string, unknown>;
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(body), [shape.itemsKey('banks'), 'size', 'limit', 'hasNext', 'nextCursor', 'hasPrev', 'version']);
      const items = body[shape.itemsKey('banks')] as Record<string, string>[];
      assert.deepEqual(items.map((b) => b.code), ['0001', '0005', '0009']);
      for (const f of TYPE_FIELDS) assert.equal(f in items[0]!, shape.bankHasTypes, `${f} in ${version}`);
    });

    it('gets one bank as an object', async () => {
      const res = await getJson(t, `/${version}/banks/0005`);
      const expected: Record<string, string> = { code: '0005', name: '三菱ＵＦＪ銀行', halfWidthKana: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲｷﾞﾝｺｳ', fullWidthKana: 'ミツビシユ－エフジエイギンコウ', hiragana: 'みつびしゆ－えふじえいぎんこう' };
      if (shape.bankHasTypes) Object.assign(expected, { businessTypeCode: '00200', businessType: '都市銀行' });
      assert.deepEqual(res.body, expected);
    });

    it('lists branches, with bank only in v3', async () => {
      const res = await getJson(t, `/${version}/banks/0005/branches?limit=2&fields=code,name`);
      const body = res.body as Record<string, unknown>;
      assert.equal('bank' in body, shape.branchListHasBank);
      assert.deepEqual(body[shape.itemsKey('branches')], t.directory.branches('0005').slice(0, 2).map((b) => ({ code: b.code, name: b.name })));
    });

    it('gets a branch as an object in v3 and as an array before', async () => {
      const res = await getJson(t, `/${version}/banks/0489/branches/718?fields=code,name`);
      const branch = { code: '718', name: '東京' };
      if (shape.getBranchIsArray) assert.deepEqual(res.body, [branch]);
      else assert.deepEqual((res.body as { branch: unknown }).branch, branch);
    });

    it('pages with cursors the same way', async () => {
      const first = (await getJson(t, `/${version}/banks?limit=2&fields=code`)).body as Record<string, unknown>;
      const second = (await getJson(t, `/${version}/banks?limit=2&fields=code&cursor=${first.nextCursor}`)).body as Record<string, unknown>;
      assert.deepEqual(second[shape.itemsKey('banks')], [{ code: '0009' }, { code: '0010' }]);
      assert.equal(second.hasPrev, true);
    });

    it(shape.hasSort ? 'sorts' : 'refuses sort with a 400 naming it', async () => {
      const res = await getJson(t, `/${version}/banks?sort=-code&limit=1&fields=code`);
      if (shape.hasSort) assert.deepEqual((res.body as Record<string, unknown>)[shape.itemsKey('banks')], [{ code: '9900' }]);
      else {
        assert.equal(res.status, 400);
        assert.deepEqual(res.body, {
          httpStatusCode: 400, code: 'INVALID_PARAMETER', message: 'sort is not available in this API version',
          validationErrors: [{ message: 'sort is not available in this API version', paramName: 'sort', invalidValue: '-code' }],
        });
      }
    });

    it(shape.hasBusinessTypes ? 'lists institution types' : 'has no institution types (404)', async () => {
      const res = await getJson(t, `/${version}/businessTypes?limit=1`);
      if (shape.hasBusinessTypes) assert.deepEqual((res.body as Record<string, unknown>)[shape.itemsKey('businessTypes')], [{ code: '00200', name: '都市銀行' }]);
      else assert.deepEqual(res.body, { httpStatusCode: 404, code: 'NOT_FOUND', message: 'no resource at GET /v1/businessTypes', validationErrors: [] });
    });

    it('reports the version', async () => {
      assert.deepEqual((await getJson(t, `/${version}/version`)).body, { version: '2026-08-24T00:00:00+0900' });
    });

    it('refuses type fields in v1 and accepts them later', async () => {
      const res = await getJson(t, `/${version}/banks/0001?fields=code,businessType`);
      assert.equal(res.status, shape.bankHasTypes ? 200 : 400);
    });

    it(version === 'v1' ? 'has no freeword search' : 'searches by freeword, branch results with bank only in v3', async () => {
      const banks = await getJson(t, `/${version}/freeword/banks?freeword=${encodeURIComponent('みずほ')}&fields=code`);
      const branches = await getJson(t, `/${version}/freeword/banks/0001/branches?freeword=${encodeURIComponent('しんじゅく')}&limit=2&fields=code,name`);
      if (version === 'v1') {
        assert.equal(banks.status, 404);
        assert.equal(branches.status, 404);
        return;
      }
      const bankBody = banks.body as Record<string, unknown>;
      assert.deepEqual(Object.keys(bankBody), [shape.itemsKey('banks'), 'size', 'limit', 'hasNext', 'hasPrev', 'version']);
      assert.deepEqual(bankBody[shape.itemsKey('banks')], [{ code: '0001' }, { code: '0289' }, { code: '4859' }]);
      const branchBody = branches.body as Record<string, unknown>;
      assert.equal('bank' in branchBody, shape.branchListHasBank);
      assert.deepEqual(branchBody[shape.itemsKey('branches')], [{ code: '240', name: '新宿' }, { code: '066', name: '新宿中央' }]);
    });

    it('answers the same errors', async () => {
      assert.deepEqual((await getJson(t, `/${version}/banks?limit=0`)).body, {
        httpStatusCode: 400, code: 'INVALID_PARAMETER', message: 'limit must be an integer from 1 to 2000',
        validationErrors: [{ message: 'limit must be an integer from 1 to 2000', paramName: 'limit', invalidValue: '0' }],
      });
      assert.equal((await getJson(t, `/${version}/banks/9999`)).status, 404);
      assert.equal((await t.app.inject({ url: `/${version}/banks` })).statusCode, 401);
    });
  });
}

describe('requests as third-party clients send them', () => {
  it('pages /v1/banks with the apikey header, limit and cursor', async () => {
    const codes: string[] = [];
    let url = '/v1/banks?limit=400';
    for (;;) {
      const res = await t.app.inject({ url, headers: { apikey: t.key } });
      const body = JSON.parse(res.body) as { data: { code: string }[]; hasNext: boolean; nextCursor?: string };
      codes.push(...body.data.map((b) => b.code));
      if (!body.hasNext) break;
      url = `/v1/banks?limit=400&cursor=${body.nextCursor}`;
    }
    assert.equal(codes.length, 1146);
  });

  it('searches /v3/freeword/banks with apiKey in the query, limit=10 and fields=code,name', async () => {
    const res = await t.app.inject({ url: `/v3/freeword/banks?apiKey=${t.key}&freeword=${encodeURIComponent('しんきん')}&limit=10&fields=code,name` });
    assert.equal(res.statusCode, 200);
    const body = JSON.parse(res.body) as { banks: { code: string; name: string }[]; size: number; limit: number; hasNext: boolean; nextCursor: string };
    assert.deepEqual(body.banks.slice(0, 3), [
      { code: '1000', name: '信金中央金庫' },
      { code: '1001', name: '北海道信用金庫' },
      { code: '1003', name: '室蘭信用金庫' },
    ]);
    assert.equal(body.size, 10);
    assert.equal(body.limit, 10);
    assert.equal(body.hasNext, true);
  });

  it('imports every bank and every branch through /v3 with limit=2000, parsing the envelope strictly', async () => {
    const strictKeys = (body: Record<string, unknown>, items: string, extra: string[]) => {
      const allowed = new Set([items, ...extra, 'size', 'limit', 'hasNext', 'nextCursor', 'hasPrev', 'prevCursor', 'version']);
      for (const k of Object.keys(body)) assert.ok(allowed.has(k), `unexpected member ${k}`);
      assert.equal(typeof body.size, 'number');
      assert.equal(typeof body.hasNext, 'boolean');
      assert.equal(typeof body.hasPrev, 'boolean');
      assert.equal((body[items] as unknown[]).length, body.size);
    };
    const banks = (await getJson(t, '/v3/banks?limit=2000')).body as Record<string, unknown> & { banks: { code: string }[] };
    strictKeys(banks, 'banks', []);
    assert.equal(banks.banks.length, 1146);
    let branches = 0;
    for (const bank of banks.banks) {
      let cursor = '';
      for (;;) {
        const body = (await getJson(t, `/v3/banks/${bank.code}/branches?limit=2000${cursor}`)).body as Record<string, unknown> & { branches: unknown[] };
        strictKeys(body, 'branches', ['bank']);
        branches += body.branches.length;
        if (!body.hasNext) break;
        cursor = `&cursor=${body.nextCursor}`;
      }
    }
    assert.equal(branches, 28944);
  });
});
