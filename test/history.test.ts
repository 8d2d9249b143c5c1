/** The Change History API (docs/history.md) on the history seeded from the real zengin-code versions. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PlanStore } from '../src/store/plan-store.js';
import { startTestApp, type TestApp } from './support/app.js';
import { independentCounts, PACKAGES, raw } from './support/raw-diff.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

type Json = Record<string, unknown>;
async function get(url: string, headers: Record<string, string> = { 'x-api-key': t.key }): Promise<{ status: number; body: Json; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Json) : {}, headers: res.headers };
}
interface Change { change_id: string; update_id: string; resource_type: string; change_type: string; bank: { code: string; name: string | null }; branch: { code: string | null } }
async function allChanges(query = ''): Promise<Change[]> {
  return ((await get(`/history/v1/changes?limit=1000${query}`)).body.changes as Change[]);
}

/** 400 in the snake_case APIs' error shape (docs/errors.md#history-resolve-and-master-export) naming one query parameter. */
function assertInvalid(res: { status: number; body: Json }, param: string, input: string, msg: string): void {
  assert.equal(res.status, 400);
  assert.match(String(res.body.request_id), /^req-/);
  assert.deepEqual({ ...res.body, request_id: 'x' }, { message: msg, request_id: 'x', detail: [{ type: 'value_error', loc: ['query', param], msg, input }] });
}

const UPDATE_IDS = ['upd-20260225', 'upd-20260331', 'upd-20260524', 'upd-20260630', 'upd-20260824'];

