/**
 * Parameters validated by their schema (src/http/edge/validation.ts): dates that do not exist,
 * bounds and bound+1, enums, repeated and unknown parameters, path codes and bodies, each a 400
 * naming the parameter in its API's shape, with the message the schema carries (what
 * /openapi.json publishes of them: test/openapi.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HISTORY_MAX_LIMIT } from '../src/history/history-view.js';
import { MAX_LIMIT } from '../src/search/list-params.js';
import { getJson, invalidParam, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => (t = await startTestApp()));
after(() => t.close());

type Json = Record<string, unknown>;

/** History's 400 for one query parameter, with the request id left out. */
async function historyError(url: string): Promise<{ status: number; body: Json }> {
  const res = await getJson(t, url);
  const body = res.body as Json;
  assert.equal(body.request_id, res.headers['x-request-id']);
  delete body.request_id;
  return { status: res.status, body };
}

const detailed = (param: string, input: string, msg: string) => ({ message: msg, detail: [{ type: 'value_error', loc: ['query', param], msg, input }] });

describe('Change History', () => {
  for (const path of ['/history/v1/updates', '/history/v1/changes']) {
    for (const param of ['from_date', 'to_date']) {
      for (const date of ['2026-13-45', '0000-00-00', '2026-00-10', '2026-01-32', '2026-12-00', '2026-02-29', '2026-04-31', '2026-1-01', '20260101', '', '2026-01-01T00:00:00Z']) {
        it(`${path}?${param}=${date} is a 400 naming ${param}`, async () => {
          assert.deepEqual(await historyError(`${path}?${param}=${encodeURIComponent(date)}`), { status: 400, body: detailed(param, date, `${param} must be a date YYYY-MM-DD`) });
        });
      }
    }
    it(`${path}: real dates pass, leap days included`, async () => {
      for (const date of ['2028-02-29', '2000-02-29', '2026-02-28', '2026-12-31', '0001-01-01']) {
        assert.equal((await getJson(t, `${path}?from_date=${date}`)).status, 200, date);
      }
    });
    it(`${path}: limit 1 to ${HISTORY_MAX_LIMIT}`, async () => {
      for (const limit of ['1', String(HISTORY_MAX_LIMIT), '0001', '00001']) assert.equal((await getJson(t, `${path}?limit=${limit}`)).status, 200, limit);
      for (const limit of ['0', String(HISTORY_MAX_LIMIT + 1), '-1', '1.5', '1e3', ' 1', '', '0x10']) {
        assert.deepEqual(await historyError(`${path}?limit=${encodeURIComponent(limit)}`), { status: 400, body: detailed('limit', limit, `limit must be an integer from 1 to ${HISTORY_MAX_LIMIT}`) });
      }
    });
    it(`${path}: a parameter twice, PHP-style or unknown is a 400 naming it`, async () => {
      assert.deepEqual(await historyError(`${path}?to_date=2026-01-01&to_date=2026-02-01`), { status: 400, body: detailed('to_date', '2026-01-01,2026-02-01', 'parameter "to_date" must be given once') });
      assert.deepEqual(await historyError(`${path}?limit[]=5`), { status: 400, body: detailed('limit', '5', 'parameter "limit" must be given once') });
      const accepted = path.endsWith('updates') ? 'from_date, to_date, limit, cursor' : 'from_date, to_date, limit, cursor, after_update_id, bank_code, branch_code, resource_type, change_type';
      assert.deepEqual(await historyError(`${path}?page=2`), { status: 400, body: detailed('page', '2', `parameter "page" is not accepted here; accepted: ${accepted}`) });
    });
  }

  it('changes: codes and enums', async () => {
    assert.deepEqual(await historyError('/history/v1/changes?bank_code=001'), { status: 400, body: detailed('bank_code', '001', 'bank_code must be 4 half-width digits') });
    assert.deepEqual(await historyError('/history/v1/changes?branch_code=7250'), { status: 400, body: detailed('branch_code', '7250', 'branch_code must be 3 half-width digits') });
    assert.deepEqual(await historyError('/history/v1/changes?resource_type=Bank'), { status: 400, body: detailed('resource_type', 'Bank', 'resource_type must be one of bank, branch') });
    assert.deepEqual(await historyError('/history/v1/changes?change_type=moved'), { status: 400, body: detailed('change_type', 'moved', 'change_type must be one of added, removed, renamed, code_changed, updated') });
    assert.equal((await getJson(t, '/history/v1/changes?bank_code=0010&branch_code=725&resource_type=branch&change_type=renamed')).status, 200);
  });

  it('operations without parameters refuse any', async () => {
    assert.deepEqual(await historyError('/history/v1/updates/latest?limit=1'), { status: 400, body: detailed('limit', '1', 'this operation takes no query parameters') });
  });

  it('a malformed percent-encoding is named before the schema is checked', async () => {
    assert.deepEqual(await historyError('/history/v1/updates?from_date=%E3%81'), { status: 400, body: detailed('from_date', '%E3%81', 'parameter "from_date" is not valid UTF-8 percent-encoding (RFC 3986)') });
  });
});

