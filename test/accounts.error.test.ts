/**
 * POST /accounts/v1/validate refusals: 422 in Resolve's shape located in the item, 413 past the
 * size limit, 405 for other methods, and a request the key's day cannot take whole refused (429)
 * and not counted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PlanStore } from '../src/store/plan-store.js';
import { postJson, startTestApp, withoutRequestId, type AnswerBody, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const PATH = '/accounts/v1/validate';

async function send(payload: string, key = t.key, contentType = 'application/json') {
  const res = await postJson<AnswerBody>(t, PATH, payload, { key, headers: { 'content-type': contentType } });
  return { ...res, body: withoutRequestId(res) };
}

const item = (id: number) => ({ id, bank_code: '0001', branch_code: '001' });
const batch = (n: number) => JSON.stringify({ items: Array.from({ length: n }, (_, i) => item(i)) });

describe('payee check body problems: 422 naming the item and the field', () => {
  it('requires 1 to 1,000 items in a list', async () => {
    assert.deepEqual(await send('{}').then((r) => [r.status, r.body]), [422, { detail: [{ type: 'missing', loc: ['body', 'items'], msg: 'Field required', input: {} }] }]);
    assert.deepEqual(await send('').then((r) => [r.status, r.body]), [422, { detail: [{ type: 'missing', loc: ['body', 'items'], msg: 'Field required', input: null }] }]);
    assert.deepEqual(await send('{"items":[]}').then((r) => [r.status, r.body]), [422, { detail: [{ type: 'too_short', loc: ['body', 'items'], msg: 'List should have at least 1 item', input: [] }] }]);
    assert.deepEqual(await send(batch(1001)).then((r) => [r.status, r.body]), [422, { detail: [{ type: 'too_long', loc: ['body', 'items'], msg: 'List should have at most 1000 items, not 1001', input: '1001 items' }] }]);
    assert.equal((await send(batch(1000))).status, 200);
  });

  it('names every bad item and field at once, in the body order', async () => {
    const res = await send(JSON.stringify({ items: [item(0), { id: 1, branch_code: '001' }, { id: 2, bank_code: 1, holder_kana: 'ｱ'.repeat(101), account_number: 1234567 }, 'no', { id: { a: 1 }, bank_code: '0001' }] }));
    assert.equal(res.status, 422);
    assert.deepEqual(res.body, {
      detail: [
        { type: 'missing', loc: ['body', 'items', 1, 'bank_code'], msg: 'Field required', input: { id: 1, branch_code: '001' } },
        { type: 'string_type', loc: ['body', 'items', 2, 'bank_code'], msg: 'Input should be a valid string', input: 1 },
        { type: 'string_type', loc: ['body', 'items', 2, 'account_number'], msg: 'Input should be a valid string', input: 1234567 },
        { type: 'string_too_long', loc: ['body', 'items', 2, 'holder_kana'], msg: 'String should have at most 100 characters', input: 'ｱ'.repeat(100) },
        { type: 'model_attributes_type', loc: ['body', 'items', 3], msg: 'Input should be a valid dictionary or object to extract fields from', input: 'no' },
        { type: 'id_type', loc: ['body', 'items', 4, 'id'], msg: 'Input should be a string of at most 100 characters or an integer', input: { a: 1 } },
      ],
    });
  });

  it('is a 422 for a body that is not JSON, 415 for another media type, 413 past 4 MiB', async () => {
    assert.deepEqual(await send('{"items":[').then((r) => [r.status, (r.body.detail as { type: string }[])[0]!.type]), [422, 'json_invalid']);
    assert.equal((await send(batch(1), t.key, 'text/csv')).status, 415);
    const big = JSON.stringify({ items: [{ id: 1, bank_code: 'x'.repeat(4 * 1024 * 1024) }] });
    assert.deepEqual(await send(big).then((r) => [r.status, r.body]), [413, { message: 'the request body is larger than 4194304 bytes' }]);
  });

  it('answers other methods 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'GET', url: PATH, headers: { 'x-api-key': t.key } });
    assert.deepEqual([res.statusCode, res.headers.allow], [405, 'POST, OPTIONS']);
  });
});

describe('payee check limits: N items count as N requests of the day and one of the second', () => {
  it('refuses a request that does not fit the day whole (429), and does not count it', async () => {
    await new PlanStore(t.store.db).set({ name: 'tiny', perSecond: 10_000, perDay: 20, exportAllowed: false });
    const { key } = await t.keys.create({ plan: 'tiny', name: 'payee limits' });
    const first = await send(batch(15), key);
    assert.deepEqual([first.status, first.headers['x-ratelimit-remaining-day'], first.body.results?.length], [200, '5', 15]);
    const refused = await send(batch(6), key);
    assert.deepEqual([refused.status, refused.body], [429, { message: 'rate limit exceeded' }]);
    assert.equal(refused.headers['x-ratelimit-remaining-day'], '5');
    const last = await send(batch(5), key);
    assert.deepEqual([last.status, last.headers['x-ratelimit-remaining-day']], [200, '0']);
  });

  it('takes 1,000 records on a plan of 10 requests a second: the request is one request of the second', async () => {
    const { key } = await t.keys.create({ plan: 'standard', name: 'payees per second' });
    const res = await send(batch(1000), key);
    // Counted as 1,000 against the second, it would be refused: the plan allows 10.
    assert.deepEqual([res.status, res.headers['x-ratelimit-limit-second'], res.headers['x-ratelimit-remaining-day'], res.body.results?.length], [200, '10', String(100_000 - 1000), 1000]);
  });

  it('needs a key, checked before the body is read', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATH, headers: { 'content-type': 'application/json' }, payload: '{' });
    assert.equal(res.statusCode, 401);
    assert.equal((JSON.parse(res.body) as { message: string }).message, 'an API key is required: send it in the x-api-key header or the apikey query parameter');
  });
});
