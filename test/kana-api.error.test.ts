/**
 * The kana API refusing what it cannot answer (docs/kana.md#errors): a 400 naming the body field,
 * 401 without a key before the body is read, 405 and 415; every body in the detailed shape.
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

describe('kana API errors', () => {
  const naming = (field: string, input: string, message: string, type = 'value_error') => ({ status: 400, message, detail: [{ type, loc: ['body', field], msg: message, input }] });
  const refused = async (path: string, payload: unknown) => {
    const { status, body } = await post(path, payload);
    return { status, message: body.message, detail: body.detail };
  };

  it('names the body field that is missing, of the wrong type, too long or not one of the fields', async () => {
    assert.deepEqual(await refused('/normalize', {}), naming('text', '', 'text is required', 'missing'));
    assert.deepEqual(await refused('/normalize', { text: 12 }), naming('text', '12', 'text must be a string'));
    assert.deepEqual(await refused('/normalize', { text: 'ｱ'.repeat(201) }), naming('text', 'ｱ'.repeat(200), 'text must be at most 200 characters'));
    assert.deepEqual(await refused('/normalize', { text: 'ｱ', field: 'beneficiary' }), naming('field', 'beneficiary', 'field must be payee or remitter'));
    assert.deepEqual(await refused('/equivalent', { a: 'ｱ' }), naming('b', '', 'b is required', 'missing'));
    assert.deepEqual(await refused('/equivalent', { a: null, b: 'ｱ' }), naming('a', 'null', 'a must be a string'));
  });

  it('refuses a body that is not a JSON object', async () => {
    assert.deepEqual(await refused('/normalize', '["ｱ"]'), { status: 400, message: 'the body must be a JSON object with text', detail: [{ type: 'model_attributes_type', loc: ['body'], msg: 'the body must be a JSON object with text', input: '["ｱ"]' }] });
    const notJson = await refused('/normalize', '{"text":');
    assert.equal(notJson.status, 400);
    assert.deepEqual((notJson.detail as { loc: string[] }[])[0]!.loc, ['body']);
  });

  it('answers 401 without a key before reading the body, 405 for GET and 415 for another media type', async () => {
    const missing = await post('/normalize', 'not even json', null);
    assert.deepEqual([missing.status, missing.body.message], [401, 'an API key is required: send it in the x-api-key header or the apikey query parameter']);
    const get = await t.app.inject({ url: '/kana/v1/equivalent', headers: { 'x-api-key': t.key } });
    assert.deepEqual([get.statusCode, get.headers.allow], [405, 'POST, OPTIONS']);
    const text = await t.app.inject({ method: 'POST', url: '/kana/v1/normalize', headers: { 'x-api-key': t.key, 'content-type': 'text/plain' }, payload: 'ｱ' });
    assert.equal(text.statusCode, 415);
  });
});