describe('Search', () => {
  it(`limit: 1 to ${MAX_LIMIT}, else the 400 naming it`, async () => {
    for (const limit of ['1', String(MAX_LIMIT), '0020', '000001']) assert.equal((await getJson(t, `/v3/banks?limit=${limit}`)).status, 200, limit);
    for (const limit of ['0', String(MAX_LIMIT + 1), '02001', '0x10', '1e3', '-1', 'abc', '']) {
      assert.deepEqual((await getJson(t, `/v3/banks?limit=${limit}`)).body, invalidParam('limit', limit, `limit must be an integer from 1 to ${MAX_LIMIT}`), limit);
    }
  });

  it('freeword: at most 100 characters, counted as characters (code points), not UTF-16 units', async () => {
    // 𠮷 takes two UTF-16 units: 100 of them are 200 units and still 100 characters.
    const at = (text: string) => `/v3/freeword/banks?freeword=${encodeURIComponent(text)}`;
    assert.equal((await getJson(t, at('𠮷'.repeat(100)))).status, 200);
    assert.deepEqual((await getJson(t, at('𠮷'.repeat(101)))).body, invalidParam('freeword', '𠮷'.repeat(101), 'freeword must be at most 100 characters'));
  });

  it('businessTypeCode: repeated (PHP-style too); the bad one is named', async () => {
    assert.equal((await getJson(t, '/v3/freeword/banks?freeword=中央&businessTypeCode[]=01000&businessTypeCode[]=01700')).status, 200);
    assert.deepEqual((await getJson(t, '/v3/freeword/banks?freeword=中央&businessTypeCode=01000&businessTypeCode=1700')).body, invalidParam('businessTypeCode', '1700', 'businessTypeCode must be 5 half-width digits, e.g. 01100'));
    assert.deepEqual((await getJson(t, '/v3/freeword/banks?freeword=中央&businessTypeCode[]=x')).body, invalidParam('businessTypeCode', 'x', 'businessTypeCode must be 5 half-width digits, e.g. 01100'));
  });

  it('callback: length first, then shape', async () => {
    const message = 'callback must be a JavaScript identifier or dotted path such as "cb" or "app.onBanks"';
    assert.deepEqual((await getJson(t, '/v3/banks/0001?callback=a-b')).body, invalidParam('callback', 'a-b', message));
    assert.deepEqual((await getJson(t, '/v3/banks/0001?callback=')).body, invalidParam('callback', '', message));
  });

  it('path codes are checked by their schema', async () => {
    assert.deepEqual((await getJson(t, '/v3/banks/12345')).body, invalidParam('code', '12345', 'code must be 4 half-width digits'));
    assert.deepEqual((await getJson(t, '/v3/banks/0001/branches/01')).body, invalidParam('code', '01', 'code must be 3 half-width digits'));
    assert.deepEqual((await getJson(t, '/v3/banks/x/branches/001')).body, invalidParam('bankCode', 'x', 'bankCode must be 4 half-width digits'));
  });

  it('a parameter twice is a 400; a parameter the API does not know is ignored', async () => {
    assert.deepEqual((await getJson(t, '/v3/banks?sort=code&sort=name')).body, invalidParam('sort', 'code,name', 'parameter "sort" must be given once'));
    assert.deepEqual((await getJson(t, '/v3/banks?fields[]=code')).body, invalidParam('fields', 'code', 'parameter "fields" must be given once'));
    assert.equal((await getJson(t, '/v3/banks?_=1&_=2&q[]=x')).status, 200);
  });
});
