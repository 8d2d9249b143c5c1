/**
 * POST /kana/v1/normalize and POST /kana/v1/equivalent (docs/kana.md) in-process, with exact
 * bodies (errors: kana-api.error.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postJson, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const post = (path: string, payload: unknown, key: string | null = t.key) => postJson(t, `/kana/v1${path}`, payload, { key });

describe('POST /kana/v1/normalize', () => {
  it('writes a payee name in the 全銀 set, the legal form abbreviated by position', async () => {
    const res = await post('/normalize', { text: 'かぶしきがいしゃ　ぎんこうしょうじ', field: 'payee' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { normalized: 'ｶ)ｷﾞﾝｺｳｼﾖｳｼﾞ', valid: true, length: 12, problems: [] });
    assert.equal(res.headers['x-ratelimit-limit-day'], '1000000000', 'counted like a Search request');
  });

  it('takes payee by default and reports kanji by index', async () => {
    assert.deepEqual((await post('/normalize', { text: 'ヤマダ商事株式会社' })).body, {
      normalized: 'ﾔﾏﾀﾞ商事(ｶ',
      valid: false,
      length: 8,
      problems: [
        { index: 3, char: '商', reason: 'kanji' },
        { index: 4, char: '事', reason: 'kanji' },
      ],
    });
  });

  it('applies the field: , and / only for a remitter, 30 characters for a payee and 40 for a remitter', async () => {
    const name = 'ｱ'.repeat(31) + '/';
    assert.deepEqual((await post('/normalize', { text: name, field: 'remitter' })).body, { normalized: name, valid: true, length: 32, problems: [] });
    assert.deepEqual((await post('/normalize', { text: name, field: 'payee' })).body, {
      normalized: name,
      valid: false,
      length: 32,
      problems: [
        { index: 31, char: '/', reason: 'not_in_field' },
        { index: 30, char: 'ｱ', reason: 'too_long' },
      ],
    });
  });
});

describe('POST /kana/v1/equivalent', () => {
  it('says whether two names are the same to a bank, with both normalized', async () => {
    assert.deepEqual((await post('/equivalent', { a: 'ｷﾞﾝｺｳ ﾀﾛｳ', b: 'ぎんこうたろう' })).body, { equivalent: true, a_normalized: 'ｷﾞﾝｺｳ ﾀﾛｳ', b_normalized: 'ｷﾞﾝｺｳﾀﾛｳ' });
    assert.deepEqual((await post('/equivalent', { a: 'スーパー ヤマダ', b: 'ｽﾊﾟ-ﾔﾏﾀﾞ' })).body, { equivalent: true, a_normalized: 'ｽ-ﾊﾟ- ﾔﾏﾀﾞ', b_normalized: 'ｽﾊﾟ-ﾔﾏﾀﾞ' });
    assert.deepEqual((await post('/equivalent', { a: 'ヤマダ', b: 'ヤマタ' })).body, { equivalent: false, a_normalized: 'ﾔﾏﾀﾞ', b_normalized: 'ﾔﾏﾀ' });
  });
});
