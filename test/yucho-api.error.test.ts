/**
 * GET /yucho/v1/account refusing what it cannot answer (docs/yucho.md#errors): a 400 naming the
 * parameter for each malformed or contradictory input, a 404 naming it for a branch the master
 * does not hold, 401 without a key, 405 for other methods; every body in the detailed shape.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

async function refused(query: string, headers: Record<string, string> = { 'x-api-key': t.key }) {
  const res = await t.app.inject({ url: `/yucho/v1/account${query}`, headers });
  const body = JSON.parse(res.body) as { message: string; request_id: string; detail?: unknown[] };
  assert.equal(body.request_id, res.headers['x-request-id']);
  return { status: res.statusCode, message: body.message, detail: body.detail };
}

/** The 400 (or 404) naming `param` with `input`. */
const naming = (status: number, param: string, input: string, message: string, type = 'value_error') => ({ status, message, detail: [{ type, loc: ['query', param], msg: message, input }] });

describe('GET /yucho/v1/account errors', () => {
  it('asks for symbol when nothing is given', async () => {
    assert.deepEqual(
      await refused(''),
      naming(400, 'symbol', '', 'symbol is required: the 記号 of the passbook (with number), or branch_code, account_type and account_number for the other direction', 'missing'),
    );
  });

  it('names symbol or number when they break the rule', async () => {
    const form = 'symbol must be the 5-digit 記号 (14030), optionally with its 番号 (14030-12345671)';
    assert.deepEqual(await refused('?symbol=1403'), naming(400, 'symbol', '1403', form));
    assert.deepEqual(await refused(`?symbol=${encodeURIComponent('十四〇三〇')}`), naming(400, 'symbol', '十四〇三〇', form));
    assert.deepEqual(await refused('?symbol=24030'), naming(400, 'symbol', '24030', 'a 記号 starts with 1 (総合口座・通常貯金・通常貯蓄貯金) or 0 (振替口座)'));
    assert.deepEqual(
      await refused('?symbol=14030&number=1234567'),
      naming(400, 'number', '1234567', 'the 番号 of a 記号 starting with 1 ends in 1 (12345671); without it, it is already the 口座番号 of a transfer'),
    );
    assert.deepEqual(await refused('?symbol=14030&number=12a'), naming(400, 'number', '12a', 'number must be the 番号 of the passbook: digits only (12345671)'));
    assert.deepEqual(await refused('?symbol=14030-12345671&number=12345671'), naming(400, 'number', '12345671', 'the 番号 is given twice: in symbol and in number; give it in one of them'));
    assert.deepEqual(await refused(`?symbol=${'1'.repeat(41)}`), naming(400, 'symbol', '1'.repeat(41), 'symbol must be at most 40 characters'));
  });

  it('names the reverse parameters: incomplete, malformed, or not what the rule allows', async () => {
    assert.deepEqual(
      await refused('?branch_code=408&account_number=1234567'),
      naming(400, 'branch_code', '408', 'branch_code needs account_type too: the reverse direction takes branch_code, account_type and account_number'),
    );
    assert.deepEqual(
      await refused('?account_type=1'),
      naming(400, 'account_type', '1', 'account_type needs branch_code and account_number too: the reverse direction takes branch_code, account_type and account_number'),
    );
    assert.deepEqual(await refused('?number=12345671'), naming(400, 'number', '12345671', 'number needs symbol too: give the 記号 of the passbook'));
    assert.deepEqual(await refused('?branch_code=408&account_type=3&account_number=1'), naming(400, 'account_type', '3', 'account_type must be 1 (普通), 2 (当座) or 4 (貯蓄)'));
    assert.deepEqual(await refused('?branch_code=408&account_type=2&account_number=1'), naming(400, 'account_type', '2', 'a ゆうちょ 店番 ending in 8 holds account_type 1 (普通) or 4 (貯蓄)'));
    assert.deepEqual(await refused('?branch_code=407&account_type=1&account_number=1'), naming(400, 'branch_code', '407', 'a ゆうちょ 店番 ends in 8 (総合口座・通常貯金・通常貯蓄貯金) or 9 (振替口座)'));
    assert.deepEqual(await refused('?branch_code=4080&account_type=1&account_number=1'), naming(400, 'branch_code', '4080', 'branch_code must be the 3-digit 店番 (408)'));
    assert.deepEqual(await refused('?branch_code=408&account_type=1&account_number=12345678'), naming(400, 'account_number', '12345678', 'account_number must be the 口座番号: 1 to 7 digits (1234567)'));
  });

  it('refuses both directions at once, an unknown parameter and a repeated one', async () => {
    assert.deepEqual(await refused('?symbol=14030&branch_code=408'), naming(400, 'symbol', '14030', 'give either symbol (and number) or branch_code, account_type and account_number, not both'));
    assert.deepEqual(await refused('?symbol=14030&numbr=12345671'), naming(400, 'numbr', '12345671', 'parameter "numbr" is not accepted here; accepted: symbol, number, branch_code, account_type, account_number'));
    assert.deepEqual(await refused('?symbol=14030&symbol=14030'), naming(400, 'symbol', '14030,14030', 'parameter "symbol" must be given once'));
  });

  it('answers 404 naming the parameter for a branch the master does not hold', async () => {
    const message = 'ゆうちょ銀行 (9900) has no branch 308 in the master being served (2026-08-24T00:00:00+0900)';
    assert.deepEqual(await refused('?symbol=13030&number=12345671'), naming(404, 'symbol', '13030', message, 'not_found'));
    assert.deepEqual(await refused('?branch_code=308&account_type=1&account_number=1'), naming(404, 'branch_code', '308', message, 'not_found'));
  });

  it('answers 401 without a valid key, before reading the parameters', async () => {
    const missing = 'an API key is required: send it in the x-api-key header or the apikey query parameter';
    assert.deepEqual(await refused('?symbol=14030', {}), { status: 401, message: missing, detail: undefined });
    assert.deepEqual(await refused('?symbol=nonsense', {}), { status: 401, message: missing, detail: undefined });
    assert.deepEqual(await refused('?symbol=14030', { 'x-api-key': 'not-a-key' }), { status: 401, message: 'the API key is not valid', detail: undefined });
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/yucho/v1/account', headers: { 'x-api-key': t.key } });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
  });
});
