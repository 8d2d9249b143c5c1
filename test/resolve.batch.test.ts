/** POST /resolve/v1/bank-branch/batch: each item answered as the single call answers it, in order, with its id. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

async function post(path: string, body: unknown, key = t.key) {
  const res = await t.app.inject({ method: 'POST', url: path, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) as Record<string, unknown> };
}

describe('POST /resolve/v1/bank-branch/batch', () => {
  it('answers every item in order with its id, exactly as the single call', async () => {
    const items = [
      { id: 'a', bank_name: 'みずほ', branch_name: '東京支店' },
      { id: 2, bank_name: 'mizuho', branch_name: 'shinjuku', context: 'payment' },
      { id: 'c', bank_name: 'ないぎんこう', branch_name: '本店' },
      { id: 'a', bank_name: 'ゆうちょ銀行', branch_name: '018', context: null, extra: 'ignored' },
    ];
    const res = await post('/resolve/v1/bank-branch/batch', { items });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    const results = res.body.results as Record<string, unknown>[];
    assert.deepEqual(results.map((r) => r.id), ['a', 2, 'c', 'a']);
    for (const [i, item] of items.entries()) {
      const { id, ...single } = item;
      const one = await post('/resolve/v1/bank-branch', single);
      assert.deepEqual(results[i], { id, ...one.body }, `item ${i}`);
    }
    assert.deepEqual(results.map((r) => r.decision), ['auto_confirm', 'needs_review', 'unresolved', 'auto_confirm']);
    assert.deepEqual(results[1]!.reason_codes, ['romaji_input']);
    assert.deepEqual(Object.keys(results[0]!), ['id', 'decision', 'best_match', 'candidates', 'reason_codes', 'reason_details']);
  });

  it('counts every item as a request: the remaining day falls by the batch size', async () => {
    const { key } = await t.keys.create({ plan: 'standard', name: 'batch counting' });
    const items = Array.from({ length: 7 }, (_, i) => ({ id: i, bank_name: 'みずほ', branch_name: '渋谷' }));
    const res = await post('/resolve/v1/bank-branch/batch', { items }, key);
    assert.equal(res.status, 200);
    assert.deepEqual([res.headers['x-ratelimit-limit-second'], res.headers['x-ratelimit-limit-day'], res.headers['x-ratelimit-remaining-day']], ['10', '100000', String(100_000 - 7)]);
    assert.equal((res.body.results as unknown[]).length, 7);
  });

  it('is in the OpenAPI document with its request and answer', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/openapi.json' })).body) as { paths: Record<string, { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }> };
    const op = doc.paths['/resolve/v1/bank-branch/batch']?.post;
    assert.ok(op?.requestBody);
    assert.ok(op?.responses?.['200']);
  });
});
