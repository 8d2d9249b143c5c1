/**
 * JSON bodies are UTF-8 (src/http/edge/json-body.ts): bytes that are not UTF-8 are a 400 naming
 * the body, a declared charset other than UTF-8 a 415, on Resolve's own parser and the app's;
 * never an answer made from text guessed with U+FFFD.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { type AnswerBody, postJson, startTestApp, type TestApp, withoutRequestId } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const NOT_UTF8 = 'the request body is not valid UTF-8: send JSON encoded in UTF-8';
const CHARSET = 'unsupported charset: send the body as JSON in UTF-8 (Content-Type: application/json or application/json; charset=utf-8)';

async function post(url: string, payload: Buffer, contentType = 'application/json') {
  const res = await postJson<AnswerBody>(t, url, payload, { headers: { 'content-type': contentType } });
  return { status: res.status, body: withoutRequestId(res) };
}

/** The names of a Resolve call in Shift_JIS, as a file exported by an old system holds them. */
const shiftJis = iconv.encode(JSON.stringify({ bank_name: 'みずほ銀行', branch_name: '東京営業部' }), 'Shift_JIS');

describe('JSON bodies in UTF-8 only', () => {
  it('Resolve: Shift_JIS bytes are a 400 naming the body, not an unresolved answer', async () => {
    assert.deepEqual(await post('/resolve/v1/bank-branch', shiftJis), { status: 400, body: { message: NOT_UTF8, detail: [{ type: 'value_error', loc: ['body'], msg: NOT_UTF8, input: '' }] } });
    assert.deepEqual(await post('/resolve/v1/bank-branch/batch', Buffer.concat([Buffer.from('{"items":[{"id":1,"bank_name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('","branch_name":""}]}')])), {
      status: 400,
      body: { message: NOT_UTF8, detail: [{ type: 'value_error', loc: ['body'], msg: NOT_UTF8, input: '' }] },
    });
  });

  it('Resolve: a charset other than UTF-8 is a 415; utf-8 and utf8 are accepted', async () => {
    assert.deepEqual(await post('/resolve/v1/bank-branch', shiftJis, 'application/json; charset=Shift_JIS'), { status: 415, body: { message: CHARSET } });
    const utf8 = Buffer.from(JSON.stringify({ bank_name: 'みずほ', branch_name: '東京営業部' }));
    for (const type of ['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8']) {
      assert.equal((await post('/resolve/v1/bank-branch', utf8, type)).status, 200, type);
    }
  });

  it('the other JSON routes alike (全銀 kana names)', async () => {
    const kana = iconv.encode(JSON.stringify({ text: 'カブシキガイシャ' }), 'Shift_JIS');
    assert.deepEqual(await post('/kana/v1/normalize', kana), { status: 400, body: { message: NOT_UTF8, detail: [{ type: 'value_error', loc: ['body'], msg: NOT_UTF8, input: '' }] } });
    assert.equal((await post('/kana/v1/normalize', kana, 'application/json; charset=euc-jp')).status, 415);
  });
});
