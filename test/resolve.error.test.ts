/**
 * POST /resolve/v1/bank-branch refusals (docs/resolve.md#errors): every malformed body gets a
 * 422 whose `detail` names the field, other failures `{message, request_id}`; none of them
 * crash.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const PATH = '/resolve/v1/bank-branch';

async function send(payload: string | undefined, headers: Record<string, string> = {}, method: 'POST' | 'GET' | 'PUT' | 'DELETE' | 'PATCH' = 'POST') {
  const res = await t.app.inject({ method, url: PATH, headers: { 'x-api-key': t.key, 'content-type': 'application/json', ...headers }, ...(payload === undefined ? {} : { payload }) });
  const body = JSON.parse(res.body) as { request_id?: string; detail?: unknown; message?: string };
  // Every error names its request: the same id as the x-request-id header.
  if (res.statusCode >= 400) assert.equal(body.request_id, res.headers['x-request-id']);
  const { request_id: _id, ...rest } = body;
  return { status: res.statusCode, body: rest, headers: res.headers };
}

const detail = (...entries: { type: string; loc: (string | number)[]; msg: string; input: unknown }[]) => ({ detail: entries });

describe('422: the body', () => {
  it('one `missing` entry per absent field', async () => {
    const both = await send('{}');
    assert.deepEqual([both.status, both.body], [
      422,
      detail({ type: 'missing', loc: ['body', 'bank_name'], msg: 'Field required', input: {} }, { type: 'missing', loc: ['body', 'branch_name'], msg: 'Field required', input: {} }),
    ]);
    const one = await send(JSON.stringify({ bank_name: 'みずほ' }));
    assert.deepEqual(one.body, detail({ type: 'missing', loc: ['body', 'branch_name'], msg: 'Field required', input: { bank_name: 'みずほ' } }));
  });

  it('no body at all: both fields missing, input null', async () => {
    for (const payload of [undefined, '', '   ']) {
      const res = await send(payload);
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, detail({ type: 'missing', loc: ['body', 'bank_name'], msg: 'Field required', input: null }, { type: 'missing', loc: ['body', 'branch_name'], msg: 'Field required', input: null }));
    }
  });

  it('wrong types, each named', async () => {
    const res = await send(JSON.stringify({ bank_name: 1, branch_name: null, context: false }));
    assert.equal(res.status, 422);
    assert.deepEqual(res.body, detail(
      { type: 'string_type', loc: ['body', 'bank_name'], msg: 'Input should be a valid string', input: 1 },
      { type: 'string_type', loc: ['body', 'branch_name'], msg: 'Input should be a valid string', input: null },
      { type: 'string_type', loc: ['body', 'context'], msg: 'Input should be a valid string', input: false },
    ));
  });

  it('an unknown context is refused rather than guessed (a typo of payment must not loosen the policy)', async () => {
    const res = await send(JSON.stringify({ bank_name: 'みずほ', branch_name: '渋谷', context: 'paymnet' }));
    assert.equal(res.status, 422);
    assert.deepEqual(res.body, detail({ type: 'enum', loc: ['body', 'context'], msg: "Input should be 'default', 'payment', 'onboarding' or 'matching'", input: 'paymnet' }));
  });

  it('names longer than 200 characters', async () => {
    const long = 'あ'.repeat(201);
    const res = await send(JSON.stringify({ bank_name: 'みずほ', branch_name: long }));
    assert.equal(res.status, 422);
    assert.deepEqual(res.body, detail({ type: 'string_too_long', loc: ['body', 'branch_name'], msg: 'String should have at most 200 characters', input: long.slice(0, 100) }));
    // 200 characters (not UTF-16 units, not bytes) are fine.
    assert.equal((await send(JSON.stringify({ bank_name: '𠮷'.repeat(200), branch_name: '渋谷' }))).status, 200);
  });

  it('malformed JSON and JSON that is not an object', async () => {
    const broken = await send('{"bank_name": "みずほ",');
    assert.equal(broken.status, 422);
    // loc carries the character offset where parsing failed, when the engine reports it.
    assert.deepEqual(broken.body, detail({ type: 'json_invalid', loc: ['body', 20], msg: 'JSON decode error', input: '{"bank_name": "みずほ",' }));
    const positioned = await send('{"bank_name": x}');
    assert.deepEqual(positioned.body, detail({ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error', input: '{"bank_name": x}' }));
    for (const [payload, input] of [['[1,2]', [1, 2]], ['"みずほ"', 'みずほ'], ['42', 42], ['null', null]] as const) {
      const res = await send(payload);
      assert.deepEqual([res.status, res.body], [422, detail({ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input })], payload);
    }
  });
});

describe('other refusals: {message, request_id}', () => {
  it('413 for a body over 16 KiB', async () => {
    const res = await send(JSON.stringify({ bank_name: 'x'.repeat(20_000), branch_name: '' }));
    assert.deepEqual([res.status, res.body], [413, { message: 'the request body is larger than 16384 bytes' }]);
  });

  it('415 for a body that is not JSON', async () => {
    const res = await send('bank_name=みずほ', { 'content-type': 'application/x-www-form-urlencoded' });
    assert.deepEqual([res.status, res.body], [415, { message: 'unsupported media type: send the body as JSON with Content-Type: application/json' }]);
  });

  it('accepts application/json with a charset', async () => {
    const res = await send(JSON.stringify({ bank_name: 'みずほ', branch_name: '渋谷' }), { 'content-type': 'application/json; charset=utf-8' });
    assert.equal(res.status, 200);
  });

  it('405 with Allow for other methods', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await send(undefined, {}, method);
      assert.deepEqual([res.status, res.body, res.headers.allow], [405, { message: 'method not allowed; this resource allows POST, OPTIONS' }, 'POST, OPTIONS'], method);
    }
  });

  it('404 under /resolve in the same shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/resolve/v1/banks', headers: { 'x-api-key': t.key } });
    const body = JSON.parse(res.body) as Record<string, unknown>;
    assert.deepEqual([res.statusCode, Object.keys(body).sort(), body.message], [404, ['message', 'request_id'], 'no resource at POST /resolve/v1/banks']);
  });

  it('leaves the Search error resource as it was', async () => {
    const res = await t.app.inject({ url: '/v3/banks?limit=0', headers: { 'x-api-key': t.key } });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(JSON.parse(res.body) as object).sort(), ['code', 'httpStatusCode', 'message', 'validationErrors']);
  });
});
