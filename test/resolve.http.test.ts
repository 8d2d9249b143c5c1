/** POST /resolve/v1/bank-branch: happy paths over app.inject(), exact bodies on real data. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REASON_MESSAGES_JA } from '../src/resolve/reasons.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const PATH = '/resolve/v1/bank-branch';

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: PATH, headers: { 'x-api-key': t.key, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) as Record<string, unknown> };
}

const match = (bank_code: string, bank_name: string, branch_code: string, branch_name: string) => ({ bank_code, bank_name, branch_code, branch_name });

describe('POST /resolve/v1/bank-branch', () => {
  it('counts its decisions in /metrics', async () => {
    const count = async () => Number(/ginko_resolve_decisions_total\{decision="auto_confirm"\} (\d+)/.exec((await t.app.inject({ url: '/metrics' })).body)?.[1]);
    const before = await count();
    await post({ bank_name: 'みずほ', branch_name: '東京支店' });
    assert.equal(await count(), before + 1);
  });

  it('resolves みずほ / 東京支店 to 0001-001 東京営業部', async () => {
    const res = await post({ bank_name: 'みずほ', branch_name: '東京支店' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(res.body, {
      decision: 'auto_confirm',
      best_match: match('0001', 'みずほ銀行', '001', '東京営業部'),
      candidates: [match('0001', 'みずほ銀行', '001', '東京営業部'), match('0001', 'みずほ銀行', '078', '東京法人営業部'), match('0001', 'みずほ銀行', '110', '東京中央'), match('0001', 'みずほ銀行', '777', '東京都庁出張所')],
      reason_codes: [],
      reason_details: [],
    });
  });

  it('is stricter in payment: the same input needs review, with reasons in Japanese', async () => {
    const res = await post({ bank_name: 'みずほ', branch_name: '東京支店', context: 'payment' });
    assert.equal(res.status, 200);
    assert.equal(res.body.decision, 'needs_review');
    assert.deepEqual(res.body.best_match, match('0001', 'みずほ銀行', '001', '東京営業部'));
    assert.deepEqual(res.body.reason_codes, ['payment_branch_trim', 'payment_branch_supplement', 'below_auto_total']);
    assert.deepEqual(res.body.reason_details, [
      { code: 'payment_branch_trim', message_ja: REASON_MESSAGES_JA.payment_branch_trim },
      { code: 'payment_branch_supplement', message_ja: REASON_MESSAGES_JA.payment_branch_supplement },
      { code: 'below_auto_total', message_ja: REASON_MESSAGES_JA.below_auto_total },
    ]);
    assert.equal(res.body.reason_summary_ja, REASON_MESSAGES_JA.payment_branch_trim);
  });

  it('resolves ゆうちょ 〇一八 in its usual spellings', async () => {
    for (const branch_name of ['〇一八', '018', 'ゼロイチハチ', '〇一八店']) {
      const res = await post({ bank_name: 'ゆうちょ銀行', branch_name, context: 'payment' });
      assert.deepEqual([res.status, res.body.decision, res.body.best_match], [200, 'auto_confirm', match('9900', 'ゆうちょ銀行', '018', '〇一八')], branch_name);
    }
  });

  it('answers unresolved with empty candidates and no best_match', async () => {
    const res = await post({ bank_name: 'さくらんぼ銀行', branch_name: '本店' });
    assert.deepEqual(res.body, {
      decision: 'unresolved',
      candidates: [],
      reason_codes: ['bank_not_found'],
      reason_details: [{ code: 'bank_not_found', message_ja: REASON_MESSAGES_JA.bank_not_found }],
      reason_summary_ja: REASON_MESSAGES_JA.bank_not_found,
    });
  });

  it('adds debug only with x-debug-resolve: true', async () => {
    const plain = await post({ bank_name: '三菱UFJ', branch_name: '渋谷' });
    assert.equal('debug' in plain.body, false);
    const other = await post({ bank_name: '三菱UFJ', branch_name: '渋谷' }, { 'x-debug-resolve': '1' });
    assert.equal('debug' in other.body, false);
    const res = await post({ bank_name: '三菱UFJ', branch_name: '渋谷' }, { 'x-debug-resolve': 'TRUE' });
    const debug = res.body.debug as Record<string, unknown>;
    assert.equal(debug.dataset_version, '2026-08-24T00:00:00+0900');
    assert.equal(debug.context, 'default');
    assert.deepEqual((debug.normalized as Record<string, unknown>).bank_name, '三菱ufj');
    assert.deepEqual((debug.scores as unknown[])[0], { bank_code: '0005', branch_code: '135', branch_name: '渋谷', bank_kind: 'short', bank_score: 1, branch_kind: 'official', branch_score: 1, total: 1 });
    const { debug: _debug, ...rest } = res.body;
    assert.deepEqual(rest, plain.body);
  });

  it('treats a null context as default and ignores unknown fields', async () => {
    const a = await post({ bank_name: 'みずほ', branch_name: '渋谷', context: null, extra: [1, 2] });
    const b = await post({ bank_name: 'みずほ', branch_name: '渋谷' });
    assert.equal(a.status, 200);
    assert.deepEqual(a.body, b.body);
  });

  it('counts requests in its own rate-limit bucket and sends the rate-limit headers', async () => {
    const res = await post({ bank_name: 'みずほ', branch_name: '渋谷' });
    for (const h of ['x-ratelimit-limit-second', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day', 'ratelimit-reset']) assert.ok(res.headers[h] !== undefined, h);
  });

  it('answers a CORS preflight for the headers it reads', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: PATH, headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key,content-type,x-debug-resolve' } });
    assert.equal(res.statusCode, 204);
    assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    assert.match(String(res.headers['access-control-allow-headers']), /x-debug-resolve/);
  });
});