describe('updates', () => {
  it('lists the seeded updates oldest first, the first a baseline', async () => {
    const res = await get('/history/v1/updates');
    assert.equal(res.status, 200);
    const updates = res.body.updates as Json[];
    assert.deepEqual(updates.map((u) => [u.update_id, u.previous_update_id, u.effective_date, u.run_type, u.validation_result, u.bank_rows, u.branch_rows]), [
      ['upd-20260225', null, '2026-02-25', 'baseline', 'passed', 1152, 28974],
      ['upd-20260331', 'upd-20260225', '2026-03-31', 'seed', 'passed', 1152, 28973],
      ['upd-20260524', 'upd-20260331', '2026-05-24', 'seed', 'passed', 1147, 28972],
      ['upd-20260630', 'upd-20260524', '2026-06-30', 'seed', 'passed', 1146, 28931],
      ['upd-20260824', 'upd-20260630', '2026-08-24', 'seed', 'passed', 1146, 28944],
    ]);
    assert.equal(res.body.next_cursor, null);
    for (const u of updates) assert.match(String(u.created_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
  });

  it('filters by date and pages with a cursor bound to the window', async () => {
    const first = await get('/history/v1/updates?from_date=2026-03-01&to_date=2026-07-01&limit=2');
    assert.deepEqual((first.body.updates as Json[]).map((u) => u.update_id), ['upd-20260331', 'upd-20260524']);
    const cursor = String(first.body.next_cursor);
    const second = await get(`/history/v1/updates?from_date=2026-03-01&to_date=2026-07-01&limit=2&cursor=${cursor}`);
    assert.deepEqual((second.body.updates as Json[]).map((u) => u.update_id), ['upd-20260630']);
    assert.equal(second.body.next_cursor, null);
    const other = await get(`/history/v1/updates?from_date=2026-03-02&limit=2&cursor=${cursor}`);
    assertInvalid(other, 'cursor', cursor, 'cursor belongs to a request with other conditions; repeat the request that returned it, changing only cursor or limit');
  });

  it('answers the latest update, which is the snapshot being served', async () => {
    const res = await get('/history/v1/updates/latest');
    assert.equal((res.body.update as Json).update_id, 'upd-20260824');
    assert.equal((await get('/v3/version')).body.version, '2026-08-24T00:00:00+0900');
  });
});

describe('changes', () => {
  it('count per update and type equal an independent diff of the raw versions', async () => {
    const changes = await allChanges();
    for (let i = 1; i < PACKAGES.length; i++) {
      const counts: Record<string, number> = {};
      for (const c of changes.filter((c) => c.update_id === UPDATE_IDS[i])) counts[`${c.resource_type}:${c.change_type}`] = (counts[`${c.resource_type}:${c.change_type}`] ?? 0) + 1;
      assert.deepEqual(counts, independentCounts(raw(PACKAGES[i - 1]!), raw(PACKAGES[i]!)), UPDATE_IDS[i]);
    }
    assert.equal(changes.length, 252);
    assert.equal(changes.filter((c) => c.update_id === 'upd-20260225').length, 0, 'the baseline carries no changes');
  });

  it('shows the rename of りそな銀行 725 市ケ谷 → 市ヶ谷 in the 2026-03-31 update', async () => {
    const list = await get('/history/v1/changes?bank_code=0010&branch_code=725');
    const [change] = list.body.changes as Json[];
    const expected = {
      change_id: 'chg-20260331-000004',
      update_id: 'upd-20260331',
      previous_update_id: 'upd-20260225',
      effective_date: '2026-03-31',
      resource_type: 'branch',
      change_type: 'renamed',
      reason: { label_ja: '支店名の変更' },
      bank: { code: '0010', name: 'りそな銀行' },
      branch: { code: '725', name: '市ヶ谷' },
      before: { code: '725', name: '市ケ谷', halfWidthKana: 'ｲﾁｶﾞﾔ', fullWidthKana: 'イチガヤ', hiragana: 'いちがや' },
      after: { code: '725', name: '市ヶ谷', halfWidthKana: 'ｲﾁｶﾞﾔ', fullWidthKana: 'イチガヤ', hiragana: 'いちがや' },
      changed_fields: ['name'],
      field_changes: [{ field: 'name', before: '市ケ谷', after: '市ヶ谷' }],
    };
    assert.deepEqual({ ...change, created_at: undefined }, { ...expected, created_at: undefined });
    const detail = await get('/history/v1/changes/chg-20260331-000004');
    assert.deepEqual(detail.body, { change });
  });

  it('lists the institutions removed in the 2026-05-24 update', async () => {
    const removed = await allChanges('&resource_type=bank&change_type=removed&from_date=2026-05-24&to_date=2026-05-24');
    const expected = Object.keys(raw(PACKAGES[1]!)).filter((code) => !raw(PACKAGES[2]!)[code]).sort();
    assert.equal(expected.length, 5);
    assert.deepEqual(removed.map((c) => c.bank.code), expected);
  });

  it('filters by after_update_id and pages the whole list in a stable order', async () => {
    const after = await allChanges('&after_update_id=upd-20260630');
    assert.ok(after.length > 0 && after.every((c) => c.update_id === 'upd-20260824'));
    const whole = await allChanges();
    const paged: Change[] = [];
    let url = '/history/v1/changes?limit=50';
    for (;;) {
      const page = await get(url);
      paged.push(...(page.body.changes as Change[]));
      if (page.body.next_cursor === null) break;
      url = `/history/v1/changes?limit=50&cursor=${page.body.next_cursor}`;
    }
    assert.deepEqual(paged.map((c) => c.change_id), whole.map((c) => c.change_id));
    assert.deepEqual(whole.map((c) => c.change_id), [...whole.map((c) => c.change_id)].sort());
  });
});

describe('errors', () => {
  it('names the offending query parameter', async () => {
    assertInvalid(await get('/history/v1/changes?limit=0'), 'limit', '0', 'limit must be an integer from 1 to 1000');
    assertInvalid(await get('/history/v1/changes?limit=1001'), 'limit', '1001', 'limit must be an integer from 1 to 1000');
    assertInvalid(await get('/history/v1/updates?from_date=2026-02-30'), 'from_date', '2026-02-30', 'from_date must be a date YYYY-MM-DD');
    assertInvalid(await get('/history/v1/changes?bank_code=10'), 'bank_code', '10', 'bank_code must be 4 half-width digits');
    assertInvalid(await get('/history/v1/changes?resource_type=atm'), 'resource_type', 'atm', 'resource_type must be one of bank, branch');
    assertInvalid(await get('/history/v1/changes?change_type=merged'), 'change_type', 'merged', 'change_type must be one of added, removed, renamed, code_changed, updated');
    assertInvalid(await get('/history/v1/changes?after_update_id=upd-1999'), 'after_update_id', 'upd-1999', 'after_update_id is not the id of an update');
    assertInvalid(await get('/history/v1/updates?bank_code=0001'), 'bank_code', '0001', 'parameter "bank_code" is not accepted here; accepted: from_date, to_date, limit, cursor');
    assertInvalid(await get('/history/v1/updates/latest?limit=1'), 'limit', '1', 'this operation takes no query parameters');
    assertInvalid(await get('/history/v1/changes?limit=1&limit=2'), 'limit', '1,2', 'parameter "limit" must be given once');
  });

  it('answers 404 for an unknown change and 401 without a key, in the same shape', async () => {
    const missing = await get('/history/v1/changes/chg-19990101-000001');
    assert.equal(missing.status, 404);
    assert.deepEqual({ ...missing.body, request_id: 'x' }, { message: 'change chg-19990101-000001 does not exist', request_id: 'x' });
    const unauthorized = await get('/history/v1/updates', {});
    assert.equal(unauthorized.status, 401);
    assert.equal(unauthorized.body.message, 'an API key is required: send it in the x-api-key header or the apikey query parameter');
  });
});

describe('rate limit', () => {
  it('is 2 per second and 5,000 per day for any plan, counted apart from Search, with a JSON 429', async () => {
    await new PlanStore(t.store.db).set({ name: 'tiny', perSecond: 1, perDay: 3, exportAllowed: false });
    const { key } = await t.keys.create({ plan: 'tiny' });
    const headers = { 'x-api-key': key };
    const first = await get('/history/v1/updates/latest', headers);
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-ratelimit-limit-second'], '2');
    assert.equal(first.headers['x-ratelimit-limit-day'], '5000');
    assert.equal(first.headers['x-ratelimit-remaining-day'], '4999');
    assert.equal((await get('/history/v1/updates/latest', headers)).status, 200);
    const third = await get('/history/v1/updates/latest', headers);
    assert.equal(third.status, 429);
    assert.equal(third.body.message, 'rate limit exceeded');
    // Search keeps its own count under the key's plan.
    const search = await get('/v3/version', headers);
    assert.equal(search.status, 200);
    assert.equal(search.headers['x-ratelimit-remaining-day'], '2');
  });
});
