/**
 * POST /resolve/v1/bank-branch/batch refusals: 413 past the size limit, 422 naming the item and
 * field, and the key's limits counted per item, a batch that does not fit refused whole (429).
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

const PATH = '/resolve/v1/bank-branch/batch';

async function send(payload: string, key = t.key) {
  const res = await postJson<AnswerBody>(t, PATH, payload, { key });
  return { ...res, body: withoutRequestId(res) };
}

const item = (id: number) => ({ id, bank_name: 'みずほ', branch_name: '渋谷' });
const batch = (n: number) => JSON.stringify({ items: Array.from({ length: n }, (_, i) => item(i)) });

describe('batch body problems: 422 naming the item and the field', () => {
  it('requires 1 to 1,000 items in a list', async () => {
    assert.deepEqual(await send('{}').then((r) => [r.status, r.body]), [422, { detail: [{ type: 'missing', loc: ['body', 'items'], msg: 'Field required', input: {} }] }]);
    assert.deepEqual(await send('{"items":{}}').then((r) => [r.status, r.body]), [422, { detail: [{ type: 'list_type', loc: ['body', 'items'], msg: 'Input should be a valid list', input: {} }] }]);
    assert.deepEqual(await send('{"items":[]}').then((r) => [r.status, r.body]), [422, { detail: [{ type: 'too_short', loc: ['body', 'items'], msg: 'List should have at least 1 item', input: [] }] }]);
    assert.deepEqual(await send(batch(1001)).then((r) => [r.status, r.body]), [422, { detail: [{ type: 'too_long', loc: ['body', 'items'], msg: 'List should have at most 1000 items, not 1001', input: '1001 items' }] }]);
    assert.equal((await send(batch(1000))).status, 200);
  });

  it('names every bad item and field at once', async () => {
    const res = await send(JSON.stringify({ items: [item(0), { id: 1, bank_name: 'みずほ' }, { bank_name: 1, branch_name: '', context: 'x' }, 'no', { id: { a: 1 }, bank_name: '', branch_name: '' }] }));
    assert.equal(res.status, 422);
    assert.deepEqual(res.body, {
      detail: [
        { type: 'missing', loc: ['body', 'items', 1, 'branch_name'], msg: 'Field required', input: { id: 1, bank_name: 'みずほ' } },
        { type: 'missing', loc: ['body', 'items', 2, 'id'], msg: 'Field required', input: { bank_name: 1, branch_name: '', context: 'x' } },
        { type: 'string_type', loc: ['body', 'items', 2, 'bank_name'], msg: 'Input should be a valid string', input: 1 },
        { type: 'enum', loc: ['body', 'items', 2, 'context'], msg: "Input should be 'default', 'payment', 'onboarding' or 'matching'", input: 'x' },
        { type: 'model_attributes_type', loc: ['body', 'items', 3], msg: 'Input should be a valid dictionary or object to extract fields from', input: 'no' },
        { type: 'id_type', loc: ['body', 'items', 4, 'id'], msg: 'Input should be a string of at most 100 characters or an integer', input: { a: 1 } },
      ],
    });
  });

  it('is a 422 for a body that is not JSON, and a 413 past 2 MiB', async () => {
    assert.deepEqual(await send('{"items":[').then((r) => [r.status, (r.body.detail as { type: string }[])[0]!.type]), [422, 'json_invalid']);
    const big = JSON.stringify({ items: [{ id: 1, bank_name: 'x'.repeat(2 * 1024 * 1024), branch_name: '' }] });
    assert.deepEqual(await send(big).then((r) => [r.status, r.body]), [413, { message: 'the request body is larger than 2097152 bytes' }]);
  });
});

describe('batch limits: N items count as N requests of the day and one of the second', () => {
  it('refuses a batch that does not fit the day whole (429), and does not count it', async () => {
    await new PlanStore(t.store.db).set({ name: 'tiny', perSecond: 10_000, perDay: 20, exportAllowed: false });
    const { key } = await t.keys.create({ plan: 'tiny', name: 'batch limits' });
    const first = await send(batch(15), key);
    assert.deepEqual([first.status, first.headers['x-ratelimit-remaining-day'], first.body.results?.length], [200, '5', 15]);
    const refused = await send(batch(6), key);
    assert.deepEqual([refused.status, refused.body], [429, { message: 'rate limit exceeded' }]);
    // The refused batch was not counted: 5 left, which a batch of 5 takes.
    assert.equal(refused.headers['x-ratelimit-remaining-day'], '5');
    const last = await send(batch(5), key);
    assert.deepEqual([last.status, last.headers['x-ratelimit-remaining-day'], last.body.results?.length], [200, '0', 5]);
    assert.equal((await send(batch(1), key)).status, 429);
  });

  it('takes a batch of 1,000 on a plan of 10 requests a second: the batch is one request of the second', async () => {
    const { key } = await t.keys.create({ plan: 'standard', name: 'batch per second' });
    const res = await send(batch(1000), key);
    // Counted as 1,000 against the second, it would be refused: the plan allows 10.
    assert.deepEqual([res.status, res.headers['x-ratelimit-limit-second'], res.headers['x-ratelimit-remaining-day'], res.body.results?.length], [200, '10', String(100_000 - 1000), 1000]);
  });

  it('needs a key, checked before the body is read', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATH, headers: { 'content-type': 'application/json' }, payload: '{' });
    assert.equal(res.statusCode, 401);
  });
});
