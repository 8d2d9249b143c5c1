/**
 * GET /history/v1/lineage/{bankCode}[/{branchCode}] (docs/lineage.md): statuses and bodies on
 * the real data, in-process; the History API's key rules and error shapes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

type Json = Record<string, unknown>;
async function get(url: string, headers: Record<string, string> = { 'x-api-key': t.key }): Promise<{ status: number; body: Json }> {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: JSON.parse(res.body) as Json };
}
const lineageOf = async (path: string) => {
  const res = await get(`/history/v1/lineage/${path}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.lineage as Json;
};
const record = (bank_code: string, bank_name: string, branch_code: string | null = null, branch_name: string | null = null) => ({ bank_code, bank_name, branch_code, branch_name });

describe('lineage over HTTP', () => {
  it('0537/110: merged into 0147-110 since 2026-05-24, the body exactly as documented', async () => {
    const res = await t.app.inject({ url: '/history/v1/lineage/0537/110', headers: { 'x-api-key': t.key } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const fukuho = (name: string) => record('0537', '福邦銀行', '110', name);
    assert.equal(
      res.body,
      JSON.stringify({
        lineage: {
          bank_code: '0537',
          branch_code: '110',
          status: 'merged',
          current: null,
          successor: record('0147', '福井銀行', '110', '春江中央'),
          since: '2026-05-24',
          events: [
            { effective_date: '2025-06-29', change_type: 'renamed', before: fukuho('春江'), after: fukuho('春江中央') },
            { effective_date: '2026-05-24', change_type: 'merged', before: fukuho('春江中央'), after: record('0147', '福井銀行', '110', '春江中央') },
            { effective_date: '2026-06-30', change_type: 'removed', before: fukuho('春江中央'), after: null },
          ],
        },
      }),
    );
  });

  it('answers every status: active, renamed, code_changed, merged and closed', async () => {
    const statuses = async (path: string) => {
      const l = await lineageOf(path);
      return [l.status, l.since];
    };
    assert.deepEqual(await statuses('0001/001'), ['active', '2019-12-17']);
    assert.deepEqual(await statuses('0038'), ['renamed', '2026-08-24']);
    assert.deepEqual(await statuses('0120/121'), ['code_changed', '2025-09-29']);
    assert.deepEqual(await statuses('0537'), ['merged', '2026-05-24']);
    assert.deepEqual(await statuses('0005/569'), ['closed', '2026-01-27']);
  });

  it('an institution: 0038 renamed, with its record of today and the rename', async () => {
    assert.deepEqual(await lineageOf('0038'), {
      bank_code: '0038',
      branch_code: null,
      status: 'renamed',
      current: record('0038', 'ドコモＳＭＴＢネット銀行'),
      successor: null,
      since: '2026-08-24',
      events: [{ effective_date: '2026-08-24', change_type: 'renamed', before: record('0038', '住信ＳＢＩネット銀行'), after: record('0038', 'ドコモＳＭＴＢネット銀行') }],
    });
  });

  it('a branch still listed whose name and reading moved to another JA: 3652/100 merged into 3636-806, current kept', async () => {
    const l = await lineageOf('3652/100');
    assert.deepEqual([l.status, l.current, l.successor], ['merged', record('3652', '名取岩沼農業協同組合', '100', '増田'), record('3636', '仙台農業協同組合', '806', '増田')]);
  });

  it('a code never seen: 404 naming it, in the History error shape', async () => {
    const bank = await get('/history/v1/lineage/9999');
    assert.equal(bank.status, 404);
    assert.deepEqual({ ...bank.body, request_id: 'x' }, { message: 'bank code 9999 is in no version of the data', request_id: 'x' });
    const branch = await get('/history/v1/lineage/0001/999');
    assert.equal(branch.status, 404);
    assert.equal(branch.body.message, 'branch code 0001-999 is in no version of the data');
  });

  it('a malformed code: 400 naming the parameter', async () => {
    const invalid = (input: string, param: string, msg: string) => ({ message: msg, request_id: 'x', detail: [{ type: 'value_error', loc: ['path', param], msg, input }] });
    for (const [url, input, param, msg] of [
      ['/history/v1/lineage/053', '053', 'bankCode', 'bankCode must be 4 half-width digits'],
      ['/history/v1/lineage/０５３７', '０５３７', 'bankCode', 'bankCode must be 4 half-width digits'],
      ['/history/v1/lineage/0537/11x', '11x', 'branchCode', 'branchCode must be 3 half-width digits'],
      ['/history/v1/lineage/0537/1100', '1100', 'branchCode', 'branchCode must be 3 half-width digits'],
    ] as const) {
      const res = await get(url);
      assert.equal(res.status, 400, url);
      assert.deepEqual({ ...res.body, request_id: 'x' }, invalid(input, param, msg), url);
    }
    const query = await get('/history/v1/lineage/0537?limit=1');
    assert.equal(query.status, 400);
    assert.equal(query.body.message, 'this operation takes no query parameters');
  });

  it('needs a key, like the rest of the History API', async () => {
    const res = await get('/history/v1/lineage/0537/110', {});
    assert.equal(res.status, 401);
    assert.equal(typeof res.body.message, 'string');
    assert.equal((await t.app.inject({ method: 'POST', url: '/history/v1/lineage/0537', headers: { 'x-api-key': t.key } })).statusCode, 405);
  });
});
